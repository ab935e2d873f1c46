import Foundation

/// A streamed response body, one decoded element at a time as the bytes arrive: the events of
/// `text/event-stream`, the items of JSON Lines or of a JSON text sequence.
///
/// ```swift
/// for try await event in try await client.send(API.streamChat(body: prompt)) {
///     print(event.data.delta)
/// }
/// ```
///
/// An event stream reconnects after a dropped connection, sending the last event id as
/// `Last-Event-ID` and waiting the server's `retry:` delay, up to
/// ``ServerSentEventOptions/maxReconnects`` times in a row; a JSON Lines stream reports the
/// drop as `APIError.transport`. Cancelling the task that iterates, or leaving the loop, cancels
/// the HTTP request. Elements are decoded with the client's JSON decoder, so its date rules
/// apply. A stream is iterated once: a second iteration throws `APIError.invalidRequest`.
public struct ResponseStream<Element: Sendable>: AsyncSequence, Sendable {
    private let connection: StreamConnection
    private let framing: StreamFraming<Element>

    init(connection: StreamConnection, framing: StreamFraming<Element>) {
        self.connection = connection
        self.framing = framing
    }

    /// The iterator that reads the connection; there is one per stream.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(connection: connection, framing: framing)
    }

    /// Reads, frames and decodes the stream's bytes, reconnecting an event stream when it drops.
    public struct AsyncIterator: AsyncIteratorProtocol {
        private enum Reader {
            case events(ServerSentEventParser)
            case records(RecordSplitter)
        }

        private let connection: StreamConnection
        private let framing: StreamFraming<Element>
        private let decoder: JSONDecoder
        private var chunks: ResponseChunks.AsyncIterator?
        private var reader: Reader
        private var events: [ServerSentEvent<String>] = []
        private var records: [Data] = []
        private var nextIndex = 0
        private var isFinished = false
        private var failedReconnects = 0
        private let isRepeatedIteration: Bool

        init(connection: StreamConnection, framing: StreamFraming<Element>) {
            self.connection = connection
            self.framing = framing
            decoder = connection.makeDecoder()
            chunks = connection.takeChunks()?.makeAsyncIterator()
            isRepeatedIteration = chunks == nil
            switch framing {
            case .events: reader = .events(ServerSentEventParser())
            case .records(let separator, _): reader = .records(RecordSplitter(separator: separator))
            }
        }

        /// The next element; nil once the stream has ended.
        ///
        /// Throws `APIError.decoding` for an element that does not decode, `APIError.transport`
        /// when the connection drops (for an event stream, once its reconnections are used up),
        /// `APIError.server` when a reconnection is refused, and `CancellationError` when the
        /// iterating task is cancelled.
        public mutating func next() async throws -> Element? {
            if isRepeatedIteration, !isFinished {
                isFinished = true
                throw APIError.invalidRequest("A response stream can be iterated only once")
            }
            while true {
                if let element = try decodeReady() {
                    return element
                }
                if isFinished {
                    chunks = nil
                    return nil
                }
                do {
                    if let chunk = try await chunks?.next() {
                        read(chunk)
                    } else {
                        try Task.checkCancellation()
                        endOfBody()
                    }
                } catch {
                    try await recover(from: error)
                }
            }
        }

        /// Decodes the next framed item, if one is waiting; a terminator event ends the stream.
        private mutating func decodeReady() throws -> Element? {
            switch framing {
            case .events(let options, let decode):
                guard nextIndex < events.count else { return nil }
                let event = events[nextIndex]
                nextIndex += 1
                failedReconnects = 0
                if let terminator = options.terminator, event.data == terminator {
                    finish()
                    return nil
                }
                return try Self.decoded(Data(event.data.utf8)) { try decode(event, decoder) }
            case .records(_, let decode):
                guard nextIndex < records.count else { return nil }
                let record = records[nextIndex]
                nextIndex += 1
                return try Self.decoded(record) { try decode(record, decoder) }
            }
        }

        private static func decoded(_ body: @autoclosure () -> Data, _ decode: () throws -> Element) throws -> Element {
            do {
                return try decode()
            } catch let error as APIError {
                throw error
            } catch {
                throw APIError.decoding(DecodingFailure(error, body: body()))
            }
        }

        private mutating func read(_ chunk: Data) {
            events.removeSubrange(..<Swift.min(nextIndex, events.count))
            records.removeSubrange(..<Swift.min(nextIndex, records.count))
            nextIndex = 0
            switch reader {
            case .events(var parser):
                parser.feed(chunk, into: &events)
                reader = .events(parser)
            case .records(var splitter):
                splitter.feed(chunk, into: &records)
                reader = .records(splitter)
            }
        }

        private mutating func endOfBody() {
            if case .records(var splitter) = reader {
                splitter.finish(into: &records)
                reader = .records(splitter)
            }
            isFinished = true
        }

        /// Drops the connection, which cancels its request.
        private mutating func finish() {
            isFinished = true
            chunks = nil
        }

        /// Reconnects an event stream after a dropped connection, or throws what ended it.
        private mutating func recover(from error: any Error) async throws {
            chunks = nil
            var failure = error
            while true {
                if failure is CancellationError || Task.isCancelled {
                    finish()
                    throw CancellationError()
                }
                guard case .events(let options, _) = framing, case .events(var parser) = reader, Self.isDrop(failure),
                    failedReconnects < options.maxReconnects
                else {
                    finish()
                    throw APIClient.apiError(failure)
                }
                failedReconnects += 1
                parser.discardPartialEvent()
                reader = .events(parser)
                let delay = parser.reconnectionTime.map { TimeInterval($0) / 1000 } ?? options.reconnectDelay
                do {
                    try await connection.sleep(delay)
                    guard let reopened = try await connection.reopen(parser.lastEventID) else {
                        finish()
                        return
                    }
                    chunks = reopened.makeAsyncIterator()
                    return
                } catch {
                    failure = error
                }
            }
        }

        /// A connection that dropped or could not be made, which a reconnection may mend.
        private static func isDrop(_ error: any Error) -> Bool {
            switch error {
            case let error as URLError: return error.code != .cancelled
            case APIError.transport(let error): return error.code != .cancelled
            default: return false
            }
        }
    }
}

