import APIGenCLI
import Foundation
import XCTest

/// Specs that break a rule with one evident repair (Tests/RepairSpecs, expectations in
/// `expected.tsv`): `apigen generate` warns, repairs and writes the client; with `--strict`, or
/// `strict: true` in apigen.yaml, the same diagnostic is an error and nothing is written.
final class RepairSpecTests: XCTestCase {
    static let corpus = Repository.root.appendingPathComponent("Tests/RepairSpecs")

    struct Expectation {
        var file: String
        var firstLine: String
        var generatedLine: String
    }

    struct Run {
        var status: Int32
        var errors: [String]
        var text: String
    }

    static func manifest() throws -> [Expectation] {
        let text = try String(contentsOf: corpus.appendingPathComponent("expected.tsv"), encoding: .utf8)
        return try text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let fields = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 3 else {
                throw CocoaError(.fileReadCorruptFile, userInfo: [NSDebugDescriptionErrorKey: "bad manifest line: \(line)"])
            }
            return Expectation(file: fields[0], firstLine: fields[1], generatedLine: fields[2])
        }
    }

    /// `apigen generate <path> --output <tmp> [extra]`: the status, the diagnostics with `prefix`
    /// cut from their front, and the generated files' text ("" when none were written).
    static func generate(_ path: String, _ extra: [String] = [], prefix: String) throws -> Run {
        let folder = try TemporaryFolder()
        let out = folder.url.appendingPathComponent("out")
        var errors: [String] = []
        let status = CommandLineTool.run(["generate", path, "--output", out.path] + extra, output: { _ in }, errors: { errors.append($0) })
        let names = (try? FileManager.default.contentsOfDirectory(atPath: out.path).sorted()) ?? []
        let text = try names.map { try String(contentsOf: out.appendingPathComponent($0), encoding: .utf8) }.joined(separator: "\n")
        let shown = errors.map { $0.hasPrefix(prefix) ? String($0.dropFirst(prefix.count)) : $0 }
        return Run(status: status, errors: shown, text: text)
    }

    func testEveryRepairSpecGeneratesWithItsWarning() throws {
        let expectations = try Self.manifest()
        let files = try FileManager.default.contentsOfDirectory(at: Self.corpus, includingPropertiesForKeys: [.isDirectoryKey])
            .filter { try $0.resourceValues(forKeys: [.isDirectoryKey]).isDirectory == false && $0.lastPathComponent != "expected.tsv" }
            .map(\.lastPathComponent)
        XCTAssertEqual(
            Set(files), Set(expectations.map(\.file)), "every file in Tests/RepairSpecs has a line in expected.tsv, and every line a file")
        for expectation in expectations {
            let run = try Self.generate(Self.corpus.appendingPathComponent(expectation.file).path, prefix: Self.corpus.path + "/")
            XCTAssertEqual(run.status, 0, "\(expectation.file): \(run.errors)")
            XCTAssertEqual(run.errors.first, expectation.firstLine, expectation.file)
            XCTAssertTrue(run.errors.allSatisfy { $0.contains(": warning: ") }, "\(expectation.file): \(run.errors)")
            XCTAssertTrue(
                run.text.contains(expectation.generatedLine), "\(expectation.file): no `\(expectation.generatedLine)` in:\n\(run.text)")
        }
    }

    func testStrictMakesEveryRepairAnError() throws {
        for expectation in try Self.manifest() {
            let run = try Self.generate(
                Self.corpus.appendingPathComponent(expectation.file).path, ["--strict"], prefix: Self.corpus.path + "/")
            XCTAssertEqual(run.status, 1, "\(expectation.file): \(run.errors)")
            XCTAssertEqual(
                run.errors.first, expectation.firstLine.replacingOccurrences(of: ": warning: ", with: ": error: "), expectation.file)
            XCTAssertEqual(run.text, "", "\(expectation.file): wrote output despite errors")
        }
    }

    /// `strict: true` in apigen.yaml does what `--strict` does; other warnings stay warnings.
    func testStrictSettingInTheConfigFile() throws {
        let folder = try TemporaryFolder()
        let spec = try folder.write(
            "shop.yaml",
            """
            openapi: 3.0.3
            info: {title: Shop, version: "1"}
            paths:
              /pets/{id}:
                get:
                  responses: {'200': {description: ok}}
              /toys:
                get:
                  parameters: [{name: id, in: path, required: true, schema: {type: string}}]
                  responses: {'200': {description: ok}}
            """)
        let prefix = folder.url.path + "/"
        let repaired =
            "shop.yaml:6:7: warning: path parameter '{id}' of '/pets/{id}' is not declared in 'parameters'; it is added as a required string (#/paths/~1pets~1{id}/get)"
        let unused =
            "shop.yaml:9:20: warning: path parameter 'id' does not appear in '/toys'; it is ignored (#/paths/~1toys/get/parameters/0)"
        XCTAssertEqual(try Self.generate(spec.path, prefix: prefix).errors, [repaired, unused])
        try folder.write("apigen.yaml", "strict: true\n")
        let strict = try Self.generate(spec.path, prefix: prefix)
        XCTAssertEqual(strict.status, 1)
        XCTAssertEqual(strict.errors, [repaired.replacingOccurrences(of: ": warning: ", with: ": error: "), unused])
        try folder.write("apigen.yaml", "strict: yes\n")
        XCTAssertEqual(
            try Self.generate(spec.path, prefix: prefix).errors.last, "apigen.yaml:1:9: error: 'strict' must be true or false (#/strict)")
    }

    func testValidateTakesStrictToo() throws {
        let spec = Self.corpus.appendingPathComponent("kind-operation-no-responses.yaml").path
        var errors: [String] = []
        XCTAssertEqual(CommandLineTool.run(["validate", spec], output: { _ in }, errors: { errors.append($0) }), 0)
        XCTAssertEqual(CommandLineTool.run(["validate", "--strict", spec], output: { _ in }, errors: { errors.append($0) }), 1)
        XCTAssertEqual(
            errors.map { $0.replacingOccurrences(of: spec, with: "spec") },
            [
                "spec:6:7: warning: an operation needs 'responses'; it is read as returning nothing (#/paths/~1pets/get)",
                "spec:6:7: error: an operation needs 'responses'; it is read as returning nothing (#/paths/~1pets/get)",
            ])
    }
}
