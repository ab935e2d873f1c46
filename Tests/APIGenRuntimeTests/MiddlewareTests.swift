import APIGenRuntime
import Foundation
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

final class MiddlewareTests: XCTestCase {
    func testLoggingNeverPrintsCredentials() async throws {
        let lines = Recorder<String>()
        let scheme = SecurityScheme(name: "partner", kind: .apiKey(name: "X-Partner", location: .header))
        let queryScheme = SecurityScheme(name: "q", kind: .apiKey(name: "code", location: .query))
        let bearer = SecurityScheme(name: "bearerAuth", kind: .bearer)
        let auth = Authentication.combined(.bearer { "BEARER-SECRET" }, .apiKey("PARTNER-SECRET", scheme: "partner"), .apiKey("QUERY-SECRET", scheme: "q"))
        let mock = MockTransport(.data(Data("{}".utf8), headers: ["Set-Cookie": "sid=COOKIE-SECRET", "X-Rate": "5"]))
        let client = APIClient(
            baseURL: URL(string: "https://user:URL-SECRET@api.example.com/v1")!,
            transport: mock,
            authentication: auth,
            middlewares: [LoggingMiddleware(detail: .headers) { lines.append($0) }]
        )
        var request = Request<Void>(method: .get, path: "/pets", operationID: "listPets", response: .empty)
        request.security = [[bearer, scheme, queryScheme]]
        request.addQuery("access_token", "TOKEN-SECRET")
        request.addQuery("limit", 5)
        request.addHeader("X-Session-Key", "HEADER-SECRET")
        request.addHeader("Proxy-Authorization", "PROXY-SECRET")
        request.addCookie("prefs", "COOKIE-PARAM-SECRET")
        try await client.send(request)

        let log = lines.all.joined(separator: "\n")
        for secret in ["BEARER-SECRET", "PARTNER-SECRET", "QUERY-SECRET", "TOKEN-SECRET", "HEADER-SECRET", "PROXY-SECRET", "COOKIE-PARAM-SECRET", "COOKIE-SECRET", "URL-SECRET"] {
            XCTAssertFalse(log.contains(secret), "\(secret) leaked into:\n\(log)")
        }
        XCTAssertTrue(log.contains("GET https://user:<redacted>@api.example.com/v1/pets?access_token=<redacted>&limit=5&code=<redacted>"), log)
        XCTAssertTrue(log.contains("Authorization: <redacted>"), log)
        XCTAssertTrue(log.contains("X-Partner: <redacted>"), log)
        XCTAssertTrue(log.contains("X-Rate: 5"), log)
        XCTAssertTrue(log.contains("← 200 GET"), log)
        XCTAssertTrue(log.contains(" ms"), log)
        // The request itself still carries everything.
        XCTAssertEqual(mock.lastRequest?.headers["Authorization"], "Bearer BEARER-SECRET")
    }

    func testRedactionRules() {
        let redaction = Redaction(extraNames: ["X-Tenant-Id"])
        for name in ["Authorization", "proxy-authorization", "Cookie", "Set-Cookie", "X-API-KEY", "apikey", "X-Auth-Token", "client_secret", "Password", "X-Tenant-Id"] {
            XCTAssertTrue(redaction.isSensitive(name), name)
        }
        for name in ["Accept", "Content-Type", "limit", "X-Request-ID"] {
            XCTAssertFalse(redaction.isSensitive(name), name)
        }
        XCTAssertTrue(redaction.isSensitive("plain", extraNames: ["plain"]))
        XCTAssertEqual(redaction.redact(URL(string: "https://h/p?api%5Fkey=1&a=2#f")!), "https://h/p?api%5Fkey=<redacted>&a=2#f")
    }

    func testLoggingReportsFailuresWithoutDetails() async {
        let lines = Recorder<String>()
        let client = APIClient(
            baseURL: testBaseURL,
            transport: MockTransport(.failure(URLError(.cannotConnectToHost))),
            middlewares: [LoggingMiddleware { lines.append($0) }],
            retry: .none
        )
        let error = await thrownError { try await client.send(Request.pet()) }
        XCTAssertEqual(error?.userMessage, "Can't reach the server.")
        XCTAssertEqual(lines.all.count, 1)
        XCTAssertTrue(lines.all.first?.hasPrefix("✕ GET https://api.example.com/v1/pets/1 failed: URLError -1004") == true, lines.all.first ?? "")
    }

    func testLoggingPrintsTheRequestID() async throws {
        let lines = Recorder<String>()
        let client = APIClient(
            baseURL: testBaseURL,
            transport: MockTransport(.json(text: #"{"id":1,"name":"Rex"}"#, headers: ["x-request-id": "req_42"])),
            middlewares: [LoggingMiddleware { lines.append($0) }]
        )
        _ = try await client.send(Request.pet())
        XCTAssertTrue(lines.all.first?.hasSuffix("bytes, request id req_42)") == true, lines.all.first ?? "")
    }

    func testMiddlewaresRunInOrderAndCanAnswerThemselves() async throws {
        struct Tag: Middleware {
            let name: String
            let order: Recorder<String>
            func intercept(_ request: HTTPRequest, operationID: String, next: @Sendable (HTTPRequest) async throws -> (HTTPResponse, Data)) async throws -> (HTTPResponse, Data) {
                order.append("\(name)>\(operationID)")
                var request = request
                request.headers.append("X-Trace", name)
                let result = try await next(request)
                order.append("<\(name)")
                return result
            }
        }
        struct Cache: Middleware {
            func intercept(_ request: HTTPRequest, operationID: String, next: @Sendable (HTTPRequest) async throws -> (HTTPResponse, Data)) async throws -> (HTTPResponse, Data) {
                (HTTPResponse(status: 200), Data(#"{"id":9,"name":"Cached"}"#.utf8))
            }
        }
        let order = Recorder<String>()
        let mock = MockTransport(.json(TestPet(id: 1, name: "Rex")))
        let client = APIClient(baseURL: testBaseURL, transport: mock, middlewares: [Tag(name: "a", order: order), Tag(name: "b", order: order)])
        let pet = try await client.send(Request.pet())
        XCTAssertEqual(pet, TestPet(id: 1, name: "Rex"))
        XCTAssertEqual(order.all, ["a>showPet", "b>showPet", "<b", "<a"])
        XCTAssertEqual(mock.lastRequest?.headers.filter { $0.name == "X-Trace" }.map(\.value), ["a", "b"])

        let cached = APIClient(baseURL: testBaseURL, transport: mock, middlewares: [Cache()])
        let fromCache = try await cached.send(Request.pet())
        XCTAssertEqual(fromCache.name, "Cached")
        XCTAssertEqual(mock.requests.count, 1)
    }
}