/// How a stream's bytes are cut and each piece decoded.
enum StreamFraming<Element>: Sendable {
    case events(ServerSentEventOptions, decode: @Sendable (ServerSentEvent<String>, JSONDecoder) throws -> Element)
    case records(separator: UInt8, decode: @Sendable (Data, JSONDecoder) throws -> Element)
}

/// The connection behind a `ResponseStream`: the first response's bytes, and how to open the
/// stream again after it drops.
final class StreamConnection: Sendable {
    /// Opens the request again with the given `Last-Event-ID`; nil when the server answers that
    /// there is nothing more (204).
    typealias Reopen = @Sendable (_ lastEventID: String?) async throws -> ResponseChunks?

    private let first: Locked<ResponseChunks?>
    let makeDecoder: @Sendable () -> JSONDecoder
    let sleep: RetryPolicy.Sleep
    let reopen: Reopen

    init(
        first: ResponseChunks, makeDecoder: @escaping @Sendable () -> JSONDecoder, sleep: @escaping RetryPolicy.Sleep,
        reopen: @escaping Reopen
    ) {
        self.first = Locked(first)
        self.makeDecoder = makeDecoder
        self.sleep = sleep
        self.reopen = reopen
    }

    /// A connection that is the whole of `body`, received already, and never reopens.
    convenience init(body: Data, decoder: JSONDecoder) {
        self.init(first: .whole(body), makeDecoder: { decoder }, sleep: RetryPolicy.taskSleep, reopen: { _ in nil })
    }

    /// The first response's bytes, to the one iterator that reads them.
    func takeChunks() -> ResponseChunks? {
        first.withLock { first in
            defer { first = nil }
            return first
        }
    }
}

