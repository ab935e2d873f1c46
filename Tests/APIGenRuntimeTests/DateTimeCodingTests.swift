import APIGenRuntime
import Foundation
import XCTest

final class DateTimeCodingTests: XCTestCase {
    /// 2024-05-01T12:30:00Z
    private let reference: TimeInterval = 1_714_566_600

    private func seconds(_ string: String, file: StaticString = #filePath, line: UInt = #line) throws -> TimeInterval {
        try XCTUnwrap(APIJSON.parseDateTime(string), "rejected \(string)", file: file, line: line).timeIntervalSince1970
    }

    func testParsesBasicForms() throws {
        XCTAssertEqual(try seconds("2024-05-01T12:30:00Z"), reference)
        XCTAssertEqual(try seconds("2024-05-01t12:30:00z"), reference)
        XCTAssertEqual(try seconds("2024-05-01 12:30:00Z"), reference)
        XCTAssertEqual(try seconds("1970-01-01T00:00:00Z"), 0)
        XCTAssertEqual(try seconds("0001-01-01T00:00:00Z"), -62_135_596_800)
        XCTAssertEqual(try seconds("9999-12-31T23:59:59Z"), 253_402_300_799)
        XCTAssertEqual(try seconds("1969-12-31T23:59:59Z"), -1)
    }

    func testParsesOffsets() throws {
        for string in [
            "2024-05-01T14:30:00+02:00", "2024-05-01T14:30:00+0200", "2024-05-01T14:30:00+02",
            "2024-05-01T07:00:00-05:30", "2024-05-01T07:00:00-0530", "2024-05-01T12:30:00-00:00",
            "2024-05-01T12:30:00+00:00", "2024-05-02T00:30:00+12:00", "2024-04-30T23:30:00-13:00",
        ] {
            XCTAssertEqual(try seconds(string), reference, string)
        }
    }

    func testLeapDaysAndLeapSecond() throws {
        XCTAssertEqual(try seconds("2024-02-29T00:00:00Z"), 1_709_164_800)
        XCTAssertEqual(try seconds("2000-02-29T12:00:00Z"), 951_825_600)
        XCTAssertNil(APIJSON.parseDateTime("2023-02-29T00:00:00Z"))
        XCTAssertNil(APIJSON.parseDateTime("1900-02-29T00:00:00Z"))
        // A leap second cannot be represented by `Date`; it rolls over to the next second.
        XCTAssertEqual(try seconds("2016-12-31T23:59:60Z"), try seconds("2017-01-01T00:00:00Z"))
    }

    func testFractionalSecondsKeepPrecision() throws {
        let cases: [(String, TimeInterval)] = [
            ("2024-05-01T12:30:00.5Z", 0.5),
            ("2024-05-01T12:30:00.25Z", 0.25),
            ("2024-05-01T12:30:00.123Z", 0.123),
            ("2024-05-01T12:30:00,123Z", 0.123),
            ("2024-05-01T12:30:00.000001Z", 0.000001),
            ("2024-05-01T12:30:00.123456Z", 0.123456),
            ("2024-05-01T12:30:00.123456789Z", 0.123456789),
            ("2024-05-01T12:30:00.1234567891234567Z", 0.123456789),
            ("2024-05-01T12:30:00.999999999Z", 0.999999999),
            ("2024-05-01T12:30:00.000Z", 0),
            ("2024-05-01T14:30:00.75+02:00", 0.75),
        ]
        for (string, fraction) in cases {
            let date = try XCTUnwrap(APIJSON.parseDateTime(string), string)
            // Relative to the reference date, where `Date` stores its value, precision is ~0.1 µs.
            let expected = reference - 978_307_200 + fraction
            XCTAssertEqual(date.timeIntervalSinceReferenceDate, expected, accuracy: 2e-7, string)
        }
        let beforeEpoch = try XCTUnwrap(APIJSON.parseDateTime("1969-12-31T23:59:59.250Z"))
        XCTAssertEqual(beforeEpoch.timeIntervalSince1970, -0.75, accuracy: 1e-6)
    }

