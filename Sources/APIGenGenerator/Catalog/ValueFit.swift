import APIGenOpenAPI

/// Whether a value the spec writes (an `example`, a `default`, a `const`, a `minimum`) can be
/// held by the Swift type apigen generates for its schema, as `APIJSON.makeDecoder()` reads it.
///
/// JSON Schema ignores `format`, so a validator passes `{type: integer, format: int32, example:
/// 3000000000}`; `Int32` cannot hold it, and a `sample` built from it stops the app in
/// `EmbeddedJSON.decode`. The rules are the decoder's: swift-foundation's `JSONDecoder` for
/// numbers, and the runtime's `CalendarDate(_:)`, `APIJSON.parseDateTime`, `UUID(uuidString:)`
/// and base64 `Data` for text (`FormatText`).
enum ValueFit {
    /// The Swift type of a primitive schema, from the one table of `type` and `format`.
    /// `SchemaTypes.primitiveType` answers from here, so the check and the declared type
    /// cannot disagree.
    static func swiftType(_ type: JSONType, format: String?) -> SwiftType {
        scalar(type, format: format).map { .scalar($0) } ?? .jsonValue
    }

    /// The scalar a primitive schema decodes into; nil for a `JSONValue`, which holds anything.
    /// No `SwiftType` is made on the way: the check asks for every example and default.
    static func scalar(_ type: JSONType, format: String?) -> Scalar? {
        switch type {
        case .string:
            return StringFormat(format)?.scalar ?? .string
        case .integer, .number:
            switch format {
            case "int32": return .int32
            case "int64": return .int64
            // Money and other exact quantities: Foundation reads and writes a Decimal's digits exactly.
            case "decimal" where type == .number: return .decimal
            // JSON numbers are doubles: a `float` holds in a Double exactly, and a server that
            // sends more digits or a larger value than Float has loses nothing.
            default: return type == .integer ? .int : .double
            }
        case .boolean:
            return .bool
        case .object, .array, .null:
            return nil
        }
    }

    /// nil when `value` decodes as `scalar`; else why not. `surely`: a URL as `URL(string:)`
    /// reads it everywhere (`ExampleChecker.decodesSurely`), not as a property's lenient read.
    static func problem(_ value: SpecValue, as scalar: Scalar, surely: Bool = false) -> Problem? {
        switch (scalar, value) {
        case (.bool, .bool), (.string, .string):
            return nil
        case (.date, .string(let text)):
            return FormatText.isDateTime(text) ? nil : .text(text, scalar)
        case (.calendarDate, .string(let text)):
            return FormatText.isDate(text) ? nil : .text(text, scalar)
        case (.uuid, .string(let text)):
            return FormatText.isUUID(text) ? nil : .text(text, scalar)
        case (.data, .string(let text)):
            // `Data` (and `FilePart`) read base64 text: "hello" stops a sample.
            return FormatText.isBase64(text) ? nil : .text(text, scalar)
        case (.url, .string(let text)):
            let fits = surely ? FormatText.isURLReference(text) : text.utf8.contains(UInt8(ascii: ":")) && !text.utf8.contains(32)
            return fits ? nil : .text(text, scalar)
        case (.int32, .int(let number)), (.int64, .int(let number)), (.int, .int(let number)):
            return scalar.integerRange!.contains(number) ? nil : .range(value, scalar)
        case (.int32, .double(let number)), (.int64, .double(let number)), (.int, .double(let number)):
            return wholeNumberProblem(number, value, scalar)
        case (.double, .int), (.decimal, .int):
            return nil
        case (.double, .double(let number)):
            return number.isFinite ? nil : .notFinite(scalar)
        case (.decimal, .double(let number)):
            guard number.isFinite else { return .notFinite(scalar) }
            // A Decimal holds 38 digits with an exponent of -128...127; the digits JSONText
            // writes for a Double (17 at most) leave that much room either side of 1e110.
            return number == 0 || (1e-110...1e110).contains(number.magnitude) ? nil : .range(value, scalar)
        default:
            return .kind(value, expected: scalar.kindName)
        }
    }

