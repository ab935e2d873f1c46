import APIGenGenerator
import XCTest

/// Declared error responses become per-operation error enums (the same errors declared once),
/// and declared response headers a struct of typed properties.
final class ResponseMappingTests: XCTestCase {
    /// Linode repeats one inline error object in every operation: it gets one type, named after
    /// its status, and operations with the same errors share one enum through typealiases.
    func testRepeatedInlineErrorsAreOneTypeAndOneEnum() throws {
        let inlineError = "{type: object, properties: {errors: {type: array, items: {type: object, properties: {reason: {type: string}}}}}}"
        let spec = """
            openapi: 3.0.3
            info: {title: Errors, version: "1"}
            paths:
              /a:
                get:
                  operationId: getA
                  responses:
                    '200': {description: ok}
                    default: {description: failed, content: {application/json: {schema: \(inlineError)}}}
              /b:
                get:
                  operationId: getB
                  responses:
                    '200': {description: ok}
                    default: {description: failed, content: {application/json: {schema: \(inlineError)}}}
              /c:
                get:
                  operationId: getC
                  responses:
                    '200': {description: ok}
                    '404': {description: missing, content: {application/json: {schema: {$ref: '#/components/schemas/Problem'}}}}
                    4XX: {description: rejected, content: {application/json: {schema: {$ref: '#/components/schemas/Problem'}}}}
                    '503': {description: no body}
            components:
              schemas:
                Problem: {type: object, properties: {detail: {type: string}}}
            """
        let output = try generate(spec).text
        XCTAssertEqual(output.components(separatedBy: "struct ErrorBody: APIModel").count - 1, 1, output)
        XCTAssertTrue(output.contains("enum GetAError: Sendable"))
        XCTAssertTrue(output.contains("case other(ErrorBody, status: Int)"))
        XCTAssertTrue(output.contains("public typealias GetBError = GetAError"))
        // Exact statuses are matched before ranges; a response without a body has no case.
        XCTAssertTrue(output.contains("case notFound(Problem)"))
        XCTAssertTrue(output.contains("case clientError(Problem, status: Int)"))
        let decoder = try XCTUnwrap(output.range(of: "enum GetCError")).upperBound
        let cases = output[decoder...]
        let exact = try XCTUnwrap(cases.range(of: "case 404:")).lowerBound
        let range = try XCTUnwrap(cases.range(of: "case 400..<500:")).lowerBound
        XCTAssertLessThan(exact, range)
        XCTAssertTrue(cases.contains("default: return nil"))
        XCTAssertFalse(cases.prefix(800).contains("503"))
    }

    /// A spec whose only response is `default` means it for success: it is no error.
    func testDefaultAsTheOnlyResponseIsNoError() throws {
        let spec = """
            openapi: 3.0.3
            info: {title: Errors, version: "1"}
            paths:
              /a:
                get:
                  operationId: getA
                  responses:
                    default: {description: the answer, content: {application/json: {schema: {type: object, properties: {x: {type: string}}}}}}
            """
        XCTAssertFalse(try generate(spec).text.contains("GetAError"))
    }

    func testResponseHeadersAreTypedByTheirSchemas() throws {
        let spec = """
            openapi: 3.0.3
            info: {title: Headers, version: "1"}
            paths:
              /a:
                get:
                  operationId: getA
                  responses:
                    '200':
                      description: ok
                      headers:
                        X-Rate-Limit-Remaining: {schema: {type: integer, format: int32}}
                        Location: {schema: {type: string, format: uri}}
                        ETag: {description: The version., schema: {type: string}}
                        Expires: {schema: {type: string}}
                        X-Tags: {schema: {type: array, items: {type: string}}}
                        X-Window: {schema: {type: object}}
                        Content-Type: {schema: {type: string}}
                    '204':
                      description: empty
                      headers:
                        etag: {schema: {type: integer}}
                        X-Done: {schema: {type: boolean}}
            """
        let output = try generate(spec).text
        let headers = try XCTUnwrap(output.range(of: "struct GetAResponseHeaders: Sendable")).upperBound
        let body = String(output[headers...].prefix(1200))
        XCTAssertTrue(body.contains("public var rateLimitRemaining: Int32?"), body)
        XCTAssertTrue(body.contains("public var location: URL?"))
        XCTAssertTrue(body.contains("/// The version.\n    public var eTag: String?"), body)
        XCTAssertTrue(body.contains("public var expires: Date?"))
        XCTAssertTrue(body.contains("public var tags: [String]?"))
        // An object has no header form apigen reads: its text is kept.
        XCTAssertTrue(body.contains("public var window: String?"))
        XCTAssertTrue(body.contains("public var done: Bool?"))
        // The first declaration of a name wins; Content-Type is the body's business.
        XCTAssertEqual(body.components(separatedBy: "eTag = ").count - 1, 1)
        XCTAssertFalse(body.contains("contentType"))
        XCTAssertTrue(body.contains(#"rateLimitRemaining = fields.value(Int32.self, for: "X-Rate-Limit-Remaining")"#))
    }
}
