import APIGenOpenAPI
import APIGenRuntime
import Foundation
import XCTest

@testable import APIGenGenerator

/// `ValueFit`'s answers are the runtime's: the text grammars against the parsers they copy, on
/// the same vectors, and every number that fits a scalar against `APIJSON.makeDecoder()`.
final class ValueFitTests: XCTestCase {
    static let dates = [
        "2024-02-29", "2023-02-29", "2024-02-30", "2024-13-01", "2024-00-10", "2024-04-31", "0000-01-01", "9999-12-31",
        "2024-5-01", "2024-05-01x", " 2024-05-01", "2024-05-0a", "1900-02-29", "2000-02-29", "2024/05/01", "",
    ]
    static let dateTimes = [
        "2024-05-01T09:30:00Z", "2024-05-01t09:30:00z", "2024-05-01 09:30:00Z", "2024-05-01T09:30:00.123456789123Z",
        "2024-05-01T09:30:00,5+02:00", "2024-05-01T09:30:00+0200", "2024-05-01T09:30:00+02", "2024-05-01T09:30:00",
        "2024-05-01T09:30:00.Z", "2024-05-01T24:00:00Z", "2024-05-01T23:60:00Z", "2024-05-01T23:59:60Z",
        "2024-02-30T00:00:00Z", "2024-05-01T09:30:00 +02:00", "2024-05-01T09:30:00+24:00", "2024-05-01T09:30:00+02:60",
        "2024-05-01T09:30:00Zjunk", "2024-05-01T09:30:00+02:00:00", "2024-05-01T09:30:00abc+02:00", "2018-01-01T00:01:01",
    ]
    static let uuids = [
        "3f2504e0-4f89-41d3-9a0c-0305e82c3301", "3F2504E0-4F89-41D3-9A0C-0305E82C3301", "3f2504e0-4f89-41d3-9a0c-0305e82c330",
        "3f2504e0x4f89-41d3-9a0c-0305e82c3301", "3f2504e0-4f89-41d3-9a0c-0305e82c330g", "E1AF5EEC-526F-487D-B317EBEB34C87D71",
    ]

    /// Dates, date-times and UUIDs fit exactly when `CalendarDate`, `APIJSON.parseDateTime` and
    /// `UUID(uuidString:)` read them.
    func testTextGrammarsAreTheRuntimes() {
        for text in Self.dates {
            XCTAssertEqual(FormatText.isDate(text), CalendarDate(text) != nil, text)
        }
        for text in Self.dateTimes {
            XCTAssertEqual(FormatText.isDateTime(text), APIJSON.parseDateTime(text) != nil, text)
        }
        for text in Self.uuids {
            XCTAssertEqual(FormatText.isUUID(text), UUID(uuidString: text) != nil, text)
        }
    }

    /// Base64 and URL references that fit decode (`Data(base64Encoded:)`, `URL(string:)`); the
    /// checks may be stricter than one platform's Foundation, never looser.
    func testBase64AndURLsThatFitDecode() {
        let base64 = ["c2FtcGxl", "aGVsbG8=", "aGVsbG8", "hello", "", "aGk=", "aG==", "a===", "aGVs bG8=", "YQ==", "Y===", "=YQ=", "____"]
        for text in base64 where FormatText.isBase64(text) {
            XCTAssertNotNil(Data(base64Encoded: text), text)
        }
        XCTAssertEqual(base64.filter(FormatText.isBase64), ["c2FtcGxl", "aGVsbG8=", "", "aGk=", "aG==", "YQ=="])
        let urls = [
            "https://example.com/a?b=c#d", "/2010-04-01/Accounts.json", "mailto:user@example.com", "http://user:pw@host:8080/x",
            "http://[bad", "http://host:port/", "https://example.com/caf%C3%A9", "https://example.com/%zz", "", "a b", "1http://x",
        ]
        for text in urls where FormatText.isURLReference(text) {
            XCTAssertNotNil(URL(string: text), text)
        }
        XCTAssertEqual(
            urls.filter(FormatText.isURLReference),
            [
                "https://example.com/a?b=c#d", "/2010-04-01/Accounts.json", "mailto:user@example.com", "http://user:pw@host:8080/x",
                "https://example.com/caf%C3%A9",
            ])
    }

    /// A number that fits a scalar decodes as it with the runtime's decoder (the check may be
    /// stricter: a whole number written as a fraction from 2^53 on).
    func testNumbersThatFitDecode() {
        let values: [SpecValue] = [
            .int(2_147_483_647), .int(2_147_483_648), .int(-2_147_483_648), .int(-2_147_483_649), .int(.max), .int(.min), .int(0),
            .double(3.0), .double(1.5), .double(-0.0), .double(1e15), .double(9_007_199_254_740_991), .double(9_007_199_254_740_992),
            .double(1e18), .double(1e19), .double(9_223_372_036_854_775_808), .double(.infinity), .double(.nan), .double(1e300),
            .double(1e-300), .double(3_000_000_000.0), .double(0.300_000_000_000_000_04), .double(1e110),
        ]
        let decoder = APIJSON.makeDecoder()
        func decodes<T: Decodable>(_ type: T.Type, _ json: Data) -> Bool { (try? decoder.decode([T].self, from: json)) != nil }
        for value in values {
            let json = Data("[\(JSONText.render(value))]".utf8)
            let decoded: [(Scalar, Bool)] = [
                (.int32, decodes(Int32.self, json)), (.int64, decodes(Int64.self, json)), (.int, decodes(Int.self, json)),
                (.double, decodes(Double.self, json)), (.decimal, decodes(Decimal.self, json)),
            ]
            for (scalar, decodes) in decoded where ValueFit.problem(value, as: scalar) == nil {
                XCTAssertTrue(decodes, "\(JSONText.render(value)) fits \(scalar) but does not decode")
            }
        }
        XCTAssertNil(ValueFit.problem(.double(3.0), as: .int32), "3.0 reads as 3")
        XCTAssertEqual(ValueFit.problem(.int(3_000_000_000), as: .int32), .range(.int(3_000_000_000), .int32))
        XCTAssertEqual(ValueFit.problem(.double(1.5), as: .int32), .fraction(.double(1.5), .int32))
    }

    /// The declared type and the check read one table: `{type: number, format: int32}` is an
    /// Int32 to both, and an int32 enum with a value beyond 32 bits is Int64 to both.
    func testTheDeclaredTypeIsTheCheckedOne() {
        XCTAssertEqual(ValueFit.swiftType(.number, format: "int32"), .scalar(.int32))
        XCTAssertEqual(ValueFit.swiftType(.integer, format: "decimal"), .int)
        XCTAssertEqual(ValueFit.swiftType(.number, format: "float"), .double)
        XCTAssertEqual(ValueFit.integerEnumRaw([1, 3_000_000_000], format: "int32"), .int64)
        XCTAssertEqual(ValueFit.integerEnumRaw([1, 2], format: "int32"), .int32)
        XCTAssertEqual(ValueFit.Misfit(.null).inside("a/b~c").inside("0").pointer, "/0/a~1b~0c")
    }
}