    /// An integer type's answer to a number the spec wrote with a fraction or an exponent.
    private static func wholeNumberProblem(_ number: Double, _ value: SpecValue, _ scalar: Scalar) -> Problem? {
        guard number.isFinite else { return .notFinite(scalar) }
        guard number == number.rounded(.towardZero) else { return .fraction(value, scalar) }
        // An integer the YAML reader could not hold in 64 bits comes as a Double too.
        guard let whole = Int64(exactly: number), scalar.integerRange!.contains(whole) else { return .range(value, scalar) }
        // Below 2^53 the decoder reads the Double and converts it exactly (3.0 is 3); from there
        // on it reads the text again as a Decimal, which this check does not follow.
        return number.magnitude < 9_007_199_254_740_992 ? nil : .inexact(value, scalar)
    }

    /// The whole number an integer sample takes from a `minimum` (rounded up) or a `maximum`
    /// (rounded down); nil when `scalar` cannot hold it (an int32's minimum of 3000000000).
    static func integerBound(_ bound: Double, roundingUp: Bool, as scalar: Scalar) -> Int64? {
        guard let range = scalar.integerRange, let whole = Int64(exactly: bound.rounded(roundingUp ? .up : .down)),
            range.contains(whole)
        else { return nil }
        return whole
    }

    /// Whether a number sample can take `bound` (a `minimum` or `maximum`) as it is.
    static func holds(bound: Double, as scalar: Scalar) -> Bool {
        problem(.double(bound), as: scalar) == nil
    }

    /// The raw type of an integer `enum`: `Int32` for `format: int32` when every listed value
    /// fits it, else 64 bits (`EnumTranslator` warns when it widens). An open enum keeps values
    /// it does not list, but only those its raw type holds.
    static func integerEnumRaw(_ values: [Int64], format: String?) -> Scalar {
        let scalar = self.scalar(.integer, format: format) ?? .int
        guard scalar == .int32, values.contains(where: { Int32(exactly: $0) == nil }) else { return scalar }
        return .int64
    }
}

extension ValueFit {
    /// Why a value does not fit. The value is kept as the spec wrote it, for the message.
    enum Problem: Hashable, CustomStringConvertible {
        /// Another JSON kind than the type takes (text where a number goes).
        case kind(SpecValue, expected: String)
        /// A whole number the integer type cannot hold (3000000000 in an `Int32`), or a number
        /// too large or too small for a `Decimal`.
        case range(SpecValue, Scalar)
        /// A number with a fraction where a whole number goes (1.5 in an `Int32`).
        case fraction(SpecValue, Scalar)
        /// A whole number written with a fraction or an exponent (`1.0e18`) from 2^53 on: the
        /// decoder then reads the text again as a `Decimal`, and may refuse it.
        case inexact(SpecValue, Scalar)
        /// Infinity or NaN (YAML `.inf`), which JSON cannot write: the sample would hold `null`.
        case notFinite(Scalar)
        /// Text the type does not parse (`2024-02-30` as a `CalendarDate`).
        case text(String, Scalar)
        /// Another value than the only one the decoder accepts (`const`, an enum of one value).
        case constant(SpecValue, fixed: SpecValue)
        case missingProperty(String)
        case null
        case noAlternative
        /// Nested deeper than the check follows (`ExampleChecker`): not surely decodable.
        case tooDeep
        /// Decodable, but against the schema's own `keyword` (`SchemaAssertions`).
        case breaks(keyword: String)

        /// True for what JSON Schema lets through (it ignores `format`) and only the Swift type
        /// refuses: what apigen warns about when it leaves a value out. The others (a wrong
        /// kind, a missing property) a schema validator reports.
        var isTypeLimit: Bool {
            switch self {
            case .range, .fraction, .inexact, .notFinite: return true
            // The URL check is stricter than the decoder, which takes a relative reference
            // (Twilio's "/2010-04-01/Accounts.json"): a sample leaves those out, silently.
            case .text(_, let scalar): return scalar != .url
            case .kind, .constant, .missingProperty, .null, .noAlternative, .tooDeep, .breaks: return false
            }
        }

