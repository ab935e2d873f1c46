import APIGenRuntime
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

/// The runtime against a real socket: every fault a mobile app meets, each mapped to the right
/// `APIError` and message.
final class FaultServerTests: XCTestCase {
    private var server: LoopbackServer!

    override func setUpWithError() throws {
        server = try LoopbackServer(script: "fault_server.py")
    }

    override func tearDown() {
        server?.stop()
        server = nil
    }

    private struct Echo: Decodable, Sendable {
        var method: String
        var path: String
        var query: String
        var headers: [String: String]
        var body: String
    }

    private struct Attempts: Decodable, Sendable, Equatable {
        var attempts: Int
    }

    private struct Count: Decodable, Sendable {
        var count: Int
    }

    private func client(retry: RetryPolicy = .none, timeout: TimeInterval = 5, authentication: Authentication? = nil) -> APIClient {
        APIClient(baseURL: server.baseURL, transport: URLSessionTransport(), authentication: authentication, retry: retry, timeout: timeout)
    }

    private func get<R: Decodable & Sendable>(_ path: String, _ type: R.Type = R.self) -> Request<R> {
        Request(method: .get, path: path, operationID: "fault", response: .json)
    }

    private func count(_ key: String) async throws -> Int {
        var request: Request<Count> = get("/count")
        request.addQuery("key", key)
        return try await client().send(request).count
    }

    func testHTML500GivesStatusTextNotMarkup() async {
        let error = await thrownError { try await client().send(get("/html500", Attempts.self)) }
        guard case APIError.server(let status, let reason, let body, _)? = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertEqual(status, 500)
        XCTAssertEqual(reason, "Internal Server Error")
        XCTAssertTrue(String(decoding: body, as: UTF8.self).contains("<html>"))
        XCTAssertEqual(error?.userMessage, "Internal Server Error")
    }

    func testProblemJSONReasonReachesTheError() async {
        var create = Request<Void>(method: .post, path: "/problem", operationID: "createPets", response: .empty)
        create.body = .json(["tag": "x"])
        let error = await thrownError { try await client().send(create) }
        guard case APIError.server(400, let reason, _, _)? = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertEqual(reason, "'name' is a required property")
        XCTAssertEqual(error?.userMessage, "'name' is a required property")
        XCTAssertEqual((error as? APIError)?.requestID, "fault-post-problem", "the id a real server sent")
    }

    func testMalformedJSONIsAnUnexpectedResponse() async {
        let error = await thrownError { try await client().send(get("/malformed", TestPet.self)) }
        guard case APIError.decoding(let failure)? = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertEqual(String(decoding: failure.body, as: UTF8.self), #"{"name": "Rex", "tag": "#)
        XCTAssertEqual(error?.userMessage, "The server sent an unexpected response.")
    }

    func testDroppedConnectionIsATransportErrorAndRetried() async throws {
        let delays = Recorder<TimeInterval>()
        var request: Request<Attempts> = get("/drop")
        request.addQuery("key", "drop-get")
        let error = await thrownError { try await client(retry: .instant(delays)).send(request) }
        guard case APIError.transport(let urlError)? = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertTrue([.networkConnectionLost, .badServerResponse, .cannotParseResponse].contains(urlError.code), "\(urlError.code)")
        XCTAssertTrue(["You appear to be offline.", "The server sent an unexpected response."].contains(error?.userMessage ?? ""), error?.userMessage ?? "")
        let attempts = try await count("drop-get")
        // Retried on both platforms: Darwin calls it a lost connection, Linux a bad response.
        XCTAssertEqual(attempts, 3)

        // A POST is never repeated: the server may have acted on it before the connection dropped.
        var post = Request<Void>(method: .post, path: "/drop", operationID: "fault", response: .empty)
        post.addQuery("key", "drop-post")
        _ = await thrownError { try await client(retry: .instant(delays)).send(post) }
        let postAttempts = try await count("drop-post")
        XCTAssertEqual(postAttempts, 1)
    }

    func testResponseSlowerThanTheTimeoutTimesOut() async {
        var request: Request<Attempts> = get("/slow")
        request.addQuery("delay", "60")
        request.timeout = 0.4
        let start = Date()
        let error = await thrownError { try await client().send(request) }
        let elapsed = Date().timeIntervalSince(start)
        guard case APIError.transport(let urlError)? = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertEqual(urlError.code, .timedOut)
        XCTAssertEqual(error?.userMessage, "The request timed out.")
        XCTAssertLessThan(elapsed, 30, "the 0.4 s timeout must win over the 60 s response")
        XCTAssertGreaterThan(elapsed, 0.3, "not before the timeout either")
    }

    func testRetryAfterIsHonouredThenSucceeds() async throws {
        let delays = Recorder<TimeInterval>()
        let retry = RetryPolicy(maxAttempts: 3, baseDelay: 0.05, maxDelay: 5, jitter: 0) { seconds in
            delays.append(seconds)
            try await RetryPolicy.taskSleep(seconds)
        }
        var request: Request<Attempts> = get("/flaky")
        request.addQuery("key", "retry-after-seconds")
        request.addQuery("status", 429)
        request.addQuery("retry_after", 1)
        let start = Date()
        let response = try await client(retry: retry).response(for: request)
        XCTAssertEqual(response.value, Attempts(attempts: 2))
        XCTAssertEqual(delays.all, [1])
        XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(start), 0.95)
    }

