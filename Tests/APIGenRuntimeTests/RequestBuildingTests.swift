@_spi(Generated) import APIGenRuntime
import Foundation
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

final class RequestBuildingTests: XCTestCase {
    private func build<R>(_ request: Request<R>, base: URL = testBaseURL, authentication: Authentication? = nil) async throws -> HTTPRequest {
        let client = APIClient(baseURL: base, transport: MockTransport(.status(200)), authentication: authentication)
        return try await client.makeHTTPRequest(request)
    }

    func testBasePathIsKeptAndQueryJoinedInOrder() async throws {
        var request = Request<Void>(method: .get, path: "/pets", operationID: "listPets", response: .empty)
        request.addQuery("limit", 20)
        request.addQuery("tags", ["a b", "c&d"], explode: true)
        request.addQuery("missing", String?.none)
        let built = try await build(request)
        XCTAssertEqual(built.url.absoluteString, "https://api.example.com/v1/pets?limit=20&tags=a%20b&tags=c%26d")
        XCTAssertEqual(built.method, .get)
        XCTAssertEqual(built.operationID, "listPets")
        XCTAssertEqual(built.timeout, 60)

        let trailingSlash = try await build(request, base: URL(string: "https://api.example.com/v1/")!)
        XCTAssertEqual(trailingSlash.url.absoluteString, "https://api.example.com/v1/pets?limit=20&tags=a%20b&tags=c%26d")
        let hostOnly = try await build(Request<Void>(method: .get, path: "/pets", operationID: "x", response: .empty), base: URL(string: "http://127.0.0.1:8080")!)
        XCTAssertEqual(hostOnly.url.absoluteString, "http://127.0.0.1:8080/pets")
    }

    func testBaseQueryIsKeptAndUnsafeCharactersCannotCutTheURL() async throws {
        var request = Request<Void>(method: .get, path: "/a b/#x", operationID: "x", response: .empty)
        request.query = [(name: "q", value: "1#2")]
        let built = try await build(request, base: URL(string: "https://h.example/base?v=2")!)
        XCTAssertEqual(built.url.absoluteString, "https://h.example/base/a%20b/%23x?v=2&q=1%232")
        XCTAssertNil(built.url.fragment)
    }

    func testPathParametersNeverChangeThePath() async throws {
        let id = ParameterSerializer.percentEncode("../admin?x=1#y", allowReserved: false)
        let built = try await build(Request<Void>(method: .delete, path: "/pets/\(id)", operationID: "x", response: .empty))
        XCTAssertEqual(built.url.path, "/v1/pets/../admin?x=1#y")
        XCTAssertEqual(built.url.absoluteString, "https://api.example.com/v1/pets/..%2Fadmin%3Fx%3D1%23y")
        XCTAssertNil(built.url.query)
    }