        /// The reason without the value, shared by every value refused the same way: it groups
        /// warnings (`SampleTranslator.warnAboutUnheldValues`).
        var reason: String {
            switch self {
            case .kind(_, let expected): return "not \(expected)"
            case .range(_, let scalar):
                guard let range = scalar.integerRange else { return "beyond what \(scalar.rawValue) holds (about 1e-110 to 1e110)" }
                return "outside \(scalar.rawValue)'s range \(range.lowerBound)...\(range.upperBound)"
            case .fraction(_, let scalar): return "not a whole number, which \(scalar.rawValue) needs"
            case .inexact(_, let scalar):
                return "a whole number written as a fraction from 2^53 on, which \(scalar.rawValue) does not read reliably"
            case .notFinite(let scalar): return "not finite, which \(scalar.rawValue) cannot hold and JSON cannot write"
            case .text(_, let scalar): return Self.textReason(scalar)
            case .constant(_, let fixed): return "not \(Self.shown(fixed)), the value the schema fixes"
            case .missingProperty(let name): return "missing the required property '\(name)'"
            case .null: return "null, which the type does not take"
            case .noAlternative: return "taken by none of the union's alternatives"
            case .tooDeep: return "nested deeper than apigen checks"
            case .breaks(let keyword): return "against the schema's \(keyword)"
            }
        }

        var description: String {
            switch self {
            case .kind(let value, _), .range(let value, _), .fraction(let value, _), .inexact(let value, _), .constant(let value, _):
                return "\(Self.shown(value)) is \(reason)"
            case .text(let text, _):
                return "\(Self.shown(.string(text))) is \(reason)"
            case .notFinite, .missingProperty, .null, .noAlternative, .tooDeep, .breaks:
                return "the value is \(reason)"
            }
        }

        private static func textReason(_ scalar: Scalar) -> String {
            switch scalar {
            case .calendarDate: return "not a calendar date YYYY-MM-DD (CalendarDate needs month 01-12 and a day that month has)"
            case .date: return "not an RFC 3339 date-time with a time zone, such as 2024-05-01T12:30:00Z (Date)"
            case .uuid: return "not a UUID of 8-4-4-4-12 hexadecimal digits (UUID)"
            case .data: return "not padded base64 (Data reads base64 text)"
            case .url: return "not a URL"
            default: return "not text \(scalar.rawValue) reads"
            }
        }

        /// The value as JSON, cut short: an example can be a whole document.
        private static func shown(_ value: SpecValue) -> String {
            let text = JSONText.render(value)
            return text.count <= 60 ? text : String(text.prefix(57)) + "..."
        }
    }

    /// Where in a value (a JSON pointer into it, empty for the value itself) and why it does
    /// not fit. Built only on failure: the path is collected on the way back up.
    struct Misfit: Hashable, CustomStringConvertible {
        var path: [String] = []
        var problem: Problem

        init(_ problem: Problem) {
            self.problem = problem
        }

        /// The same misfit, one level further in: under member or index `key`.
        func inside(_ key: String) -> Misfit {
            var copy = self
            copy.path.insert(key, at: 0)
            return copy
        }

        /// `/limits/0/max`, escaped as RFC 6901 says.
        var pointer: String {
            path.map { "/" + $0.replacing("~", with: "~0").replacing("/", with: "~1") }.joined()
        }

        var description: String {
            path.isEmpty ? problem.description : "at \(pointer), \(problem)"
        }
    }
}

extension Scalar {
    /// The whole numbers an integer type holds (`Int` is 64 bits on every platform apigen
    /// builds for); nil for the other scalars.
    var integerRange: ClosedRange<Int64>? {
        switch self {
        case .int32: return Int64(Int32.min)...Int64(Int32.max)
        case .int64, .int: return Int64.min...Int64.max
        default: return nil
        }
    }

    /// What the type takes, in words: "a whole number", "text".
    fileprivate var kindName: String {
        switch self {
        case .int32, .int64, .int: return "a whole number"
        case .double, .decimal: return "a number"
        case .bool: return "true or false"
        case .string, .date, .calendarDate, .uuid, .url, .data: return "text"
        }
    }
}
