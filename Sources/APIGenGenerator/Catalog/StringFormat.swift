import APIGenOpenAPI
import Foundation

/// The string formats apigen gives meaning to, in one table: the Swift type each becomes, the
/// sample value it gets, and the check a spec's example must pass to be used as a sample. A
/// format not listed is a plain `String`, sampled from its name and accepted as any text.
enum StringFormat: String {
    case dateTime = "date-time"
    case date, time, uuid, uri, url, email, byte, binary, ipv4, ipv6, hostname

    init?(_ format: String?) {
        guard let format, let known = StringFormat(rawValue: format) else { return nil }
        self = known
    }

    /// The Swift type of a string with this format.
    var swiftType: SwiftType {
        switch self {
        case .dateTime: return .scalar(.date)
        case .date: return .scalar(.calendarDate)
        case .uuid: return .scalar(.uuid)
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

    /// Whether an example's text decodes as `swiftType`: the formats with a type of their own
    /// are checked, the rest accept any text.
    func accepts(_ text: String) -> Bool {
        switch self {
        case .dateTime: return DateText.isDateTime(text)
        case .date: return DateText.isDate(text)
        case .uuid: return DateText.isUUID(text)
        case .uri, .url: return text.contains(":") && !text.contains(" ")
        case .byte: return text.utf8.allSatisfy { $0 < 128 && $0 != 32 }
        case .binary, .time, .email, .ipv4, .ipv6, .hostname: return true
        }
    }

    /// Whether the runtime surely decodes the text as `swiftType`, wherever the value is (a
    /// property, an array item, a union's alternative): stricter than `accepts`, for JSON whose
    /// failure to decode stops the app (`EmbeddedJSON.decode` of a `default`).
    func decodes(_ text: String) -> Bool {
        switch self {
        case .dateTime: return DateText.isValidDateTime(text)
        case .date: return DateText.isValidDate(text)
        case .uuid: return DateText.isUUID(text)
        // A property's URL is read leniently (`ReceivedURL`), an item's or an alternative's by
        // `URL(string:)`: the stricter of the two.
        case .uri, .url: return !text.isEmpty && URL(string: text) != nil
        // `JSONDecoder` reads `Data` as base64.
        case .byte, .binary: return Data(base64Encoded: text) != nil
        case .time, .email, .ipv4, .ipv6, .hostname: return true
        }
    }
}