extension ResponseBody {
    /// The stream when the client sends the request; the whole body, already received, when
    /// `decode` is called directly (a mock or preview answer).
    private init<Element>(framing: StreamFraming<Element>) where Response == ResponseStream<Element> {
        self.init(
            decode: { _, body, decoder in ResponseStream(connection: StreamConnection(body: body, decoder: decoder), framing: framing) },
            openStream: { connection in ResponseStream(connection: connection, framing: framing) }
        )
    }

    /// `text/event-stream` whose events' data is JSON of `Payload` (or the text itself for
    /// `String`).
    public static func serverSentEvents<Payload: Decodable & Sendable>(
        of payload: Payload.Type = Payload.self, options: ServerSentEventOptions = .default
    ) -> ResponseBody<ResponseStream<ServerSentEvent<Payload>>> {
        ResponseBody<ResponseStream<ServerSentEvent<Payload>>>(
            framing: .events(options) { event, decoder in
                let data: Payload
                if let text = event.data as? Payload {
                    data = text
                } else {
                    data = try decoder.decode(Payload.self, from: Data(event.data.utf8))
                }
                return ServerSentEvent(event: event.event, id: event.id, retry: event.retry, data: data)
            })
    }

    /// `text/event-stream` whose schema describes the whole event (`event`, `id`, `retry` and
    /// `data` properties, as OpenAPI 3.2's `itemSchema` does): each event is decoded as `Event`
    /// from an object of its fields, with `data` as JSON when it is JSON and as a string if not.
    public static func serverSentEventObjects<Event: Decodable & Sendable>(
        of event: Event.Type = Event.self, options: ServerSentEventOptions = .default
    ) -> ResponseBody<ResponseStream<Event>> {
        ResponseBody<ResponseStream<Event>>(
            framing: .events(options) { event, decoder in
                // Data that is JSON goes in as JSON, unless the schema says it is a string.
                let isJSON = (try? decoder.decode(JSONValue.self, from: Data(event.data.utf8))) != nil
                do {
                    return try decoder.decode(Event.self, from: EventObject.json(of: event, dataAsJSON: isJSON))
                } catch  where isJSON {
                    guard let asText = try? decoder.decode(Event.self, from: EventObject.json(of: event, dataAsJSON: false)) else {
                        throw error
                    }
                    return asText
                }
            })
    }

    /// JSON Lines (`application/jsonl`, `application/x-ndjson`): one `Item` per line.
    public static func jsonLines<Item: Decodable & Sendable>(of item: Item.Type = Item.self) -> ResponseBody<ResponseStream<Item>> {
        ResponseBody<ResponseStream<Item>>(
            framing: .records(separator: 0x0A) { record, decoder in try decoder.decode(Item.self, from: record) })
    }

    /// A JSON text sequence (`application/json-seq`, RFC 7464): one `Item` per record.
    public static func jsonSequence<Item: Decodable & Sendable>(of item: Item.Type = Item.self) -> ResponseBody<ResponseStream<Item>> {
        ResponseBody<ResponseStream<Item>>(
            framing: .records(separator: 0x1E) { record, decoder in try decoder.decode(Item.self, from: record) })
    }
}

/// An event as the JSON object an event schema describes.
private enum EventObject {
    /// `dataAsJSON` only when the data is one JSON value, so it can never add members of its own.
    static func json(of event: ServerSentEvent<String>, dataAsJSON: Bool) -> Data {
        var members: [String] = []
        if let name = event.event {
            members.append(#""event":"# + quoted(name))
        }
        if let id = event.id {
            members.append(#""id":"# + quoted(id))
        }
        if let retry = event.retry {
            members.append(#""retry":\#(retry)"#)
        }
        members.append(#""data":"# + (dataAsJSON ? event.data : quoted(event.data)))
        return Data(("{" + members.joined(separator: ",") + "}").utf8)
    }

    private static func quoted(_ text: String) -> String {
        String(decoding: (try? JSONEncoder().encode(text)) ?? Data(#""""#.utf8), as: UTF8.self)
    }
}
