import APIGenRuntime
import FeaturesAPI
import Foundation
import XCTest

/// `additionalProperties` (alongside fixed properties, typed, free-form), `JSONValue`, nested arrays.
final class DynamicTests: XCTestCase {
    // MARK: Fixed properties plus additional ones

    func testExtraKeysAreCapturedAndFixedKeysAreNotDuplicated() throws {
        let labels = try decode(Labels.self, #"{"name": "release", "color": "green", "owner": "ada"}"#)
        XCTAssertEqual(labels.name, "release")
        XCTAssertEqual(labels.additionalProperties, ["color": "green", "owner": "ada"])
        XCTAssertNil(labels.additionalProperties["name"], "the fixed key must not be repeated in additionalProperties")
    }

    func testAdditionalPropertiesAreReEncodedBesideTheFixedOnes() throws {
        let json = #"{"name": "release", "color": "green", "owner": "ada"}"#
        try assertRoundTrip(Labels.self, json)
        let built = Labels(name: "release", additionalProperties: ["color": "green", "owner": "ada"])
        XCTAssertEqual(try encodeToString(built), #"{"color":"green","name":"release","owner":"ada"}"#)
        XCTAssertEqual(try encodeToString(Labels(name: "only")), #"{"name":"only"}"#)
    }

    func testOnlyTheFixedPropertyIsRequired() throws {
        XCTAssertEqual(try decode(Labels.self, #"{"name": "x"}"#).additionalProperties, [:])
        assertKeyNotFound(Labels.self, #"{"color": "green"}"#, path: "name")
    }

    func testAnAdditionalPropertyOfTheWrongTypeFailsAtItsKey() {
        assertDecodingFails(Labels.self, #"{"name": "x", "count": 3}"#, at: "count")
        assertDecodingFails(Dynamic.self, #"{"labels": {"name": "x", "bad": [1]}}"#, at: "labels.bad")
    }

    func testAdditionalPropertiesWithUnusualKeys() throws {
        let json = #"{"name": "n", "": "empty", "with space": "s", "ünï": "u", "Name": "capital", "a.b": "dot"}"#
        let labels = try assertRoundTrip(Labels.self, json)
        XCTAssertEqual(labels.additionalProperties.count, 5)
        XCTAssertEqual(labels.additionalProperties[""], "empty")
        XCTAssertEqual(labels.additionalProperties["Name"], "capital")
        XCTAssertEqual(labels.additionalProperties["a.b"], "dot")
    }

    // MARK: Typed dictionaries

    func testTypedDictionary() throws {
        let inventory = try assertRoundTrip(Inventory.self, #"{"sprockets": 12, "flanges": 0}"#)
        XCTAssertEqual(inventory, ["sprockets": 12, "flanges": 0])
        assertDecodingFails(Inventory.self, #"{"sprockets": "twelve"}"#, at: "sprockets")

        let dynamic = try assertRoundTrip(Dynamic.self, #"""
        {"widgetsByName": {"sprocket": {"id": "0b0f7c7e-8a57-4c3b-9d5e-2f8b1b6a7d11", "name": "Sprocket",
           "label": "L", "count": 1, "ratio": 1.5, "enabled": false, "status": "todo", "priority": 1,
           "size": "large", "tags": [], "aliases": [], "settings": {}}},
         "groups": {"admins": ["ada", "grace"], "nobody": []}}
        """#)
        XCTAssertEqual(dynamic.widgetsByName?["sprocket"]?.name, "Sprocket")
        XCTAssertEqual(dynamic.widgetsByName?["sprocket"]?.status, .todo)
        XCTAssertEqual(dynamic.groups, ["admins": ["ada", "grace"], "nobody": []])
    }

    func testDictionaryOfModelsAppliesDefaultsAndReportsPaths() throws {
        let dynamic = try decode(Dynamic.self, #"{"widgetsByName": {"w": {"id": "0b0f7c7e-8a57-4c3b-9d5e-2f8b1b6a7d11", "name": "W"}}}"#)
        XCTAssertEqual(dynamic.widgetsByName?["w"]?.label, "Untitled")
        assertKeyNotFound(Dynamic.self, #"{"widgetsByName": {"broken": {"name": "W"}}}"#, path: "widgetsByName.broken.id")
    }

    // MARK: Free-form values

    func testFreeFormMetadata() throws {
        let metadata = try assertRoundTrip(Metadata.self, #"{"source": "import", "attempts": 2, "flags": ["a", "b"], "ratio": 0.25, "ok": true, "none": null, "nested": {"deep": [1, {"x": "y"}]}}"#)
        XCTAssertEqual(metadata["source"], .string("import"))
        XCTAssertEqual(metadata["attempts"], .int(2))
        XCTAssertEqual(metadata["flags"], .array([.string("a"), .string("b")]))
        XCTAssertEqual(metadata["ratio"], .double(0.25))
        XCTAssertEqual(metadata["ok"], .bool(true))
        XCTAssertEqual(metadata["none"], .null)
        XCTAssertEqual(metadata["nested"]?["deep"]?[1]?["x"], .string("y"))
    }

    func testAnyValueAndInlineAnythingAcceptEveryJSONKind() throws {
        for raw in [#""text""#, "12", "-3.5", "true", "false", "[1, \"two\", null]", #"{"k": {"k": []}}"#, "9007199254740993"] {
            let dynamic = try assertRoundTrip(Dynamic.self, #"{"anything": \#(raw), "inlineAnything": \#(raw)}"#)
            XCTAssertEqual(dynamic.anything, try jsonValue(raw), raw)
            XCTAssertEqual(dynamic.inlineAnything, try jsonValue(raw), raw)
        }
        XCTAssertEqual(try decode(Dynamic.self, #"{"anything": 9007199254740993}"#).anything, .int(9_007_199_254_740_993))
    }

    func testNullForAnOptionalFreeFormValueIsAbsent() throws {
        // `anything` is optional: JSON null is read as "no value" (decodeIfPresent), not `.null`.
        let dynamic = try decode(Dynamic.self, #"{"anything": null}"#)
        XCTAssertNil(dynamic.anything)
    }

    func testFreeFormObject() throws {
        let dynamic = try assertRoundTrip(Dynamic.self, #"{"freeForm": {"a": 1, "b": [true]}, "metadata": {}}"#)
        XCTAssertEqual(dynamic.freeForm, ["a": .int(1), "b": .array([.bool(true)])])
        XCTAssertEqual(dynamic.metadata, [:])
        assertDecodingFails(Dynamic.self, #"{"freeForm": [1, 2]}"#, at: "freeForm")
    }

    // MARK: Nested arrays and a closed object

    func testNestedArrays() throws {
        let dynamic = try assertRoundTrip(Dynamic.self, #"{"matrix": [[1, 0.5], [0, 1]], "cube": [[[1, 2], [3, 4]], [[5, 6], [7, 8]]]}"#)
        XCTAssertEqual(dynamic.matrix, [[1, 0.5], [0, 1]])
        XCTAssertEqual(dynamic.cube, [[[1, 2], [3, 4]], [[5, 6], [7, 8]]])
        assertDecodingFails(Dynamic.self, #"{"cube": [[[1, 2], [3, "x"]]]}"#, at: "cube[0][1][1]")
    }

    func testPointWithoutAdditionalPropertiesIgnoresExtraKeys() throws {
        let point = try decode(Point.self, #"{"x": 1, "y": 2.5, "z": 3}"#)
        XCTAssertEqual(point, Point(x: 1, y: 2.5))
        try assertEncodes(point, as: #"{"x": 1, "y": 2.5}"#)
        assertKeyNotFound(Dynamic.self, #"{"origin": {"x": 1}}"#, path: "origin.y")
    }

    func testEverythingInDynamicTogether() throws {
        let dynamic = try assertRoundTrip(Dynamic.self, #"""
        {"inventory": {"sprockets": 12}, "metadata": {"source": "import"}, "labels": {"name": "release", "color": "green"},
         "origin": {"x": 1, "y": 2}, "freeForm": {}, "anything": [], "inlineAnything": {}, "groups": {}}
        """#)
        XCTAssertEqual(dynamic.inventory, ["sprockets": 12])
        XCTAssertEqual(dynamic.labels, Labels(name: "release", additionalProperties: ["color": "green"]))
        XCTAssertEqual(dynamic.origin, Point(x: 1, y: 2))
        XCTAssertEqual(dynamic.anything, .array([]))
        XCTAssertEqual(dynamic.inlineAnything, .object([:]))
        XCTAssertNil(dynamic.matrix)
    }
}
