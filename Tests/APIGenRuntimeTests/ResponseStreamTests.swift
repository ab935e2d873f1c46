import APIGenRuntime
import Foundation
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Answers each `stream` with the next scripted connection: a status and the body's pieces,
/// then a clean end or a dropped connection. Records what was sent.
private final class ScriptedStreamTransport: HTTPTransport, @unchecked Sendable {
    struct Connection {
        var status = 200
        var pieces: [Data]
        var drops = false

        init(status: Int = 200, pieces: [String], drops: Bool = false) {
            self.init(status: status, data: pieces.map { Data($0.utf8) }, drops: drops)
        }

        init(status: Int = 200, data: [Data], drops: Bool = false) {
            self.status = status
            self.pieces = data
            self.drops = drops
        }
    }

    // Safe: both are only touched while holding `lock`.
    private let lock = NSLock()
    private var connections: [Connection]
    private var sent: [HTTPRequest] = []

    init(_ connections: [Connection]) {
        self.connections = connections
    }

    var requests: [HTTPRequest] {
        lock.lock()
        defer { lock.unlock() }
        return sent
    }

    private func take(_ request: HTTPRequest) -> Connection? {
        lock.lock()
        defer { lock.unlock() }
        sent.append(request)
        return connections.isEmpty ? nil : connections.removeFirst()
    }

    func send(_ request: HTTPRequest) async throws -> (HTTPResponse, Data) {
        XCTFail("a streamed request must be streamed, not sent")
        throw URLError(.unsupportedURL)
    }

    func stream(_ request: HTTPRequest) async throws -> (HTTPResponse, ResponseChunks) {
        let next = take(request)
        guard let next else { throw URLError(.cannotConnectToHost) }
        let chunks = ResponseChunks { continuation in
            for piece in next.pieces {
                continuation.yield(piece)
            }
            continuation.finish(throwing: next.drops ? URLError(.networkConnectionLost) : nil)
        }
        return (HTTPResponse(status: next.status, headers: HTTPFields()), chunks)
    }
}

private struct Step: Decodable, Sendable, Equatable {
    var step: Int
    var at: Date?
}

private struct ChatEvent: Decodable, Sendable, Equatable {
    var event: String
    var id: String?
    var data: Message

    struct Message: Decodable, Sendable, Equatable {
        var text: String
    }
}

final class ResponseStreamTests: XCTestCase {
    private func client(_ transport: ScriptedStreamTransport, delays: Recorder<TimeInterval> = Recorder()) -> APIClient {
        APIClient(baseURL: testBaseURL, transport: transport, retry: .instant(delays, maxAttempts: 1))
    }

    private func events<Payload: Decodable & Sendable>(
        _ pieces: [String], as payload: Payload.Type, options: ServerSentEventOptions = .default
    ) async throws -> [ServerSentEvent<Payload>] {
        try await events(pieces.map { Data($0.utf8) }, as: payload, options: options)
    }

    private func events<Payload: Decodable & Sendable>(
        _ pieces: [Data], as payload: Payload.Type, options: ServerSentEventOptions = .default
    ) async throws -> [ServerSentEvent<Payload>] {
        let transport = ScriptedStreamTransport([.init(data: pieces)])
        let request = Request(method: .get, path: "/events", operationID: "events", response: .serverSentEvents(of: payload, options: options))
        var received: [ServerSentEvent<Payload>] = []
        for try await event in try await client(transport).send(request) {
            received.append(event)
        }
        return received
    }

    // MARK: Parsing

    func testEventsAreParsedAsTheStandardSaysWhereverThePiecesAreCut() async throws {
        let body = "\u{FEFF}: a comment\nretry: 2500\nid: 1\nevent: greeting\ndata: first\ndata:  two lines\n\nid: 2\ndata:third\r\n\r\ndata: no id change\r\revent\ndata\n\nevent: empty\n\n"
        let expected = [
            ServerSentEvent(event: "greeting", id: "1", retry: 2500, data: "first\n two lines"),
            ServerSentEvent(event: nil, id: "2", retry: nil, data: "third"),
            ServerSentEvent(event: nil, id: "2", retry: nil, data: "no id change"),
            ServerSentEvent(event: nil, id: "2", retry: nil, data: ""),
        ]
        // Whole, byte by byte, and cut between a CR and its LF.
        let bytes = Data(body.utf8)
        let carriageReturn = bytes.firstIndex(of: 0x0D)! + 1
        let cuts: [[Data]] = [[bytes], bytes.map { Data([$0]) }, [bytes[..<carriageReturn], bytes[carriageReturn...]]]
        for pieces in cuts {
            let received = try await events(pieces, as: String.self)
            XCTAssertEqual(received, expected, "cut into \(pieces.count) pieces")
        }
    }

