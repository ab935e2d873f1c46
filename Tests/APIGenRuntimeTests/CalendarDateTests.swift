import APIGenRuntime
import Foundation
import XCTest

final class CalendarDateTests: XCTestCase {
    private struct Holder: Codable, Equatable {
        var day: CalendarDate
    }

    func testParsesValidDates() throws {
        let date = try XCTUnwrap(CalendarDate("2024-02-29"))
        XCTAssertEqual(date.year, 2024)
        XCTAssertEqual(date.month, 2)
        XCTAssertEqual(date.day, 29)
        XCTAssertEqual(CalendarDate("2000-02-29"), CalendarDate(year: 2000, month: 2, day: 29))
        XCTAssertEqual(CalendarDate("0000-01-01")?.year, 0)
        XCTAssertEqual(CalendarDate("9999-12-31")?.day, 31)
        XCTAssertEqual(CalendarDate("2023-04-30")?.day, 30)
    }

    func testRejectsMalformedOrImpossibleDates() {
        let bad = [
            "", "2024", "2024-1-01", "2024-01-1", "24-01-01", "20240101", "2024/01/01",
            "2024-01-01T00:00:00Z", "2024-01-01 ", " 2024-01-01", "+024-01-01", "2024-0a-01",
            "2024-00-10", "2024-13-01", "2024-01-00", "2024-01-32", "2024-04-31", "2024-06-31",
            "2023-02-29", "1900-02-29", "2100-02-29", "２０２４-01-01",
        ]
        for string in bad {
            XCTAssertNil(CalendarDate(string), "accepted \(string)")
        }
    }

    func testDescriptionIsZeroPaddedAndRoundTrips() {
        XCTAssertEqual(CalendarDate(year: 7, month: 3, day: 9).description, "0007-03-09")
        XCTAssertEqual(CalendarDate(year: 2024, month: 12, day: 31).description, "2024-12-31")
        XCTAssertEqual("\(CalendarDate(year: 1999, month: 1, day: 2))", "1999-01-02")
        for string in ["2024-02-29", "0001-01-01", "1970-01-01", "9999-12-31"] {
            XCTAssertEqual(CalendarDate(string)?.description, string)
        }
    }

    func testOrderingAndHashing() {
        let dates = ["2024-03-01", "2023-12-31", "2024-02-29", "2024-02-01"].compactMap(CalendarDate.init)
        XCTAssertEqual(dates.sorted().map(\.description), ["2023-12-31", "2024-02-01", "2024-02-29", "2024-03-01"])
        XCTAssertLessThan(CalendarDate(year: 2024, month: 1, day: 31), CalendarDate(year: 2024, month: 2, day: 1))
        XCTAssertEqual(Set([CalendarDate("2024-01-01"), CalendarDate(year: 2024, month: 1, day: 1)]).count, 1)
    }

