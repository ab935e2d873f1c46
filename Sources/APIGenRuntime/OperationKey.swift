import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One operation of a generated client, typed by what its request decodes: the generated
/// `API.Operation.showPetByID` is an `OperationKey<Pet>`. `MockTransport` and
/// `APIClient.preview` take it for canned answers, so a test names the operation as the app's
/// code does, and a body of another type does not compile.
public struct OperationKey<Response>: Hashable, Sendable {
    /// The spec's operationId, which requests carry (`HTTPRequest.operationID`).
    public let operationID: String

    /// The key of the operation with `operationID`; generated clients declare one per operation.
    public init(_ operationID: String) {
        self.operationID = operationID
    }
}

/// A canned answer for an operation whose response is `Response`: `.json(_:)` takes a
/// `Response` only; the rest are `MockResponse`'s answers.
public struct CannedResponse<Response>: Sendable {
    /// The answer, untyped.
    public let response: MockResponse

    /// Any `MockResponse` (`.delayed(by:)`, `.text`, a closure) as this operation's answer.
    public init(_ response: MockResponse) {
        self.response = response
    }

    /// `value`, encoded with the client's default JSON encoder.
    public static func json(_ value: Response, status: Int = 200, headers: HTTPFields = HTTPFields()) -> Self
    where Response: Encodable {
        Self(.json(value, status: status, headers: headers))
    }

    /// JSON written by hand, e.g. to test a malformed or surprising body.
    public static func json(text: String, status: Int = 200, headers: HTTPFields = HTTPFields()) -> Self {
        Self(.json(text: text, status: status, headers: headers))
    }

    /// A status with an empty body: `.status(204)`, `.status(404)`.
    public static func status(_ status: Int, headers: HTTPFields = HTTPFields()) -> Self {
        Self(.status(status, headers: headers))
    }

    /// A network failure: `.failure(URLError(.notConnectedToInternet))`.
    public static func failure(_ error: URLError) -> Self {
        Self(.failure(error))
    }

    /// Each answer in turn, then the last again: for retries.
    public static func sequence(_ answers: [Self]) -> Self {
        Self(.sequence(answers.map(\.response)))
    }
}

/// One operation's canned answer, for `MockTransport(_:)` and `APIClient.preview(_:)`:
/// `.answer(API.Operation.showPetByID, .json(Pet.sample))`.
public struct MockRoute: Sendable {
    let operationID: String
    let response: MockResponse

    /// `answer` for `operation`.
    public static func answer<Response>(_ operation: OperationKey<Response>, _ answer: CannedResponse<Response>) -> MockRoute {
        MockRoute(operationID: operation.operationID, response: answer.response)
    }

    /// The answers by operationId, as the untyped spellings take them; a later route wins.
    static func byOperationID(_ routes: [MockRoute]) -> [String: MockResponse] {
        Dictionary(routes.map { ($0.operationID, $0.response) }, uniquingKeysWith: { _, last in last })
    }
}

extension MockTransport {
    /// Answers each listed operation as its route says; the others get `fallback` (a 404).
    public convenience init(routes: [MockRoute], default fallback: MockResponse = .status(404)) {
        self.init(MockRoute.byOperationID(routes), default: fallback)
    }

    /// Sets (or replaces) the answer for an operation.
    public func respond<Response>(to operation: OperationKey<Response>, with answer: CannedResponse<Response>) {
        respond(to: operation.operationID, with: answer.response)
    }

    /// The requests sent for one operation, in order.
    public func requests<Response>(for operation: OperationKey<Response>) -> [HTTPRequest] {
        requests(for: operation.operationID)
    }
}

extension APIClient {
    /// A client that answers the listed operations from memory, as `preview(_:delay:)` does, with
    /// typed answers: `.preview(routes: [.answer(API.Operation.listPets, .json(Pet.samples))])`.
    public static func preview(routes: [MockRoute], delay: TimeInterval = 0) -> APIClient {
        preview(MockRoute.byOperationID(routes), delay: delay)
    }
}
