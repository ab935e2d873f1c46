import APIGenOpenAPI

/// The string formats apigen gives meaning to, in one table: the Swift type each becomes and
/// the sample value it gets (the text each type takes is `ValueFit`'s check, by `FormatText`).
/// A format not listed is a plain `String`, sampled from its name.
enum StringFormat: String {
    case dateTime = "date-time"
    case date, time, uuid, uri, url, email, byte, binary, ipv4, ipv6, hostname

    init?(_ format: String?) {
        guard let format, let known = StringFormat(rawValue: format) else { return nil }
        self = known
    }

    /// The Swift type of a string with this format.
    var swiftType: SwiftType {
        .scalar(scalar)
    }

    var scalar: Scalar {
        switch self {
        case .dateTime: return .date
        case .date: return .calendarDate
        case .uuid: return .uuid
        case .uri, .url: return .url
        case .byte, .binary: return .data
        case .time, .email, .ipv4, .ipv6, .hostname: return .string
        }
    }

    /// The `number`th sample (from 1) of a value named `hint`.
    func sample(number: Int, hint: String) -> String {
        switch self {
        case .dateTime: return "2024-05-0\(min(number, 9))T09:30:00Z"
        case .date: return "2024-05-0\(min(number, 9))"
        case .time: return "09:30:00"
        case .uuid: return "3f2504e0-4f89-41d3-9a0c-0305e82c330\(number % 10)"
        case .uri, .url: return "https://example.com/\(SwiftName.memberName(hint))/\(number)"
        case .email: return "user\(number)@example.com"
        case .byte, .binary: return "c2FtcGxl"
        case .ipv4: return "192.0.2.\(number)"
        case .ipv6: return "2001:db8::\(number)"
        case .hostname: return "host\(number).example.com"
        }
    }
}

/// The text grammars of the types that parse text, each the runtime's own, written again (the
/// generator cannot import the runtime; `ValueFitTests` runs both on the same vectors). They
/// read the text's bytes in place: the example check runs for every example and default.
enum FormatText {
    /// `CalendarDate(_:)`: exactly `YYYY-MM-DD`, a day that exists, in a year 0000...9999.
    static func isDate(_ text: String) -> Bool {
        withBytes(text) { $0.count == 10 && isDay($0) }
    }

