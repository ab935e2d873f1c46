import APIGenCLI
import Foundation
import XCTest

/// `apigen diff OLD NEW`: what the new spec breaks for code written against the old client, per
/// Swift declaration, and exit 1 when anything breaks.
final class DiffCommandTests: XCTestCase {
    /// The shop's spec, with the parts each test changes as parameters.
    private func spec(
        limit: String = "{name: limit, in: query, schema: {type: integer}}", deletes: Bool = true, required: String = "[name]",
        name: String = "string", statuses: String = "[available, sold]", extraPetProperty: String = "", extraSchemas: String = "",
        owner: Bool = true
    ) -> String {
        let delete = """
              /pets/{id}:
                delete:
                  operationId: deletePet
                  parameters: [{name: id, in: path, required: true, schema: {type: string}}]
                  responses: {'204': {description: Gone.}}

            """
        return """
            openapi: 3.1.0
            info: {title: Shop, version: "1"}
            paths:
              /pets:
                get:
                  operationId: listPets
                  parameters: [\(limit)]
                  responses:
                    '200': {description: Pets., content: {application/json: {schema: {type: array, items: {$ref: '#/components/schemas/Pet'}}}}}
            \(deletes ? delete : "")components:
              schemas:
                Pet:
                  type: object
                  required: \(required)
                  properties:
                    name: {type: \(name)}
                    tag: {type: string}
                    status: {type: string, enum: \(statuses)}
            \(extraPetProperty)\(owner ? "    Owner: {type: object, properties: {name: {type: string}}}\n" : "")\(extraSchemas)
            """
    }

    private func diff(_ new: String) throws -> (status: Int32, lines: [String]) {
        let folder = try TemporaryFolder()
        let oldFile = try folder.write("old/shop.yaml", spec())
        let newFile = try folder.write("new/shop.yaml", new)
        var lines: [String] = []
        let status = CommandLineTool.run(["diff", oldFile.path, newFile.path], output: { lines.append($0) }, errors: { lines.append($0) })
        return (status, lines)
    }

    func testAdditionsAloneBreakNothing() throws {
        let new = spec(
            statuses: "[available, sold, pending]", extraPetProperty: "        age: {type: integer}\n",
            extraSchemas: "    Toy: {type: object, properties: {name: {type: string}}}\n")
        let result = try diff(new)
        XCTAssertEqual(result.status, 0, result.lines.joined(separator: "\n"))
        XCTAssertEqual(
            result.lines,
            ["added: Pet.age: new property", "added: Pet.Status.pending: new case", "added: Toy: new type", "0 breaking changes, 3 additions"])
    }

    func testEachKindOfBreakIsNamed() throws {
        let new = spec(
            limit: "{name: limit, in: query, required: true, schema: {type: integer}}", deletes: false, required: "[name, tag]",
            name: "integer", owner: false)
        let result = try diff(new)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(
            result.lines,
            [
                "breaking: Owner: type removed",
                "breaking: Pet.name: type changed from String to Int",
                "breaking: Pet.tag: type changed from String? to String",
                "breaking: Pet.tag: became required: the initializer needs it",
                "breaking: API.deletePet: request builder removed",
                "breaking: API.listPets(limit:): type changed from Int? to Int",
                "breaking: API.listPets(limit:): became required",
                "7 breaking changes, 0 additions",
            ])
    }

    /// Two versions of a real API's spec: SendGrid's Swagger 2.0 description and its OpenAPI 3 successor.
    func testTwoVersionsOfARealSpec() throws {
        let folder = Repository.root.deletingLastPathComponent().appendingPathComponent("shared/specs-batch2")
        let old = folder.appendingPathComponent("sendgrid-swagger.json"), new = folder.appendingPathComponent("sendgrid-v3/oas_v3.json")
        guard FileManager.default.fileExists(atPath: old.path), FileManager.default.fileExists(atPath: new.path) else {
            throw XCTSkip("../shared/specs-batch2 not found at \(folder.path)")
        }
        var lines: [String] = []
        let status = CommandLineTool.run(["diff", old.path, new.path], output: { lines.append($0) }, errors: { lines.append($0) })
        XCTAssertEqual(status, 1)
        XCTAssertTrue(lines.contains("added: API.updateAccountState: new request builder"), lines.suffix(5).joined(separator: "\n"))
        XCTAssertTrue(lines.contains { $0.hasPrefix("breaking: ") && $0.contains("type changed from") })
        XCTAssertTrue(lines.last?.hasSuffix("additions") == true)
    }

    /// The OpenAPI Initiative's petstore and its expanded version: renamed operations break.
    func testThePetstoreAndItsExpandedVersion() throws {
        let folder = Repository.root.deletingLastPathComponent().appendingPathComponent("shared/specs")
        let old = folder.appendingPathComponent("oai-petstore.yaml"), new = folder.appendingPathComponent("oai-petstore-expanded.yaml")
        guard FileManager.default.fileExists(atPath: old.path), FileManager.default.fileExists(atPath: new.path) else {
            throw XCTSkip("../shared/specs not found at \(folder.path)")
        }
        var lines: [String] = []
        let status = CommandLineTool.run(["diff", old.path, new.path], output: { lines.append($0) }, errors: { lines.append($0) })
        XCTAssertEqual(status, 1)
        XCTAssertEqual(
            lines,
            [
                "added: NewPet: new type", "breaking: Pets: type removed", "added: API.addPet: new request builder",
                "breaking: API.createPets: request builder removed", "added: API.deletePet: new request builder",
                "added: API.findPetByID: new request builder", "added: API.findPets: new request builder",
                "breaking: API.listPets: request builder removed", "breaking: API.showPetByID: request builder removed",
                "4 breaking changes, 5 additions",
            ])
    }
}
