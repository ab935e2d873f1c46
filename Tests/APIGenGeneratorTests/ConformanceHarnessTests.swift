import APIGenCLI
import Foundation
import XCTest

/// `apigen generate --conformance` writes the harness `Scripts/conformance` drives: a round trip
/// per schema location (named schemas and JSON bodies, across files) and a request case per
/// operation and argument set. The script itself compiles and runs it against real specs.
final class ConformanceHarnessTests: XCTestCase {
    private func harness(_ files: [String: String], entry: String = "spec.yaml") throws -> String {
        let folder = try TemporaryFolder()
        for (name, text) in files {
            try FileManager.default.createDirectory(
                at: folder.url.appendingPathComponent(name).deletingLastPathComponent(), withIntermediateDirectories: true)
            _ = try folder.write(name, text)
        }
        let out = folder.url.appendingPathComponent("out")
        var errors: [String] = []
        let status = CommandLineTool.run(
            ["generate", folder.url.appendingPathComponent(entry).path, "--output", out.path, "--conformance"],
            output: { _ in }, errors: { errors.append($0) })
        XCTAssertEqual(status, 0, "\(errors)")
        return try String(contentsOf: out.appendingPathComponent("Conformance.swift"), encoding: .utf8)
    }

    func testLocationsTypesAndRequestCases() throws {
        let text = try harness([
            "spec.yaml": """
            openapi: 3.0.3
            info: {title: Shop, version: "1"}
            paths:
              /recent:
                get:
                  operationId: listRecent
                  responses:
                    '200':
                      description: ok
                      content: {application/json: {schema: {type: array, nullable: true, items: {type: string}}}}
              /pets:
                get:
                  operationId: listPets
                  parameters:
                    - {name: limit, in: query, schema: {type: integer, example: 5}}
                    - {name: X-Trace, in: header, required: true, schema: {type: string}}
                  responses:
                    '200':
                      description: ok
                      content: {application/json: {schema: {type: array, items: {$ref: 'models/pet.yaml'}}}}
                post:
                  operationId: createPet
                  requestBody:
                    required: true
                    content: {application/json: {schema: {$ref: '#/components/schemas/NewPet'}}}
                  responses: {'204': {description: done}}
            components:
              schemas:
                NewPet: {type: object, required: [name], properties: {name: {type: string, example: Rex}}}
                Owner: {type: object, nullable: true, properties: {name: {type: string}}}
                PetOwner: {$ref: '#/components/schemas/Owner'}
            """,
            "models/pet.yaml": "type: object\nproperties:\n  id: {type: integer}\n",
        ])
        XCTAssertTrue(text.contains(#"case "spec.yaml#/components/schemas/NewPet": return try trip(NewPet.self, json)"#), text)
        // A name for a nullable schema takes null, as its target does.
        XCTAssertTrue(text.contains(#"case "spec.yaml#/components/schemas/PetOwner": return try trip(PetOwner?.self, json)"#), text)
        // So is a nullable response body.
        XCTAssertTrue(text.contains(#"application~1json/schema": return try trip([String]?.self, json)"#), text)
        // A schema in another file is located by its file, relative to the entry file's folder.
        XCTAssertTrue(text.contains(#"case "models/pet.yaml#": return try trip(Pet.self, json)"#), text)
        XCTAssertTrue(
            text.contains(#"case "spec.yaml#/paths/~1pets/get/responses/200/content/application~1json/schema": return try trip([Pet].self, json)"#),
            text)
        // Required arguments only, then all of them, from values synthesized for their schemas.
        XCTAssertTrue(text.contains(#"await request("listPets", "required", client) {"#), text)
        XCTAssertTrue(text.contains(##"try API.listPets(xTrace: value(#""X Trace 1""#))"##), text)
        XCTAssertTrue(text.contains(##"try API.listPets(xTrace: value(#""X Trace 1""#), limit: value(#"5"#))"##), text)
        // A required body: one case, with every argument.
        XCTAssertFalse(text.contains(#"request("createPet", "required""#), text)
        XCTAssertTrue(text.contains(##"try API.createPet(body: value(#"{"name":"Rex"}"#))"##), text)
    }
}
