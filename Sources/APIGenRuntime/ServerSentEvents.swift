import Foundation

/// One event of a `text/event-stream` response, its data decoded as `Payload`.
public struct ServerSentEvent<Payload: Sendable>: Sendable {
    /// The `event:` field, nil when the server sent none (a browser calls that `message`).
    public var event: String?
    /// The last `id:` the server sent, on this event or an earlier one: what a reconnection
    /// sends as `Last-Event-ID`.
    public var id: String?
    /// The reconnection delay in milliseconds, when this event's `retry:` field set one.
    public var retry: Int?
    /// The `data:` lines, joined by line breaks and decoded.
    public var data: Payload

    /// Creates an event; the client builds these, so this is for tests and previews.
    public init(event: String? = nil, id: String? = nil, retry: Int? = nil, data: Payload) {
        self.event = event
        self.id = id
        self.retry = retry
        self.data = data
    }
}

extension ServerSentEvent: Equatable where Payload: Equatable {}

/// How a `text/event-stream` response is followed.
public struct ServerSentEventOptions: Sendable {
    /// Reconnections after a dropped connection, in a row without an event between them; each
    /// sends the last event id as `Last-Event-ID`. 0 never reconnects.
    public var maxReconnects: Int
    /// Seconds to wait before reconnecting, until the server sets its own delay with `retry:`.
    public var reconnectDelay: TimeInterval
    /// An event whose data is exactly this ends the stream (OpenAI's `[DONE]`); nil for none.
    public var terminator: String?

    /// Creates the options.
    public init(maxReconnects: Int = 3, reconnectDelay: TimeInterval = 1, terminator: String? = "[DONE]") {
        self.maxReconnects = max(0, maxReconnects)
        self.reconnectDelay = max(0, reconnectDelay)
        self.terminator = terminator
    }

    /// Three reconnections, a second apart unless the server says otherwise; `[DONE]` ends.
    public static var `default`: ServerSentEventOptions { ServerSentEventOptions() }
}

/// Cuts an event stream's bytes into events, as the WHATWG HTML standard's parsing rules say:
/// lines end with CR, LF or CRLF, a blank line dispatches, `:` starts a comment, the first
/// space after a field's colon is dropped, an event without data is not dispatched, and an
/// event the stream ends in the middle of is discarded.
struct ServerSentEventParser {
    private var line: [UInt8] = []
    private var afterCarriageReturn = false
    private var isFirstLine = true
    private var event: String?
    private var data: [UInt8] = []
    private var hasData = false
    private var retry: Int?
    /// The id of the last event dispatched (or blank line reached): what a reconnection sends.
    /// Survives events and reconnections: every later event carries it.
    private(set) var lastEventID: String?
    /// The `id:` seen since, which a dropped connection forgets with its half-received event.
    private var idBuffer: String?
    /// The server's last `retry:`, in milliseconds: applies at once, with or without an event.
    private(set) var reconnectionTime: Int?

    init(lastEventID: String? = nil) {
        self.lastEventID = lastEventID
        self.idBuffer = lastEventID
    }

    /// Parses `chunk`, appending the events it completes to `events`.
    mutating func feed(_ chunk: Data, into events: inout [ServerSentEvent<String>]) {
        for byte in chunk {
            if afterCarriageReturn {
                afterCarriageReturn = false
                if byte == 0x0A { continue }
            }
            switch byte {
            case 0x0A:
                endLine(into: &events)
            case 0x0D:
                afterCarriageReturn = true
                endLine(into: &events)
            default:
                line.append(byte)
            }
        }
    }

    /// Forgets a half-received line and event, as after a dropped connection; the last event
    /// id stays.
    mutating func discardPartialEvent() {
        line.removeAll()
        afterCarriageReturn = false
        isFirstLine = true
        event = nil
        data.removeAll()
        hasData = false
        retry = nil
        idBuffer = lastEventID
    }

    private mutating func endLine(into events: inout [ServerSentEvent<String>]) {
        defer { line.removeAll(keepingCapacity: true) }
        if isFirstLine {
            isFirstLine = false
            if line.starts(with: [0xEF, 0xBB, 0xBF]) {
                line.removeFirst(3)
            }
        }
        guard !line.isEmpty else {
            dispatch(into: &events)
            return
        }
        if line[0] == UInt8(ascii: ":") {
            return
        }
        let colon = line.firstIndex(of: UInt8(ascii: ":")) ?? line.endIndex
        let name = String(decoding: line[..<colon], as: UTF8.self)
        var valueStart = colon < line.endIndex ? colon + 1 : colon
        if valueStart < line.endIndex, line[valueStart] == UInt8(ascii: " ") {
            valueStart += 1
        }
        let value = line[valueStart...]
        switch name {
        case "event":
            event = String(decoding: value, as: UTF8.self)
        case "data":
            if hasData {
                data.append(0x0A)
            }
            data.append(contentsOf: value)
            hasData = true
        case "id":
            if !value.contains(0) {
                idBuffer = String(decoding: value, as: UTF8.self)
            }
        case "retry":
            if !value.isEmpty, value.allSatisfy({ (0x30...0x39).contains($0) }) {
                retry = Int(String(decoding: value, as: UTF8.self))
                reconnectionTime = retry ?? reconnectionTime
            }
        default:
            break
        }
    }

    private mutating func dispatch(into events: inout [ServerSentEvent<String>]) {
        lastEventID = idBuffer
        defer {
            event = nil
            data.removeAll(keepingCapacity: true)
            hasData = false
            retry = nil
        }
        guard hasData else { return }
        let name = event.flatMap { $0.isEmpty ? nil : $0 }
        events.append(ServerSentEvent(event: name, id: lastEventID, retry: retry, data: String(decoding: data, as: UTF8.self)))
    }
}

/// Cuts JSON Lines (`application/jsonl`, `application/x-ndjson`) at line feeds and JSON text
/// sequences (`application/json-seq`, RFC 7464) at record separators. Blank records are
/// skipped; a last record without its line feed still counts.
struct RecordSplitter {
    private let separator: UInt8
    private var record: [UInt8] = []

    /// `0x0A` for JSON Lines, `0x1E` for JSON text sequences.
    init(separator: UInt8) {
        self.separator = separator
    }

    mutating func feed(_ chunk: Data, into records: inout [Data]) {
        for byte in chunk {
            if byte == separator {
                finishRecord(into: &records)
            } else {
                record.append(byte)
            }
        }
    }

    /// The record the stream ended in, if any.
    mutating func finish(into records: inout [Data]) {
        finishRecord(into: &records)
    }

    private mutating func finishRecord(into records: inout [Data]) {
        defer { record.removeAll(keepingCapacity: true) }
        let isBlank: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        guard let first = record.firstIndex(where: { !isBlank($0) }), let last = record.lastIndex(where: { !isBlank($0) }) else {
            return
        }
        records.append(Data(record[first...last]))
    }
}
