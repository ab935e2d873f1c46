import APIGenRuntime
import FeaturesAPI
import Foundation
import XCTest

/// JSON Schema keywords real specs use, run on the generated FeaturesAPI client: no member or
/// element is lost on a round trip.
final class JSONSchemaKeywordTests: XCTestCase {
    func testPatternPropertiesKeepEveryMember() throws {
        let labels = try assertRoundTrip(PatternLabels.self, #"{"team": "ios", "priority": 2, "public": true}"#)
        XCTAssertEqual(labels.count, 3)
    }

    func testPrefixItemsKeepEveryElement() throws {
        let sample = try assertRoundTrip(TimedValue.self, #"{"point": ["2024-05-01T09:30:00Z", 42.5]}"#)
        XCTAssertEqual(sample.point, [.string("2024-05-01T09:30:00Z"), .double(42.5)])
    }

    /// A part that only asserts (`items: {required: [action]}`) keeps the other part's type of
    /// `rules`; `revision`, required but declared nowhere, is kept as a free-form value.
    func testAssertingPartsAndUndeclaredRequiredNamesKeepEveryValue() throws {
        let rules = try assertRoundTrip(RuleSet.self, #"{"rules": [{"action": "drop", "port": 22}], "revision": "r1"}"#)
        XCTAssertEqual(rules.rules.first?.action, "drop")
        XCTAssertEqual(rules.rules.first?.port, 22)
        XCTAssertEqual(rules.revision, .string("r1"))
        XCTAssertNil(try decode(RuleSet.self, #"{"rules": []}"#).revision)
        XCTAssertNotNil(RuleSet.sample.revision)
    }

    func testPropertyNamesKeepEveryMember() throws {
        let counts = try assertRoundTrip(NamedCounts.self, #"{"apples": 3, "pears": 5}"#)
        XCTAssertEqual(counts, ["apples": 3, "pears": 5])
    }
}
