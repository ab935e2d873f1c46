import APIGenRuntime
import Foundation
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A model as generated code would declare it.
struct TestPet: Codable, Sendable, Equatable {
    var id: Int
    var name: String
}

/// Collects values from concurrent closures (log lines, sleeps) for assertions.
final class Recorder<Value: Sendable>: @unchecked Sendable {
    // Safe: `values` is only touched while holding `lock`.
    private let lock = NSLock()
    private var values: [Value] = []

    func append(_ value: Value) {
        lock.lock()
        values.append(value)
        lock.unlock()
    }

    var all: [Value] {
        lock.lock()
        defer { lock.unlock() }
        return values
    }
}

extension Request where Response == TestPet {
    static func pet(_ id: Int = 1, method: HTTPMethod = .get) -> Request<TestPet> {
        var request = Request(method: method, path: "/pets/\(id)", operationID: "showPet", response: .json)
        request.accept = "application/json"
        return request
    }
}

extension RetryPolicy {
    /// Retries without waiting, recording each requested delay.
    static func instant(_ delays: Recorder<TimeInterval>, maxAttempts: Int = 3) -> RetryPolicy {
        RetryPolicy(maxAttempts: maxAttempts, baseDelay: 0.1, maxDelay: 5, jitter: 0) { seconds in
            delays.append(seconds)
            try Task.checkCancellation()
        }
    }
}

let testBaseURL = URL(string: "https://api.example.com/v1")!

/// Runs `body` and returns the error it threw, failing the test when it did not throw.
func thrownError<T>(
    _ body: () async throws -> T,
    file: StaticString = #filePath,
    line: UInt = #line
) async -> (any Error)? {
    do {
        _ = try await body()
        XCTFail("expected an error", file: file, line: line)
        return nil
    } catch {
        return error
    }
}
