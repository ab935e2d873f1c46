import APIGenRuntime
import Foundation
import Observation
import ObservationRecording
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A short text for a state, so transitions compare as `["idle", "loading", "loaded(2)"]`.
func describe<Value>(_ state: Loadable<Value>) -> String {
    switch state {
    case .idle: return "idle"
    case .loading: return "loading"
    case .loaded(let value): return "loaded(\(value))"
    case .failed(let error): return "failed(\(error.userMessage))"
    }
}

/// Requests as a generated client would build them, for the view-model tests.
enum ViewModelTestAPI {
    static func listPets(offset: Int? = nil, limit: Int? = nil, cursor: String? = nil) -> Request<[TestPet]> {
        var request = Request<[TestPet]>(method: .get, path: "/pets", operationID: "listPets", response: .json)
        request.addQuery("offset", offset)
        request.addQuery("limit", limit)
        request.addQuery("cursor", cursor)
        return request
    }

    static func petPage(cursor: String?) -> Request<PetPage> {
        var request = Request<PetPage>(method: .get, path: "/pets/pages", operationID: "petPages", response: .json)
        request.addQuery("cursor", cursor)
        return request
    }

    static func createPet(name: String) -> Request<TestPet> {
        var request = Request<TestPet>(method: .post, path: "/pets", operationID: "createPet", response: .json)
        request.body = .json(["name": name])
        return request
    }

    static func likePost(id: Int) -> Request<Void> {
        Request<Void>(method: .post, path: "/posts/\(id)/like", operationID: "likePost", response: .empty)
    }
}

/// A cursor-paginated response.
struct PetPage: Codable, Sendable, Equatable {
    var items: [TestPet]
    var next: String?
}

let vmPets = [TestPet(id: 1, name: "Rex"), TestPet(id: 2, name: "Tom")]
let vmOtherPets = [TestPet(id: 3, name: "Kit")]

/// A client on `transport` that never retries, so failures arrive at once.
func viewModelClient(_ transport: MockTransport) -> APIClient {
    APIClient(baseURL: URL(string: "https://api.example.com")!, transport: transport, retry: .none)
}

/// The value of a query item in a recorded request.
func queryValue(_ name: String, in request: HTTPRequest) -> String? {
    URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == name }?.value
}

/// Waits (without blocking the main actor) until `condition` holds, failing after two seconds.
@MainActor
func waitUntil(
    _ message: String = "condition",
    file: StaticString = #filePath,
    line: UInt = #line,
    _ condition: @MainActor () -> Bool
) async {
    let deadline = Date().addingTimeInterval(2)
    while !condition() {
        if Date() > deadline {
            XCTFail("Timed out waiting for \(message)", file: file, line: line)
            return
        }
        try? await Task.sleep(nanoseconds: 2_000_000)
    }
}