    func testRejectsInvalidDateTimes() {
        let bad = [
            "", "2024-05-01", "2024-05-01T12:30:00", "2024-05-01T12:30Z", "2024-05-01T12:30:00.Z",
            "2024-05-01T12:30:00.5", "2024-05-01X12:30:00Z", "2024-05-01T12-30-00Z", "2024/05/01T12:30:00Z",
            "2024-13-01T12:30:00Z", "2024-04-31T12:30:00Z", "2024-05-01T24:00:00Z", "2024-05-01T12:60:00Z",
            "2024-05-01T12:30:61Z", "2024-05-01T12:30:00+2:00", "2024-05-01T12:30:00+02:0",
            "2024-05-01T12:30:00+02:000", "2024-05-01T12:30:00+24:00", "2024-05-01T12:30:00+02:60",
            "2024-05-01T12:30:00+02-00", "2024-05-01T12:30:00Z ", " 2024-05-01T12:30:00Z",
            "2024-05-01T12:30:00ZZ", "2024-05-01T12:30:00GMT", "2024-05-01T12:30:00.5.5Z", "1714566600",
            "２０２４-05-01T12:30:00Z", "2024-05-01T12:30:00+02:00junk",
        ]
        for string in bad {
            XCTAssertNil(APIJSON.parseDateTime(string), "accepted \(string)")
        }
    }

    func testFormatsUTCWithTheShortestFractionThatKeepsTheInstant() {
        XCTAssertEqual(APIJSON.formatDateTime(Date(timeIntervalSince1970: reference)), "2024-05-01T12:30:00Z")
        XCTAssertEqual(APIJSON.formatDateTime(Date(timeIntervalSince1970: 0)), "1970-01-01T00:00:00Z")
        XCTAssertEqual(APIJSON.formatDateTime(Date(timeIntervalSince1970: reference + 0.5)), "2024-05-01T12:30:00.500Z")
        XCTAssertEqual(APIJSON.formatDateTime(Date(timeIntervalSince1970: reference + 0.007)), "2024-05-01T12:30:00.007Z")
        // Between milliseconds: microseconds, rounded, carrying into the seconds.
        XCTAssertEqual(APIJSON.formatDateTime(Date(timeIntervalSince1970: reference + 0.9996)), "2024-05-01T12:30:00.999600Z")
        XCTAssertEqual(APIJSON.formatDateTime(Date(timeIntervalSince1970: reference + 0.0004)), "2024-05-01T12:30:00.000400Z")
        XCTAssertEqual(APIJSON.formatDateTime(Date(timeIntervalSince1970: reference + 0.9999996)), "2024-05-01T12:30:01Z")
        // What a database writes comes back as it was; more digits round to microseconds.
        for text in ["2024-05-01T12:30:00.201176Z", "1999-12-31T23:59:59.999999Z", "2024-05-01T12:30:00.100Z"] {
            XCTAssertEqual(APIJSON.parseDateTime(text).map(APIJSON.formatDateTime), text)
        }
        XCTAssertEqual(APIJSON.parseDateTime("2024-05-01T12:30:00.1234567Z").map(APIJSON.formatDateTime), "2024-05-01T12:30:00.123457Z")
        // A millisecond instant stays in milliseconds even where a Double cannot hold microseconds.
        XCTAssertEqual(APIJSON.parseDateTime("8843-01-11T03:11:01.289Z").map(APIJSON.formatDateTime), "8843-01-11T03:11:01.289Z")
        // …and microseconds 32 µs from a millisecond stay microseconds there (a Double holds 8 µs).
        XCTAssertEqual(APIJSON.parseDateTime("0207-01-04T09:07:00.460032Z").map(APIJSON.formatDateTime), "0207-01-04T09:07:00.460032Z")
        XCTAssertEqual(APIJSON.formatDateTime(Date(timeIntervalSince1970: -0.25)), "1969-12-31T23:59:59.750Z")
        XCTAssertEqual(APIJSON.formatDateTime(Date(timeIntervalSince1970: -62_135_596_800)), "0001-01-01T00:00:00Z")
        XCTAssertEqual(APIJSON.formatDateTime(Date(timeIntervalSince1970: 951_825_600)), "2000-02-29T12:00:00Z")
        // Beyond four-digit years the output is still unambiguous, just not RFC 3339.
        XCTAssertEqual(APIJSON.formatDateTime(Date(timeIntervalSince1970: 253_402_300_800.5)), "10000-01-01T00:00:00.500Z")
        XCTAssertEqual(APIJSON.formatDateTime(Date(timeIntervalSinceReferenceDate: .infinity)).isEmpty, false)
    }

