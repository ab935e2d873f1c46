@_spi(Generated) import APIGenRuntime
import LoopbackServers
import Foundation
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A recursive model the way the generator declares one: the cycle goes through `Indirect`.
private struct LinkedNode: Decodable, Sendable {
    private var storage: Indirect<LinkedNode>?
    var a: LinkedNode? { storage?.value }

    enum CodingKeys: String, CodingKey { case a }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        storage = try container.decodeIfPresent(LinkedNode.self, forKey: .a).map(Indirect.init)
    }

    var depth: Int {
        var depth = 1
        var node = self
        while let next = node.a {
            depth += 1
            node = next
        }
        return depth
    }
}

/// `[[[…]]]` as a generated array-of-itself type.
private struct NestedList: Decodable, Sendable {
    var items: [NestedList]

    init(from decoder: any Decoder) throws {
        items = try decoder.singleValueContainer().decode([NestedList].self)
    }
}

private struct Echo: Decodable, Sendable {
    var method: String
    var path: String
    var query: String
}

/// Hostile and oversized input: 50 MB bodies, deep nesting, invalid UTF-8, header injection, path
/// traversal, and credentials that must never reach a log line or an error message.
final class RuntimeSafetyTests: XCTestCase {
    // MARK: Helpers

    /// Peak resident set size of this process so far, in bytes.
    private func peakResidentBytes() -> Int {
        var usage = rusage()
        #if os(Linux)
        getrusage(RUSAGE_SELF.rawValue, &usage)
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        #if canImport(Darwin)
        return Int(usage.ru_maxrss)
        #else
        return Int(usage.ru_maxrss) * 1024
        #endif
    }

