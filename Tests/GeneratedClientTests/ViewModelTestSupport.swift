import APIGenRuntime
import Foundation
import Observation
import ObservationRecording
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// Helpers for the tests that drive the generated view models (in Generated/*/Endpoints.swift)
// through `APIClient` + `MockTransport` and watch them the way SwiftUI does.

/// A state as a short word, so transitions read as `["idle", "loading", "loaded"]`.
func stateName<Value>(_ state: Loadable<Value>) -> String {
    switch state {
    case .idle: return "idle"
    case .loading: return "loading"
    case .loaded: return "loaded"
    case .failed(let error): return "failed: \(error.userMessage)"
    }
}

/// Collapses consecutive repeats (an observation may fire for a write that kept the value).
func collapsed<Value: Equatable>(_ values: [Value]) -> [Value] {
    var result: [Value] = []
    for value in values where result.last != value {
        result.append(value)
    }
    return result
}

/// A client on `transport` that never retries, so every answer reaches the model as it is.
func mockClient(_ transport: MockTransport) -> APIClient {
    APIClient(baseURL: URL(string: "https://api.example.com/v1")!, transport: transport, retry: .none)
}

/// The query items of a recorded request, by name (the first of each name).
func query(of request: HTTPRequest?) -> [String: String] {
    guard let request, let items = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems else { return [:] }
    var result: [String: String] = [:]
    for item in items where result[item.name] == nil {
        result[item.name] = item.value ?? ""
    }
    return result
}

/// The JSON body of a recorded request as a `JSONValue`, for comparisons that ignore key order.
func jsonBody(of request: HTTPRequest?, file: StaticString = #filePath, line: UInt = #line) throws -> JSONValue {
    guard let body = request?.body else {
        XCTFail("the request has no body", file: file, line: line)
        throw CancellationError()
    }
    return try JSONDecoder().decode(JSONValue.self, from: body)
}

/// Answers each request with whatever `answer` returns for its query items: for pagers, whose
/// response depends on `page` or `cursor`.
func byQuery(_ answer: @escaping @Sendable ([String: String]) -> MockResponse) -> MockResponse {
    MockResponse { request in
        let (response, data) = try await answer(query(of: request)).send(request)
        return (response, data)
    }
}

extension MockResponse {
    /// Runs this canned answer for `request`.
    func send(_ request: HTTPRequest) async throws -> (HTTPResponse, Data) {
        try await MockTransport(self).send(request)
    }

    /// A 4xx/5xx JSON body `{"message": …}`, the most common error shape.
    static func reason(_ message: String, status: Int = 400) -> MockResponse {
        .json(text: #"{"message": "\#(message)"}"#, status: status)
    }

    static let offline = MockResponse.failure(URLError(.notConnectedToInternet))
}

/// Waits, without blocking the main actor, until `condition` holds; fails after two seconds.
@MainActor
func waitFor(
    _ message: String,
    file: StaticString = #filePath,
    line: UInt = #line,
    _ condition: @MainActor () -> Bool
) async {
    let deadline = Date().addingTimeInterval(2)
    while !condition() {
        if Date() > deadline {
            XCTFail("timed out waiting for \(message)", file: file, line: line)
            return
        }
        try? await Task.sleep(nanoseconds: 1_000_000)
    }
}

/// Messages `Error.userMessage` gives, as `UserMessages` defines them by default.
enum Messages {
    static let unexpected = "The server sent an unexpected response."
    static let offline = "You appear to be offline."
    static let cannotReach = "Can't reach the server."
}