    func testAnEventTheStreamEndsInTheMiddleOfIsDiscarded() async throws {
        let received = try await events(["data: whole\n\n", "data: half"], as: String.self)
        XCTAssertEqual(received.map(\.data), ["whole"])
    }

    func testDataDecodesWithTheClientsDecoderAndTheTerminatorEndsTheStream() async throws {
        let received = try await events(
            [#"data: {"step": 1, "at": "2026-12-03T10:00:00Z"}"#, "\n\n", "data: [DONE]\n\n", #"data: {"step": 2}"#, "\n\n"], as: Step.self)
        XCTAssertEqual(received.map(\.data), [Step(step: 1, at: Date(timeIntervalSince1970: 1_796_292_000))])
    }

    func testWithoutATerminatorDoneIsData() async throws {
        let received = try await events(["data: [DONE]\n\n"], as: String.self, options: ServerSentEventOptions(terminator: nil))
        XCTAssertEqual(received.map(\.data), ["[DONE]"])
    }

    func testAnEventThatDoesNotDecodeIsADecodingError() async throws {
        let error = await thrownError { try await self.events(["data: {\"step\": \"one\"}\n\n"], as: Step.self) }
        guard case APIError.decoding(let failure)? = error as? APIError else {
            return XCTFail("expected a decoding error, got \(String(describing: error))")
        }
        XCTAssertEqual(failure.path, "step")
    }

    func testEventObjectsDecodeFromTheirFieldsWithDataAsJSON() async throws {
        let transport = ScriptedStreamTransport([.init(pieces: ["event: message\nid: 7\ndata: {\"text\":", "\"hi\"}\n\n"])])
        let request = Request(method: .get, path: "/chat", operationID: "chat", response: .serverSentEventObjects(of: ChatEvent.self))
        var received: [ChatEvent] = []
        for try await event in try await client(transport).send(request) {
            received.append(event)
        }
        XCTAssertEqual(received, [ChatEvent(event: "message", id: "7", data: .init(text: "hi"))])
    }

    func testDataCannotAddMembersToAnEventObject() async throws {
        struct Named: Decodable, Sendable {
            var event: String?
            var data: String
        }
        let transport = ScriptedStreamTransport([.init(pieces: [#"data: "x", "event": "forged""#, "\n\n"])])
        let request = Request(method: .get, path: "/e", operationID: "e", response: .serverSentEventObjects(of: Named.self))
        var received: [Named] = []
        for try await event in try await client(transport).send(request) {
            received.append(event)
        }
        XCTAssertEqual(received.map(\.data), [#""x", "event": "forged""#])
        XCTAssertEqual(received.map(\.event), [nil])
    }

    func testJSONLinesAndJSONSequencesAreFramedAcrossPieces() async throws {
        let lines = ScriptedStreamTransport([.init(pieces: [#"{"step": 1}"#, "\n\n{\"st", "ep\": 2}\r\n", #"{"step": 3}"#])])
        let lineRequest = Request(method: .get, path: "/l", operationID: "l", response: .jsonLines(of: Step.self))
        var steps: [Int] = []
        for try await item in try await client(lines).send(lineRequest) {
            steps.append(item.step)
        }
        XCTAssertEqual(steps, [1, 2, 3])

        let records = ScriptedStreamTransport([.init(pieces: ["\u{1E}{\"step\": 4}\n\u{1E}", "{\"step\":", " 5}\n"])])
        let recordRequest = Request(method: .get, path: "/r", operationID: "r", response: .jsonSequence(of: Step.self))
        steps = []
        for try await item in try await client(records).send(recordRequest) {
            steps.append(item.step)
        }
        XCTAssertEqual(steps, [4, 5])
    }

    // MARK: Connections

    func testADroppedEventStreamReconnectsWithTheLastEventIDAfterTheServersDelay() async throws {
        let transport = ScriptedStreamTransport([
            .init(pieces: ["retry: 250\nid: 1\ndata: one\n\nid: 2\ndata: tw"], drops: true),
            .init(pieces: ["id: 2\ndata: two\n\n"], drops: true),
            .init(pieces: ["id: 3\ndata: three\n\n"]),
        ])
        let delays = Recorder<TimeInterval>()
        let request = Request(method: .get, path: "/e", operationID: "e", response: .serverSentEvents(of: String.self))
        var received: [String] = []
        for try await event in try await client(transport, delays: delays).send(request) {
            received.append(event.data)
        }
        XCTAssertEqual(received, ["one", "two", "three"])
        XCTAssertEqual(transport.requests.map { $0.headers["Last-Event-ID"] }, [nil, "1", "2"])
        XCTAssertEqual(delays.all, [0.25, 0.25])
    }

    func testReconnectionsInARowAreBounded() async throws {
        let transport = ScriptedStreamTransport([
            .init(pieces: ["data: one\n\n"], drops: true),
            .init(pieces: [], drops: true),
            .init(pieces: [], drops: true),
        ])
        let request = Request(
            method: .get, path: "/e", operationID: "e",
            response: .serverSentEvents(of: String.self, options: ServerSentEventOptions(maxReconnects: 2, reconnectDelay: 0.5)))
        var received: [String] = []
        let delays = Recorder<TimeInterval>()
        let error = await thrownError {
            for try await event in try await self.client(transport, delays: delays).send(request) {
                received.append(event.data)
            }
        }
        XCTAssertEqual(received, ["one"])
        XCTAssertEqual(transport.requests.count, 3)
        XCTAssertEqual(delays.all, [0.5, 0.5])
        guard case APIError.transport(let urlError)? = error as? APIError else {
            return XCTFail("expected a transport error, got \(String(describing: error))")
        }
        XCTAssertEqual(urlError.code, .networkConnectionLost)
    }

    func testNoContentOnReconnectionEndsTheStream() async throws {
        let transport = ScriptedStreamTransport([.init(pieces: ["id: 9\ndata: last\n\n"], drops: true), .init(status: 204, pieces: [])])
        let request = Request(method: .get, path: "/e", operationID: "e", response: .serverSentEvents(of: String.self))
        var received: [String] = []
        for try await event in try await client(transport).send(request) {
            received.append(event.data)
        }
        XCTAssertEqual(received, ["last"])
        XCTAssertEqual(transport.requests.count, 2)
    }

    func testJSONLinesDoNotReconnect() async throws {
        let transport = ScriptedStreamTransport([.init(pieces: [#"{"step": 1}"#, "\n"], drops: true), .init(pieces: [#"{"step": 2}"#])])
        let request = Request(method: .get, path: "/l", operationID: "l", response: .jsonLines(of: Step.self))
        var steps: [Int] = []
        let error = await thrownError {
            for try await item in try await self.client(transport).send(request) {
                steps.append(item.step)
            }
        }
        XCTAssertEqual(steps, [1])
        XCTAssertEqual(transport.requests.count, 1)
        guard case APIError.transport? = error as? APIError else {
            return XCTFail("expected a transport error, got \(String(describing: error))")
        }
    }

    func testAnErrorStatusIsAServerErrorWithItsReasonBeforeAnyElement() async throws {
        let transport = ScriptedStreamTransport([.init(status: 429, pieces: [#"{"message": "Slow down"}"#])])
        let request = Request(method: .get, path: "/e", operationID: "e", response: .serverSentEvents(of: String.self))
        let error = await thrownError { try await self.client(transport).send(request) }
        guard case APIError.server(let status, let reason, let body, _)? = error as? APIError else {
            return XCTFail("expected a server error, got \(String(describing: error))")
        }
        XCTAssertEqual(status, 429)
        XCTAssertEqual(reason, "Slow down")
        XCTAssertEqual(String(decoding: body, as: UTF8.self), #"{"message": "Slow down"}"#)
    }

    func testAStreamIsIteratedOnce() async throws {
        let transport = ScriptedStreamTransport([.init(pieces: ["data: one\n\n"])])
        let request = Request(method: .get, path: "/e", operationID: "e", response: .serverSentEvents(of: String.self))
        let stream = try await client(transport).send(request)
        for try await _ in stream {}
        let error = await thrownError {
            for try await _ in stream {}
        }
        guard case APIError.invalidRequest? = error as? APIError else {
            return XCTFail("expected invalidRequest, got \(String(describing: error))")
        }
    }

    func testAMockAnswerIsReadAsAWholeStream() async throws {
        let client = APIClient(baseURL: testBaseURL, transport: MockTransport(.text("data: a\n\ndata: b\n\n", contentType: "text/event-stream")))
        let request = Request(method: .get, path: "/e", operationID: "e", response: .serverSentEvents(of: String.self))
        var received: [String] = []
        for try await event in try await client.send(request) {
            received.append(event.data)
        }
        XCTAssertEqual(received, ["a", "b"])
    }
}