    func testHeadersAcceptContentTypeCookiesAndBody() async throws {
        var request = Request<Void>(method: .post, path: "/pets", operationID: "createPets", response: .empty)
        request.addHeader("X-Request-ID", "abc")
        request.addCookie("session", "s1")
        request.addCookie("theme", "dark")
        request.accept = "application/json"
        request.body = .json(TestPet(id: 1, name: "Rex"))
        let built = try await build(request)
        XCTAssertEqual(built.headers["x-request-id"], "abc")
        XCTAssertEqual(built.headers["Accept"], "application/json")
        XCTAssertEqual(built.headers["Content-Type"], "application/json")
        XCTAssertEqual(built.headers["Cookie"], "session=s1; theme=dark")
        XCTAssertEqual(built.body.map { String(decoding: $0, as: UTF8.self) }, #"{"id":1,"name":"Rex"}"#)
        XCTAssertFalse(request.isIdempotent)
    }

    func testAJSONLinesBodyIsOneItemPerLineEvenWithAPrettyPrintingEncoder() async throws {
        var request = Request<Void>(method: .post, path: "/bulk", operationID: "bulk", response: .empty)
        request.body = .jsonLines([TestPet(id: 1, name: "Rex"), TestPet(id: 2, name: "Tom")])
        let encoder: @Sendable () -> JSONEncoder = {
            let encoder = APIJSON.makeEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            return encoder
        }
        let client = APIClient(baseURL: testBaseURL, transport: MockTransport(.status(200)), encoder: encoder)
        let built = try await client.makeHTTPRequest(request)
        XCTAssertEqual(built.headers["Content-Type"], "application/x-ndjson")
        XCTAssertEqual(
            built.body.map { String(decoding: $0, as: UTF8.self) }, "{\"id\":1,\"name\":\"Rex\"}\n{\"id\":2,\"name\":\"Tom\"}\n")
    }

    func testLineBreaksInHeadersAndCookiesAreRejectedBeforeSending() async throws {
        let mock = MockTransport(.status(200))
        let client = APIClient(baseURL: testBaseURL, transport: mock)
        for value in ["a\r\nX-Evil: 1", "a\nb", "a\rb"] {
            var request = Request<Void>(method: .get, path: "/x", operationID: "x", response: .empty)
            request.addHeader("X-Name", value)
            let error = await thrownError { try await client.send(request) }
            guard case APIError.invalidRequest(let message)? = error else {
                return XCTFail("expected invalidRequest, got \(String(describing: error))")
            }
            XCTAssertTrue(message.contains("X-Name"), message)
            XCTAssertFalse(message.contains("Evil"), "the message must not quote the value")
        }
        var badName = Request<Void>(method: .get, path: "/x", operationID: "x", response: .empty)
        badName.headers.append("X-A\r\nB", "1")
        let nameError = await thrownError { try await client.send(badName) }
        guard case APIError.invalidRequest? = nameError else { return XCTFail("\(String(describing: nameError))") }

        for value in ["a;admin=1", "a\r\nb"] {
            var cookie = Request<Void>(method: .get, path: "/x", operationID: "x", response: .empty)
            cookie.addCookie("session", value)
            let error = await thrownError { try await client.send(cookie) }
            guard case APIError.invalidRequest? = error else { return XCTFail("\(String(describing: error))") }
        }
        XCTAssertTrue(mock.requests.isEmpty, "nothing may be sent")
        XCTAssertEqual(APIError.invalidRequest("x").userMessage, "The request could not be sent.")
    }

    func testHeadersAddedByMiddlewaresAreCheckedToo() async {
        let mock = MockTransport(.status(200))
        let client = APIClient(baseURL: testBaseURL, transport: mock, middlewares: [HeadersMiddleware(["X-Bad": "1\r\nX-Evil: 2"])])
        let error = await thrownError { try await client.send(Request<Void>(method: .get, path: "/x", operationID: "x", response: .empty)) }
        guard case APIError.invalidRequest? = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertTrue(mock.requests.isEmpty)
    }

    func testHeadersMiddlewareSetsFixedHeaders() async throws {
        let mock = MockTransport(.status(204))
        let client = APIClient(baseURL: testBaseURL, transport: mock, middlewares: [HeadersMiddleware(["User-Agent": "App/1.0", "X-Tenant": "t1"])])
        var request = Request<Void>(method: .get, path: "/x", operationID: "x", response: .empty)
        request.addHeader("user-agent", "old")
        try await client.send(request)
        XCTAssertEqual(mock.lastRequest?.headers["User-Agent"], "App/1.0")
        XCTAssertEqual(mock.lastRequest?.headers["X-Tenant"], "t1")
        XCTAssertEqual(mock.lastRequest?.headers.filter { $0.name.lowercased() == "user-agent" }.count, 1)
    }

    func testRequestTimeoutOverridesClientDefault() async throws {
        var request = Request<Void>(method: .get, path: "/x", operationID: "x", response: .empty)
        request.timeout = 5
        let client = APIClient(baseURL: testBaseURL, transport: MockTransport(.status(200)), timeout: 30)
        let withOwn = try await client.makeHTTPRequest(request)
        let withDefault = try await client.makeHTTPRequest(Request<Void>(method: .get, path: "/x", operationID: "x", response: .empty))
        XCTAssertEqual(withOwn.timeout, 5)
        XCTAssertEqual(withDefault.timeout, 30)
    }

    func testServerTemplateSubstitutesAndPercentEncodesVariables() {
        let server = APIServer(template: "https://{env}.example.com:{port}/{base}", variables: ["env": "eu-1", "port": "8443", "base": "v1/../admin"], description: "EU")
        XCTAssertEqual(server.url.absoluteString, "https://eu-1.example.com:8443/v1%2F..%2Fadmin")
        XCTAssertEqual(server.description, "EU")
        let plain = APIServer(template: "https://api.example.com/v2")
        XCTAssertEqual(plain.url.absoluteString, "https://api.example.com/v2")
        let client = APIClient(server: APIServer(url: testBaseURL), transport: MockTransport(.status(200)))
        XCTAssertEqual(client.baseURL, testBaseURL)
    }

    // MARK: Authentication

    private let bearerScheme = SecurityScheme(name: "bearerAuth", kind: .bearer)
    private let basicScheme = SecurityScheme(name: "basicAuth", kind: .basic)
    private let headerKey = SecurityScheme(name: "api_key", kind: .apiKey(name: "X-API-Key", location: .header))
    private let queryKey = SecurityScheme(name: "query_key", kind: .apiKey(name: "api_key", location: .query))
    private let cookieKey = SecurityScheme(name: "cookie_key", kind: .apiKey(name: "sid", location: .cookie))

    private func secured(_ security: [[SecurityScheme]]) -> Request<Void> {
        var request = Request<Void>(method: .get, path: "/secure", operationID: "secure", response: .empty)
        request.security = security
        return request
    }

    func testBearerBasicAndApiKeyLocations() async throws {
        let bearer = try await build(secured([[bearerScheme]]), authentication: .bearer { "t0k" })
        XCTAssertEqual(bearer.headers["Authorization"], "Bearer t0k")

        let basic = try await build(secured([[basicScheme]]), authentication: .basic(username: "ann", password: "pw"))
        XCTAssertEqual(basic.headers["Authorization"], "Basic " + Data("ann:pw".utf8).base64EncodedString())

        let keys = try await build(secured([[headerKey, queryKey, cookieKey]]), authentication: .apiKey("k 1"))
        XCTAssertEqual(keys.headers["X-API-Key"], "k 1")
        XCTAssertEqual(keys.url.query, "api_key=k%201")
        XCTAssertEqual(keys.headers["Cookie"], "sid=k 1")
        XCTAssertEqual(keys.sensitiveNames, ["x-api-key", "api_key", "sid"])
    }

    func testFirstSatisfiableAlternativeWins() async throws {
        let auth = Authentication.combined(.apiKey("key-1", scheme: "api_key"), .basic(username: "u", password: "p"))
        // bearer can't be satisfied, so the api-key alternative is used, and only it.
        let built = try await build(secured([[bearerScheme], [headerKey], [basicScheme]]), authentication: auth)
        XCTAssertEqual(built.headers["X-API-Key"], "key-1")
        XCTAssertNil(built.headers["Authorization"])

        // An alternative needs all of its schemes.
        let both = try await build(secured([[headerKey, bearerScheme], [basicScheme]]), authentication: auth)
        XCTAssertNil(both.headers["X-API-Key"])
        XCTAssertNotNil(both.headers["Authorization"])
    }

    func testAnonymousAlternativeAndNoSecuritySendNothing() async throws {
        let auth = Authentication.bearer { "t" }
        let optional = try await build(secured([[], [bearerScheme]]), authentication: auth)
        XCTAssertNil(optional.headers["Authorization"], "the empty alternative comes first")
        let none = try await build(secured([]), authentication: auth)
        XCTAssertNil(none.headers["Authorization"])
        let signedOut = try await build(secured([[bearerScheme]]), authentication: .bearer { nil })
        XCTAssertNil(signedOut.headers["Authorization"], "nothing to send: the server answers 401 itself")
    }

    func testSchemeNameFiltersAndCustomProvider() async throws {
        let other = SecurityScheme(name: "other_key", kind: .apiKey(name: "X-Other", location: .header))
        let named = try await build(secured([[other], [headerKey]]), authentication: .apiKey("k", scheme: "api_key"))
        XCTAssertNil(named.headers["X-Other"])
        XCTAssertEqual(named.headers["X-API-Key"], "k")

        let custom = Authentication.custom { scheme in
            scheme.name == "sig" ? .header(name: "X-Signature", value: "s1") : nil
        }
        let signed = try await build(secured([[SecurityScheme(name: "sig", kind: .apiKey(name: "X-Signature", location: .header))]]), authentication: custom)
        XCTAssertEqual(signed.headers["X-Signature"], "s1")
    }

    func testTokenIsAskedForEveryRequest() async throws {
        let calls = Recorder<Int>()
        let auth = Authentication.bearer {
            calls.append(1)
            return "token-\(calls.all.count)"
        }
        let mock = MockTransport(.status(200))
        let client = APIClient(baseURL: testBaseURL, transport: mock, authentication: auth)
        try await client.send(secured([[bearerScheme]]))
        try await client.send(secured([[bearerScheme]]))
        XCTAssertEqual(mock.requests.map { $0.headers["Authorization"] }, ["Bearer token-1", "Bearer token-2"])
    }

    /// A text response a server sends as a JSON string (`"1.4.2"` with `application/json`,
    /// although the spec says `text/plain`) reads as the text, not its quotes.
    func testTextResponseSentAsJSONReadsAsTheString() throws {
        let decode = ResponseBody<String>.text.decode
        var headers = HTTPFields()
        headers["Content-Type"] = "application/json; charset=utf-8"
        XCTAssertEqual(try decode(HTTPResponse(status: 200, headers: headers), Data(#""1.4.2""#.utf8), APIJSON.makeDecoder()), "1.4.2")
        XCTAssertEqual(try decode(HTTPResponse(status: 200, headers: headers), Data(#"{"v": 1}"#.utf8), APIJSON.makeDecoder()), #"{"v": 1}"#)
        headers["Content-Type"] = "text/plain"
        XCTAssertEqual(try decode(HTTPResponse(status: 200, headers: headers), Data(#""quoted""#.utf8), APIJSON.makeDecoder()), #""quoted""#)
    }
}
