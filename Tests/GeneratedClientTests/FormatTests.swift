import APIGenRuntime
import BooksAPI
import FeaturesAPI
import FeedAPI
import Foundation
import XCTest

/// String and number formats: date-time, date, uuid, uri, byte, int32/int64, float/double.
final class FormatTests: XCTestCase {
    /// Every required property of `Formats`, from the property examples in features.yaml.
    private let requiredFormats = #"""
    {
      "int32": 2147483647,
      "int64": 9007199254740993,
      "float": 1.5,
      "double": 3.141592653589793,
      "dateTime": "2024-02-29T23:59:59.123+02:00",
      "date": "2024-02-29",
      "uuid": "9b2f1d0a-3c4e-4f5a-8b6c-7d8e9f0a1b2c",
      "uri": "https://example.com/path?query=a%20b#fragment",
      "byte": "aGVsbG8gd29ybGQ=",
      "email": "someone@example.com"
    }
    """#

    /// The same plus every optional property.
    private let allFormats = #"""
    {
      "int32": 2147483647,
      "int64": 9007199254740993,
      "integer": 42,
      "float": 1.5,
      "double": 3.141592653589793,
      "number": 2.5,
      "amount": 12345678901234567.89,
      "dateTime": "2024-02-29T23:59:59.123+02:00",
      "dateTimeWithoutFraction": "2024-02-29T21:59:59Z",
      "date": "2024-02-29",
      "uuid": "9b2f1d0a-3c4e-4f5a-8b6c-7d8e9f0a1b2c",
      "uri": "https://example.com/path?query=a%20b#fragment",
      "byte": "aGVsbG8gd29ybGQ=",
      "binary": "AAEC/w==",
      "email": "someone@example.com",
      "password": "hunter2",
      "ipv4": "192.0.2.1"
    }
    """#

    func testEveryFormatDecodesToItsSwiftType() throws {
        let formats = try decode(Formats.self, allFormats)
        XCTAssertEqual(formats.int32, Int32.max)
        XCTAssertEqual(formats.int64, 9_007_199_254_740_993)
        XCTAssertEqual(formats.integer, 42)
        XCTAssertEqual(formats.float, 1.5)
        XCTAssertEqual(formats.double, 3.141592653589793)
        XCTAssertEqual(formats.number, 2.5)
        XCTAssertEqual(formats.amount, Decimal(string: "12345678901234567.89"))
        XCTAssertEqual(formats.dateTime, utcDate(2024, 2, 29, 21, 59, 59, milliseconds: 123))
        XCTAssertEqual(formats.dateTimeWithoutFraction, utcDate(2024, 2, 29, 21, 59, 59))
        XCTAssertEqual(formats.date, CalendarDate(year: 2024, month: 2, day: 29))
        XCTAssertEqual(formats.uuid, UUID(uuidString: "9b2f1d0a-3c4e-4f5a-8b6c-7d8e9f0a1b2c"))
        XCTAssertEqual(formats.uri.absoluteString, "https://example.com/path?query=a%20b#fragment")
        XCTAssertEqual(formats.uri.host, "example.com")
        XCTAssertEqual(formats.uri.fragment, "fragment")
        XCTAssertEqual(formats.byte, Data("hello world".utf8))
        XCTAssertEqual(formats.binary, Data([0, 1, 2, 255]))
        XCTAssertEqual(formats.email, "someone@example.com")
        XCTAssertEqual(formats.password, "hunter2")
        XCTAssertEqual(formats.ipv4, "192.0.2.1")
    }

    func testOptionalFormatsAbsent() throws {
        let formats = try decode(Formats.self, requiredFormats)
        XCTAssertNil(formats.integer)
        XCTAssertNil(formats.number)
        XCTAssertNil(formats.dateTimeWithoutFraction)
        XCTAssertNil(formats.binary)
        XCTAssertNil(formats.password)
        XCTAssertNil(formats.ipv4)
    }

    /// `format: decimal` keeps every digit both ways; a Double would send 1.2345678901234568e+16.
    func testDecimalRoundTripsItsDigits() throws {
        let formats = try decode(Formats.self, allFormats)
        let encoded = try encodeToString(formats)
        XCTAssertTrue(encoded.contains(#""amount":12345678901234567.89"#), encoded)
    }

    func testInt64AboveTwoToThe53RoundTripsExactly() throws {
        let formats = try decode(Formats.self, requiredFormats)
        // 2^53 + 1 is not representable as a Double; going through one would give ...992.
        XCTAssertEqual(formats.int64, 9_007_199_254_740_993)
        XCTAssertNotEqual(formats.int64, 9_007_199_254_740_992)
        XCTAssertTrue(try encodeToString(formats).contains(#""int64":9007199254740993"#))

        var max = formats
        max.int64 = .max
        XCTAssertEqual(try decode(Formats.self, try encodeToString(max)).int64, .max)
        max.int64 = .min
        XCTAssertEqual(try decode(Formats.self, try encodeToString(max)).int64, .min)
    }

    func testIntegerRangesAreEnforced() {
        // Out-of-range and fractional numbers are rejected, not wrapped or truncated. (Foundation's
        // JSONDecoder on Linux reports these as "not valid JSON" without a coding path, so only the
        // failure itself is asserted here.)
        let tooBig = requiredFormats.replacingOccurrences(of: "2147483647", with: "2147483648")
        XCTAssertThrowsError(try decode(Formats.self, tooBig))
        let fraction = requiredFormats.replacingOccurrences(of: "9007199254740993", with: "1.5")
        XCTAssertThrowsError(try decode(Formats.self, fraction))
        let overflow = requiredFormats.replacingOccurrences(of: "9007199254740993", with: "9223372036854775808")
        XCTAssertThrowsError(try decode(Formats.self, overflow))
        // A string where a number belongs does name the property.
        let quoted = requiredFormats.replacingOccurrences(of: "2147483647", with: #""2147483647""#)
        assertDecodingFails(Formats.self, quoted, at: "int32")
    }

    func testAllFormatsRoundTrip() throws {
        let formats = try decode(Formats.self, allFormats)
        let encoded = try encodeToJSONValue(formats)
        // The date-time is written back in UTC, keeping its milliseconds; the rest unchanged.
        XCTAssertEqual(encoded["dateTime"], .string("2024-02-29T21:59:59.123Z"))
        XCTAssertEqual(encoded["dateTimeWithoutFraction"], .string("2024-02-29T21:59:59Z"))
        XCTAssertEqual(encoded["date"], .string("2024-02-29"))
        XCTAssertEqual(encoded["uuid"]?.stringValue?.lowercased(), "9b2f1d0a-3c4e-4f5a-8b6c-7d8e9f0a1b2c")
        XCTAssertEqual(encoded["uri"], .string("https://example.com/path?query=a%20b#fragment"))
        XCTAssertEqual(encoded["byte"], .string("aGVsbG8gd29ybGQ="))
        XCTAssertEqual(encoded["binary"], .string("AAEC/w=="))
        XCTAssertEqual(encoded["int32"], .int(2_147_483_647))
        XCTAssertEqual(encoded["int64"], .int(9_007_199_254_740_993))
        XCTAssertEqual(encoded["integer"], .int(42))
        XCTAssertEqual(encoded["float"], .double(1.5))
        XCTAssertEqual(encoded["double"], .double(3.141592653589793))
        XCTAssertEqual(encoded["number"], .double(2.5))
        XCTAssertEqual(encoded["email"], .string("someone@example.com"))
        XCTAssertEqual(encoded["password"], .string("hunter2"))
        XCTAssertEqual(encoded["ipv4"], .string("192.0.2.1"))
        XCTAssertEqual(encoded.objectValue?.count, 17)
        XCTAssertEqual(try decode(Formats.self, try encodeToString(formats)), formats)
    }

    func testDateTimeVariants() throws {
        let expected = utcDate(2024, 2, 29, 21, 59, 59)
        for text in [
            "2024-02-29T21:59:59Z",
            "2024-02-29T21:59:59.000Z",
            "2024-02-29T23:59:59+02:00",
            "2024-02-29T16:59:59-05:00",
            "2024-02-29t21:59:59z",
        ] {
            let json = requiredFormats.replacingOccurrences(of: "2024-02-29T23:59:59.123+02:00", with: text)
            XCTAssertEqual(try decode(Formats.self, json).dateTime, expected, text)
        }
        let micro = requiredFormats.replacingOccurrences(of: "23:59:59.123+02:00", with: "21:59:59.123456Z")
        let date = try decode(Formats.self, micro).dateTime
        XCTAssertEqual(date.timeIntervalSince(expected), 0.123456, accuracy: 1e-6)
    }

    func testInvalidDateTimeAndDateNameTheProperty() {
        let noZone = requiredFormats.replacingOccurrences(of: "2024-02-29T23:59:59.123+02:00", with: "2024-02-29T23:59:59")
        assertDecodingFails(Formats.self, noZone, at: "dateTime")
        let notLeap = requiredFormats.replacingOccurrences(of: #""date": "2024-02-29""#, with: #""date": "2023-02-29""#)
        assertDecodingFails(Formats.self, notLeap, at: "date")
        let dateTimeAsDate = requiredFormats.replacingOccurrences(of: #""date": "2024-02-29""#, with: #""date": "2024-02-29T00:00:00Z""#)
        assertDecodingFails(Formats.self, dateTimeAsDate, at: "date")
        let badUUID = requiredFormats.replacingOccurrences(of: "9b2f1d0a-3c4e", with: "not-a-uuid")
        assertDecodingFails(Formats.self, badUUID, at: "uuid")
        let badBase64 = requiredFormats.replacingOccurrences(of: "aGVsbG8gd29ybGQ=", with: "***")
        assertDecodingFails(Formats.self, badBase64, at: "byte")
    }

    func testCalendarDateInOtherModels() throws {
        let book = try assertRoundTrip(Book.self, #"{"isbn": "1", "title": "A", "publishDate": "2018-11-01"}"#)
        XCTAssertEqual(book.publishDate, CalendarDate(year: 2018, month: 11, day: 1))
        let profile = try assertRoundTrip(
            UserProfile.self,
            #"{"user_id": 12345, "display_name": "Ada Lovelace", "date_of_birth": "1815-12-10"}"#
        )
        XCTAssertEqual(profile.dateOfBirth, CalendarDate(year: 1815, month: 12, day: 10))
    }

    func testDateTimeWithFractionFromTheFeedSpec() throws {
        let comment = try decode(FeedAPI.Comment.self, #"""
        {"id": "c_19", "author": {"id": "u_42", "username": "marina", "displayName": "Marina Costa"},
         "text": "Gorgeous!", "createdAt": "2024-06-02T05:41:17.512Z"}
        """#)
        XCTAssertEqual(comment.createdAt, utcDate(2024, 6, 2, 5, 41, 17, milliseconds: 512))
        XCTAssertEqual(try encodeToJSONValue(comment)["createdAt"], .string("2024-06-02T05:41:17.512Z"))
    }

    func testURLsAndDataInOtherModels() throws {
        let link = try assertRoundTrip(
            LinkAttachment.self,
            #"{"type": "link", "url": "https://example.com/tides", "thumbnailURL": "https://example.com/tides/preview.png"}"#
        )
        XCTAssertEqual(link.url, URL(string: "https://example.com/tides"))
        XCTAssertEqual(link.thumbnailURL?.path, "/tides/preview.png")
        // Many servers write "no URL" as "": an optional URL reads it as nil and sends it back.
        let empty = try assertRoundTrip(LinkAttachment.self, #"{"type": "link", "url": "https://example.com/tides", "thumbnailURL": ""}"#)
        XCTAssertNil(empty.thumbnailURL)
        XCTAssertEqual(try encodeToJSONValue(empty)["thumbnailURL"], .string(""))
        XCTAssertNil(try encodeToJSONValue(LinkAttachment(url: link.url))["thumbnailURL"], "a model built in code leaves nil out")
        // No URL holds "": a required one is `about:blank`, and sends back "".
        let blank = try assertRoundTrip(LinkAttachment.self, #"{"type": "link", "url": ""}"#)
        XCTAssertEqual(blank.url, URL(string: "about:blank"))

        let data = try assertRoundTrip(DataModel.self, #"{"name": "blob.bin", "payload": "AAEC"}"#)
        XCTAssertEqual(data.payload, Data([0, 1, 2]))
        XCTAssertEqual(try encodeToString(DataModel(name: "e", payload: Data())), #"{"name":"e","payload":""}"#)
    }

    /// `URL` holds an IRI's non-ASCII characters percent-encoded, and rejects some text outright;
    /// a model still writes back the text it received, until the property is given another URL.
    func testURLTextComesBackAsReceived() throws {
        let json = #"{"type": "link", "url": "https://example.com/café/ü?q=a b", "thumbnailURL": "Ü:\u0008"}"#
        var link = try assertRoundTrip(LinkAttachment.self, json)
        XCTAssertEqual(link.url.host, "example.com")
        XCTAssertEqual(link.url.absoluteString, "https://example.com/caf%C3%A9/%C3%BC?q=a%20b")
        // Text `URL(string:)` rejects is held whole, percent-encoded, rather than failing the value.
        XCTAssertEqual(link.thumbnailURL?.absoluteString, "%C3%9C%3A%08")
        XCTAssertEqual(try encodeToJSONValue(link)["thumbnailURL"], .string("Ü:\u{8}"))
        XCTAssertEqual(link, try decode(LinkAttachment.self, try encodeToString(link)))
        // A URL set in code is sent as that URL.
        link.url = try XCTUnwrap(URL(string: "https://example.com/new"))
        link.thumbnailURL = URL(string: "https://example.com/é")
        XCTAssertEqual(try encodeToJSONValue(link)["url"], .string("https://example.com/new"))
        XCTAssertEqual(try encodeToJSONValue(link)["thumbnailURL"], .string("https://example.com/%C3%A9"))
    }

    /// A union of a URL and a string keeps text `URL` would change as the string, and text it
    /// keeps as the URL: each comes back as received.
    func testURLOrStringKeepsTheTextItReceived() throws {
        XCTAssertEqual(try assertRoundTrip(ResourceLocation.self, #""lÃ""#), .string("lÃ"))
        XCTAssertEqual(try assertRoundTrip(ResourceLocation.self, #""snapshots/a b""#), .string("snapshots/a b"))
        XCTAssertEqual(
            try assertRoundTrip(ResourceLocation.self, #""https://example.com/s?a=1""#),
            .url(try XCTUnwrap(URL(string: "https://example.com/s?a=1"))))
    }

    func testFloatAndDoublePrecision() throws {
        var formats = try decode(Formats.self, requiredFormats)
        formats.float = 0.1
        formats.double = 0.1
        let decoded = try decode(Formats.self, try encodeToString(formats))
        XCTAssertEqual(decoded.float, 0.1)
        XCTAssertEqual(decoded.double, 0.1)
        // `format: float` is a Double: a server's value keeps every digit, and one beyond Float's
        // range still decodes.
        for value in ["6.103515625e-05", "0.3333333333333333", "3.0136302438474285e+49", "9007199254740992.0"] {
            let json = requiredFormats.replacingOccurrences(of: #""float": 1.5"#, with: #""float": \#(value)"#)
            XCTAssertNotEqual(json, requiredFormats)
            let formats = try decode(Formats.self, json)
            XCTAssertEqual(formats.float, Double(value))
            XCTAssertEqual(try decode(Formats.self, try encodeToString(formats)).float, Double(value), value)
        }
        // A whole number is a valid `number`.
        let whole = requiredFormats.replacingOccurrences(of: "3.141592653589793", with: "3")
        XCTAssertEqual(try decode(Formats.self, whole).double, 3)
    }
}
