import APIGenGenerator
import APIGenOpenAPI
import APIGenYAML
import Foundation
import XCTest

/// Inputs that once crashed, hung or exhausted memory under the fuzz target (`Fuzz/`), run
/// through the same pipeline: load (reader, model, references, validation), then generate
/// when the spec has no errors. Each must finish quickly, and a spec that fails must say
/// where and why.
final class FuzzRegressionTests: XCTestCase {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("FuzzRegressions")

    /// The first error each input must now end with; nil for an input that must generate.
    static let expectedErrors: [String: String?] = [
        // 8 properties × 5 levels of aliased inline schemas: ~300 000 nodes once expanded,
        // 37 000 nested structs and several seconds in the generator before the alias limit
        // came down from 5 000 000 nodes.
        "alias-schema-amplification.yaml": "spec.yaml:7:98: error: aliases expand to more than 50000 nodes",
    ]

    func testEveryFuzzFindingFinishesWithDiagnosticsAndNoCrash() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
            .filter { !$0.hasPrefix(".") }
            .sorted()
        XCTAssertFalse(names.isEmpty, "no inputs in \(Self.folder.path)")
        for name in names {
            guard let expected = Self.expectedErrors[name] else {
                XCTFail("\(name): add its expected outcome to FuzzRegressionTests.expectedErrors")
                continue
            }
            // Each input alone in a folder, as the fuzz target runs it, so a `$ref` to a
            // sibling file cannot reach another input.
            let folder = try TemporaryFolder()
            let path = folder.url.appendingPathComponent("spec.yaml").path
            try Data(contentsOf: Self.folder.appendingPathComponent(name)).write(to: URL(fileURLWithPath: path))
            let started = ContinuousClock.now
            let loaded = SpecLoader().load(path: path)
            if let document = loaded.document, !loaded.diagnostics.hasErrors {
                var options = GeneratorOptions(moduleName: "FuzzAPI", specFileName: "spec.yaml")
                options.exampleChecks = true
                let output = Generator(options: options).generate(document, files: loaded.files)
                XCTAssertNil(expected, "\(name): generated, but should fail with \(expected ?? "")")
                XCTAssertFalse(output.files.isEmpty, "\(name): generated nothing")
            } else {
                XCTAssertTrue(loaded.diagnostics.hasErrors, "\(name): failed without an error")
                for error in loaded.diagnostics.errors {
                    XCTAssertNotNil(error.location, "\(name): error without a location: \(error)")
                }
                let first = loaded.diagnostics.errors.first.map { $0.description.replacingOccurrences(of: path, with: "spec.yaml") }
                XCTAssertEqual(first, expected, name)
            }
            let elapsed = ContinuousClock.now - started
            XCTAssertLessThan(elapsed, .seconds(60), "\(name): took \(elapsed): hung")
        }
    }
}