    /// `APIJSON.parseDateTime`: a date, `T`, `t` or a space, `hh:mm:ss` (hours below 24,
    /// minutes below 60, seconds up to 60), an optional fraction after `.` or `,` of one digit
    /// or more, then `Z`, `z`, `±hh`, `±hhmm` or `±hh:mm`, and nothing after.
    static func isDateTime(_ text: String) -> Bool {
        withBytes(text) { bytes in
            guard bytes.count >= 20, isDay(bytes), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
                bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: "t") || bytes[10] == UInt8(ascii: " "),
                let hour = number(bytes, from: 11, count: 2), let minute = number(bytes, from: 14, count: 2),
                let second = number(bytes, from: 17, count: 2), hour < 24, minute < 60, second <= 60
            else { return false }
            var index = 19
            if bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: ",") {
                index += 1
                let start = index
                while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 { index += 1 }
                guard index > start else { return false }
            }
            return isZone(bytes, from: index)
        }
    }

    /// `UUID(uuidString:)` (libuuid's `uuid_parse`): 36 characters, `-` at 8, 13, 18 and 23,
    /// hexadecimal digits of either case elsewhere.
    static func isUUID(_ text: String) -> Bool {
        withBytes(text) { bytes in
            guard bytes.count == 36 else { return false }
            for (index, byte) in bytes.enumerated() {
                if index == 8 || index == 13 || index == 18 || index == 23 {
                    if byte != UInt8(ascii: "-") { return false }
                } else if !isHexDigit(byte) {
                    return false
                }
            }
            return true
        }
    }

    /// `Data(base64Encoded:)` with no options, as `JSONDecoder` reads `Data`: the base64
    /// alphabet in groups of four, `=` only as the last one or two characters. (Foundation on
    /// Linux also takes some misplaced padding, `YQ=a`; this takes what every platform does.)
    static func isBase64(_ text: String) -> Bool {
        withBytes(text) { bytes in
            guard bytes.count % 4 == 0 else { return false }
            var padding = 0
            while padding < min(bytes.count, 3), bytes[bytes.count - 1 - padding] == UInt8(ascii: "=") { padding += 1 }
            guard padding <= 2 else { return false }
            for byte in bytes[..<(bytes.count - padding)] {
                let isLetter = byte &- UInt8(ascii: "A") < 26 || byte &- UInt8(ascii: "a") < 26
                guard isLetter || byte &- UInt8(ascii: "0") < 10 || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "/") else {
                    return false
                }
            }
            return true
        }
    }

    /// A URL reference that `URL(string:)` reads on every platform: not empty, a scheme of
    /// letters, digits, `+`, `-` and `.` where one comes before the path, only the characters
    /// RFC 3986 allows outside brackets, `%` before two hexadecimal digits, and only digits in an
    /// authority's port. For values embedded where a failure stops the app: an array's or a
    /// union's URL is read by `URL(string:)`, not leniently as a property's is.
    static func isURLReference(_ text: String) -> Bool {
        withBytes(text) { bytes in
            guard !bytes.isEmpty else { return false }
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "%") {
                    guard index + 2 < bytes.count, isHexDigit(bytes[index + 1]), isHexDigit(bytes[index + 2]) else { return false }
                    index += 2
                } else if !(isAlphanumeric(byte) || isURLPunctuation(byte)) {
                    return false
                }
                index += 1
            }
            let schemeEnd = bytes.firstIndex {
                $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#")
            }
            guard let schemeEnd, bytes[schemeEnd] == UInt8(ascii: ":") else { return hasNumericPort(bytes, from: 0) }
            let isScheme =
                schemeEnd > 0 && (bytes[0] | 0x20) &- UInt8(ascii: "a") < 26
                && bytes[..<schemeEnd].allSatisfy {
                    isAlphanumeric($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".")
                }
            return isScheme && hasNumericPort(bytes, from: schemeEnd + 1)
        }
    }

    /// The punctuation RFC 3986 allows unescaped, less the brackets of IP literals.
    private static func isURLPunctuation(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: ":"), UInt8(ascii: "/"),
            UInt8(ascii: "?"), UInt8(ascii: "#"), UInt8(ascii: "@"), UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"),
            UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","),
            UInt8(ascii: ";"), UInt8(ascii: "="):
            return true
        default:
            return false
        }
    }

    /// Whether an authority (`//` at `start`, up to the path) has no port or a port of digits.
    private static func hasNumericPort(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Bool {
        guard start + 1 < bytes.count, bytes[start] == UInt8(ascii: "/"), bytes[start + 1] == UInt8(ascii: "/") else { return true }
        var end = start + 2
        var portStart: Int?
        while end < bytes.count, bytes[end] != UInt8(ascii: "/"), bytes[end] != UInt8(ascii: "?"), bytes[end] != UInt8(ascii: "#") {
            if bytes[end] == UInt8(ascii: "@") { portStart = nil }
            if bytes[end] == UInt8(ascii: ":") { portStart = end + 1 }
            end += 1
        }
        guard let portStart else { return true }
        return bytes[portStart..<end].allSatisfy { $0 &- UInt8(ascii: "0") < 10 }
    }

    /// The zone from `index` on: `Z`, `z`, `±hh`, `±hhmm` or `±hh:mm` ending the text.
    private static func isZone(_ bytes: UnsafeBufferPointer<UInt8>, from index: Int) -> Bool {
        guard index < bytes.count else { return false }
        switch bytes[index] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            return index + 1 == bytes.count
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            guard let hours = number(bytes, from: index + 1, count: 2), hours < 24 else { return false }
            switch bytes.count - (index + 3) {
            case 0: return true
            case 2: return number(bytes, from: index + 3, count: 2).map { $0 < 60 } ?? false
            case 3: return bytes[index + 3] == UInt8(ascii: ":") && (number(bytes, from: index + 4, count: 2).map { $0 < 60 } ?? false)
            default: return false
            }
        default:
            return false
        }
    }

    /// `YYYY-MM-DD` in the first ten bytes, a day `CivilCalendar.isValid` takes.
    private static func isDay(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count >= 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            let year = number(bytes, from: 0, count: 4), let month = number(bytes, from: 5, count: 2),
            let day = number(bytes, from: 8, count: 2), (1...12).contains(month), day >= 1
        else { return false }
        let isLeap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
        switch month {
        case 2: return day <= (isLeap ? 29 : 28)
        case 4, 6, 9, 11: return day <= 30
        default: return day <= 31
        }
    }

    /// `DigitScanner.number`: `count` ASCII digits from `start`, or nil.
    private static func number(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, count: Int) -> Int? {
        guard start >= 0, start + count <= bytes.count else { return nil }
        var value = 0
        for index in start..<(start + count) {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value * 10 + Int(digit)
        }
        return value
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10 || (byte | 0x20) &- UInt8(ascii: "a") < 6
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10 || (byte | 0x20) &- UInt8(ascii: "a") < 26
    }

    /// The text's UTF-8 in place (a native string is contiguous), copied only when it is not.
    private static func withBytes(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        return Array(text.utf8).withUnsafeBufferPointer(body)
    }
}
