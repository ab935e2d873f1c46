/// The one naming function: every identifier apigen writes comes from text in a spec through
/// here. Output is plain ASCII letters, digits and underscores, so no spec text can reach the
/// generated code as anything but a name.
public enum SwiftName {
    /// `user_profile` → `UserProfile`, `HTTPStatus` → `HTTPStatus`. Never empty, never a keyword.
    public static func typeName(_ text: String, fallback: String = "Value") -> String {
        // Already UpperCamel ASCII (most schema names): splitting and joining gives it back.
        if isPlainIdentifier(text, firstIsUppercase: true) { return text }
        let words = self.words(text)
        guard !words.isEmpty else { return fallback }
        var name = words.map(capitalizeFirst).joined()
        if name.first?.isNumber == true {
            name = "_" + name
        }
        return name
    }

    /// A type name that can be declared without hiding a standard type: `Type` → `Kind`,
    /// `Error` → `ErrorModel`, `String` → `StringModel`.
    public static func declarableTypeName(_ text: String, fallback: String = "Value") -> String {
        let name = typeName(text, fallback: fallback)
        guard reservedTypeNames.contains(name) else { return name }
        return name == "Type" ? "Kind" : name + "Model"
    }

    /// `created_at` → `createdAt`, `URL` → `url`, `HTTPStatus` → `httpStatus`, `2fa` → `_2fa`.
    /// Not escaped: pass the result through `escaped` where it is written as a declaration.
    public static func memberName(_ text: String, fallback: String = "value") -> String {
        if isPlainIdentifier(text, firstIsUppercase: false) { return text }
        let words = self.words(text)
        guard let first = words.first else { return fallback }
        var name = lowercaseLeadingWord(first) + words.dropFirst().map(capitalizeFirst).joined()
        if name.first?.isNumber == true {
            name = "_" + name
        }
        return name
    }

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

    /// Wraps a reserved word in backticks so it can be declared and used.
    public static func escaped(_ identifier: String) -> String {
        keywords.contains(identifier) ? "`\(identifier)`" : identifier
    }

    /// The identifier without the backticks `escaped` may have added.
    public static func unescaped(_ identifier: String) -> String {
        identifier.count > 2 && identifier.hasPrefix("`") && identifier.hasSuffix("`") ? String(identifier.dropFirst().dropLast()) : identifier
    }

    /// An identifier used as an argument label in a call: keywords need no backticks there
    /// (Swift warns about them), except `inout`.
    public static func argumentLabel(_ identifier: String) -> String {
        let plain = unescaped(identifier)
        return plain == "inout" ? "`inout`" : plain
    }

    /// Splits on anything that is not an ASCII letter or digit, and between words in camel case.
    static func words(_ text: String) -> [String] {
        var words: [String] = []
        var current: [UInt8] = []
        let bytes = Array(text.utf8)
        func flush() {
            if !current.isEmpty {
                words.append(String(decoding: current, as: UTF8.self))
                current.removeAll(keepingCapacity: true)
            }
        }
        for (index, byte) in bytes.enumerated() {
            let isUpper = byte >= 65 && byte <= 90
            let isLower = byte >= 97 && byte <= 122
            let isDigit = byte >= 48 && byte <= 57
            guard isUpper || isLower || isDigit else {
                flush()
                continue
            }
            if isUpper, let last = current.last {
                let lastIsLower = last >= 97 && last <= 122
                let lastIsDigit = last >= 48 && last <= 57
                let lastIsUpper = last >= 65 && last <= 90
                let nextIsLower = index + 1 < bytes.count && bytes[index + 1] >= 97 && bytes[index + 1] <= 122
                // `petId` → pet|Id; `HTTPStatus` → HTTP|Status; `v2Beta` → v2|Beta.
                if lastIsLower || lastIsDigit || (lastIsUpper && nextIsLower) {
                    flush()
                }
            }
            current.append(byte)
        }
        flush()
        return words
    }

    private static func capitalizeFirst(_ word: String) -> String {
        guard let first = word.first else { return word }
        return first.uppercased() + word.dropFirst()
    }

    /// `URL` → `url`, `HTTP` → `http`, `Pet` → `pet`, `iOS` → `iOS`.
    private static func lowercaseLeadingWord(_ word: String) -> String {
        if word.allSatisfy({ $0.isUppercase || $0.isNumber }) {
            return word.lowercased()
        }
        guard let first = word.first else { return word }
        return first.lowercased() + word.dropFirst()
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
        "OptimisticUpdater", "SampleData", "APIGenSwiftUI",
        // Foundation types an app file importing both Foundation and the client would find ambiguous.
        "Measurement", "Unit", "Dimension", "Notification", "Operation", "Process", "Thread", "Progress", "Timer",
        "Bundle", "Host", "Port", "Stream", "Expression", "Predicate", "Formatter", "Scanner", "IndexPath",
        "IndexSet", "CharacterSet", "AttributedString", "URLRequest", "URLResponse", "URLSession", "URLComponents",
        "URLQueryItem", "DateComponents", "DateInterval", "TimeInterval", "Duration", "Regex", "Range", "Hasher",
        "Mirror", "Selector", "NSObject", "FileManager", "FileHandle", "Pipe", "RunLoop", "OperationQueue",
        "NotificationCenter", "UserDefaults", "PropertyListEncoder", "PropertyListDecoder", "Morphology",
    ]
}
