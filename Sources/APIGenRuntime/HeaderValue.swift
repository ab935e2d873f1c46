import Foundation

/// A type a response header can be read as: generated `…ResponseHeaders` structs read each
/// header the spec declares through `HTTPFields.value(_:for:)`.
public protocol HeaderValue: Sendable {
    /// The value of a header's text, or nil when the text is not of this type.
    init?(headerValue text: String)
}

extension HTTPFields {
    /// The header `name` (any case) read as `type`, surrounding spaces ignored; nil when it is
    /// absent or its text is not of that type.
    public func value<Value: HeaderValue>(_ type: Value.Type, for name: String) -> Value? {
        self[name].flatMap { Value(headerValue: $0.trimmingCharacters(in: .whitespaces)) }
    }
}

extension HeaderValue where Self: LosslessStringConvertible {
    /// The value its text describes: `42` for an `Int`, `0.25` for a `Double`.
    public init?(headerValue text: String) {
        self.init(text)
    }
}

extension String: HeaderValue {}
extension Int: HeaderValue {}
extension Int32: HeaderValue {}
extension Int64: HeaderValue {}
extension Double: HeaderValue {}

extension Bool: HeaderValue {
    /// `true` or `false`, as OpenAPI's `simple` style writes a boolean.
    public init?(headerValue text: String) {
        switch text.lowercased() {
        case "true": self = true
        case "false": self = false
        default: return nil
        }
    }
}

extension UUID: HeaderValue {
    /// A UUID in its canonical form, either case.
    public init?(headerValue text: String) {
        self.init(uuidString: text)
    }
}

extension URL: HeaderValue {
    /// An absolute or relative URL (`Location: /pets/42` is common).
    public init?(headerValue text: String) {
        guard !text.isEmpty else { return nil }
        self.init(string: text)
    }
}

extension Date: HeaderValue {
    /// An RFC 3339 date-time (what `format: date-time` means), or an HTTP date
    /// (`Sun, 06 Nov 1994 08:49:37 GMT`, as `Last-Modified` and `Retry-After` send).
    public init?(headerValue text: String) {
        if let date = APIJSON.parseDateTime(text) {
            self = date
        } else if let date = HTTPDate.parse(text) {
            self = date
        } else {
            return nil
        }
    }
}

extension Array: HeaderValue where Element: HeaderValue {
    /// Comma-separated values, as the `simple` style writes an array; nil when one is not of
    /// the element's type.
    public init?(headerValue text: String) {
        var values: [Element] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let value = Element(headerValue: part.trimmingCharacters(in: .whitespaces)) else { return nil }
            values.append(value)
        }
        self = values
    }
}

/// HTTP dates (RFC 9110): `Sun, 06 Nov 1994 08:49:37 GMT`, and the obsolete RFC 850 and
/// asctime forms a recipient must still read.
enum HTTPDate {
    static func parse(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        for format in ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"] {
            formatter.dateFormat = format
            if let date = formatter.date(from: text) {
                return date
            }
        }
        return nil
    }
}
