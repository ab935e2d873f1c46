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
}
