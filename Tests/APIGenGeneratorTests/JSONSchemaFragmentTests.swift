import XCTest

/// JSON Schema as real specs use it: a few lines of spec in, the exact Swift out.
final class JSONSchemaFragmentTests: XCTestCase {
    /// A response body of `type: [array, 'null']` may be `null`: the request's response type
    /// is optional, so `null` decodes as nil instead of failing.
    func testNullableResponseBodyIsOptional() throws {
        let (text, _) = try generate(
            """
            openapi: 3.1.0
            info: {title: T, version: "1"}
            paths:
              /items:
                get:
                  operationId: listItems
                  responses:
                    "200":
                      description: ok
                      content: {application/json: {schema: {type: [array, "null"], items: {type: string}}}}
            """, configure: { $0.viewModels = false })
        XCTAssertEqual(
            member("public static func listItems", of: declaration("API", in: text)),
            """
            public static func listItems() -> Request<[String]?> {
                var request = Request<[String]?>(method: .get, path: "/items", operationID: "listItems", response: .json)
                request.accept = "application/json"
                return request
            }
            """)
    }

    /// An array whose items a cycle cuts off is empty only where `minItems` allows it: a
    /// sample never breaks its schema to end a cycle.
    func testSampleArrayCutOffByACycleKeepsMinItems() throws {
        let (text, _) = try generate(schemasSpec("""
        Node:
          type: object
          properties:
            children: {type: array, minItems: 1, items: {$ref: '#/components/schemas/Node'}}
            siblings: {type: array, items: {$ref: '#/components/schemas/Node'}}
        """))
        XCTAssertTrue(text.contains(##"public static var sample: Node { EmbeddedJSON.decode(#"{"siblings":[]}"#) }"##), text)
    }
}
