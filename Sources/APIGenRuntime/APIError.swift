import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Everything `APIClient.send(_:)` throws besides `CancellationError` (cancellation is never an
/// `APIError`, so callers can ignore it without inspecting cases).
public enum APIError: Error, Sendable {
    /// A non-2xx status. `reason` is the API's own message when the body has one (problem JSON,
    /// `message`, `error`, …), else a short description of the status; `body` is kept for callers
    /// that decode the declared error type themselves, and `headers` for what they say beside it
    /// (`requestID`, `Retry-After`).
    case server(status: Int, reason: String, body: Data, headers: HTTPFields = HTTPFields())
    /// A 2xx response whose body did not match the expected type.
    case decoding(DecodingFailure)
    /// The exchange failed below HTTP: offline, unreachable host, timeout, dropped connection.
    case transport(URLError)
    /// Something that is not an HTTP response arrived.
    case invalidResponse
    /// The request was refused before sending, e.g. a header value with a line break that
    /// would otherwise let a value forge headers of its own.
    case invalidRequest(String)

    /// The HTTP status for `.server`, else nil.
    public var status: Int? {
        if case .server(let status, _, _, _) = self { return status }
        return nil
    }

    /// The body of a `.server` error decoded as `type` (the error type the operation declares
    /// for that status); nil for other errors, or a body that does not match. A generated
    /// `…Error(error)` enum calls this for each status the operation declares.
    public func body<Body: Decodable>(as type: Body.Type, decoder: JSONDecoder = APIJSON.makeDecoder()) -> Body? {
        guard case .server(_, _, let body, _) = self, !body.isEmpty else { return nil }
        return try? decoder.decode(Body.self, from: body)
    }
}

extension APIError: CustomStringConvertible {
    /// For logs and test failures. Bodies are left out: they may be large or carry personal data.
    public var description: String {
        switch self {
        case .server(let status, let reason, _, let headers):
            "server(\(status): \(reason)\(headers.requestID.map { ", request id \($0)" } ?? ""))"
        case .decoding(let failure): "decoding(\(failure.description))"
        case .transport(let error): "transport(URLError \(error.code.rawValue))"
        case .invalidResponse: "invalidResponse"
        case .invalidRequest(let message): "invalidRequest(\(message))"
        }
    }
}

extension APIError: LocalizedError {
    /// What a person can read (`userMessage`), so alerts built from `localizedDescription` are right too.
    public var errorDescription: String? {
        userMessage
    }
}

/// Why a response body could not be decoded, said the way a developer looks for it: which key at
/// which path (`docs[1].title: key not found`), with the decoder's own message and the body.
public struct DecodingFailure: Error, Sendable, CustomStringConvertible {
    /// Where in the body, as `docs[1].title`; empty for the top level.
    public var path: String
    /// What was wrong there: `key not found`, `expected String`, `value is null`, `invalid data`.
    public var problem: String
    /// The underlying error's message (`debugDescription` for a `DecodingError`).
    public var message: String
    /// The body that did not decode, for logging it or decoding it another way.
    public var body: Data

    /// Creates a failure from its parts; the client makes these for `APIError.decoding`.
    public init(path: String, problem: String, message: String, body: Data) {
        self.path = path
        self.problem = problem
        self.message = message
        self.body = body
    }

    /// Describes any error thrown while decoding `body`.
    public init(_ error: any Error, body: Data) {
        guard let error = error as? DecodingError else {
            self.init(path: "", problem: "invalid data", message: String(describing: error), body: body)
            return
        }
        switch error {
        case .keyNotFound(let key, let context):
            self.init(path: Self.path(context.codingPath + [key]), problem: "key not found", message: context.debugDescription, body: body)
        case .typeMismatch(let type, let context):
            self.init(path: Self.path(context.codingPath), problem: "expected \(type)", message: context.debugDescription, body: body)
        case .valueNotFound(let type, let context):
            self.init(
                path: Self.path(context.codingPath), problem: "value is null, expected \(type)", message: context.debugDescription,
                body: body)
        case .dataCorrupted(let context):
            // Foundation refuses documents nested deeper than 512 levels with the same "not valid
            // JSON" as a syntax error; say what is really wrong. Scanned only on this error path.
            if context.codingPath.isEmpty, case let depth = Self.nestingDepth(body), depth > Self.maximumNesting {
                self.init(
                    path: "", problem: "nested too deeply",
                    message: "arrays and objects nest \(depth) levels deep; at most \(Self.maximumNesting) can be decoded", body: body
                )
                return
            }
            let problem = context.codingPath.isEmpty && context.underlyingError != nil ? "not valid JSON" : "invalid data"
            self.init(path: Self.path(context.codingPath), problem: problem, message: context.debugDescription, body: body)
        @unknown default:
            self.init(path: "", problem: "invalid data", message: String(describing: error), body: body)
        }
    }

    /// The deepest nesting Foundation's `JSONDecoder` accepts.
    static let maximumNesting = 512

    /// How deeply arrays and objects nest in `body`, ignoring brackets inside strings: one pass
    /// over the bytes, no recursion.
    static func nestingDepth(_ body: Data) -> Int {
        var depth = 0
        var deepest = 0
        var inString = false
        var escaped = false
        for byte in body {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                deepest = max(deepest, depth)
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth = max(0, depth - 1)
            default: break
            }
        }
        return deepest
    }

    /// `docs[1].title: key not found (No value associated with key …)`.
    public var description: String {
        let location = path.isEmpty ? "(top level)" : path
        return message.isEmpty ? "\(location): \(problem)" : "\(location): \(problem) (\(message))"
    }

    /// `docs[1].title`: array indices in brackets, keys joined by dots.
    static func path(_ codingPath: [any CodingKey]) -> String {
        var text = ""
        for key in codingPath {
            if let index = key.intValue, key.stringValue.hasPrefix("Index ") || key.stringValue == String(index) {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : "." + key.stringValue
            }
        }
        return text
    }
}

