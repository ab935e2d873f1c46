import Foundation

/// The JSON coders every generated client uses, and the date-time wire format they share.
///
/// Dates are parsed by a hand-written scanner over the UTF-8 bytes instead of `ISO8601DateFormatter`:
/// formatters are slow and strict about fractional seconds, and decoding large arrays is a hot path.
public enum APIJSON {
    /// A new decoder whose dates accept any RFC 3339 date-time (see `parseDateTime(_:)`).
    ///
    /// Keys are used as written: generated models already map wire names to Swift names. It also
    /// refuses, without parsing, a body that ends in `[` (never JSON): Foundation's decoder on
    /// Linux crashes on one whose last `[` is the 513th level of nesting (found by fuzzing).
    public static func makeDecoder() -> JSONDecoder {
        let decoder = GuardedJSONDecoder()
        decoder.dateDecodingStrategy = .custom(decodeDateTime)
        return decoder
    }

    /// Foundation's description of a syntax error found before decoding starts.
    @usableFromInline static let invalidJSON = "The given data was not valid JSON."

    /// Whether a `Content-Type` names JSON: `application/json`, `text/json` or a `+json` type,
    /// with any parameters.
    static func isJSON(contentType: String?) -> Bool {
        guard let contentType else { return false }
        let type = contentType.split(separator: ";", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        return type == "application/json" || type == "text/json" || type.hasSuffix("+json")
    }

    /// Marks an encoder as writing something the client sends (a request body, a JSON part, a
    /// parameter): generated models then leave out their `readOnly` properties, which only the
    /// server writes. Without it, as when an app caches a model, every property is written, so a
    /// received model encodes back to what was received.
    public static let requestKey = CodingUserInfoKey(rawValue: "APIGenRuntime.request")!

    /// A new encoder for what the client sends: `makeEncoder()` marked with `requestKey`.
    static func makeRequestEncoder() -> JSONEncoder {
        let encoder = makeEncoder()
        encoder.userInfo[requestKey] = true
        return encoder
    }

    /// A new encoder writing dates as `yyyy-MM-dd'T'HH:mm:ss(.SSS)Z` in UTC (`.SSSSSS` for an
    /// instant between milliseconds), `/` unescaped (URLs in bodies stay readable) and object keys
    /// sorted.
    ///
    /// Keys are sorted because `JSONEncoder` cannot keep declaration order: it stores members in a
    /// dictionary, so without sorting the order changes from one process to the next. Sorted output is
    /// deterministic, which request-body tests, caching and signing rely on.
    public static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .custom(encodeDateTime)
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// `value` written as the client writes a body: UUIDs lower-case at any depth, a bare one
    /// too (`JSONEncoder` alone writes `UUID` upper-case). For generated code that encodes a
    /// value the way it is sent.
    @_spi(Generated)
    public static func encodeAsSent<Value: Encodable>(_ value: Value, with encoder: JSONEncoder) throws -> Data {
        try encoder.encode(LowercasedUUIDs.encodable(value))
    }

    /// Parses an RFC 3339 / ISO 8601 date-time such as `2024-05-01T12:30:00Z` or
    /// `2024-05-01t12:30:00.123456+02:00`.
    ///
    /// Accepts: `T`, `t` or a space between date and time; optional fractional seconds of any length
    /// (`.` or `,`, kept to nanosecond precision); seconds up to 60 (a leap second rolls over);
    /// an offset of `Z`, `z`, `±hh:mm`, `±hhmm` or `±hh`. Rejects a missing offset, because a local
    /// time without a zone is not an instant. Returns nil on any other input.
    public static func parseDateTime(_ string: String) -> Date? {
        var string = string
        return string.withUTF8 { parseDateTime(bytes: $0) }
    }

    /// Formats `date` as `yyyy-MM-dd'T'HH:mm:ssZ` in UTC, with the shortest fraction that gives
    /// the same `Date` back: none, milliseconds (`.SSS`), or microseconds (`.SSSSSS`, rounded), so
    /// a date-time received with microseconds (as databases write them) is sent back unchanged.
    public static func formatDateTime(_ date: Date) -> String {
        // Integer microseconds since 1970, via the reference date to keep `Double` precision.
        let interval = date.timeIntervalSinceReferenceDate
        var scaled = (interval * 1_000_000).rounded()
        if !scaled.isFinite || abs(scaled) > 9e18 {
            scaled = scaled.isNaN ? 0 : (scaled < 0 ? -9e18 : 9e18)
        }
        // Milliseconds when they name this Date as closely as a Double can (one unit in the
        // last place: parsing rounds once): below a microsecond this century, and never finer
        // than the Double itself far from 2001.
        // (In integers: beyond 2^53 microseconds a Double no longer holds every one.)
        let milliseconds = (interval * 1000).rounded()
        var sinceReference = Int64(scaled)
        if abs(milliseconds / 1000 - interval) <= interval.ulp, abs(milliseconds) <= 9e15 {
            sinceReference = Int64(milliseconds) * 1000
        }
        let microseconds = sinceReference + CivilCalendar.unixToReferenceDateSeconds * 1_000_000
        let (seconds, microsecond) = CivilCalendar.floorDivide(microseconds, 1_000_000)
        let (days, secondOfDay) = CivilCalendar.floorDivide(seconds, 86_400)
        let civil = CivilCalendar.civilFromDays(days)
        let fractionDigits = microsecond == 0 ? 0 : (microsecond % 1000 == 0 ? 3 : 6)
        let fraction = fractionDigits == 3 ? Int(microsecond / 1000) : Int(microsecond)
        guard (0...9999).contains(civil.year) else {
            return formatDateTimeSlowly(civil: civil, secondOfDay: Int(secondOfDay), fraction: fraction, digits: fractionDigits)
        }
        let length = 20 + (fractionDigits == 0 ? 0 : fractionDigits + 1)
        // One allocation: fixed-width fields written straight into the string's storage.
        return String(unsafeUninitializedCapacity: length) { buffer in
            func put(_ value: Int, at offset: Int, width: Int) {
                var rest = value
                for index in stride(from: offset + width - 1, through: offset, by: -1) {
                    buffer[index] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                }
            }
            put(civil.year, at: 0, width: 4)
            buffer[4] = UInt8(ascii: "-")
            put(civil.month, at: 5, width: 2)
            buffer[7] = UInt8(ascii: "-")
            put(civil.day, at: 8, width: 2)
            buffer[10] = UInt8(ascii: "T")
            put(Int(secondOfDay / 3600), at: 11, width: 2)
            buffer[13] = UInt8(ascii: ":")
            put(Int(secondOfDay / 60 % 60), at: 14, width: 2)
            buffer[16] = UInt8(ascii: ":")
            put(Int(secondOfDay % 60), at: 17, width: 2)
            if fractionDigits > 0 {
                buffer[19] = UInt8(ascii: ".")
                put(fraction, at: 20, width: fractionDigits)
            }
            buffer[length - 1] = UInt8(ascii: "Z")
            return length
        }
    }

    /// The general formatter, for years outside 0...9999 (which RFC 3339 cannot express anyway).
    private static func formatDateTimeSlowly(
        civil: (year: Int, month: Int, day: Int),
        secondOfDay: Int,
        fraction: Int,
        digits: Int
    ) -> String {
        var bytes: [UInt8] = []
        CivilCalendar.appendPadded(civil.year, width: 4, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        CivilCalendar.appendPadded(civil.month, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        CivilCalendar.appendPadded(civil.day, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "T"))
        CivilCalendar.appendPadded(secondOfDay / 3600, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        CivilCalendar.appendPadded(secondOfDay / 60 % 60, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        CivilCalendar.appendPadded(secondOfDay % 60, width: 2, to: &bytes)
        if digits > 0 {
            bytes.append(UInt8(ascii: "."))
            CivilCalendar.appendPadded(fraction, width: digits, to: &bytes)
        }
        bytes.append(UInt8(ascii: "Z"))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// What the decoder says it wanted when a date-time does not parse.
    static let expectedDateTime =
        "Expected an RFC 3339 date-time such as 2024-05-01T12:30:00Z or 2024-05-01T12:30:00.123+02:00"

    @Sendable
    static func decodeDateTime(_ decoder: any Decoder) throws -> Date {
        let container = try decoder.singleValueContainer()
        let string = try container.decode(String.self)
        guard let date = parseDateTime(string) else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "\(expectedDateTime), got \"\(string)\""
            )
        }
        return date
    }

    @Sendable
    static func encodeDateTime(_ date: Date, _ encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(formatDateTime(date))
    }

    /// Powers of ten for scaling up to nine fraction digits to nanoseconds.
    private static let nanosecondScale: [Int64] = [
        1_000_000_000, 100_000_000, 10_000_000, 1_000_000, 100_000, 10_000, 1_000, 100, 10, 1,
    ]

    static func parseDateTime(bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        // Fixed part: YYYY-MM-DDTHH:MM:SS (19 bytes).
        guard bytes.count >= 20,
            bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":")
        else { return nil }
        switch bytes[10] {
        case UInt8(ascii: "T"), UInt8(ascii: "t"), UInt8(ascii: " "): break
        default: return nil
        }
        guard
            let year = DigitScanner.number(bytes, from: 0, count: 4),
            let month = DigitScanner.number(bytes, from: 5, count: 2),
            let day = DigitScanner.number(bytes, from: 8, count: 2),
            let hour = DigitScanner.number(bytes, from: 11, count: 2),
            let minute = DigitScanner.number(bytes, from: 14, count: 2),
            let second = DigitScanner.number(bytes, from: 17, count: 2),
            CivilCalendar.isValid(year: year, month: month, day: day),
            hour < 24, minute < 60, second <= 60
        else { return nil }

        // Optional fraction: any number of digits, the first nine kept.
        var index = 19
        var nanoseconds: Int64 = 0
        if bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: ",") {
            index += 1
            let fractionStart = index
            while index < bytes.count {
                let digit = bytes[index] &- UInt8(ascii: "0")
                guard digit < 10 else { break }
                if index - fractionStart < 9 {
                    nanoseconds = nanoseconds * 10 + Int64(digit)
                }
                index += 1
            }
            let digitCount = index - fractionStart
            guard digitCount > 0 else { return nil }
            nanoseconds *= nanosecondScale[min(digitCount, 9)]
        }

        // Offset: Z, or ±hh, ±hhmm, ±hh:mm; nothing may follow.
        guard index < bytes.count else { return nil }
        var offsetSeconds = 0
        switch bytes[index] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            guard index + 1 == bytes.count else { return nil }
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
            guard let offsetHour = DigitScanner.number(bytes, from: index + 1, count: 2), offsetHour < 24 else {
                return nil
            }
            var offsetMinute = 0
            switch bytes.count - (index + 3) {
            case 0:
                break
            case 2:
                guard let minutes = DigitScanner.number(bytes, from: index + 3, count: 2) else { return nil }
                offsetMinute = minutes
            case 3:
                guard bytes[index + 3] == UInt8(ascii: ":"),
                    let minutes = DigitScanner.number(bytes, from: index + 4, count: 2)
                else { return nil }
                offsetMinute = minutes
            default:
                return nil
            }
            guard offsetMinute < 60 else { return nil }
            offsetSeconds = sign * (offsetHour * 3600 + offsetMinute * 60)
        default:
            return nil
        }

        let days = CivilCalendar.daysFromCivil(year: year, month: month, day: day)
        let unixSeconds = days * 86_400 + Int64(hour * 3600 + minute * 60 + second - offsetSeconds)
        let referenceSeconds = unixSeconds - CivilCalendar.unixToReferenceDateSeconds
        return Date(timeIntervalSinceReferenceDate: Double(referenceSeconds) + Double(nanoseconds) / 1e9)
    }
}

/// `JSONDecoder`, with the one input it crashes on turned into the error it gives for any other
/// text that is not JSON.
final class GuardedJSONDecoder: JSONDecoder, @unchecked Sendable {
    // Sendable as JSONDecoder is: this subclass adds no state.
    override func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        guard data.last != UInt8(ascii: "[") else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: [], debugDescription: APIJSON.invalidJSON))
        }
        return try super.decode(type, from: data)
    }
}
