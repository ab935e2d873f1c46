import APIGenOpenAPI
import APIGenYAML
import Foundation
import XCTest

/// A rule break with one evident repair is a located warning and the repair; a strict loader
/// makes exactly these warnings errors.
final class RepairTests: SpecTestCase {
    /// A valid 3.0 prefix; specs below add to it, so their line numbers start at 3.
    private let head = """
        openapi: 3.0.3
        info: {title: T, version: '1'}

        """

    /// The warnings of a spec that must load without errors, and its document.
    private func repaired(_ text: String, name: String = "spec.yaml", file: StaticString = #filePath, line: UInt = #line) throws
        -> (warnings: [String], document: OpenAPIDocument)
    {
        let result = try load(text, name: name)
        XCTAssertEqual(result.diagnostics.errors.map(\.description), [], "unexpected errors", file: file, line: line)
        XCTAssertTrue(result.succeeded, file: file, line: line)
        return (result.diagnostics.warnings.map(\.description), try XCTUnwrap(result.document, file: file, line: line))
    }

    func testScalarScopesAreReadAsNone() throws {
        let (warnings, document) = try repaired(
            head + """
                paths:
                  /revoke:
                    post:
                      security:
                        - oauth2: null
                        - {oauth2: [write], key: ~}
                      responses: {'200': {description: ok}}
                """)
        XCTAssertEqual(
            warnings,
            [
                located(
                    "7:19: warning: expected a list of scopes (a sequence), found a scalar; it is read as no scopes (#/paths/~1revoke/post/security/0/oauth2)"
                ),
                located(
                    "8:34: warning: expected a list of scopes (a sequence), found a scalar; it is read as no scopes (#/paths/~1revoke/post/security/1/key)"
                ),
            ])
        let security = try XCTUnwrap(try document.operation(.post, "/revoke").security)
        XCTAssertEqual(security.map(\.summary), [["oauth2: []"], ["oauth2: [write]", "key: []"]])
    }

    func testMissingSchemaIsFreeForm() throws {
        try write("models.yaml", "Dog: {type: object}\n")
        let (warnings, document) = try repaired(
            head + """
                paths: {}
                components:
                  schemas:
                    Pet:
                      type: object
                      properties:
                        toggle: {$ref: '#/components/schemas/Toggle'}
                        tag: {$ref: 'models.yaml#/Tag'}
                """)
        XCTAssertEqual(
            warnings,
            [
                located(
                    "9:24: warning: reference '#/components/schemas/Toggle' does not resolve: nothing at '#/components/schemas/Toggle'; it is generated as a free-form value (#/components/schemas/Pet/properties/toggle/$ref)"
                ),
                located(
                    "10:21: warning: reference 'models.yaml#/Tag' does not resolve: nothing at '#/Tag'; it is generated as a free-form value (#/components/schemas/Pet/properties/tag/$ref)"
                ),
            ])
        let pet = try document.component("Pet")
        XCTAssertTrue(try document.property("toggle", of: pet).isUnconstrained)
        XCTAssertTrue(try document.property("tag", of: pet).isUnconstrained)
    }

    func testMissingParameterIsLeftOut() throws {
        let (warnings, document) = try repaired(
            head + """
                paths:
                  /pets:
                    get:
                      parameters:
                        - $ref: '#/components/parameters/Limit'
                        - {name: offset, in: query, schema: {type: integer}}
                      responses: {'200': {description: ok}}
                """)
        XCTAssertEqual(
            warnings,
            [
                located(
                    "7:17: warning: reference '#/components/parameters/Limit' does not resolve: nothing at '#/components/parameters/Limit'; the parameter is left out (#/paths/~1pets/get/parameters/0/$ref)"
                )
            ])
        XCTAssertEqual(try document.operation(.get, "/pets").parameters.map(\.name), ["offset"])
    }

    func testMissingResponseHasNoContent() throws {
        let (warnings, document) = try repaired(
            head + """
                paths:
                  /pets:
                    get:
                      responses:
                        '200': {$ref: '#/components/responses/Pets'}
                        '404': {description: not found}
                """)
        XCTAssertEqual(
            warnings,
            [
                located(
                    "7:23: warning: reference '#/components/responses/Pets' does not resolve: nothing at '#/components/responses/Pets'; the response is read as having no content (#/paths/~1pets/get/responses/200/$ref)"
                )
            ])
        let operation = try document.operation(.get, "/pets")
        XCTAssertEqual(operation.responses.map(\.status), ["200", "404"])
        XCTAssertEqual(try operation.response("200").content.count, 0)
    }

    func testUndeclaredPathParameterIsAdded() throws {
        let (warnings, document) = try repaired(
            head + """
                paths:
                  /pets/{petId}/toys/{toyId}:
                    get:
                      parameters:
                        - {name: toyId, in: path, required: true, schema: {type: integer}}
                      responses: {'200': {description: ok}}
                """)
        XCTAssertEqual(
            warnings,
            [
                located(
                    "6:7: warning: path parameter '{petId}' of '/pets/{petId}/toys/{toyId}' is not declared in 'parameters'; it is added as a required string (#/paths/~1pets~1{petId}~1toys~1{toyId}/get)"
                )
            ])
        let operation = try document.operation(.get, "/pets/{petId}/toys/{toyId}")
        XCTAssertEqual(operation.parameters.map(\.name), ["toyId", "petId"])
        let added = try operation.parameter("petId")
        XCTAssertEqual(added.location, .path)
        XCTAssertTrue(added.required)
        // A string schema of its own: samples and the conformance checks see a string, not null.
        let schema = try XCTUnwrap(added.schema.map { document.schemas[$0] })
        XCTAssertEqual(schema.types, [.string])
    }

    /// The first operation keeps the id; later ones get `_<method><Path>`, numbered where that
    /// is taken too.
    func testDuplicateOperationIdGetsMethodAndPath() throws {
        let (warnings, document) = try repaired(
            head + """
                paths:
                  /pets:
                    get:
                      operationId: listPets
                      responses: {'200': {description: ok}}
                  /v2/cats/{catId}:
                    get:
                      operationId: listPets
                      parameters: [{name: catId, in: path, required: true, schema: {type: string}}]
                      responses: {'200': {description: ok}}
                    post:
                      operationId: listPets_getV2CatsCatId
                      parameters: [{name: catId, in: path, required: true, schema: {type: string}}]
                      responses: {'200': {description: ok}}
                """)
        XCTAssertEqual(
            warnings,
            [
                located(
                    "10:7: warning: duplicate operationId 'listPets'; this one is renamed 'listPets_getV2CatsCatId2' (#/paths/~1v2~1cats~1{catId}/get)"
                )
            ])
        XCTAssertEqual(document.operations.map(\.operationId), ["listPets", "listPets_getV2CatsCatId2", "listPets_getV2CatsCatId"])
    }

    func testOperationWithoutResponsesReturnsNothing() throws {
        let (warnings, document) = try repaired(head + "paths:\n  /pets:\n    delete:\n      summary: Remove them all.\n")
        XCTAssertEqual(
            warnings,
            [
                located("6:7: warning: an operation needs 'responses'; it is read as returning nothing (#/paths/~1pets/delete)")
            ])
        XCTAssertEqual(try document.operation(.delete, "/pets").responses.count, 0)
    }

    func testFileTypeIsABinaryString() throws {
        let (warnings, document) = try repaired(head + "paths: {}\ncomponents:\n  schemas:\n    Upload: {type: file}\n")
        XCTAssertEqual(
            warnings,
            [
                located(
                    "6:20: warning: type 'file' is Swagger 2.0's; it is read as 'type: string, format: binary' (#/components/schemas/Upload/type)"
                )
            ])
        let upload = try document.component("Upload")
        XCTAssertEqual(upload.types, [.string])
        XCTAssertEqual(upload.format, "binary")
    }

    func testDiscriminatorWrittenAsAName() throws {
        let (warnings, document) = try repaired(
            head + """
                paths: {}
                components:
                  schemas:
                    Pet:
                      type: object
                      properties: {petType: {type: string}}
                      discriminator: petType
                """)
        XCTAssertEqual(
            warnings,
            [
                located(
                    "9:22: warning: a discriminator is an object in OpenAPI 3; the name 'petType' is read as its 'propertyName' (#/components/schemas/Pet/discriminator)"
                )
            ])
        XCTAssertEqual(try document.component("Pet").discriminator?.propertyName, "petType")
    }

    func testMissingInfoTakesTheFileName() throws {
        let (warnings, document) = try repaired("openapi: 3.0.3\npaths: {}\n", name: "shop-api.yaml")
        XCTAssertEqual(
            warnings,
            [
                located("1:1: warning: missing 'info'; the title is taken from the file name, 'shop-api' (#)", in: "shop-api.yaml")
            ])
        XCTAssertEqual(document.info.title, "shop-api")
        XCTAssertEqual(document.info.version, "")
    }

    func testMissingPathsMeansNoOperations() throws {
        for text in [head, "swagger: '2.0'\ninfo: {title: T, version: '1'}\n"] {
            let (warnings, document) = try repaired(text)
            XCTAssertEqual(warnings, [located("1:1: warning: missing 'paths'; the document is read as having no operations (#)")])
            XCTAssertEqual(document.operations.count, 0)
        }
    }

    /// Every repair at once: strict, each is an error with the same text, and the warnings that
    /// are not repairs stay warnings.
    func testStrictMakesExactlyTheRepairsErrors() throws {
        let path = try write(
            "all.yaml",
            """
            openapi: 3.0.3
            paths:
              /pets/{petId}:
                get:
                  operationId: pets
                  parameters: [{$ref: '#/components/parameters/Missing'}]
                  security: [{oauth2: null}]
                put:
                  operationId: pets
                  responses: {'200': {$ref: '#/components/responses/Missing'}}
              /toys:
                get:
                  parameters: [{name: id, in: path, required: true, schema: {type: string}}]
                  responses: {'200': {description: ok}}
            components:
              schemas:
                Pet:
                  type: object
                  properties: {kind: {type: string}, owner: {$ref: '#/components/schemas/Owner'}, photo: {type: file}}
                  discriminator: kind
            """)
        let lenient = SpecLoader().load(path: path)
        let strict = SpecLoader(strict: true).load(path: path)
        let unused = located(
            "13:20: warning: path parameter 'id' does not appear in '/toys'; it is ignored (#/paths/~1toys/get/parameters/0)",
            in: "all.yaml")
        let repairs = lenient.diagnostics.warnings.map(\.description).filter { $0 != unused }
        XCTAssertTrue(lenient.succeeded)
        XCTAssertFalse(strict.succeeded)
        XCTAssertEqual(strict.diagnostics.warnings.map(\.description), [unused])
        XCTAssertEqual(
            strict.diagnostics.errors.map(\.description), repairs.map { $0.replacingOccurrences(of: ": warning: ", with: ": error: ") })
        let kinds = [
            "missing 'info'", "a list of scopes", "; the parameter is left out", "; the response is read as having no content",
            "; it is generated as a free-form value", "; it is added as a required string", "duplicate operationId",
            "needs 'responses'", "type 'file'", "a discriminator is an object",
        ]
        for kind in kinds {
            XCTAssertTrue(repairs.contains { $0.contains(kind) }, "no repair '\(kind)' in \(repairs)")
        }
        XCTAssertEqual(
            SpecLoader(strict: true).load(path: try write("no-paths.yaml", head)).diagnostics.errors.map(\.description),
            [located("1:1: error: missing 'paths'; the document is read as having no operations (#)", in: "no-paths.yaml")])
    }

    /// The spec the repairs were made for: square.json, from ../shared/specs-batch2 when present.
    func testSquareLoadsWithItsRepairs() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("shared/specs-batch2/square.json").standardizedFileURL.path
        guard FileManager.default.fileExists(atPath: path) else {
            throw XCTSkip("../shared/specs-batch2/square.json not found at \(path)")
        }
        let result = SpecLoader().load(path: path)
        XCTAssertEqual(result.diagnostics.errors.map(\.description), [])
        let warnings = result.diagnostics.warnings.map(\.message)
        XCTAssertEqual(
            warnings.filter { $0.contains("'#/components/schemas/CatalogModifierToggleOverrideType' does not resolve") }.count, 5)
        XCTAssertEqual(warnings.filter { $0.hasPrefix("expected a list of scopes") }.count, 1)
        XCTAssertEqual(warnings.filter { $0.hasPrefix("path parameter '{vendor_id}'") }.count, 1)
        XCTAssertEqual(try XCTUnwrap(result.document).operation(.put, "/v2/vendors/{vendor_id}").parameters.map(\.name), ["vendor_id"])
    }
}