    func testCodableAsSingleString() throws {
        let data = try APIJSON.makeEncoder().encode(Holder(day: CalendarDate(year: 2024, month: 2, day: 9)))
        XCTAssertEqual(String(decoding: data, as: UTF8.self), #"{"day":"2024-02-09"}"#)
        let decoded = try JSONDecoder().decode(Holder.self, from: Data(#"{"day":"1988-11-30"}"#.utf8))
        XCTAssertEqual(decoded.day, CalendarDate(year: 1988, month: 11, day: 30))
    }

    func testDecodingBadDateThrowsHelpfulError() {
        let json = Data(#"{"day":"2023-02-29"}"#.utf8)
        XCTAssertThrowsError(try APIJSON.makeDecoder().decode(Holder.self, from: json)) { error in
            guard case DecodingError.dataCorrupted(let context) = error else {
                return XCTFail("unexpected error \(error)")
            }
            XCTAssertTrue(context.debugDescription.contains("YYYY-MM-DD"), context.debugDescription)
            XCTAssertTrue(context.debugDescription.contains("2023-02-29"), context.debugDescription)
            XCTAssertEqual(context.codingPath.map(\.stringValue), ["day"])
        }
        XCTAssertThrowsError(try JSONDecoder().decode(Holder.self, from: Data(#"{"day":20240101}"#.utf8))) { error in
            guard case DecodingError.typeMismatch = error else {
                return XCTFail("unexpected error \(error)")
            }
        }
    }

    func testInitFromDateUsesTimeZone() throws {
        // 2024-03-10T23:30:00Z
        let instant = Date(timeIntervalSince1970: 1_710_113_400)
        XCTAssertEqual(CalendarDate(date: instant), CalendarDate(year: 2024, month: 3, day: 10))
        let plusTwo = try XCTUnwrap(TimeZone(secondsFromGMT: 2 * 3600))
        XCTAssertEqual(CalendarDate(date: instant, timeZone: plusTwo), CalendarDate(year: 2024, month: 3, day: 11))
        let minusEleven = try XCTUnwrap(TimeZone(secondsFromGMT: -11 * 3600))
        XCTAssertEqual(CalendarDate(date: instant, timeZone: minusEleven), CalendarDate(year: 2024, month: 3, day: 10))
        // Just before the epoch must land on 1969-12-31, not 1970-01-01.
        XCTAssertEqual(CalendarDate(date: Date(timeIntervalSince1970: -0.5)), CalendarDate(year: 1969, month: 12, day: 31))
        XCTAssertEqual(CalendarDate(date: Date(timeIntervalSince1970: -86_400)), CalendarDate(year: 1969, month: 12, day: 31))
        XCTAssertEqual(CalendarDate(date: Date(timeIntervalSince1970: -86_401)), CalendarDate(year: 1969, month: 12, day: 30))
    }

    func testDateInTimeZone() throws {
        XCTAssertEqual(CalendarDate(year: 2024, month: 5, day: 1).date().timeIntervalSince1970, 1_714_521_600)
        XCTAssertEqual(CalendarDate(year: 1970, month: 1, day: 1).date().timeIntervalSince1970, 0)
        XCTAssertEqual(CalendarDate(year: 1, month: 1, day: 1).date().timeIntervalSince1970, -62_135_596_800)
        let plusTwo = try XCTUnwrap(TimeZone(secondsFromGMT: 2 * 3600))
        XCTAssertEqual(CalendarDate(year: 2024, month: 5, day: 1).date(in: plusTwo).timeIntervalSince1970, 1_714_521_600 - 7200)
        guard let berlin = TimeZone(identifier: "Europe/Berlin") else { throw XCTSkip("no tz database") }
        // Summer (UTC+2) and winter (UTC+1).
        XCTAssertEqual(CalendarDate(year: 2024, month: 7, day: 1).date(in: berlin), APIJSON.parseDateTime("2024-06-30T22:00:00Z"))
        XCTAssertEqual(CalendarDate(year: 2024, month: 1, day: 15).date(in: berlin), APIJSON.parseDateTime("2024-01-14T23:00:00Z"))
        // The day after the spring-forward night.
        XCTAssertEqual(CalendarDate(year: 2024, month: 3, day: 31).date(in: berlin), APIJSON.parseDateTime("2024-03-30T23:00:00Z"))
        XCTAssertEqual(CalendarDate(year: 2024, month: 4, day: 1).date(in: berlin), APIJSON.parseDateTime("2024-03-31T22:00:00Z"))
    }

    func testMidnightInDaylightSavingGapMovesForward() throws {
        // Brazil started DST at midnight on 2018-11-04: 00:00 local did not exist, 01:00 (-02:00) did.
        guard let saoPaulo = TimeZone(identifier: "America/Sao_Paulo") else { throw XCTSkip("no tz database") }
        let start = CalendarDate(year: 2018, month: 11, day: 4).date(in: saoPaulo)
        XCTAssertEqual(start, APIJSON.parseDateTime("2018-11-04T03:00:00Z"))
        XCTAssertEqual(CalendarDate(date: start, timeZone: saoPaulo), CalendarDate(year: 2018, month: 11, day: 4))
    }

    func testAgreesWithFoundationCalendarAcrossCenturies() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = CalendarDate.utc
        // Every 97th day from 1600 to 2400 (after the Julian/Gregorian switch Foundation models).
        var date = try XCTUnwrap(calendar.date(from: DateComponents(year: 1600, month: 3, day: 1)))
        let end = try XCTUnwrap(calendar.date(from: DateComponents(year: 2400, month: 3, day: 1)))
        var checked = 0
        while date < end {
            let components = calendar.dateComponents([.year, .month, .day], from: date)
            let expected = CalendarDate(year: components.year!, month: components.month!, day: components.day!)
            XCTAssertEqual(CalendarDate(date: date), expected)
            XCTAssertEqual(expected.date(), date)
            date = date.addingTimeInterval(97 * 86_400)
            checked += 1
        }
        XCTAssertGreaterThan(checked, 3000)
    }
}
