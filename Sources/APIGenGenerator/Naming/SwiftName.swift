/// The one naming function: every identifier apigen writes comes from text in a spec through
/// here. Output is plain ASCII letters, digits and underscores, so no spec text can reach the
/// generated code as anything but a name.
public enum SwiftName {
    /// `user_profile` → `UserProfile`, `HTTPStatus` → `HTTPStatus`, `ApiKeyId` → `APIKeyID`.
    /// Never empty, never a keyword.
    public static func typeName(_ text: String, fallback: String = "Value") -> String {
        // Already UpperCamel ASCII without an acronym to case (most schema names): as it is.
        if isPlainIdentifier(text, firstIsUppercase: true), !mayHaveAcronym(text) { return text }
        return joinedWords(text, fallback: fallback) { _ in .capitalized }
    }

    /// A type name that can be declared without hiding a standard type: `Type` → `Kind`,
    /// `Error` → `ErrorModel`, `String` → `StringModel`.
    public static func declarableTypeName(_ text: String, fallback: String = "Value") -> String {
        let name = typeName(text, fallback: fallback)
        guard reservedTypeNames.contains(name) else { return name }
        return name == "Type" ? "Kind" : name + "Model"
    }

    /// `created_at` → `createdAt`, `URL` → `url`, `HTTPStatus` → `httpStatus`, `2fa` → `_2fa`,
    /// `html_url` and `htmlUrl` → `htmlURL`, `pet_ids` → `petIDs`.
    /// Not escaped: an `Identifier` holding it is written escaped where it is printed.
    public static func memberName(_ text: String, fallback: String = "value") -> String {
        if isPlainIdentifier(text, firstIsUppercase: false), !mayHaveAcronym(text) { return text }
        return joinedWords(text, fallback: fallback) { index in index == 0 ? .lowercasedLeading : .capitalized }
    }

    /// Initialisms written in one case, as the Swift API guidelines ask: all upper case inside
    /// a name (`htmlURL`, `apiKeyID`, `SSHKey`), all lower case at the start of a member
    /// (`url`, `idToken`). A plural keeps its `s` (`petIDs`, `URLs`). Only words that are
    /// initialisms and nothing else: `Identity` and `Urgent` are words of their own.
    static let acronyms: Set<String> = [
        "api", "cdn", "cidr", "cpu", "css", "dns", "gpu", "guid", "html", "http", "https", "id", "ip", "json", "jwt",
        "pdf", "sdk", "sms", "sql", "ssh", "ssl", "tcp", "tls", "ttl", "udp", "ui", "uri", "url", "uuid", "vpc", "vpn",
        "xml",
    ]

