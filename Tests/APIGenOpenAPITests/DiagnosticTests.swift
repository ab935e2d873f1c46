import APIGenOpenAPI
import APIGenYAML
import XCTest

/// Bad input gets located errors: `path:line:col: error: message (#/pointer)`.
final class DiagnosticTests: SpecTestCase {
    /// A valid 3.0 prefix; specs below add to it, so their line numbers start at 3.
    private let head = """
    openapi: 3.0.0
    info: {title: T, version: '1'}

    """

    // MARK: Document level

    func testMissingOpenAPIVersion() throws {
        let result = try load("info: {title: T, version: '1'}\npaths: {}\n")
        XCTAssertNil(result.document)
        XCTAssertFalse(result.succeeded)
        XCTAssertEqual(result.diagnostics.items.map(\.description), [
            located("1:1: error: missing 'openapi' version (or 'swagger: \"2.0\"') (#)"),
        ])
    }

    func testUnsupportedVersions() throws {
        XCTAssertEqual(try errors("openapi: 4.0.0\ninfo: {title: T, version: '1'}\npaths: {}\n"), [
            located("1:10: error: unsupported OpenAPI version '4.0.0'; expected 3.0.x, 3.1.x or 3.2.x (#/openapi)"),
        ])
        XCTAssertEqual(try errors("openapi: 2.0\ninfo: {title: T, version: '1'}\npaths: {}\n"), [
            located("1:10: error: unsupported OpenAPI version '2.0'; expected 3.0.x, 3.1.x or 3.2.x (#/openapi)"),
        ])
        XCTAssertEqual(try errors("info: {title: T, version: '1'}\nswagger: \"1.2\"\npaths: {}\n"), [
            located("2:10: error: unsupported Swagger version '1.2'; expected 2.0 (#/swagger)"),
        ])
        XCTAssertEqual(try errors("openapi: [3, 0]\ninfo: {title: T, version: '1'}\n"), [
            located("1:10: error: expected a version string, found a sequence (#/openapi)"),
        ])
    }

    /// A missing `info` is repaired (`RepairTests`); a missing title is not.
    func testMissingTitle() throws {
        XCTAssertEqual(try errors("openapi: 3.0.3\ninfo:\n  version: '1'\npaths: {}\n"), [
            located("3:3: error: missing 'title' in 'info' (#/info)"),
        ])
        XCTAssertEqual(try errors("swagger: '2.0'\ninfo: {version: '1'}\npaths: {}\n"), [
            located("2:7: error: missing 'title' in 'info' (#/info)"),
        ])
        XCTAssertEqual(try errors("openapi: 3.0.3\ninfo: Petstore\npaths: {}\n"), [
            located("2:7: error: expected an info object (a mapping), found a scalar (#/info)"),
        ])
    }

    func testRootMustBeAMapping() throws {
        XCTAssertEqual(try errors("- openapi\n- 3.0.0\n"), [
            located("1:1: error: expected an OpenAPI document (a mapping), found a sequence (#)"),
        ])
        XCTAssertEqual(try errors("just text\n"), [
            located("1:1: error: expected an OpenAPI document (a mapping), found a scalar (#)"),
        ])
    }

    // MARK: Wrong node kinds

    func testPathsAsAList() throws {
        XCTAssertEqual(try errors(head + "paths:\n  - /pets\n"), [
            located("4:3: error: expected a map of paths (a mapping), found a sequence (#/paths)"),
        ])
    }

    func testSchemaAsAString() throws {
        XCTAssertEqual(try errors(head + """
        paths: {}
        components:
          schemas:
            Pet: a pet
        """), [
            located("6:10: error: expected a schema (a mapping), found a scalar (#/components/schemas/Pet)"),
        ])
    }

    func testParametersAsAMappingAndResponsesAsAList() throws {
        XCTAssertEqual(try errors(head + """
        paths:
          /pets:
            get:
              parameters:
                name: limit
                in: query
              responses:
                - description: ok
        """), [
            located("7:9: error: expected a list of parameters (a sequence), found a mapping (#/paths/~1pets/get/parameters)"),
            located("10:9: error: expected a map of responses (a mapping), found a sequence (#/paths/~1pets/get/responses)"),
        ])
    }

    func testUnknownTypeValue() throws {
        XCTAssertEqual(try errors(head + """
        paths: {}
        components:
          schemas:
            Pet:
              type: [object, dict]
        """), [
            located("7:22: error: unknown type 'dict'; expected one of string, integer, number, boolean, object, array, null (#/components/schemas/Pet/type/1)"),
        ])
    }

    // MARK: Parameters and responses

    func testParameterWithoutNameOrLocation() throws {
        XCTAssertEqual(try errors(head + """
        paths:
          /pets:
            get:
              parameters:
                - in: query
                  schema: {type: string}
                - name: limit
                  schema: {type: integer}
              responses:
                '200': {description: ok}
        """), [
            located("7:11: error: a parameter needs a 'name' (#/paths/~1pets/get/parameters/0)"),
            located("9:11: error: parameter 'limit' needs 'in' (path, query, header or cookie) (#/paths/~1pets/get/parameters/1)"),
        ])
    }

    func testUnknownParameterLocation() throws {
        XCTAssertEqual(try errors(head + """
        paths:
          /pets:
            get:
              parameters:
                - name: limit
                  in: body
                  schema: {type: integer}
              responses:
                '200': {description: ok}
        """), [
            located("8:15: error: parameter 'limit' has unknown location 'body'; expected path, query, querystring, header or cookie (#/paths/~1pets/get/parameters/0/in)"),
        ])
    }

