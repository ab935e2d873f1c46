import APIGenRuntime
import Foundation
import LoopbackServers
import StreamsAPI
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The client generated from `Specs/streams.yaml` against `Tests/Support/stream_server.py`,
/// through `URLSessionTransport`: events and lines decoded as they arrive, a dropped connection
/// resumed with `Last-Event-ID`, `[DONE]`, and cancellation that reaches the server.
final class StreamingEndToEndTests: XCTestCase {
    private var server: LoopbackServer!

    override func setUpWithError() throws {
        server = try LoopbackServer(script: "stream_server.py")
    }

    override func tearDown() {
        server?.stop()
        server = nil
    }

    private struct ServerLog: Decodable, Sendable {
        var connections: [String?]
        var closed: Bool
    }

    private var client: APIClient {
        APIClient(baseURL: server.baseURL, retry: RetryPolicy(maxAttempts: 1), timeout: 10)
    }

    private func log(_ key: String) async throws -> ServerLog {
        try await Self.log(key, client: client)
    }

    private static func log(_ key: String, client: APIClient) async throws -> ServerLog {
        var request = Request<ServerLog>(method: .get, path: "/log", operationID: "log", response: .json)
        request.addQuery("key", key)
        return try await client.send(request)
    }

    /// Runs `body` with a minute's guard, so a client that waited for a body that never ends
    /// fails instead of hanging the suite.
    private func guarded<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) async throws -> T {
        try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask { try await body() }
            group.addTask {
                try await Task.sleep(nanoseconds: 60_000_000_000)
                return nil
            }
            defer { group.cancelAll() }
            guard let result = try await group.next(), let value = result else {
                throw StreamTimedOut()
            }
            return value
        }
    }

    func testEventsDecodeTheirDataWithTheClientsDateRules() async throws {
        let client = client
        let events = try await guarded {
            var events: [ServerSentEvent<JobStep>] = []
            for try await event in try await client.send(API.watchProgress(key: "plain", count: 3)) {
                events.append(event)
            }
            return events
        }
        XCTAssertEqual(events.map(\.data.step), [1, 2, 3])
        XCTAssertEqual(events.map(\.id), ["1", "2", "3"])
        XCTAssertEqual(events.map(\.event), ["step", "step", "step"])
        XCTAssertEqual(events.first?.retry, 50)
        XCTAssertEqual(events.last?.data.at, ISO8601DateFormatter().date(from: "2026-12-03T10:00:03Z"))
    }

    func testADroppedConnectionResumesAfterTheLastEventID() async throws {
        let client = client
        let steps = try await guarded {
            var steps: [Int] = []
            for try await event in try await client.send(API.watchProgress(key: "drop", count: 5, dropAfter: 2)) {
                steps.append(event.data.step)
            }
            return steps
        }
        // Step 3 was half sent when the connection dropped: it arrives once, after the resume.
        XCTAssertEqual(steps, [1, 2, 3, 4, 5])
        let seen = try await log("drop")
        XCTAssertEqual(seen.connections, [nil, "2"])
    }

    func testNoContentOnReconnectionEndsTheStreamCleanly() async throws {
        let client = client
        var endsWithNoContent = API.watchProgress(key: "stop", count: 5, dropAfter: 1)
        endsWithNoContent.query.append((name: "then", value: "204"))
        let request = endsWithNoContent
        let steps = try await guarded {
            var steps: [Int] = []
            for try await event in try await client.send(request) {
                steps.append(event.data.step)
            }
            return steps
        }
        XCTAssertEqual(steps, [1])
        let connections = try await log("stop").connections
        XCTAssertEqual(connections, [nil, "1"])
    }

    func testTheTerminatorEndsTheStreamWhileTheConnectionIsStillOpen() async throws {
        let client = client
        let reply = try await guarded {
            var text = ""
            for try await chunk in try await client.send(API.createReplyStream(body: ChatRequest(message: "Ann", stream: true))) {
                text += chunk.data.delta
            }
            return text
        }
        XCTAssertEqual(reply, "Hello there, Ann")
        let whole = try await client.send(API.createReply(body: ChatRequest(message: "Ann")))
        XCTAssertEqual(whole.text, "Hello there, Ann")
    }

    func testEventObjectsDecodeFromMultiLineDataCommentsAndCRLF() async throws {
        let client = client
        let events = try await guarded {
            var events: [ConversationEvent] = []
            for try await event in try await client.send(API.followConversation(key: "talk")) {
                events.append(event)
            }
            return events
        }
        XCTAssertEqual(events.map(\.event), [.typing, .message, .done])
        guard events.count == 3, case .message(let message) = events[1].data else {
            return XCTFail("expected typing, a message and done, got \(events)")
        }
        XCTAssertEqual(message.author, "ann")
        XCTAssertEqual(message.text, "hi")
    }

    func testLeavingTheLoopCancelsTheRequest() async throws {
        let client = client
        let ticks = try await guarded {
            var ticks: [String] = []
            for try await tick in try await client.send(API.watchTicks(key: "leave")) {
                ticks.append(tick.data)
                if ticks.count == 3 { break }
            }
            return ticks
        }
        XCTAssertEqual(ticks, ["tick 0", "tick 1", "tick 2"])
        try await assertServerSeesTheClientGo("leave")
    }

    func testCancellingTheTaskCancelsTheRequest() async throws {
        let client = client
        let received = Received()
        let task = Task {
            for try await tick in try await client.send(API.watchTicks(key: "cancel")) {
                received.append(tick.data)
            }
        }
        let deadline = Date().addingTimeInterval(20)
        while received.all.count < 2, Date() < deadline {
            try await Task.sleep(nanoseconds: 20_000_000)
        }
        XCTAssertGreaterThanOrEqual(received.all.count, 2)
        task.cancel()
        let result = await task.result
        XCTAssertThrowsError(try result.get()) { error in
            XCTAssertTrue(error is CancellationError, "expected CancellationError, got \(error)")
        }
        try await assertServerSeesTheClientGo("cancel")
    }

    /// The server notices a closed connection on its next tick's write.
    private func assertServerSeesTheClientGo(_ key: String, file: StaticString = #filePath, line: UInt = #line) async throws {
        try await Self.assertServerSeesTheClientGo(key, client: client, file: file, line: line)
    }

    private static func assertServerSeesTheClientGo(
        _ key: String, client: APIClient, file: StaticString = #filePath, line: UInt = #line
    ) async throws {
        let deadline = Date().addingTimeInterval(20)
        var closed = false
        while !closed, Date() < deadline {
            try await Task.sleep(nanoseconds: 100_000_000)
            closed = try await log(key, client: client).closed
        }
        XCTAssertTrue(closed, "the server kept sending to \(key)", file: file, line: line)
    }

    func testJSONLinesArriveBeforeTheBodyEnds() async throws {
        let client = client
        let baseURL = server.baseURL
        let lines = try await guarded {
            var lines: [LogLine] = []
            for try await line in try await client.send(API.tailLogs(key: "tail", count: 4)) {
                lines.append(line)
                // The server holds the rest of the body until this request: a client that
                // waited for the whole body would never get here.
                if lines.count == 1 {
                    _ = try await URLSession.shared.data(from: baseURL.appendingPathComponent("release").appending(queryItems: [URLQueryItem(name: "key", value: "tail")]))
                }
            }
            return lines
        }
        XCTAssertEqual(lines.map(\.message), ["line 0", "line 1", "line 2", "line 3"])
        XCTAssertEqual(lines.last?.at, ISO8601DateFormatter().date(from: "2026-12-03T10:00:03Z"))
        XCTAssertEqual(lines.first?.level, .info)
    }

    func testJSONTextSequenceRecords() async throws {
        let client = client
        let levels = try await guarded {
            var levels: [LogLine.Level] = []
            for try await record in try await client.send(API.exportRecords()) {
                levels.append(record.level)
            }
            return levels
        }
        XCTAssertEqual(levels, [.debug, .warning, .error])
    }

    func testARefusedStreamIsATypedErrorBeforeAnyEvent() async throws {
        let client = client
        do {
            _ = try await client.send(API.watchProgress(key: "busy"))
            XCTFail("expected a 429")
        } catch {
            XCTAssertEqual(WatchProgressError(error).flatMap { if case .tooManyRequests(let problem) = $0 { problem.detail } else { nil } }, "Three jobs at most")
            XCTAssertEqual(error.userMessage, "Three jobs at most")
        }
    }

    @MainActor
    func testAStreamModelAppendsEventsAsTheyArrive() async throws {
        let model = WatchProgressModel(client: client)
        XCTAssertTrue(model.state.isIdle)
        await model.start(key: "model", count: 4, dropAfter: 2)
        XCTAssertEqual(model.elements.map(\.data.step), [1, 2, 3, 4])
        XCTAssertEqual(model.state.value?.count, 4)
        XCTAssertFalse(model.isStreaming)
        XCTAssertNil(model.streamError)
    }

    @MainActor
    func testStoppingAStreamModelKeepsItsEventsAndCancelsTheRequest() async throws {
        let client = client
        let model = WatchTicksModel(client: client)
        let running = Task { await model.start(key: "stop-model") }
        let deadline = Date().addingTimeInterval(20)
        while model.elements.count < 2, Date() < deadline {
            try await Task.sleep(nanoseconds: 20_000_000)
        }
        model.stop()
        await running.value
        XCTAssertGreaterThanOrEqual(model.elements.count, 2)
        XCTAssertFalse(model.isStreaming)
        XCTAssertNil(model.streamError)
        XCTAssertNil(model.state.error)
        try await Self.assertServerSeesTheClientGo("stop-model", client: client)
    }
}

/// A stream that did not end within the guard's minute.
private struct StreamTimedOut: Error {}

/// What a task received, read from another.
private final class Received: @unchecked Sendable {
    // Safe: `values` is only touched while holding `lock`.
    private let lock = NSLock()
    private var values: [String] = []

    func append(_ value: String) {
        lock.lock()
        values.append(value)
        lock.unlock()
    }

    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return values
    }
}