    func testRetryAfterAsHTTPDateOn503() async throws {
        let delays = Recorder<TimeInterval>()
        var request: Request<Attempts> = get("/flaky")
        request.addQuery("key", "retry-after-date")
        request.addQuery("status", 503)
        request.addQuery("retry_after", 2)
        request.addQuery("date", 1)
        let value = try await client(retry: .instant(delays)).send(request)
        XCTAssertEqual(value, Attempts(attempts: 2))
        XCTAssertEqual(delays.all.count, 1)
        XCTAssertTrue((0.5...2.0).contains(delays.all.first ?? -1), "\(delays.all)")
    }

    func testCancellationMidRequestIsPromptAndNotAnAPIError() async throws {
        let client = client(timeout: 30)
        var request: Request<Attempts> = get("/slow")
        request.addQuery("delay", "60")
        let task = Task { try await client.send(request) }
        try await Task.sleep(nanoseconds: 300_000_000)
        let start = Date()
        task.cancel()
        let result = await task.result
        XCTAssertLessThan(Date().timeIntervalSince(start), 30, "cancelling must stop the request, not wait for the 60 s answer")
        guard case .failure(let error) = result else { return XCTFail("expected cancellation") }
        XCTAssertTrue(error is CancellationError, "\(error)")
        XCTAssertEqual(error.userMessage, "The request was cancelled.")
    }

    func testUnreachablePortCantReachTheServer() async {
        let port = LoopbackServer.unusedPort()
        XCTAssertGreaterThan(port, 0)
        let delays = Recorder<TimeInterval>()
        let client = APIClient(baseURL: URL(string: "http://127.0.0.1:\(port)/v1")!, retry: .instant(delays), timeout: 5)
        let error = await thrownError { try await client.send(Request.pet()) }
        guard case APIError.transport(let urlError)? = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertEqual(urlError.code, .cannotConnectToHost)
        XCTAssertEqual(error?.userMessage, "Can't reach the server.")
        XCTAssertEqual(delays.all.count, 2, "refused connections are retried")
    }

    func testRedirectIsFollowedAndTheWireRequestIsWhatWasBuilt() async throws {
        var request: Request<Echo> = get("/redirect")
        request.addQuery("to", "/echo?x=1")
        let redirected = try await client().send(request)
        XCTAssertEqual(redirected.path, "/echo")
        XCTAssertEqual(redirected.query, "x=1")

        var post = Request<Echo>(method: .post, path: "/echo", operationID: "createPets", response: .json)
        post.security = [[SecurityScheme(name: "bearerAuth", kind: .bearer)]]
        post.addQuery("tags", ["a b", "c"], explode: false)
        post.addHeader("X-Request-ID", "r-1")
        post.addCookie("theme", "dark")
        post.accept = "application/json"
        post.body = .json(TestPet(id: 1, name: "Rex"))
        let echo = try await client(authentication: .bearer { "t-1" }).send(post)
        XCTAssertEqual(echo.method, "POST")
        XCTAssertEqual(echo.query, "tags=a%20b,c")
        XCTAssertEqual(echo.headers["authorization"], "Bearer t-1")
        XCTAssertEqual(echo.headers["x-request-id"], "r-1")
        XCTAssertEqual(echo.headers["cookie"], "theme=dark")
        XCTAssertEqual(echo.headers["accept"], "application/json")
        XCTAssertEqual(echo.headers["content-type"], "application/json")
        XCTAssertEqual(echo.body, #"{"id":1,"name":"Rex"}"#)
    }

    func testCrossOriginRedirectDropsCredentials() async throws {
        let auth = Authentication.combined(.bearer { "t-1" }, .apiKey("k-1"))
        let security = [[SecurityScheme(name: "bearerAuth", kind: .bearer), SecurityScheme(name: "key", kind: .apiKey(name: "X-Partner", location: .header))]]
        var sameOrigin: Request<Echo> = get("/redirect")
        sameOrigin.security = security
        sameOrigin.addQuery("to", "/echo")
        let kept = try await client(authentication: auth).send(sameOrigin)
        XCTAssertEqual(kept.headers["authorization"], "Bearer t-1")
        XCTAssertEqual(kept.headers["x-partner"], "k-1")

        // localhost is another origin than 127.0.0.1, though the same server.
        var crossOrigin = sameOrigin
        crossOrigin.query = []
        crossOrigin.addQuery("to", "http://localhost:\(server.port)/echo")
        crossOrigin.addHeader("X-Request-ID", "r-1")
        let stripped = try await client(authentication: auth).send(crossOrigin)
        XCTAssertTrue(stripped.headers["host"]?.hasPrefix("localhost") == true, "\(stripped.headers)")
        XCTAssertNil(stripped.headers["authorization"])
        XCTAssertNil(stripped.headers["x-partner"])
        XCTAssertEqual(stripped.headers["x-request-id"], "r-1")
    }

    func testURLSessionTransportAloneTimesOut() async {
        let transport = URLSessionTransport()
        var components = URLComponents(url: server.baseURL.appendingPathComponent("slow"), resolvingAgainstBaseURL: false)!
        components.queryItems = [URLQueryItem(name: "delay", value: "60")]
        let request = HTTPRequest(method: .get, url: components.url!, timeout: 0.5)
        let start = Date()
        let error = await thrownError { try await transport.send(request) }
        XCTAssertEqual((error as? URLError)?.code, .timedOut, "\(String(describing: error))")
        XCTAssertLessThan(Date().timeIntervalSince(start), 30, "the 0.5 s timeout must win over the 60 s response")
    }
}
