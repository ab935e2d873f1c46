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

    func testEveryFuzzFindingFinishesWithDiagnosticsAndNoCrash() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
            .filter { !$0.hasPrefix(".") && $0 != "README.md" }
            .sorted()
        XCTAssertFalse(names.isEmpty, "no inputs in \(Self.folder.path)")
        for name in names {
            // Each input in a folder of its own, as the fuzz target runs it, so a `$ref` to a
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
                XCTAssertFalse(output.files.isEmpty, "\(name): generated nothing")
            } else {
                XCTAssertTrue(loaded.diagnostics.hasErrors, "\(name): failed without an error")
                for error in loaded.diagnostics.errors {
                    XCTAssertNotNil(error.location, "\(name): error without a location: \(error)")
                }
            }
            let elapsed = ContinuousClock.now - started
            XCTAssertLessThan(elapsed, .seconds(2), "\(name): took \(elapsed)")
        }
    }
}