    private func deepJSON(_ depth: Int, object: Bool) -> Data {
        if object {
            return Data((String(repeating: #"{"a":"#, count: depth) + "null" + String(repeating: "}", count: depth)).utf8)
        }
        return Data((String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8)
    }

    /// How many levels of arrays/objects a decoded `JSONValue` has, iteratively.
    private func depth(of value: JSONValue) -> Int {
        var depth = 0
        var current: JSONValue? = value
        while let value = current {
            switch value {
            case .array(let items): depth += 1; current = items.first
            case .object(let members): depth += 1; current = members["a"]
            default: current = nil
            }
        }
        return depth
    }

    private func assertReadableDecodingError(_ error: (any Error)?, _ context: String, file: StaticString = #filePath, line: UInt = #line) {
        guard case APIError.decoding(let failure)? = error else {
            return XCTFail("\(context): expected APIError.decoding, got \(String(describing: error))", file: file, line: line)
        }
        let text = String(describing: error!)
        XCTAssertTrue(text.hasPrefix("decoding("), "\(context): \(text)", file: file, line: line)
        XCTAssertFalse(failure.problem.isEmpty, context, file: file, line: line)
        XCTAssertLessThan(text.count, 2_000, "\(context): the message must stay short: \(text.prefix(300))…", file: file, line: line)
        XCTAssertEqual(error?.userMessage, "The server sent an unexpected response.", context, file: file, line: line)
    }

    // MARK: 50 MB responses

    func testFiftyMegabyteArrayDecodesQuicklyWithBoundedMemory() async throws {
        let server = try startFaultServer()
        let client = APIClient(baseURL: server.baseURL, transport: URLSessionTransport(), retry: .none, timeout: 30)
        var request = getJSON("/big", [TestPet].self)
        request.addQuery("mb", 50)

        let rssBefore = peakResidentBytes()
        let start = ContinuousClock.now
        let response = try await client.response(for: request)
        let elapsed = ContinuousClock.now - start
        let growth = peakResidentBytes() - rssBefore

        let expectedCount = 50 * 1024 * 1024 / 1030
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.value.count, expectedCount)
        XCTAssertEqual(response.value.first, TestPet(id: 0, name: String(repeating: "x", count: 1000)))
        XCTAssertEqual(response.value.last?.id, expectedCount - 1)
        XCTAssertTrue(response.value.allSatisfy { $0.name.utf8.count == 1000 })
        XCTAssertGreaterThan(Int(response.headers["Content-Length"] ?? "") ?? 0, 50_000_000)
        XCTAssertLessThan(elapsed, .seconds(60), "50 MB took \(elapsed): hung")
        XCTAssertLessThan(growth, 400 * 1024 * 1024, "peak RSS grew by \(growth / 1024 / 1024) MB for a 50 MB body")
    }

    // MARK: Deep nesting

    func testTenThousandLevelsOfNestingAreAReadableErrorNotACrash() async throws {
        for object in [false, true] {
            let body = deepJSON(10_000, object: object)
            let client = APIClient(baseURL: testBaseURL, transport: MockTransport(.data(body, headers: ["Content-Type": "application/json"])), retry: .none)
            let kind = object ? #"{"a":…}"# : "[[…]]"

            let asValue = await thrownError { try await client.send(self.getJSON("/deep", JSONValue.self)) }
            assertReadableDecodingError(asValue, "\(kind) as JSONValue")
            if case APIError.decoding(let failure)? = asValue {
                XCTAssertEqual(failure.description, "(top level): nested too deeply (arrays and objects nest 10000 levels deep; at most 512 can be decoded)")
            }
            if object {
                let asNode = await thrownError { try await client.send(self.getJSON("/deep", LinkedNode.self)) }
                assertReadableDecodingError(asNode, "\(kind) as a recursive struct")
            } else {
                let asList = await thrownError { try await client.send(self.getJSON("/deep", NestedList.self)) }
                assertReadableDecodingError(asList, "\(kind) as a recursive array type")
            }
            // The same body as an error response: no crash, the status text instead.
            let failing = APIClient(baseURL: testBaseURL, transport: MockTransport(.data(body, status: 422, headers: ["Content-Type": "application/json"])), retry: .none)
            let serverError = await thrownError { try await failing.send(self.getJSON("/deep", JSONValue.self)) }
            guard case APIError.server(422, let reason, _, _)? = serverError else {
                return XCTFail("\(kind): expected a 422, got \(String(describing: serverError))")
            }
            XCTAssertEqual(reason, "Unprocessable Content")
        }
        // Brackets inside strings don't count: a broken document is still "not valid JSON".
        let brackets = Data((#"{"s":""# + String(repeating: "[{", count: 1_000) + #"", "t": "#).utf8)
        let broken = APIClient(baseURL: testBaseURL, transport: MockTransport(.data(brackets)), retry: .none)
        let error = await thrownError { try await broken.send(self.getJSON("/broken", JSONValue.self)) }
        guard case APIError.decoding(let failure)? = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertNotEqual(failure.problem, "nested too deeply", failure.description)
    }

    /// 512 levels is the deepest Foundation decodes: the runtime's own recursion must cope with it.
    func testTheDeepestDecodableDocumentsStillDecode() async throws {
        let depth = 512
        for object in [false, true] {
            let client = APIClient(baseURL: testBaseURL, transport: MockTransport(.data(deepJSON(depth, object: object))), retry: .none)
            let value = try await client.send(getJSON("/deep", JSONValue.self))
            XCTAssertEqual(self.depth(of: value), depth)
            if object {
                let node = try await client.send(getJSON("/deep", LinkedNode.self))
                XCTAssertEqual(node.depth, depth)
            } else {
                var list = try await client.send(getJSON("/deep", NestedList.self))
                var levels = 1
                while let first = list.items.first {
                    levels += 1
                    list = first
                }
                XCTAssertEqual(levels, depth)
            }
        }
    }

    func testDeepNestingOverTheWire() async throws {
        let server = try startFaultServer()
        let client = APIClient(baseURL: server.baseURL, transport: URLSessionTransport(), retry: .none, timeout: 10)
        for kind in ["array", "object"] {
            var request = getJSON("/deep", JSONValue.self)
            request.addQuery("depth", 10_000)
            request.addQuery("kind", kind)
            assertReadableDecodingError(await thrownError { try await client.send(request) }, "\(kind) over the wire")
        }
    }

    // MARK: Invalid UTF-8

    func testInvalidUTF8InBodies() async throws {
        let server = try startFaultServer()
        let client = APIClient(baseURL: server.baseURL, transport: URLSessionTransport(), retry: .none, timeout: 10)

        var inString = getJSON("/badutf8", TestPet.self)
        inString.addQuery("where", "string")
        assertReadableDecodingError(await thrownError { try await client.send(inString) }, "invalid UTF-8 in a JSON string")
        var asValue = getJSON("/badutf8", JSONValue.self)
        asValue.addQuery("where", "string")
        assertReadableDecodingError(await thrownError { try await client.send(asValue) }, "invalid UTF-8 as JSONValue")

        for (place, contentType) in [("error", "JSON"), ("errortext", "text/plain")] {
            var request = Request<Void>(method: .get, path: "/badutf8", operationID: "safety", response: .empty)
            request.addQuery("where", place)
            let error = await thrownError { try await client.send(request) }
            guard case APIError.server(400, let reason, let body, _)? = error else {
                XCTFail("\(contentType): expected a 400, got \(String(describing: error))")
                continue
            }
            XCTAssertEqual(reason, "Bad Request", "a \(contentType) error body with invalid UTF-8 falls back to the status text")
            XCTAssertFalse(body.isEmpty, "the raw body is kept")
            XCTAssertEqual(error?.userMessage, "Bad Request")
        }

        var text = Request<String>(method: .get, path: "/badutf8", operationID: "safety", response: .text)
        text.addQuery("where", "text")
        let decoded = try await client.send(text)
        XCTAssertEqual(decoded, "café \u{FFFD}\u{FFFD} ok \u{FFFD}")
    }

    // MARK: Header injection

    private func assertRefused<R>(
        _ client: APIClient, _ mock: MockTransport, _ request: Request<R>, _ context: String,
        mustNotQuote secret: String = "Evil", file: StaticString = #filePath, line: UInt = #line
    ) async {
        let error = await thrownError({ try await client.send(request) }, file: file, line: line)
        guard case APIError.invalidRequest(let message)? = error else {
            return XCTFail("\(context): expected invalidRequest, got \(String(describing: error))", file: file, line: line)
        }
        XCTAssertFalse(message.contains(secret), "\(context): the message must not quote the value: \(message)", file: file, line: line)
        XCTAssertFalse(message.unicodeScalars.contains { $0.value < 0x20 }, "\(context): control characters in the message: \(message.debugDescription)", file: file, line: line)
        XCTAssertTrue(mock.requests.isEmpty, "\(context): nothing may reach the transport", file: file, line: line)
    }

    func testHeaderInjectionIsRefusedBeforeSending() async throws {
        let mock = MockTransport(.status(204))
        let plain = APIClient(baseURL: testBaseURL, transport: mock, retry: .none)
        func request() -> Request<Void> { Request(method: .get, path: "/x", operationID: "x", response: .empty) }

        // Header parameters: NUL and line breaks in values; anything but a token as a name.
        for value in ["a\u{0}Evil", "a\r\nX-Evil: 1", "\nEvil", "Evil\r"] {
            var header = request()
            header.addHeader("X-Trace", value)
            await assertRefused(plain, mock, header, "header value \(value.debugDescription)")
        }
        for name in ["X-A\u{0}", "X-A\r\nX-Evil", "X A", "X-A:", "", "Ünï"] {
            var header = request()
            header.addHeader(name, "1")
            await assertRefused(plain, mock, header, "header name \(name.debugDescription)", mustNotQuote: "\r\n")
        }
        // Cookies: NUL, line breaks and `;` in values; bad names.
        for (name, value) in [("prefs", "a\u{0}Evil"), ("prefs", "a\r\nEvil"), ("prefs", "a; Evil=1"), ("a=b", "1"), ("a;b", "1"), ("a\nb", "1")] {
            var cookie = request()
            cookie.addCookie(name, value)
            await assertRefused(plain, mock, cookie, "cookie \(name.debugDescription)=\(value.debugDescription)")
        }

        // Credentials from `Authentication`: a bearer token, api keys in a header or cookie, custom headers.
        let bearer = SecurityScheme(name: "bearerAuth", kind: .bearer)
        let headerKey = SecurityScheme(name: "headerKey", kind: .apiKey(name: "X-API-Key", location: .header))
        let cookieKey = SecurityScheme(name: "cookieKey", kind: .apiKey(name: "sid", location: .cookie))
        let custom = SecurityScheme(name: "sig", kind: .apiKey(name: "X-Sig", location: .header))
        let cases: [(SecurityScheme, Authentication, String)] = [
            (bearer, .bearer("t\r\nX-Evil: 1"), "bearer with CRLF"),
            (bearer, .bearer("t\u{0}Evil"), "bearer with NUL"),
            (headerKey, .apiKey("k\nX-Evil: 1"), "header api key with LF"),
            (headerKey, .apiKey("k\u{0}Evil"), "header api key with NUL"),
            (cookieKey, .apiKey("k; Evil=1"), "cookie api key with ;"),
            (cookieKey, .apiKey("k\r\nEvil"), "cookie api key with CRLF"),
            (custom, .custom { _ in .header(name: "X-Sig", value: "1\r\nX-Evil: 2") }, "custom header value"),
            (custom, .custom { _ in .header(name: "X-Sig\r\nX-Name", value: "1") }, "custom header name"),
        ]
        for (scheme, authentication, context) in cases {
            let client = APIClient(baseURL: testBaseURL, transport: mock, authentication: authentication, retry: .none)
            var secured = request()
            secured.security = [[scheme]]
            await assertRefused(client, mock, secured, context)
        }

        // `HeadersMiddleware` and any middleware after it: checked just before the transport.
        for headers: HTTPFields in [["X-App": "1\r\nX-Evil: 2"], ["X-App": "1\u{0}Evil"], ["X-App\r\nX-Name": "1"], ["Bad Name": "1"]] {
            let client = APIClient(baseURL: testBaseURL, transport: mock, middlewares: [HeadersMiddleware(headers)], retry: .none)
            await assertRefused(client, mock, request(), "HeadersMiddleware \(headers)")
        }

        // Control characters in a query api key or a basic password are encoded, never raw.
        let queryKey = SecurityScheme(name: "queryKey", kind: .apiKey(name: "key", location: .query))
        let basic = SecurityScheme(name: "basicAuth", kind: .basic)
        let client = APIClient(
            baseURL: testBaseURL, transport: mock,
            authentication: .combined(.apiKey("k\r\nX-Evil: 1", scheme: "queryKey"), .basic(username: "u\r\n", password: "p\r\nX-Evil: 1")),
            retry: .none
        )
        var encoded = request()
        encoded.security = [[queryKey, basic]]
        try await client.send(encoded)
        let sent = try XCTUnwrap(mock.lastRequest)
        XCTAssertEqual(sent.url.absoluteString, "https://api.example.com/v1/x?key=k%0D%0AX-Evil%3A%201")
        XCTAssertEqual(sent.headers["Authorization"], "Basic " + Data("u\r\n:p\r\nX-Evil: 1".utf8).base64EncodedString())
        XCTAssertNil(sent.headers["X-Evil"])
    }

    // MARK: Path traversal

    /// Hostile path parameter values and the one segment each must become.
    private let traversal: [(value: String, segment: String)] = [
        ("../admin", "..%2Fadmin"),
        ("..", "%2E%2E"),
        (".", "%2E"),
        ("a/b", "a%2Fb"),
        ("%2e%2e/x", "%252e%252e%2Fx"),
        (".%2e", ".%252e"),
        ("..\\admin", "..%5Cadmin"),
        ("..;/x", "..%3B%2Fx"),
        ("?x=1", "%3Fx%3D1"),
        ("#frag", "%23frag"),
        ("a b", "a%20b"),
        ("/", "%2F"),
        ("a\r\nb", "a%0D%0Ab"),
        ("héllo wörld", "h%C3%A9llo%20w%C3%B6rld"),
        ("🐶", "%F0%9F%90%B6"),
        ("ｅ\u{FF0E}\u{FF0E}", "%EF%BD%85%EF%BC%8E%EF%BC%8E"),
    ]

    func testPathParametersStayInTheirSegment() async throws {
        let mock = MockTransport(.status(204))
        let client = APIClient(baseURL: testBaseURL, transport: mock, retry: .none)
        for (value, segment) in traversal {
            XCTAssertEqual(PathParameter.encode(value), segment, value.debugDescription)
            let request = Request<Void>(method: .get, path: "/pets/\(PathParameter.encode(value))/photos", operationID: "x", response: .empty)
            try await client.send(request)
            let url = try XCTUnwrap(mock.lastRequest?.url)
            XCTAssertEqual(url.absoluteString, "https://api.example.com/v1/pets/\(segment)/photos", value.debugDescription)
            XCTAssertNil(url.query, value.debugDescription)
            XCTAssertNil(url.fragment, value.debugDescription)
            let path = url.path(percentEncoded: true)
            XCTAssertEqual(path, "/v1/pets/\(segment)/photos", value.debugDescription)
            // Exactly one segment between "pets" and "photos", and it decodes back to the value.
            let segments = path.split(separator: "/", omittingEmptySubsequences: false)
            XCTAssertEqual(segments.count, 5, "\(value.debugDescription) split the path: \(path)")
            XCTAssertEqual(segments.count == 5 ? segments[3].removingPercentEncoding : nil, value)
        }
    }

    func testServerReceivesTheEncodedSegmentUnchanged() async throws {
        let server = try startFaultServer()
        let client = APIClient(baseURL: server.baseURL, transport: URLSessionTransport(), retry: .none, timeout: 10)
        for (value, segment) in traversal {
            let echo = try await client.send(getJSON("/echo/\(PathParameter.encode(value))/tail", Echo.self))
            XCTAssertEqual(echo.path, "/echo/\(segment)/tail", value.debugDescription)
            XCTAssertEqual(echo.query, "", value.debugDescription)
        }
    }
}

extension XCTestCase {
    /// The loopback fault server, stopped when the test ends; skips when python3 is missing.
    func startFaultServer() throws -> LoopbackServer {
        let server = try LoopbackServer(script: "fault_server.py")
        addTeardownBlock { server.stop() }
        return server
    }

    /// A GET of `path` decoding JSON into `type`.
    func getJSON<R: Decodable & Sendable>(_ path: String, _ type: R.Type = R.self) -> Request<R> {
        Request(method: .get, path: path, operationID: "safety", response: .json)
    }
}
