import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Wraps every attempt of every request: it may change the request, look at the response,
/// measure, or answer without calling `next` (a cache). Middlewares run in the order given to
/// `APIClient`, the first outermost; they see requests with credentials already applied, and each
/// retry attempt separately.
public protocol Middleware: Sendable {
    /// Handles one attempt of a request.
    ///
    /// - Parameters:
    ///   - request: the request as it will be sent, credentials applied.
    ///   - operationID: the spec's operationId, for logs and metrics.
    ///   - next: sends the request on: to the next middleware, or to the transport after the last.
    /// - Returns: the response and its body; usually what `next` returned.
    /// - Throws: what `next` throws, or an error of your own to fail the attempt.
    func intercept(
        _ request: HTTPRequest,
        operationID: String,
        next: @Sendable (HTTPRequest) async throws -> (HTTPResponse, Data)
    ) async throws -> (HTTPResponse, Data)
}

/// Adds fixed headers (`User-Agent`, an app version, a tenant) to every request, replacing any
/// value of the same name.
public struct HeadersMiddleware: Middleware {
    /// The headers set on every request.
    public let headers: HTTPFields

    /// Sets `headers` on every request: `HeadersMiddleware(["User-Agent": "PetApp/1.2"])`.
    public init(_ headers: HTTPFields) {
        self.headers = headers
    }

    /// Sets the headers on the request, then passes it on.
    public func intercept(
        _ request: HTTPRequest,
        operationID: String,
        next: @Sendable (HTTPRequest) async throws -> (HTTPResponse, Data)
    ) async throws -> (HTTPResponse, Data) {
        var request = request
        for (name, value) in headers {
            request.headers[name] = value
        }
        return try await next(request)
    }
}

/// Logs each attempt: method, URL, status and duration, through a closure (`print`, `os.Logger`,
/// a test's array). Credentials never reach a log line: see `Redaction`.
public struct LoggingMiddleware: Middleware {
    /// How much each log line shows.
    public enum Detail: Sendable {
        /// One line per attempt.
        case basic
        /// Also request and response headers (redacted).
        case headers
    }

    /// How much this middleware logs for each attempt.
    public let detail: Detail
    private let log: @Sendable (String) -> Void
    private let redaction: Redaction

    /// Creates the middleware.
    ///
    /// - Parameters:
    ///   - detail: how much each line shows.
    ///   - sensitiveNames: header and query names to redact in addition to the built-in ones and
    ///     the request's api-key names.
    ///   - log: receives each line; `print` by default.
    public init(detail: Detail = .basic, sensitiveNames: Set<String> = [], log: @escaping @Sendable (String) -> Void = { print($0) }) {
        self.detail = detail
        self.log = log
        self.redaction = Redaction(extraNames: sensitiveNames)
    }

    /// Logs the attempt and its outcome (status, duration and size, or the kind of error), then returns
    /// the response or rethrows the error unchanged.
    public func intercept(
        _ request: HTTPRequest,
        operationID: String,
        next: @Sendable (HTTPRequest) async throws -> (HTTPResponse, Data)
    ) async throws -> (HTTPResponse, Data) {
        // Names are redacted above all; any credential value that still turns up (a response
        // header or a Location echoing a token) is scrubbed from the line as a whole.
        let secrets = redaction.secrets(of: request)
        let log = { (line: String) in self.log(Redaction.scrub(line, secrets: secrets)) }
        let url = redaction.redact(request.url, extraNames: request.sensitiveNames)
        let line = "\(request.method.rawValue) \(url)"
        if detail == .headers {
            log("→ \(line) [\(operationID)]" + format(redaction.redact(request.headers, extraNames: request.sensitiveNames)))
        }
        let start = ContinuousClock.now
        do {
            let (response, data) = try await next(request)
            let requestID = response.headers.requestID.map { ", request id \($0)" } ?? ""
            var message = "← \(response.status) \(line) (\(Self.milliseconds(since: start)) ms, \(data.count) bytes\(requestID))"
            if detail == .headers {
                message += format(redaction.redact(response.headers, extraNames: request.sensitiveNames))
            }
            log(message)
            return (response, data)
        } catch {
            // Only the kind of error: descriptions of arbitrary errors may quote URLs or bodies.
            let kind = (error as? URLError).map { "URLError \($0.code.rawValue)" } ?? String(describing: type(of: error))
            log("✕ \(line) failed: \(kind) (\(Self.milliseconds(since: start)) ms)")
            throw error
        }
    }

    private func format(_ headers: HTTPFields) -> String {
        headers.map { "\n    \($0.name): \($0.value)" }.joined()
    }

    private static func milliseconds(since start: ContinuousClock.Instant) -> Int {
        let elapsed = ContinuousClock.now - start
        return Int(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)
    }
}

/// Decides what a log may show. Values are replaced by `<redacted>` for `Authorization`,
/// `Proxy-Authorization`, `Cookie`, `Set-Cookie`, any header or query name containing `key`,
/// `token`, `secret`, `password`, `auth` or `session` (case-insensitive), and the names of the
/// request's api-key schemes; a password in the URL's user info too. Over-redacting a harmless
/// `author` is the price of never printing a secret.
public struct Redaction: Sendable {
    /// What replaces a hidden value: `<redacted>`.
    public static let placeholder = "<redacted>"
    static let alwaysSecret: Set<String> = ["authorization", "proxy-authorization", "cookie", "set-cookie"]
    static let secretFragments = ["key", "token", "secret", "password", "passwd", "auth", "session", "signature", "credential"]