    func testBadResponseStatusKeys() throws {
        XCTAssertEqual(try errors(head + """
        paths:
          /pets:
            get:
              responses:
                ok: {description: fine}
                '2000': {description: too long}
                '600': {description: out of range}
                '2XX': {description: a range}
                x-note: extensions are skipped
        """), [
            located("7:13: error: response key 'ok' is not a status code, a range like 2XX, or 'default' (#/paths/~1pets/get/responses/ok)"),
            located("8:17: error: response key '2000' is not a status code, a range like 2XX, or 'default' (#/paths/~1pets/get/responses/2000)"),
            located("9:16: error: response key '600' is not a status code, a range like 2XX, or 'default' (#/paths/~1pets/get/responses/600)"),
        ])
    }

    func testPathKeyMustStartWithSlash() throws {
        XCTAssertEqual(try errors(head + "paths:\n  pets:\n    get:\n      responses: {'200': {description: ok}}\n"), [
            located("5:5: error: path 'pets' must start with '/' (#/paths/pets)"),
        ])
    }

    // MARK: Validation

    /// Declared as a query parameter: no evident repair. (An undeclared one is added: `RepairTests`.)
    func testPathParameterDeclaredInTheQuery() throws {
        XCTAssertEqual(try errors(head + """
        paths:
          /pets/{id}/toys/{toyId}:
            get:
              parameters:
                - {name: toyId, in: path, required: true, schema: {type: string}}
                - {name: id, in: query, schema: {type: string}}
              responses:
                '200': {description: ok}
        """), [
            located("6:7: error: path parameter '{id}' of '/pets/{id}/toys/{toyId}' is not declared in 'parameters' (#/paths/~1pets~1{id}~1toys~1{toyId}/get)"),
        ])
    }

    func testPathParameterNotInTemplateIsAWarning() throws {
        let result = try load(head + """
        paths:
          /pets:
            get:
              parameters:
                - {name: id, in: path, required: true, schema: {type: string}}
              responses:
                '200': {description: ok}
        """)
        XCTAssertTrue(result.succeeded)
        XCTAssertEqual(result.diagnostics.warnings.map(\.description), [
            located("7:11: warning: path parameter 'id' does not appear in '/pets'; it is ignored (#/paths/~1pets/get/parameters/0)"),
        ])
    }

    func testSecuritySchemeErrors() throws {
        XCTAssertEqual(try errors(head + """
        paths: {}
        components:
          securitySchemes:
            a: {type: apiKey, name: key, in: path}
            b: {type: magic}
            c: {scheme: bearer}
        """), [
            located("6:8: error: an apiKey security scheme needs 'name' and 'in' (query, header or cookie) (#/components/securitySchemes/a)"),
            located("7:15: error: unknown security scheme type 'magic' (#/components/securitySchemes/b/type)"),
            located("8:8: error: a security scheme needs a 'type' (#/components/securitySchemes/c)"),
        ])
    }

    // MARK: Results

    func testErrorsStillReturnADocument() throws {
        let result = try load(head + """
        paths:
          /a:
            get:
              responses: {'200': {description: ok}}
          /b/{id}:
            get:
              parameters: [{name: id, in: query, schema: {type: string}}]
              responses: {'200': {description: ok}}
        """)
        XCTAssertFalse(result.succeeded)
        XCTAssertEqual(result.diagnostics.errorCount, 1)
        XCTAssertTrue(result.diagnostics.hasErrors)
        let document = try XCTUnwrap(result.document, "callers get the document to report everything found")
        XCTAssertEqual(document.operations.map(\.path), ["/a", "/b/{id}"])
    }

    func testMissingFileIsLocated() {
        let missing = path("nowhere.yaml")
        let result = SpecLoader().load(path: missing)
        XCTAssertNil(result.document)
        XCTAssertFalse(result.succeeded)
        XCTAssertEqual(result.diagnostics.items.map(\.description), ["\(missing):1:1: error: cannot read file '\(missing)'"])
    }

    // MARK: YAML errors through the loader

    func testYAMLSyntaxErrorIsLocated() throws {
        let result = try load("openapi: 3.0.0\ninfo: {title: T, version: '1'\npaths: {}\n")
        XCTAssertNil(result.document)
        XCTAssertEqual(result.diagnostics.items.map(\.description), [
            located("3:1: error: did not find expected ',' or '}' while parsing a flow mapping that starts at line 2, column 7"),
        ])
    }

    func testDuplicateKeyIsLocated() throws {
        let result = try load("openapi: 3.0.0\ninfo:\n  title: T\n  version: '1'\n  title: U\npaths: {}\n")
        XCTAssertNil(result.document)
        XCTAssertEqual(result.diagnostics.items.map(\.description), [located("5:3: error: duplicate key 'title'")])
    }

    func testTabIndentationIsLocated() throws {
        let result = try load("openapi: 3.0.0\ninfo:\n\ttitle: T\npaths: {}\n")
        XCTAssertNil(result.document)
        XCTAssertEqual(result.diagnostics.items.map(\.description), [
            located("3:1: error: found a tab character that cannot start any token (YAML does not allow tabs for indentation) while scanning for the next token"),
        ])
    }

    func testYAMLErrorInAReferencedFileIsLocatedThere() throws {
        try write("models/pet.yaml", "type: object\nproperties:\n  name: {type: string\n")
        XCTAssertEqual(try errors(head + "paths: {}\ncomponents:\n  schemas:\n    Pet: {$ref: 'models/pet.yaml'}\n"), [
            located("4:1: error: did not find expected ',' or '}' while parsing a flow mapping that starts at line 3, column 9", in: "models/pet.yaml"),
        ])
    }
}