    func testFormatAndParseAgreeWithISO8601DateFormatter() throws {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<500 {
            // Deterministic pseudo-random instants between 1900 and 2100, whole milliseconds.
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let milliseconds = Int64(state >> 11) % 6_311_433_600_000 - 2_208_988_800_000
            let date = Date(timeIntervalSince1970: TimeInterval(milliseconds) / 1000)
            let ours = APIJSON.formatDateTime(date)
            let parsedByFoundation = try XCTUnwrap(formatter.date(from: ours), ours)
            // Foundation may truncate rather than round milliseconds, hence the 1 ms tolerance.
            XCTAssertEqual(parsedByFoundation.timeIntervalSince1970, date.timeIntervalSince1970, accuracy: 0.001, ours)
            let theirs = formatter.string(from: date)
            let parsedByUs = try XCTUnwrap(APIJSON.parseDateTime(theirs), theirs)
            XCTAssertEqual(parsedByUs.timeIntervalSince1970, date.timeIntervalSince1970, accuracy: 0.001, theirs)
            XCTAssertEqual(APIJSON.parseDateTime(ours).map(APIJSON.formatDateTime), ours)
        }
    }

    func testDecoderReadsDatesAndReportsBadOnes() throws {
        struct Event: Decodable {
            var at: Date
            var until: Date?
        }
        let decoder = APIJSON.makeDecoder()
        let event = try decoder.decode(Event.self, from: Data(#"{"at":"2024-05-01T14:30:00.5+02:00"}"#.utf8))
        XCTAssertEqual(event.at.timeIntervalSince1970, reference + 0.5, accuracy: 1e-6)
        XCTAssertNil(event.until)

        let events = try decoder.decode([Event].self, from: Data(#"[{"at":"2024-05-01T12:30:00Z"},{"at":"2024-05-01T12:30:00Z","until":"2024-05-01T12:30:01.000001Z"}]"#.utf8))
        XCTAssertEqual(try XCTUnwrap(events.last?.until).timeIntervalSince1970, reference + 1.000001, accuracy: 1e-6)

        XCTAssertThrowsError(try decoder.decode([Event].self, from: Data(#"[{"at":"2024-05-01T12:30:00Z"},{"at":"May 1st"}]"#.utf8))) { error in
            guard case DecodingError.dataCorrupted(let context) = error else {
                return XCTFail("unexpected error \(error)")
            }
            XCTAssertTrue(context.debugDescription.contains("RFC 3339"), context.debugDescription)
            XCTAssertTrue(context.debugDescription.contains("\"May 1st\""), context.debugDescription)
            XCTAssertEqual(context.codingPath.last?.stringValue, "at")
            XCTAssertEqual(context.codingPath.first?.intValue, 1)
        }
    }

    func testEncoderSortsKeysAndKeepsSlashes() throws {
        struct Link: Encodable {
            var zeta = "z"
            var url = URL(string: "https://example.com/a/b")!
            var at = Date(timeIntervalSince1970: 1_714_566_600.25)
            var alpha = 1
        }
        let data = try APIJSON.makeEncoder().encode(Link())
        XCTAssertEqual(
            String(decoding: data, as: UTF8.self),
            #"{"alpha":1,"at":"2024-05-01T12:30:00.250Z","url":"https://example.com/a/b","zeta":"z"}"#
        )
    }

    func testEncodeDecodeRoundTrip() throws {
        struct Stamp: Codable, Equatable {
            var at: Date
        }
        let original = Stamp(at: Date(timeIntervalSince1970: 1_700_000_000.123))
        let decoded = try APIJSON.makeDecoder().decode(Stamp.self, from: APIJSON.makeEncoder().encode(original))
        XCTAssertEqual(decoded.at.timeIntervalSince1970, original.at.timeIntervalSince1970, accuracy: 1e-6)
    }
}
