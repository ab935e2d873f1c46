import APIGenRuntime
import Foundation
import XCTest

/// `TokenRefresher`: a 401 to a bearer request refreshes the token once for everyone, requests
/// that start meanwhile wait for it, and a failed refresh fails them all with a readable message.
final class TokenRefreshTests: XCTestCase {
    private static let bearer = SecurityScheme(name: "bearerAuth", kind: .bearer)

    private static func secured(_ id: Int = 1) -> Request<TestPet> {
        var request = Request<TestPet>.pet(id)
        request.security = [[Self.bearer]]
        return request
    }

    /// A server that accepts only `Bearer <accepted>`, recording every Authorization it saw.
    private func server(accepting accepted: String, seen: Recorder<String>) -> MockTransport {
        MockTransport { request in
            let authorization = request.headers["Authorization"] ?? "none"
            seen.append(authorization)
            guard authorization == "Bearer \(accepted)" else {
                return (HTTPResponse(status: 401), Data(#"{"message": "The token expired."}"#.utf8))
            }
            return (HTTPResponse(status: 200), Data(#"{"id": 1, "name": "Rex"}"#.utf8))
        }
    }

    func testA401RefreshesOnceAndReplaysWithTheNewToken() async throws {
        let seen = Recorder<String>()
        let rejected = Recorder<String?>()
        let tokens = TokenRefresher(token: "stale") { old in
            rejected.append(old)
            return "fresh"
        }
        let client = APIClient(baseURL: testBaseURL, transport: server(accepting: "fresh", seen: seen), authentication: .bearer(tokens))
        let pet = try await client.send(Self.secured())
        XCTAssertEqual(pet.name, "Rex")
        XCTAssertEqual(seen.all, ["Bearer stale", "Bearer fresh"])
        XCTAssertEqual(rejected.all, ["stale"])
        // The new token is kept: the next request goes out with it at once.
        _ = try await client.send(Self.secured())
        XCTAssertEqual(seen.all.last, "Bearer fresh")
        XCTAssertEqual(seen.all.count, 3)
        let count = await tokens.refreshCount
        XCTAssertEqual(count, 1)
    }

    func testConcurrentRejectionsShareOneRefresh() async throws {
        let seen = Recorder<String>()
        let tokens = TokenRefresher(token: "stale") { _ in
            try await Task.sleep(nanoseconds: 50_000_000)
            return "fresh"
        }
        let client = APIClient(baseURL: testBaseURL, transport: server(accepting: "fresh", seen: seen), authentication: .bearer(tokens))
        let names = try await withThrowingTaskGroup(of: String.self) { group in
            for id in 1...40 {
                group.addTask { try await client.send(Self.secured(id)).name }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        XCTAssertEqual(names.count, 40)
        let count = await tokens.refreshCount
        XCTAssertEqual(count, 1, "one refresh for every request rejected while it ran")
        let sent = seen.all
        XCTAssertEqual(sent.filter { $0 == "Bearer fresh" }.count, 40, "each request was answered once with the new token")
        XCTAssertLessThanOrEqual(sent.filter { $0 == "Bearer stale" }.count, 40)
    }

    func testARequestStartedDuringTheRefreshWaitsForIt() async throws {
        let seen = Recorder<String>()
        let (gate, open) = AsyncStream<Void>.makeStream()
        let started = expectation(description: "the refresh started")
        let tokens = TokenRefresher(token: "stale") { _ in
            started.fulfill()
            for await _ in gate { break }
            return "fresh"
        }
        let client = APIClient(baseURL: testBaseURL, transport: server(accepting: "fresh", seen: seen), authentication: .bearer(tokens))
        async let first = client.send(Self.secured(1))
        await fulfillment(of: [started], timeout: 10)
        async let second = client.send(Self.secured(2))
        // The second request is queued behind the refresh: nothing more goes out meanwhile.
        try await Task.sleep(nanoseconds: 100_000_000)
        XCTAssertEqual(seen.all, ["Bearer stale"])
        open.yield()
        _ = try await (first, second)
        XCTAssertEqual(seen.all.filter { $0 == "Bearer stale" }.count, 1, "the queued request never went out with the stale token")
        XCTAssertEqual(seen.all.filter { $0 == "Bearer fresh" }.count, 2)
    }

    func testAFailedRefreshFailsEveryWaitingRequestReadably() async throws {
        let seen = Recorder<String>()
        struct RefreshRejected: Error {}
        let tokens = TokenRefresher(token: "stale") { _ in
            try await Task.sleep(nanoseconds: 30_000_000)
            throw RefreshRejected()
        }
        let client = APIClient(baseURL: testBaseURL, transport: server(accepting: "fresh", seen: seen), authentication: .bearer(tokens))
        let errors = await withTaskGroup(of: (any Error)?.self) { group in
            for id in 1...10 {
                group.addTask {
                    do {
                        _ = try await client.send(Self.secured(id))
                        return nil
                    } catch {
                        return error
                    }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        XCTAssertEqual(errors.count, 10)
        for error in errors {
            guard let error = error as? APIError, case .server(401, let reason, _, _) = error else {
                return XCTFail("expected a 401 APIError, got \(String(describing: error))")
            }
            XCTAssertEqual(reason, UserMessages().sessionExpired)
            XCTAssertEqual(error.userMessage, "Your session has expired. Please sign in again.")
        }
        let count = await tokens.refreshCount
        XCTAssertEqual(count, 1)
        XCTAssertFalse(seen.all.contains("Bearer fresh"))
    }

    func testA401ToTheNewTokenIsTheAnswerNotALoop() async throws {
        let seen = Recorder<String>()
        let tokens = TokenRefresher(token: "stale") { _ in "also-rejected" }
        let client = APIClient(baseURL: testBaseURL, transport: server(accepting: "never", seen: seen), authentication: .bearer(tokens))
        let error = await thrownError { try await client.send(Self.secured()) }
        XCTAssertEqual((error as? APIError)?.status, 401)
        XCTAssertEqual((error as? APIError)?.userMessage, "The token expired.")
        XCTAssertEqual(seen.all, ["Bearer stale", "Bearer also-rejected"])
        let count = await tokens.refreshCount
        XCTAssertEqual(count, 1)
    }

    func testSignedOutAsksForATokenAndOtherSchemesAreNotRefreshed() async throws {
        let seen = Recorder<String>()
        let tokens = TokenRefresher(token: nil) { rejected in
            XCTAssertNil(rejected)
            return "fresh"
        }
        let client = APIClient(baseURL: testBaseURL, transport: server(accepting: "fresh", seen: seen), authentication: .bearer(tokens))
        _ = try await client.send(Self.secured())
        XCTAssertEqual(seen.all, ["none", "Bearer fresh"])

        // An operation without a bearer scheme: its 401 is the answer.
        var open = Request<TestPet>.pet()
        open.security = []
        await tokens.setToken("stale")
        let error = await thrownError { try await client.send(open) }
        XCTAssertEqual((error as? APIError)?.status, 401)
        let count = await tokens.refreshCount
        XCTAssertEqual(count, 1)
    }

    func testTheProviderIsGivenTheOperationsScopes() async throws {
        let scopes = Recorder<[String]>()
        let client = APIClient(
            baseURL: testBaseURL, transport: MockTransport(.json(text: #"{"id": 1, "name": "Rex"}"#)),
            authentication: .combined(.bearer(scoped: { requested in
                scopes.append(requested)
                return "token-for-\(requested.joined(separator: "+"))"
            })))
        var request = Request<TestPet>.pet()
        request.security = [[SecurityScheme(name: "oauth", kind: .bearer).scoped(["pets:read", "pets:write"])]]
        let sent = try await client.makeHTTPRequest(request)
        XCTAssertEqual(sent.headers["Authorization"], "Bearer token-for-pets:read+pets:write")
        XCTAssertEqual(scopes.all, [["pets:read", "pets:write"]])
    }
}