    /// Whether a word of `text` is an initialism, which the joining cases.
    private static func mayHaveAcronym(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var found = false
            forEachWord(in: bytes) { _, range in
                found = acronymForm(bytes[range]).isAcronym
                return !found
            }
            return found
        }
    }

    /// How `word` is an initialism: itself (`url`), as a plural (`urls`), or not.
    private static func acronymForm(_ word: Slice<UnsafeBufferPointer<UInt8>>) -> (isAcronym: Bool, isPlural: Bool) {
        guard (2...6).contains(word.count) else { return (false, false) }
        // Every name of a spec passes here, word by word: the word's bytes packed into one
        // integer are looked up without building a `String` for it.
        let key = packed(word.lazy.map(lowercased))
        if acronymKeys.contains(key) { return (true, false) }
        if key & 0xFF == UInt64(UInt8(ascii: "s")), acronymKeys.contains(key >> 8) { return (true, true) }
        return (false, false)
    }

    /// `acronyms`, packed as `acronymForm` packs a word (all are ASCII, at most 6 bytes).
    private static let acronymKeys = Set(acronyms.map { packed($0.utf8) })

    /// Up to 8 bytes in one integer, the first in the highest byte used.
    private static func packed<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt64 {
        bytes.reduce(0) { $0 << 8 | UInt64($1) }
    }

    private enum WordCase {
        /// First letter uppercased: `pet` → `Pet`.
        case capitalized
        /// `URL` → `url`, `HTTP` → `http`, `Pet` → `pet`, `iOS` → `iOS`.
        case lowercasedLeading
    }

    /// The words of `text` joined, each in the case `style` gives for its position, with `_`
    /// before a leading digit; `fallback` when there are no words. Words are ASCII letters and
    /// digits, so this works on bytes.
    private static func joinedWords(_ text: String, fallback: String, style: (Int) -> WordCase) -> String {
        var text = text
        let name = text.withUTF8 { bytes -> [UInt8] in
            var name: [UInt8] = []
            name.reserveCapacity(bytes.count + 1)
            forEachWord(in: bytes) { index, range in
                let word = bytes[range]
                let acronym = acronymForm(word)
                if acronym.isAcronym {
                    let letters = acronym.isPlural ? range.lowerBound..<(range.upperBound - 1) : range
                    let leading = style(index) == .lowercasedLeading
                    for position in letters {
                        name.append(leading ? lowercased(bytes[position]) : uppercased(bytes[position]))
                    }
                    if acronym.isPlural { name.append(UInt8(ascii: "s")) }
                    return true
                }
                switch style(index) {
                case .capitalized:
                    name.append(uppercased(word[range.lowerBound]))
                    name.append(contentsOf: word.dropFirst())
                case .lowercasedLeading:
                    if word.allSatisfy({ isUppercase($0) || isDigit($0) }) {
                        name.append(contentsOf: word.lazy.map(lowercased))
                    } else {
                        name.append(lowercased(word[range.lowerBound]))
                        name.append(contentsOf: word.dropFirst())
                    }
                }
                return true
            }
            if let first = name.first, isDigit(first) {
                name.insert(UInt8(ascii: "_"), at: 0)
            }
            return name
        }
        return name.isEmpty ? fallback : String(decoding: name, as: UTF8.self)
    }

    private static func isUppercase(_ byte: UInt8) -> Bool { byte >= 65 && byte <= 90 }
    private static func isLowercase(_ byte: UInt8) -> Bool { byte >= 97 && byte <= 122 }
    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }
    private static func uppercased(_ byte: UInt8) -> UInt8 { isLowercase(byte) ? byte - 32 : byte }
    private static func lowercased(_ byte: UInt8) -> UInt8 { isUppercase(byte) ? byte + 32 : byte }

    /// ASCII letters and digits only, starting with a letter of the given case.
    private static func isPlainIdentifier(_ text: String, firstIsUppercase: Bool) -> Bool {
        var bytes = text.utf8.makeIterator()
        guard let first = bytes.next() else { return false }
        guard firstIsUppercase ? (first >= 65 && first <= 90) : (first >= 97 && first <= 122) else { return false }
        while let byte = bytes.next() {
            guard (byte >= 48 && byte <= 57) || (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) else { return false }
        }
        return true
    }

    /// Whether `text` is an ASCII identifier that needs no backticks: a letter or `_`, then
    /// letters, digits and `_`, and not a reserved word.
    public static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.utf8.first, first == UInt8(ascii: "_") || isUppercase(first) || isLowercase(first) else {
            return false
        }
        return text.utf8.allSatisfy { $0 == UInt8(ascii: "_") || isUppercase($0) || isLowercase($0) || isDigit($0) }
            && !isReserved(text)
    }

    /// Whether `identifier` is a reserved word, written in backticks wherever it is used as a
    /// name (`Identifier.code`).
    public static func isReserved(_ identifier: String) -> Bool {
        keywords.contains(identifier)
    }

    /// Splits on anything that is not an ASCII letter or digit, and between words in camel case.
    static func words(_ text: String) -> [String] {
        var text = text
        return text.withUTF8 { bytes in
            var words: [String] = []
            forEachWord(in: bytes) { _, range in
                words.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self))
                return true
            }
            return words
        }
    }

    /// Calls `body` with the position and byte range of each word of the text (see `words`) in
    /// turn, until it returns false. A callback rather than an array of ranges: names are split
    /// tens of thousands of times for a large spec, and the array was an allocation each time.
    private static func forEachWord(in bytes: UnsafeBufferPointer<UInt8>, _ body: (Int, Range<Int>) -> Bool) {
        var count = 0
        var start: Int?
        func emit(_ range: Range<Int>) -> Bool {
            defer { count += 1 }
            return body(count, range)
        }
        for (index, byte) in bytes.enumerated() {
            let isUpper = isUppercase(byte)
            guard isUpper || isLowercase(byte) || isDigit(byte) else {
                if let wordStart = start, !emit(wordStart..<index) { return }
                start = nil
                continue
            }
            if isUpper, let wordStart = start {
                let last = bytes[index - 1]
                let nextIsLower = index + 1 < bytes.count && isLowercase(bytes[index + 1])
                // `petId` → pet|Id; `HTTPStatus` → HTTP|Status; `v2Beta` → v2|Beta.
                if isLowercase(last) || isDigit(last) || (isUppercase(last) && nextIsLower) {
                    if !emit(wordStart..<index) { return }
                    start = index
                }
            }
            if start == nil { start = index }
        }
        if let wordStart = start { _ = emit(wordStart..<bytes.count) }
    }

    /// Swift's reserved words: declarations, statements, expressions and types, plus the few
    /// contextual words that cannot be used as plain identifiers everywhere.
    static let keywords: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func",
        "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "private", "precedencegroup",
        "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case",
        "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat",
        "return", "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self",
        "super", "throws", "true", "try", "_", "Type", "Protocol", "some", "any", "async", "package",
    ]

    /// Names generated types must not take: they would shadow the standard library, Foundation
    /// or the runtime inside the generated module.
    public static let reservedTypeNames: Set<String> = [
        "String", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double",
        "Float", "Bool", "Character", "Array", "Dictionary", "Set", "Optional", "Result", "Error", "Never", "Void",
        "Any", "AnyObject", "Self", "Type", "Protocol", "Codable", "Decodable", "Encodable", "Decoder", "Encoder",
        "CodingKey", "CodingKeys", "Hashable", "Equatable", "Sendable", "Identifiable", "Comparable", "Data", "Date",
        "URL", "UUID", "Decimal", "Locale", "TimeZone", "Calendar", "JSONDecoder", "JSONEncoder", "DecodingError",
        "EncodingError", "Task", "MainActor", "Observable", "Foundation", "Swift", "JSONValue", "CalendarDate",
        "Nullable", "OpenEnum", "AnyCodingKey", "APIModel", "Indirect", "APIClient", "Request", "Response", "Loadable",
        "APIError", "HTTPTransport", "APIJSON", "APIGenRuntime", "Observation", "Substring", "Sequence", "Collection",
        "HTTPMethod", "HTTPFields", "HTTPRequest", "HTTPResponse", "SecurityScheme", "RequestBody", "ResponseBody",
        "FormBody", "MultipartBody", "PathParameter", "ParameterSerializer", "ParameterStyle", "APIServer",
        "APIResponse", "Authentication", "Middleware", "RetryPolicy", "MockTransport", "URLSessionTransport",
        "UserMessages", "DecodingFailure", "RemoteQuery", "PagedQuery", "PageRequest", "Submission",
        "QueryViewModel", "PagedViewModel", "SubmissionViewModel", "PropertyWriter", "PropertyReader",
        "OptimisticUpdater", "EmbeddedJSON", "APIGenSwiftUI", "ResponseStream", "ServerSentEvent",
        "ServerSentEventOptions", "ResponseChunks", "StreamViewModel", "FilePart", "TransferProgress", "TokenRefresher",
        // Identifiable's associated type: inside every model with an `id`, `ID` names it, not a
        // schema's type (Apideck's `ID` component, used as `id: ID?`, did not compile).
        "ID",
        // Foundation types an app file importing both Foundation and the client would find ambiguous.
        "Measurement", "Unit", "Dimension", "Notification", "Operation", "Process", "Thread", "Progress", "Timer",
        "Bundle", "Host", "Port", "Stream", "Expression", "Predicate", "Formatter", "Scanner", "IndexPath",
        "IndexSet", "CharacterSet", "AttributedString", "URLRequest", "URLResponse", "URLSession", "URLComponents",
        "URLQueryItem", "DateComponents", "DateInterval", "TimeInterval", "Duration", "Regex", "Range", "Hasher",
        "Mirror", "Selector", "NSObject", "FileManager", "FileHandle", "Pipe", "RunLoop", "OperationQueue",
        "NotificationCenter", "UserDefaults", "PropertyListEncoder", "PropertyListDecoder", "Morphology",
    ]
}
