import APIGenRuntime
import FeaturesAPI
import Foundation
import XCTest

/// Values that decide which alternative a union decodes, subtypes that name themselves, and
/// values the coders must keep as sent, run on the generated FeaturesAPI client.
final class ValueSelectionTests: XCTestCase {
    func testIntegerConstantPicksTheAlternative() throws {
        let second = try assertRoundTrip(VersionedRecord.self, #"{"v": 2, "b": 5}"#)
        guard case .v2(let record) = second else { return XCTFail("decoded as \(second)") }
        XCTAssertEqual(record.b, 5)
        // Only the alternative's constant decides: `{"v": 2}` alone is the second one too.
        guard case .v2 = try decode(VersionedRecord.self, #"{"v": 2}"#) else { return XCTFail("v 2 decoded as the first") }
        guard case .v = try decode(VersionedRecord.self, #"{"v": 1, "a": 3}"#) else { return XCTFail("v 1 not the first") }
    }

    func testTitledIntegerConstantsAreAnEnum() throws {
        XCTAssertEqual(try decode(Level.self, "2"), .high)
        XCTAssertEqual(try encodeToString(Level.low), "1")
        XCTAssertEqual(try decode(Level.self, "7"), .unknown(7))
        XCTAssertEqual(Level.sample, .low)
    }

    func testNarrowedEnumPicksTheAlternativeAndKeepsItsKeys() throws {
        let event = try assertRoundTrip(ServerEvent.self, #"{"type": 2, "metadata": {"channel_id": "5"}}"#)
        guard case .channelEvent(let channel) = event else { return XCTFail("decoded as \(event)") }
        XCTAssertEqual(channel.metadata?.channelID, "5")
        guard case .guildEvent = try decode(ServerEvent.self, #"{"type": 1, "metadata": {"guild_id": "9"}}"#) else {
            return XCTFail("type 1 is not the guild event")
        }
        XCTAssertEqual(ChannelEvent.sample.type, .two)
    }

    func testAlternativesNamedFromDigitsDecode() throws {
        guard case .variant13(let option) = try assertRoundTrip(NumberedOption.self, #"{"b": 4}"#) else {
            return XCTFail("not the second alternative")
        }
        XCTAssertEqual(option.b, 4)
    }

    /// A subtype made in code names itself by its mapping value, so the union reads it back as
    /// the same kind.
    func testSubtypeMadeInCodeDecodesBackAsItsKind() throws {
        let bird = Creature.bird(Bird(name: "Tweety"))
        let json = try encodeToString(bird)
        XCTAssertTrue(json.contains(#""kind":"bird""#), json)
        XCTAssertEqual(try decode(Creature.self, json), bird)
        XCTAssertEqual(try decode(Creature.self, try encodeToString(Creature.cat(Cat(name: "Tom", lives: 9)))), .cat(Cat(name: "Tom", lives: 9)))
    }

    func testUUIDsInMapsAndNestedArraysKeepLowerCase() throws {
        let id = "4e3c2b1a-0f9e-4d8c-b7a6-958473625140"
        let maps = try assertRoundTrip(IdentifierMaps.self, #"{"byName": {"a": "\#(id)"}, "grid": [["\#(id)"]]}"#)
        XCTAssertEqual(maps.grid?.first?.first, UUID(uuidString: id))
    }

    func testObjectAndArrayOfObjectsDefaultsApply() throws {
        let settings = DisplaySettings()
        XCTAssertEqual(settings.margins.top, 8)
        XCTAssertEqual(settings.columns.map(\.width), [120])
        XCTAssertEqual(try decode(DisplaySettings.self, "{}"), settings)
        // Absent defaults stay absent when encoded back.
        XCTAssertEqual(try encodeToString(try decode(DisplaySettings.self, "{}")), "{}")
    }

    /// A body that may be JSON's `null` is an optional: `null` decodes as nil, a list as itself.
    func testNullableBodyDecodesNullAsNil() async throws {
        func send(_ body: String) async throws -> [String]? {
            let client = APIClient(
                baseURL: URL(string: "https://example.com")!, transport: MockTransport(.json(text: body)), retry: .none)
            return try await client.send(API.listRecentTags())
        }
        let none = try await send("null")
        XCTAssertNil(none)
        let tags = try await send(#"["swift"]"#)
        XCTAssertEqual(tags, ["swift"])
    }
}
