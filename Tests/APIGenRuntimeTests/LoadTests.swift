import APIGenRuntime
import Foundation
import LoopbackServers
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One `APIClient` under load against a loopback server that answers slowly, drops connections
/// and returns 429 and 503 with `Retry-After`: every task gets its value or its error, retries
/// stay within the policy, nothing that is not idempotent is sent twice, cancelled tasks stop at
/// once, and a second round of the same load does not grow the process.
final class LoadTests: XCTestCase {
    private var server: LoopbackServer!

    override func setUpWithError() throws {
        server = try LoopbackServer(script: "fault_server.py")
    }

    override func tearDown() {
        server?.stop()
        server = nil
    }

    private struct Loaded: Decodable, Sendable, Equatable {
        var id: String
        var attempts: Int
    }

    private struct Count: Decodable, Sendable {
        var count: Int
    }

    /// What request `index` meets the first time it arrives, and how it is sent: every eighth
    /// a dropped connection, a 429 or a 503; every third a POST.
    private struct Job: Sendable {
        let id: String
        let fault: String
        let method: HTTPMethod

        init(_ index: Int, round: Int) {
            id = "\(round)-\(index)"
            fault = ["drop", "429", "503"].indices.contains(index % 8) ? ["drop", "429", "503"][index % 8] : "ok"
            method = index % 3 == 0 ? .post : .get
        }

        /// A fault on a GET is retried once; a POST never is.
        var isRetried: Bool { method == .get && fault != "ok" }
    }

    private enum Outcome: Sendable, Equatable {
        case value(attempts: Int)
        case status(Int)
        case transport
        case cancelled
        case other(String)
    }

    private static func outcome(_ job: Job, client: APIClient, delay: Double = 0.02) async -> Outcome {
        var request = Request<Loaded>(method: job.method, path: "/load", operationID: "load", response: .json)
        request.addQuery("id", job.id)
        request.addQuery("fault", job.fault)
        request.addQuery("delay", delay)
        do {
            let loaded = try await client.send(request)
            return loaded.id == job.id ? .value(attempts: loaded.attempts) : .other("answer for \(loaded.id)")
        } catch is CancellationError {
            return .cancelled
        } catch APIError.server(let status, _, _, _) {
            return .status(status)
        } catch APIError.transport {
            return .transport
        } catch {
            return .other(String(describing: error))
        }
    }

    /// What the job must end in: a fault on a GET is retried once (a dropped connection too,
    /// whether the platform calls it a lost connection or a bad response); a POST never is.
    private static func accepts(_ outcome: Outcome, for job: Job) -> Bool {
        switch (job.method, job.fault) {
        case (_, "ok"): return outcome == .value(attempts: 1)
        case (.get, _): return outcome == .value(attempts: 2)
        case (_, "drop"): return outcome == .transport
        default: return outcome == .status(Int(job.fault)!)
        }
    }

    private func attempts(_ id: String) async throws -> Int {
        var request = Request<Count>(method: .get, path: "/count", operationID: "count", response: .json)
        request.addQuery("key", "load-\(id)")
        return try await APIClient(baseURL: server.baseURL, retry: .none).send(request).count
    }

    /// 2 000 requests from 200 tasks, ten each; returns the retries the policy made.
    private func round(_ round: Int, client: APIClient, waits: Recorder<TimeInterval>) async throws -> Int {
        let before = waits.all.count
        let results = await withTaskGroup(of: [(Job, Outcome)].self) { group in
            for task in 0..<200 {
                group.addTask {
                    var results: [(Job, Outcome)] = []
                    for index in (task * 10)..<(task * 10 + 10) {
                        let job = Job(index, round: round)
                        results.append((job, await Self.outcome(job, client: client)))
                    }
                    return results
                }
            }
            var all: [(Job, Outcome)] = []
            for await results in group { all += results }
            return all
        }
        XCTAssertEqual(results.count, 2_000)
        var wrong: [String] = []
        for (job, outcome) in results where !Self.accepts(outcome, for: job) {
            wrong.append("\(job.method) \(job.id) \(job.fault): \(outcome)")
        }
        XCTAssertEqual(wrong, [], "\(wrong.count) requests ended wrongly")
        // The server's count: no POST twice; a GET twice exactly when it ended in its second
        // attempt's answer.
        for (job, outcome) in results where Int(job.id.split(separator: "-")[1])! % 7 == 0 {
            let seen = try await attempts(job.id)
            XCTAssertEqual(seen, outcome == .value(attempts: 2) ? 2 : 1, "\(job.method) \(job.id) \(job.fault): \(outcome)")
        }
        let retried = results.filter { $0.1 == .value(attempts: 2) }.count
        XCTAssertEqual(retried, results.filter { $0.0.isRetried }.count)
        XCTAssertEqual(waits.all.count - before, retried, "one wait before each retry, and no other")
        return retried
    }

    func testTwoThousandRequestsFromTwoHundredTasksEachGetTheirAnswerWithinThePolicy() async throws {
        let waits = Recorder<TimeInterval>()
        let retry = RetryPolicy(maxAttempts: 3, baseDelay: 0.01, maxDelay: 1, jitter: 0) { seconds in
            waits.append(seconds)
            try await RetryPolicy.taskSleep(seconds)
        }
        let client = APIClient(baseURL: server.baseURL, retry: retry, timeout: 30)
        let first = try await round(0, client: client, waits: waits)
        let afterFirst = ResidentMemory.megabytes()
        let second = try await round(1, client: client, waits: waits)
        print("load: 2 × 2 000 requests from 200 tasks, \(first) and \(second) retries, \(waits.all.count) waits")
        // The first round warms caches and pools; the second must not keep anything of its own.
        if let afterFirst, let afterSecond = ResidentMemory.megabytes() {
            print("load: resident memory \(afterFirst) MB after the first round, \(afterSecond) MB after the second")
            XCTAssertLessThan(afterSecond - afterFirst, 40, "resident memory grew from \(afterFirst) MB to \(afterSecond) MB")
        }
        // Every wait the policy asked for is the server's Retry-After (0) or the first backoff.
        XCTAssertEqual(Set(waits.all).subtracting([0, 0.01]), [])
    }

    func testCancellingHalfTheTasksCancelsTheirRequestsAndTheOthersFinish() async throws {
        let client = APIClient(baseURL: server.baseURL, retry: .none, timeout: 30)
        let tasks = (0..<100).map { index in
            Task { await Self.outcome(Job(index * 8 + 3, round: 9), client: client, delay: 0.5) }
        }
        try await Task.sleep(nanoseconds: 200_000_000)
        let cancelledAt = Date()
        for (index, task) in tasks.enumerated() where index % 2 == 0 { task.cancel() }
        var cancelled: [Outcome] = []
        for (index, task) in tasks.enumerated() where index % 2 == 0 { cancelled.append(await task.value) }
        XCTAssertLessThan(Date().timeIntervalSince(cancelledAt), 5, "cancelled requests must not wait for their answers")
        XCTAssertEqual(cancelled, Array(repeating: .cancelled, count: 50))
        for (index, task) in tasks.enumerated() where index % 2 == 1 {
            let outcome = await task.value
            XCTAssertEqual(outcome, .value(attempts: 1), "task \(index)")
        }
    }
}

/// The process's resident memory, from /proc (nil elsewhere).
enum ResidentMemory {
    static func megabytes() -> Int? {
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        let fields = statm.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
    }
}
