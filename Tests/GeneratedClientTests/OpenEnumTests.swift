import APIGenRuntime
import EpisodesAPI
import FeaturesAPI
import FeedAPI
import Foundation
import PetstoreAPI
import ReadingProgressAPI
import XCTest

/// Open enums: known raw values map to cases, unknown ones are kept and written back unchanged.
final class OpenEnumTests: XCTestCase {
    /// Decodes `raw` (a JSON literal) wrapped in an array, so a bare value needs no top-level support.
    private func decodeEnum<E: OpenEnum>(_ type: E.Type, _ raw: String) throws -> E {
        let values = try decode([E].self, "[\(raw)]")
        XCTAssertEqual(values.count, 1)
        return values[0]
    }

    private func encodeEnum<E: OpenEnum>(_ value: E) throws -> String {
        let json = try encodeToString([value])
        return String(json.dropFirst().dropLast())
    }

    func testKnownStringValuesMapToCases() throws {
        XCTAssertEqual(try decodeEnum(PetStatus.self, #""available""#), .available)
        XCTAssertEqual(try decodeEnum(PetStatus.self, #""sold""#), .sold)
        XCTAssertEqual(try decodeEnum(Status.self, #""in-progress""#), .inProgress)
        XCTAssertEqual(try decodeEnum(Status.self, #""2fa""#), ._2fa)
        XCTAssertEqual(try decodeEnum(Status.self, #""with space""#), .withSpace)
        XCTAssertEqual(try decodeEnum(ReadingStatus.self, #""want_to_read""#), .wantToRead)
        XCTAssertEqual(try decodeEnum(Visibility.self, #""public""#), .public)
        XCTAssertEqual(try decodeEnum(Kind.self, #""composite""#), .composite)
        XCTAssertEqual(try decodeEnum(Episode.Kind.self, #""bonus""#), .bonus)
        XCTAssertEqual(try decodeEnum(Order.State.self, #""cancelled""#), .cancelled)
        XCTAssertEqual(try decodeEnum(Card.Brand.self, #""amex""#), .amex)
        XCTAssertEqual(try decodeEnum(UnitModel.self, #""km""#), .km)
    }

    func testKnownCasesMatchWithPatternMatchingNotOnlyEquality() throws {
        // Equality is by raw value, so also check the decoded value is the real case, not `.unknown`.
        guard case .inProgress = try decodeEnum(Status.self, #""in-progress""#) else {
            return XCTFail("in-progress should decode to .inProgress")
        }
        guard case .minusOne = try decodeEnum(Priority.self, "-1") else {
            return XCTFail("-1 should decode to .minusOne")
        }
    }

    func testUnknownStringValuesAreKeptAndReEncodedUnchanged() throws {
        let status = try decodeEnum(Status.self, #""archived""#)
        guard case .unknown(let raw) = status else { return XCTFail("Expected .unknown, got \(status)") }
        XCTAssertEqual(raw, "archived")
        XCTAssertEqual(try encodeEnum(status), #""archived""#)

        let petStatus = try decodeEnum(PetStatus.self, #""adopted""#)
        XCTAssertEqual(petStatus, .unknown("adopted"))
        XCTAssertEqual(try encodeEnum(petStatus), #""adopted""#)

        // Raw values are case-sensitive: "Sold" is not "sold".
        guard case .unknown("Sold") = try decodeEnum(PetStatus.self, #""Sold""#) else {
            return XCTFail("\"Sold\" must not match .sold")
        }
        guard case .unknown("") = try decodeEnum(PetStatus.self, #""""#) else {
            return XCTFail("An empty string is an unknown value")
        }
    }

    func testUnknownValueInsideAModelDoesNotFailTheResponse() throws {
        let pet = try decode(PetstoreAPI.Pet.self, #"{"id": 1, "name": "Rex", "status": "quarantined"}"#)
        XCTAssertEqual(pet.status, .unknown("quarantined"))
        try assertEncodes(pet, as: #"{"id": 1, "name": "Rex", "status": "quarantined"}"#)

        let order = try assertRoundTrip(Order.self, #"{"id": 1, "state": "lost-in-transit", "lines": []}"#)
        XCTAssertEqual(order.state, .unknown("lost-in-transit"))
    }

    func testEnumOfTheWrongJSONTypeFails() {
        assertDecodingFails(PetstoreAPI.Pet.self, #"{"id": 1, "name": "Rex", "status": 3}"#, at: "status")
        assertDecodingFails(Widget.self, #"{"id": "0b0f7c7e-8a57-4c3b-9d5e-2f8b1b6a7d11", "name": "W", "priority": "high"}"#, at: "priority")
    }

    // MARK: Integer enums

    func testIntegerEnumCasesTakeTheSpecsNames() throws {
        XCTAssertEqual(try decodeEnum(Severity.self, "20"), .mediumRisk)
        XCTAssertEqual(Severity.low.rawValue, 10)
        XCTAssertEqual(Severity.high.rawValue, 30)
    }

    func testIntegerEnum() throws {
        XCTAssertEqual(try decodeEnum(Priority.self, "-1"), .minusOne)
        XCTAssertEqual(try decodeEnum(Priority.self, "1"), .one)
        XCTAssertEqual(try decodeEnum(Priority.self, "2"), .two)
        XCTAssertEqual(try decodeEnum(Priority.self, "3"), .three)
        XCTAssertEqual(Priority.minusOne.rawValue, -1)
        XCTAssertEqual(Priority.three.rawValue, 3)

        let unknown = try decodeEnum(Priority.self, "7")
        guard case .unknown(let raw) = unknown else { return XCTFail("Expected .unknown, got \(unknown)") }
        XCTAssertEqual(raw, 7)
        XCTAssertEqual(try encodeEnum(unknown), "7")
        XCTAssertEqual(try encodeEnum(Priority.minusOne), "-1")

        // Priority is int32: a value outside Int32 is a decoding error, not a silent wrap-around.
        XCTAssertThrowsError(try decodeEnum(Priority.self, "4294967298"))
    }

    func testIntegerEnumInAModel() throws {
        let json = #"{"id": "0b0f7c7e-8a57-4c3b-9d5e-2f8b1b6a7d11", "name": "W", "priority": 99}"#
        let widget = try decode(Widget.self, json)
        XCTAssertEqual(widget.priority, .unknown(99))
        XCTAssertEqual(try encodeToJSONValue(widget)["priority"], .int(99))
    }

    // MARK: Tricky raw values

    func testEdgeCaseEnumRawValuesRoundTrip() throws {
        let expected: [(String, EdgeCaseEnum)] = [
            ("default", .default),
            ("self", .self2),
            ("Type", .type),
            ("+1", .plus1),
            ("-1", .minus1),
            ("done", .done),
            ("DONE", .done2),
            (#"quote"d"#, .quoteD),
            (#"back\slash"#, .backSlash),
            ("ünïcödé", .nCD),
            ("unknown", .unknown2),
        ]
        for (raw, known) in expected {
            XCTAssertEqual(known.rawValue, raw)
            XCTAssertEqual(EdgeCaseEnum(rawValue: raw).rawValue, raw)
            // JSON escapes for the quote and the backslash; the decoder must undo them.
            let json = try encodeToString(raw)
            let decoded = try decodeEnum(EdgeCaseEnum.self, json)
            XCTAssertEqual(decoded.rawValue, raw)
            if case .unknown = decoded {
                XCTFail("\(raw) decoded as .unknown instead of a known case")
            }
            XCTAssertEqual(try encodeEnum(decoded), json)
        }
        XCTAssertEqual(try decodeEnum(EdgeCaseEnum.self, #""quote\"d""#), .quoteD)
        XCTAssertEqual(try decodeEnum(EdgeCaseEnum.self, #""back\\slash""#), .backSlash)
        XCTAssertEqual(try decodeEnum(EdgeCaseEnum.self, #""\u00fcn\u00efc\u00f6d\u00e9""#), .nCD)
    }

    func testTheRawValueUnknownIsAKnownCaseNotTheFallback() throws {
        let value = try decodeEnum(EdgeCaseEnum.self, #""unknown""#)
        guard case .unknown2 = value else { return XCTFail("\"unknown\" should be .unknown2, got \(value)") }
        let other = try decodeEnum(EdgeCaseEnum.self, #""Unknown""#)
        guard case .unknown("Unknown") = other else { return XCTFail("Expected .unknown(\"Unknown\"), got \(other)") }
    }

    func testCaseDistinctRawValuesStayDistinct() throws {
        XCTAssertNotEqual(try decodeEnum(EdgeCaseEnum.self, #""done""#), try decodeEnum(EdgeCaseEnum.self, #""DONE""#))
        XCTAssertEqual(try decodeEnum(EdgeCaseEnum.self, #""DONE""#), .done2)
        // A decomposed "ü" (u + combining diaeresis) is the same Swift string, so it is the same case.
        XCTAssertEqual(try decodeEnum(EdgeCaseEnum.self, "\"u\u{308}n\u{EF}c\u{F6}d\u{E9}\""), .nCD)
    }

    func testEdgeCaseInsideTricky() throws {
        let tricky = try assertRoundTrip(Tricky.self, #"{"greeting": "g", "edgeCase": "quote\"d"}"#)
        XCTAssertEqual(tricky.edgeCase, .quoteD)
        let unknown = try assertRoundTrip(Tricky.self, #"{"greeting": "g", "edgeCase": "brand-new"}"#)
        XCTAssertEqual(unknown.edgeCase, .unknown("brand-new"))
    }

    func testInlineEnumsAreNestedTypes() throws {
        let widget = try decode(Widget.self, #"{"id": "0b0f7c7e-8a57-4c3b-9d5e-2f8b1b6a7d11", "name": "W", "size": "huge"}"#)
        XCTAssertEqual(widget.size, Widget.Size.unknown("huge"))
        XCTAssertEqual(try encodeToJSONValue(widget)["size"], .string("huge"))

        let nullables = try decode(Nullables.self, #"{"middleName": null, "mood": "sad"}"#)
        XCTAssertEqual(nullables.mood, .sad)
        XCTAssertNil(try decode(Nullables.self, #"{"middleName": null, "mood": null}"#).mood)
        XCTAssertEqual(try decode(Nullables.self, #"{"middleName": null, "mood": "meh"}"#).mood, .unknown("meh"))
    }

    func testDollarDefsEnumAndItsUse() throws {
        let measurement = try assertRoundTrip(
            MeasurementModel.self,
            #"{"unit": "cm", "readings": [{"value": 12.5, "unit": "mm"}, {"value": 1, "unit": "furlong"}]}"#
        )
        XCTAssertEqual(measurement.unit, .cm)
        XCTAssertEqual(measurement.readings.map(\.unit), [.mm, .unknown("furlong")])
        XCTAssertEqual(measurement.readings.map(\.value), [12.5, 1])
    }
}
