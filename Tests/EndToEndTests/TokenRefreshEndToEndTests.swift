import APIGenRuntime
import Foundation
import PetstoreAPI
import XCTest

/// Token refresh against connexion serving Specs/petstore.yaml, whose bearer check rejects a
/// token starting with "expired" with 401: the refresh runs once for every rejected request,
/// each is replayed with the new token, and a failed refresh fails them all readably.
final class TokenRefreshEndToEndTests: XCTestCase {
    /// What each attempt sent and got back, as the middlewares see it.
    private final class Exchanges: Middleware, @unchecked Sendable {
        // Safe: `seen` is only touched while holding `lock`.
        private let lock = NSLock()
        private var seen: [(token: String, status: Int)] = []

        func intercept(
            _ request: HTTPRequest, operationID: String, next: @Sendable (HTTPRequest) async throws -> (HTTPResponse, Data)
        ) async throws -> (HTTPResponse, Data) {
            let exchange = try await next(request)
            let token = request.headers["Authorization"] ?? "none"
            lock.withLock { seen.append((token, exchange.0.status)) }
            return exchange
        }

        var all: [(token: String, status: Int)] {
            lock.withLock { seen }
        }
    }

    private func client(_ tokens: TokenRefresher, _ exchanges: Exchanges) throws -> APIClient {
        let server = try MockServer.shared(spec: "petstore.yaml", pathPrefix: "/v1")
        return APIClient(baseURL: server.baseURL, authentication: .bearer(tokens), middlewares: [exchanges], retry: .none, timeout: 10)
    }

    func testA401ThenSuccessWithOneRefreshForConcurrentRequests() async throws {
        let exchanges = Exchanges()
        let tokens = TokenRefresher(token: "expired-1") { rejected in
            XCTAssertEqual(rejected, "expired-1")
            try await Task.sleep(nanoseconds: 100_000_000)
            return "fresh-2"
        }
        let client = try client(tokens, exchanges)
        let names = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<8 {
                group.addTask { try await client.send(API.showPetByID(petID: 42)).name }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        XCTAssertEqual(names, Array(repeating: "Rex", count: 8))
        let count = await tokens.refreshCount
        XCTAssertEqual(count, 1)
        let seen = exchanges.all
        XCTAssertTrue(seen.contains { $0 == ("Bearer expired-1", 401) }, "the server rejected the old token: \(seen)")
        XCTAssertEqual(seen.filter { $0.token == "Bearer fresh-2" }.map(\.status), Array(repeating: 200, count: 8))
        XCTAssertTrue(seen.allSatisfy { $0.token == "Bearer fresh-2" || $0.status == 401 }, "\(seen)")
    }

    func testAFailedRefreshFailsTheRequestWithTheSessionMessage() async throws {
        struct SignedOutElsewhere: Error {}
        let exchanges = Exchanges()
        let tokens = TokenRefresher(token: "expired-3") { _ in throw SignedOutElsewhere() }
        let client = try client(tokens, exchanges)
        let error = try await apiError { _ = try await client.send(API.showPetByID(petID: 42)) }
        XCTAssertEqual(error?.status, 401)
        XCTAssertEqual(error?.userMessage, UserMessages().sessionExpired)
        XCTAssertEqual(exchanges.all.map(\.status), [401], "nothing replayed without a token")
    }
}
