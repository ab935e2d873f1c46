import Foundation

/// A day in the (proleptic Gregorian) calendar with no time and no time zone: OpenAPI `format: date`.
///
/// `Date` would be the wrong type: it is an instant, so "2024-05-01" would silently become a different
/// day for users west of UTC. This type keeps exactly what the API sent and encodes as `"YYYY-MM-DD"`.
public struct CalendarDate: Sendable, Hashable, Comparable, Codable, LosslessStringConvertible {
    /// The year, 0...9999 (four digits on the wire).
    public let year: Int
    /// The month, 1...12.
    public let month: Int
    /// The day of the month, 1...28/29/30/31.
    public let day: Int

    /// Creates a date from its components.
    ///
    /// Traps on an impossible date (month 13, February 30, year beyond four digits) because that is a
    /// programming error; use `init?(_:)` for input you do not control.
    public init(year: Int, month: Int, day: Int) {
        precondition(
            Self.isValid(year: year, month: month, day: day),
            "Invalid calendar date \(year)-\(month)-\(day)"
        )
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses exactly `YYYY-MM-DD`, returning nil for any other shape or an impossible date.
    public init?(_ description: String) {
        var string = description
        let parsed = string.withUTF8 { Self.parse($0) }
        guard let parsed else { return nil }
        self.init(year: parsed.year, month: parsed.month, day: parsed.day)
    }

    /// The calendar day that `date` falls on in `timeZone` (UTC by default, matching the wire format).
    ///
    /// Traps if that day lies outside years 0...9999, which the wire format cannot express.
    public init(date: Date, timeZone: TimeZone = CalendarDate.utc) {
        let offset = Int64(timeZone.secondsFromGMT(for: date))
        let seconds = Int64(date.timeIntervalSince1970.rounded(.down)) + offset
        let days = CivilCalendar.floorDivide(seconds, 86_400).quotient
        let civil = CivilCalendar.civilFromDays(days)
        self.init(year: civil.year, month: civil.month, day: civil.day)
    }

    /// The first instant of this day in `timeZone` (midnight, or the first valid time after a DST gap).
    public func date(in timeZone: TimeZone = CalendarDate.utc) -> Date {
        let days = CivilCalendar.daysFromCivil(year: year, month: month, day: day)
        let utcMidnight = Date(timeIntervalSince1970: TimeInterval(days * 86_400))
        // Fast path: shift by the zone's offset; valid whenever the offset is the same at the result.
        let offset = timeZone.secondsFromGMT(for: utcMidnight)
        let candidate = utcMidnight.addingTimeInterval(TimeInterval(-offset))
        if offset == 0 || timeZone.secondsFromGMT(for: candidate) == offset {
            return candidate
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let components = DateComponents(year: year, month: month, day: day)
        return calendar.date(from: components) ?? candidate
    }

    /// `YYYY-MM-DD`, zero padded: the OpenAPI `format: date` wire form.
    public var description: String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(10)
        CivilCalendar.appendPadded(year, width: 4, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        CivilCalendar.appendPadded(month, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        CivilCalendar.appendPadded(day, width: 2, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether `lhs` is an earlier day than `rhs`.
    public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// Decodes a `"YYYY-MM-DD"` string.
    ///
    /// Throws `DecodingError.dataCorrupted` for text of any other shape or an impossible date, and
    /// `DecodingError.typeMismatch` when the value is not a string.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let string = try container.decode(String.self)
        guard let date = CalendarDate(string) else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "Expected a calendar date in the form YYYY-MM-DD (for example 2024-02-29), got \"\(string)\""
            )
        }
        self = date
    }

    /// Encodes the date as a `"YYYY-MM-DD"` string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    /// UTC, the default zone for conversions: the zone in which API dates are normally meant.
    public static let utc = TimeZone(secondsFromGMT: 0)!

    static func isValid(year: Int, month: Int, day: Int) -> Bool {
        (0...9999).contains(year) && CivilCalendar.isValid(year: year, month: month, day: day)
    }

    /// Parses `YYYY-MM-DD` from UTF-8 bytes; shared with the date-time parser's date part.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> (year: Int, month: Int, day: Int)? {
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else {
            return nil
        }
        guard
            let year = DigitScanner.number(bytes, from: 0, count: 4),
            let month = DigitScanner.number(bytes, from: 5, count: 2),
            let day = DigitScanner.number(bytes, from: 8, count: 2),
            isValid(year: year, month: month, day: day)
        else { return nil }
        return (year, month, day)
    }
}

/// Reads fixed-width ASCII decimal fields from UTF-8 bytes without allocating.
enum DigitScanner {
    /// The value of `count` digits starting at `start`, or nil if the bytes run out or one is not a digit.
    @inline(__always)
    static func number(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, count: Int) -> Int? {
        guard start >= 0, start + count <= bytes.count else { return nil }
        var value = 0
        for index in start..<(start + count) {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value * 10 + Int(digit)
        }
        return value
    }
}
