import APIGenOpenAPI
import APIGenYAML
import XCTest

/// A `$ref` where the standard wants a map written out (`components: {schemas: {$ref: file}}`,
/// as SendGrid's spec has, or `content: {$ref: file}`) is followed to the map, with a warning.
final class MapReferenceTests: SpecTestCase {
    func testComponentMapsAndContentBehindReferences() throws {
        try write("schemas.yaml", "Pet: {type: object, properties: {name: {type: string}}}\nOwner: {type: object, properties: {pet: {$ref: '#/Pet'}}}\n")
        try write("security.yaml", "key: {type: apiKey, name: X-Key, in: header}\n")
        try write("parameters.yaml", "limit: {name: limit, in: query, schema: {type: integer}}\n")
        // The media types point back into the spec, through its `components/schemas` reference.
        try write("content.yaml", "application/json: {schema: {$ref: 'spec.yaml#/components/schemas/Pet'}}\n")
        let result = try load(
            """
            openapi: 3.1.0
            info: {title: T, version: '1'}
            paths:
              /pets:
                get:
                  parameters: [{$ref: '#/components/parameters/limit'}]
                  responses:
                    '200':
                      description: ok
                      content: {$ref: 'content.yaml'}
            components:
              schemas: {$ref: 'schemas.yaml'}
              securitySchemes:
                $ref: 'security.yaml'
              parameters: {$ref: 'parameters.yaml'}
            """)
        XCTAssertTrue(result.succeeded, "\(result.diagnostics.items)")
        let standard = "the OpenAPI standard allows no '$ref' in place of"
        let followed = "apigen follows it, other tools may not"
        XCTAssertEqual(
            result.diagnostics.warnings.map(\.description),
            [
                located("12:19: warning: \(standard) a map of schemas; \(followed) (#/components/schemas/$ref)"),
                located("14:11: warning: \(standard) a map of securitySchemes; \(followed) (#/components/securitySchemes/$ref)"),
                located("15:22: warning: \(standard) a map of parameters; \(followed) (#/components/parameters/$ref)"),
                located("10:27: warning: \(standard) a map of media types; \(followed) (#/paths/~1pets/get/responses/200/content/$ref)"),
            ])
        let document = try XCTUnwrap(result.document)
        XCTAssertEqual(document.schemas.components.map { $0.name }, ["Pet", "Owner"])
        XCTAssertEqual(try document.securityScheme("key").kind, .apiKey(name: "X-Key", location: .header))
        let operation = try document.operation(.get, "/pets")
        XCTAssertEqual(try operation.parameter("limit").location, .query)
        let content = try operation.response("200").content
        XCTAssertEqual(content.map(\.name), ["application/json"])
        let schema = try XCTUnwrap(content.first?.schema)
        XCTAssertEqual(document.schemas.resolved(schema), document.schemas.resolved(try document.componentID("Pet")))
    }

    func testABrokenMapReferenceIsReportedWhereItIsWritten() throws {
        let result = try load(
            """
            openapi: 3.1.0
            info: {title: T, version: '1'}
            paths: {}
            components:
              schemas: {$ref: 'missing.yaml'}
            """)
        XCTAssertFalse(result.succeeded)
        XCTAssertEqual(
            result.diagnostics.items.map(\.description),
            [
                located(
                    "5:19: warning: the OpenAPI standard allows no '$ref' in place of a map of schemas; apigen follows it, other tools may not (#/components/schemas/$ref)"
                ),
                located("5:19: error: referenced file 'missing.yaml' does not exist (#/components/schemas/$ref)"),
            ])
    }
}