/// Finds the API's own message in an error response, so `APIError.server` says what the
/// server said ("Pet name is required") rather than "Bad Request".
public enum ErrorReason {
    /// Longest reason kept; longer texts are cut with an ellipsis.
    static let maximumLength = 300

    /// The message from the body when there is a readable one, else `statusText(status)`.
    /// Understands RFC 7807 problem JSON (`detail`, else `title`) and the usual shapes: `message`,
    /// `error_description`, `error` (a string or an object with `message`), `detail`, `title`,
    /// `errors[0].message`, and FastAPI/Pydantic validation errors (`detail` as a list of
    /// `{"loc", "msg"}`, read "name: Field required"); a short `text/plain` body is used as is.
    /// HTML never becomes the reason.
    public static func extract(status: Int, headers: HTTPFields = HTTPFields(), body: Data) -> String {
        let contentType = headers["Content-Type"]?.lowercased() ?? ""
        if !contentType.contains("html"), let reason = fromBody(body, contentType: contentType) {
            return reason
        }
        return statusText(status)
    }

    private static func fromBody(_ body: Data, contentType: String) -> String? {
        guard !body.isEmpty, body.count <= 1_000_000 else { return nil }
        if let json = try? APIJSON.makeDecoder().decode(JSONValue.self, from: body) {
            return fromJSON(json)
        }
        // Text that is not valid UTF-8 is not shown: replacement characters read as garbage.
        if contentType.hasPrefix("text/plain"), let text = String(validating: body, as: UTF8.self) {
            return readable(text)
        }
        return nil
    }

    private static func fromJSON(_ json: JSONValue) -> String? {
        if let text = json.stringValue {
            return readable(text)
        }
        guard json.objectValue != nil else { return nil }
        func text(_ value: JSONValue?) -> String? {
            value?.stringValue.flatMap(readable)
        }
        if let validation = validationErrors(json["detail"]) {
            return validation
        }
        let error = json["error"]
        let firstError = json["errors"]?.arrayValue?.first
        // The spellings real servers use, most common first: Prefect's `exception_message`, AWS's
        // `Message` and `errorMessage`, Apigee's `fault.faultstring`, JSON:API's `errors[0].title`.
        let candidates: [JSONValue?] = [
            json["message"], json["Message"], json["error_description"], json["error_message"], json["errorMessage"],
            json["exception_message"], json["reason"], error, error?["message"], json["detail"], json["title"], json["msg"],
            firstError?["message"], firstError?["detail"], firstError?["title"], firstError, json["fault"]?["faultstring"],
        ]
        for candidate in candidates {
            if let reason = text(candidate) {
                return reason
            }
        }
        return nil
    }