    private let extraNames: Set<String>

    /// Redacts the built-in names plus `extraNames` (any case).
    public init(extraNames: Set<String> = []) {
        self.extraNames = Set(extraNames.map { $0.lowercased() })
    }

    /// Whether the value of the header or query item `name` must be hidden.
    ///
    /// `extraNames` adds secret names for this call only; they must be lowercased.
    public func isSensitive(_ name: String, extraNames: Set<String> = []) -> Bool {
        let lowered = (name.removingPercentEncoding ?? name).lowercased()
        return Self.alwaysSecret.contains(lowered) || self.extraNames.contains(lowered) || extraNames.contains(lowered)
            || Self.secretFragments.contains { lowered.contains($0) }
    }

    /// The headers with the value of every sensitive one replaced by ``placeholder``.
    ///
    /// `extraNames` adds secret names for this call only; they must be lowercased.
    public func redact(_ headers: HTTPFields, extraNames: Set<String> = []) -> HTTPFields {
        var result = HTTPFields()
        for (name, value) in headers {
            result.append(name, isSensitive(name, extraNames: extraNames) ? Self.placeholder : value)
        }
        return result
    }

    /// The URL as text with secret query values and any user-info password replaced.
    public func redact(_ url: URL, extraNames: Set<String> = []) -> String {
        var text = url.absoluteString
        var fragment = ""
        if let hash = text.firstIndex(of: "#") {
            fragment = String(text[hash...])
            text = String(text[..<hash])
        }
        var query: String?
        if let question = text.firstIndex(of: "?") {
            query = String(text[text.index(after: question)...])
            text = String(text[..<question])
        }
        text = redactUserInfo(text)
        if let query {
            let items = query.split(separator: "&", omittingEmptySubsequences: false).map { item -> String in
                let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard parts.count == 2, isSensitive(String(parts[0]), extraNames: extraNames) else { return String(item) }
                return "\(parts[0])=\(Self.placeholder)"
            }
            text += "?" + items.joined(separator: "&")
        }
        return text + fragment
    }

    /// The credential values `request` carries, longest first, for scrubbing text that may quote
    /// them (a 401 body echoing the token, a response header, a decoder message): the values of
    /// sensitive headers, with the part after an auth scheme (`Bearer abc` → `abc`) and a Basic
    /// password decoded; sensitive query values, raw and percent-decoded; every cookie value; a
    /// password in the URL. Values shorter than 4 characters are left out: scrubbing them would
    /// mangle ordinary words.
    public func secrets(of request: HTTPRequest) -> [String] {
        var found: Set<String> = []
        func add(_ value: some StringProtocol) {
            let trimmed = value.trimmingCharacters(in: .whitespaces)
            if trimmed.count >= 4 {
                found.insert(trimmed)
            }
        }
        for (name, value) in request.headers {
            if name.lowercased() == "cookie" {
                for pair in value.split(separator: ";") {
                    let parts = pair.split(separator: "=", maxSplits: 1)
                    if parts.count == 2 {
                        add(parts[1])
                    }
                }
                continue
            }
            guard isSensitive(name, extraNames: request.sensitiveNames) else { continue }
            add(value)
            let words = value.split(separator: " ", maxSplits: 1)
            guard words.count == 2 else { continue }
            add(words[1])
            if words[0].lowercased() == "basic", let data = Data(base64Encoded: String(words[1]).trimmingCharacters(in: .whitespaces)),
                let decoded = String(data: data, encoding: .utf8)
            {
                add(decoded)
                if let colon = decoded.firstIndex(of: ":") {
                    add(decoded[decoded.index(after: colon)...])
                }
            }
        }
        var text = request.url.absoluteString
        if let hash = text.firstIndex(of: "#") {
            text = String(text[..<hash])
        }
        if let question = text.firstIndex(of: "?") {
            for item in text[text.index(after: question)...].split(separator: "&") {
                let parts = item.split(separator: "=", maxSplits: 1)
                guard parts.count == 2, isSensitive(String(parts[0]), extraNames: request.sensitiveNames) else { continue }
                add(parts[1])
                add(parts[1].removingPercentEncoding ?? "")
            }
        }
        if let password = request.url.password(percentEncoded: true) {
            add(password)
            add(password.removingPercentEncoding ?? "")
        }
        return found.sorted { $0.count != $1.count ? $0.count > $1.count : $0 < $1 }
    }

    /// `text` with every occurrence of `secrets` replaced by `placeholder`.
    public static func scrub(_ text: String, secrets: [String]) -> String {
        var text = text
        for secret in secrets where text.contains(secret) {
            text = text.replacingOccurrences(of: secret, with: placeholder)
        }
        return text
    }

    /// `https://user:secret@host` → `https://user:<redacted>@host`.
    private func redactUserInfo(_ text: String) -> String {
        guard let schemeEnd = text.range(of: "://") else { return text }
        let authorityStart = schemeEnd.upperBound
        let authorityEnd = text[authorityStart...].firstIndex(of: "/") ?? text.endIndex
        let authority = text[authorityStart..<authorityEnd]
        guard let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") else { return text }
        return String(text[..<text.index(after: colon)]) + Self.placeholder + String(text[at...])
    }
}
