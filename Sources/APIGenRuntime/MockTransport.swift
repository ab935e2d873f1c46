import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A transport for tests and previews: answers from canned responses (by operation, or one for
/// everything) or a closure, and records every request it saw.
///
/// ```swift
/// let mock = MockTransport(routes: [.answer(API.Operation.listPets, .json([Pet.sample]))])
/// let client = APIClient(baseURL: URL(string: "https://example.com")!, transport: mock)
/// _ = try await client.send(API.listPets())
/// XCTAssertEqual(mock.requests(for: API.Operation.listPets).count, 1)
/// ```
///
/// The generated `API.Operation` keys are typed by the operation's response, so a canned body
/// of another type does not compile; the operationId strings they carry work too, untyped.
public final class MockTransport: HTTPTransport {
    private let routes: Locked<[String: MockResponse]>
    private let fallback: MockResponse
    private let recorded = Locked<[HTTPRequest]>([])

    /// Answers by the request's operationId; operations not listed get `fallback` (a 404).
    public init(_ responses: [String: MockResponse] = [:], default fallback: MockResponse = .status(404)) {
        self.routes = Locked(responses)
        self.fallback = fallback
    }

    /// Answers every request with `response`.
    public convenience init(_ response: MockResponse) {
        self.init([:], default: response)
    }

    /// Answers every request with whatever `handler` returns or throws.
    public convenience init(_ handler: @escaping MockResponse.Handler) {
        self.init([:], default: MockResponse(handler))
    }

    /// Sets (or replaces) the answer for an operation.
    public func respond(to operationID: String, with response: MockResponse) {
        routes.withLock { $0[operationID] = response }
    }

    /// Every request sent so far, in order.
    public var requests: [HTTPRequest] {
        recorded.current
    }

    /// The most recent request, or nil before the first.
    public var lastRequest: HTTPRequest? {
        requests.last
    }

    /// The requests sent for one operation, in order.
    public func requests(for operationID: String) -> [HTTPRequest] {
        requests.filter { $0.operationID == operationID }
    }

    /// Forgets recorded requests (answers stay).
    public func reset() {
        recorded.withLock { $0.removeAll() }
    }

    /// Records `request`, then answers with the response for its operationId, or the default one.
    ///
    /// Throws `CancellationError` when the calling task is cancelled, and whatever the chosen
    /// response throws (`.failure`, `.error`).
    public func send(_ request: HTTPRequest) async throws -> (HTTPResponse, Data) {
        recorded.withLock { $0.append(request) }
        try Task.checkCancellation()
        let response = request.operationID.flatMap { id in routes.withLock { $0[id] } } ?? fallback
        return try await response.handler(request)
    }
}

/// One canned answer for `MockTransport`.
public struct MockResponse: Sendable {
    /// Makes the answer to a request, or throws the way a transport would (`URLError`, `CancellationError`).
    public typealias Handler = @Sendable (HTTPRequest) async throws -> (HTTPResponse, Data)

    let handler: Handler

    /// An answer computed from the request, e.g. one that depends on a query item or the body.
    public init(_ handler: @escaping Handler) {
        self.handler = handler
    }

    /// `value` encoded with the client's default JSON encoder (`APIJSON`). An encoding failure is
    /// thrown when the response is used.
    public static func json<Value: Encodable>(_ value: Value, status: Int = 200, headers: HTTPFields = HTTPFields()) -> MockResponse {
        let encoded = Result { try APIJSON.makeEncoder().encode(value) }
        return MockResponse { _ in
            (jsonResponse(status: status, headers: headers), try encoded.get())
        }
    }

    /// JSON written by hand, e.g. to test a malformed or surprising body.
    public static func json(text: String, status: Int = 200, headers: HTTPFields = HTTPFields()) -> MockResponse {
        data(Data(text.utf8), status: status, headers: jsonResponse(status: status, headers: headers).headers)
    }

    /// Raw bytes with the given status and headers; no `Content-Type` is added.
    public static func data(_ data: Data, status: Int = 200, headers: HTTPFields = HTTPFields()) -> MockResponse {
        MockResponse { _ in (HTTPResponse(status: status, headers: headers), data) }
    }

    /// Text as UTF-8 with the given `Content-Type` (plain text by default).
    public static func text(_ text: String, status: Int = 200, contentType: String = "text/plain; charset=utf-8") -> MockResponse {
        data(Data(text.utf8), status: status, headers: ["Content-Type": contentType])
    }

    /// A status with an empty body: `.status(204)`, `.status(404)`.
    public static func status(_ status: Int, headers: HTTPFields = HTTPFields()) -> MockResponse {
        data(Data(), status: status, headers: headers)
    }

    /// A network failure: `.failure(URLError(.notConnectedToInternet))`.
    public static func failure(_ error: URLError) -> MockResponse {
        MockResponse { _ in throw error }
    }

    /// Any error thrown by the transport.
    public static func error(_ error: any Error) -> MockResponse {
        MockResponse { _ in throw error }
    }

    /// Answers with each response in turn, then keeps repeating the last: for retries
    /// (`.sequence([.status(503), .json(pets)])`).
    public static func sequence(_ responses: [MockResponse]) -> MockResponse {
        precondition(!responses.isEmpty, "MockResponse.sequence needs at least one response")
        let next = Locked(0)
        return MockResponse { request in
            let index = next.withLock { index in
                defer { index += 1 }
                return min(index, responses.count - 1)
            }
            return try await responses[index].handler(request)
        }
    }

    /// The same answer after a pause, for loading states and timeouts. The pause ends early with
    /// `CancellationError` when the task is cancelled.
    public func delayed(by seconds: TimeInterval) -> MockResponse {
        MockResponse { request in
            try await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1_000_000_000))
            return try await handler(request)
        }
    }

    private static func jsonResponse(status: Int, headers: HTTPFields) -> HTTPResponse {
        var headers = headers
        if headers["Content-Type"] == nil {
            headers["Content-Type"] = "application/json"
        }
        return HTTPResponse(status: status, headers: headers)
    }
}
