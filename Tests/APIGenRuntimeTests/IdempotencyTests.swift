import APIGenRuntime
import Foundation
import LoopbackServers
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A `POST` that carries an idempotency key is retried like a `GET`, with the same key, so a
/// payment whose answer was lost is taken once, not twice.
final class IdempotencyTests: XCTestCase {
    private struct Payment: Decodable, Sendable {
        var id: String
        var key: String
        var attempts: Int
    }

    private struct Count: Decodable, Sendable {
        var count: Int
    }

    private func payment(_ tag: String, key: String? = nil) -> Request<Payment> {
        var request = Request<Payment>(method: .post, path: "/payments", operationID: "createPayment", response: .json)
        request.addQuery("key", tag)
        request.addIdempotencyKey("Idempotency-Key", key)
        request.body = .json(["amount": 100])
        return request
    }

    private func fastRetries() -> RetryPolicy {
        RetryPolicy(maxAttempts: 3, baseDelay: 0.01, maxDelay: 0.05, jitter: 0)
    }

    func testALostAnswerIsRetriedWithTheSameKeyAndChargedOnce() async throws {
        let server = try LoopbackServer(script: "fault_server.py")
        defer { server.stop() }
        let client = APIClient(baseURL: server.baseURL, transport: URLSessionTransport(), retry: fastRetries(), timeout: 5)
        let paid = try await client.send(payment("lost"))
        XCTAssertEqual(paid.attempts, 2, "the first answer was dropped; the retry got the stored payment")
        XCTAssertFalse(paid.key.isEmpty)
        func count(_ key: String) async throws -> Int {
            var request = Request<Count>(method: .get, path: "/count", operationID: "count", response: .json)
            request.addQuery("key", key)
            return try await client.send(request).count
        }
        let charges = try await count("charges-lost")
        XCTAssertEqual(charges, 1, "one payment for two requests")

        // Another send is another payment: another key.
        let second = try await client.send(payment("lost"))
        XCTAssertNotEqual(second.key, paid.key)
        XCTAssertNotEqual(second.id, paid.id)
        let chargesAfter = try await count("charges-lost")
        XCTAssertEqual(chargesAfter, 2)
    }

    func testTheCallersKeyIsSentAndAPostWithoutOneIsNotRetried() async throws {
        let server = try LoopbackServer(script: "fault_server.py")
        defer { server.stop() }
        let client = APIClient(baseURL: server.baseURL, transport: URLSessionTransport(), retry: fastRetries(), timeout: 5)
        let paid = try await client.send(payment("given", key: "order-17"))
        XCTAssertEqual(paid.key, "order-17")

        var plain = Request<Payment>(method: .post, path: "/payments", operationID: "createPayment", response: .json)
        plain.addQuery("key", "plain")
        plain.headers.append("Idempotency-Key", "k-\(UUID().uuidString)")
        let error = await thrownError { try await client.send(plain) }
        XCTAssertNotNil(error, "a POST not marked idempotent is tried once: its lost answer stays an error")
    }

    func testTheKeyIsMadeOncePerSend() async throws {
        let keys = Recorder<String>()
        let transport = MockTransport { request in
            keys.append(request.headers["Idempotency-Key"] ?? "")
            if keys.all.count == 1 { throw URLError(.networkConnectionLost) }
            return (HTTPResponse(status: 200, headers: ["Content-Type": "application/json"]), Data(#"{"id":"pay_1","key":"k","attempts":2}"#.utf8))
        }
        let client = APIClient(baseURL: testBaseURL, transport: transport, retry: fastRetries())
        _ = try await client.send(payment("mock"))
        XCTAssertEqual(keys.all.count, 2)
        XCTAssertEqual(Set(keys.all).count, 1, "one key for the request and its retry")
        XCTAssertEqual(keys.all.first?.count, 36, "a UUID")
    }
}