    /// FastAPI's and Pydantic's validation errors, `[{"loc": ["body", "name"], "msg": "Field
    /// required"}]`, as "name: Field required": each field by its location without the part
    /// that says where it was sent (`tags[0]`, `address.city`), the first three joined by "; ".
    private static func validationErrors(_ detail: JSONValue?) -> String? {
        guard let items = detail?.arrayValue, !items.isEmpty else { return nil }
        let messages = items.compactMap { item -> String? in
            guard let message = item["msg"]?.stringValue.flatMap(readable) else { return nil }
            var location = item["loc"]?.arrayValue ?? []
            if let first = location.first?.stringValue, sentIn.contains(first) {
                location.removeFirst()
            }
            let field = location.reduce(into: "") { path, part in
                if let index = part.intValue {
                    path += "[\(index)]"
                } else if let name = part.stringValue {
                    path += path.isEmpty ? name : "." + name
                }
            }
            return field.isEmpty ? message : "\(field): \(message)"
        }
        guard !messages.isEmpty else { return nil }
        let shown = messages.prefix(3).joined(separator: "; ")
        return readable(messages.count > 3 ? shown + " (and \(messages.count - 3) more)" : shown)
    }

    /// The first part of a FastAPI error location: where the value was sent, not its name.
    private static let sentIn: Set<String> = ["body", "query", "path", "header", "cookie"]

    /// Whitespace collapsed, length capped; nil for empty text or markup.
    static func readable(_ text: String) -> String? {
        let collapsed = text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        guard !collapsed.isEmpty else { return nil }
        let lowered = collapsed.lowercased()
        if lowered.hasPrefix("<!doctype") || lowered.hasPrefix("<html") || (collapsed.hasPrefix("<") && collapsed.contains(">")) {
            return nil
        }
        if collapsed.count > maximumLength {
            return String(collapsed.prefix(maximumLength - 1)) + "…"
        }
        return collapsed
    }

    /// A short description of a status for a person: the standard reason phrase for common codes.
    public static func statusText(_ status: Int) -> String {
        if let text = statusTexts[status] {
            return text
        }
        switch status {
        case 400..<500: return "The request was rejected (HTTP \(status))."
        case 500..<600: return "The server had a problem (HTTP \(status))."
        default: return "Unexpected HTTP status \(status)."
        }
    }

    private static let statusTexts: [Int: String] = [
        300: "Multiple Choices", 301: "Moved Permanently", 302: "Found", 303: "See Other",
        304: "Not Modified", 307: "Temporary Redirect", 308: "Permanent Redirect",
        400: "Bad Request", 401: "Unauthorized", 402: "Payment Required", 403: "Forbidden",
        404: "Not Found", 405: "Method Not Allowed", 406: "Not Acceptable",
        407: "Proxy Authentication Required", 408: "Request Timeout", 409: "Conflict", 410: "Gone",
        411: "Length Required", 412: "Precondition Failed", 413: "Content Too Large",
        414: "URI Too Long", 415: "Unsupported Media Type", 416: "Range Not Satisfiable",
        417: "Expectation Failed", 418: "I'm a teapot", 421: "Misdirected Request",
        422: "Unprocessable Content", 423: "Locked", 424: "Failed Dependency", 425: "Too Early",
        426: "Upgrade Required", 428: "Precondition Required", 429: "Too Many Requests",
        431: "Request Header Fields Too Large", 451: "Unavailable For Legal Reasons",
        500: "Internal Server Error", 501: "Not Implemented", 502: "Bad Gateway",
        503: "Service Unavailable", 504: "Gateway Timeout", 505: "HTTP Version Not Supported",
        507: "Insufficient Storage", 508: "Loop Detected", 511: "Network Authentication Required",
    ]
}
