import APIGenCLI
import APIGenGenerator
import Foundation
import XCTest

/// `--skip-deprecated` and `filter: {deprecated: false}`: deprecated operations and schemas are
/// left out, with the schemas only they use; what a kept operation uses stays, deprecated or not.
final class DeprecatedFilterTests: XCTestCase {
    private let spec = """
        openapi: 3.1.0
        info: {title: Store, version: "1"}
        paths:
          /items:
            get:
              operationId: listItems
              responses:
                '200':
                  description: Items.
                  content: {application/json: {schema: {type: array, items: {$ref: '#/components/schemas/Item'}}}}
          /legacy-items:
            get:
              operationId: listLegacyItems
              deprecated: true
              responses:
                '200':
                  description: Items the old way.
                  content: {application/json: {schema: {$ref: '#/components/schemas/LegacyPage'}}}
        components:
          schemas:
            Item: {type: object, properties: {name: {type: string}, price: {$ref: '#/components/schemas/OldPrice'}}}
            OldPrice: {type: integer, deprecated: true}
            LegacyPage: {type: object, properties: {items: {type: array, items: {$ref: '#/components/schemas/Item'}}, cursor: {$ref: '#/components/schemas/LegacyCursor'}}}
            LegacyCursor: {type: string}
            OldSetting: {type: object, deprecated: true, properties: {flag: {$ref: '#/components/schemas/Flag'}}}
            Flag: {type: boolean}
            Standalone: {type: object, properties: {id: {type: integer}}}
        """

    private func generatedCode(_ arguments: [String], config: String? = nil) throws -> (status: Int32, code: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apigen-deprecated-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let specFile = folder.appendingPathComponent("store.yaml")
        try spec.write(to: specFile, atomically: true, encoding: .utf8)
        if let config { try config.write(to: folder.appendingPathComponent("apigen.yaml"), atomically: true, encoding: .utf8) }
        let output = folder.appendingPathComponent("out")
        let status = CommandLineTool.run(["generate", specFile.path, "--output", output.path] + arguments, output: { _ in }, errors: { _ in })
        let names = (try? FileManager.default.contentsOfDirectory(atPath: output.path).sorted()) ?? []
        return (status, try names.map { try String(contentsOf: output.appendingPathComponent($0), encoding: .utf8) }.joined())
    }

    private func assertSkipped(_ code: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(code.contains("func listItems("), file: file, line: line)
        XCTAssertFalse(code.contains("func listLegacyItems("), file: file, line: line)
        for kept in ["struct Item", "typealias OldPrice", "struct Standalone"] {
            XCTAssertTrue(code.contains("public \(kept)") || code.contains("public nonisolated \(kept)"), "\(kept) is kept", file: file, line: line)
        }
        for dropped in ["LegacyPage", "LegacyCursor", "OldSetting", "typealias Flag"] {
            XCTAssertFalse(code.contains(dropped), "\(dropped) is left out", file: file, line: line)
        }
    }

    func testSkipDeprecatedLeavesOutWhatOnlyDeprecatedPartsUse() throws {
        let run = try generatedCode(["--skip-deprecated"])
        XCTAssertEqual(run.status, 0)
        assertSkipped(run.code)
    }

    func testTheConfigFileSaysItToo() throws {
        let run = try generatedCode([], config: "filter:\n  deprecated: false\n")
        XCTAssertEqual(run.status, 0)
        assertSkipped(run.code)
        let everything = try generatedCode([])
        XCTAssertTrue(everything.code.contains("func listLegacyItems(") && everything.code.contains("LegacyCursor"))
    }
}
