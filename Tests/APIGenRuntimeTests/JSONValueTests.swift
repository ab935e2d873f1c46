import APIGenRuntime
import Foundation
import XCTest

final class JSONValueTests: XCTestCase {
    /// The case name, so tests can tell `.int(1)` from `.double(1)` (which compare equal).
    private func kind(_ value: JSONValue?) -> String {
        switch value {
        case nil: "missing"
        case .null: "null"
        case .bool: "bool"
        case .int: "int"
        case .double: "double"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    private func decode(_ json: String) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: Data(json.utf8))
    }

    func testDecodesMixedArrayKeepingEachKind() throws {
        let value = try decode(#"[1, 1.5, true, "x", null, {"a": []}, false, 0, -7, 2.5e-1, 2.5e3]"#)
        let elements = try XCTUnwrap(value.arrayValue)
        XCTAssertEqual(elements.map(kind).prefix(10), ["int", "double", "bool", "string", "null", "object", "bool", "int", "int", "double"])
        XCTAssertEqual(elements[0].intValue, 1)
        XCTAssertEqual(elements[1].doubleValue, 1.5)
        XCTAssertEqual(elements[2].boolValue, true)
        XCTAssertEqual(elements[3].stringValue, "x")
        XCTAssertTrue(elements[4].isNull)
        XCTAssertEqual(elements[5], ["a": []])
        XCTAssertEqual(kind(elements[5]["a"]), "array")
        XCTAssertEqual(elements[6].boolValue, false)
        XCTAssertEqual(elements[9].doubleValue, 0.25)
        // A whole number in exponent form may be read as either kind; its value is what counts.
        XCTAssertEqual(elements[10].doubleValue, 2500)
        XCTAssertEqual(elements[10].intValue, 2500)
    }

    func testNumbersNeverBecomeBoolsAndBoolsNeverNumbers() throws {
        XCTAssertEqual(kind(try decode("1")), "int")
        XCTAssertEqual(kind(try decode("0")), "int")
        XCTAssertEqual(kind(try decode("true")), "bool")
        XCTAssertEqual(kind(try decode("false")), "bool")
        XCTAssertNil(try decode("1").boolValue)
        XCTAssertNil(try decode("true").intValue)
        XCTAssertNil(try decode("false").doubleValue)
    }

    func testLargeAndExtremeNumbers() throws {
        XCTAssertEqual(try decode("9223372036854775807"), .int(Int64.max))
        XCTAssertEqual(try decode("-9223372036854775808"), .int(Int64.min))
        XCTAssertEqual(kind(try decode("9223372036854775807")), "int")
        // Beyond Int64: kept as a Double rather than failing.
        XCTAssertEqual(kind(try decode("9223372036854775808")), "double")
        XCTAssertEqual(try decode("1e300").doubleValue, 1e300)
        XCTAssertEqual(try decode("-0.000001").doubleValue, -0.000001)
    }

    func testDecodesNestedDocument() throws {
        let value = try decode(#"{"name": "Rex", "tags": ["a", "b"], "owner": {"id": 42, "verified": false}, "note": null, "esc": "a\"b\\c\n\u00e9"}"#)
        XCTAssertEqual(value["name"]?.stringValue, "Rex")
        XCTAssertEqual(value["tags"]?[1]?.stringValue, "b")
        XCTAssertNil(value["tags"]?[2])
        XCTAssertNil(value["tags"]?[-1])
        XCTAssertEqual(value["owner"]?["id"]?.intValue, 42)
        XCTAssertEqual(value["owner"]?["verified"], false)
        XCTAssertEqual(value["note"], .null)
        XCTAssertNil(value["missing"])
        XCTAssertNil(value[0])
        XCTAssertNil(value["name"]?["x"])
        XCTAssertEqual(value["esc"]?.stringValue, "a\"b\\c\né")
        XCTAssertEqual(value.objectValue?.count, 5)
    }

    func testRoundTripsThroughCoders() throws {
        let original: JSONValue = [
            "id": 9_007_199_254_740_993,  // not representable as Double: must stay exact
            "ratio": 0.1,
            "flags": [true, false, nil],
            "nested": ["deep": ["deeper": "yes"]],
            "empty": [:],
            "list": [],
        ]
        let data = try APIJSON.makeEncoder().encode(original)
        let decoded = try APIJSON.makeDecoder().decode(JSONValue.self, from: data)
        XCTAssertEqual(decoded, original)
        XCTAssertEqual(decoded["id"], .int(9_007_199_254_740_993))
        XCTAssertEqual(kind(decoded["id"]), "int")
        XCTAssertEqual(kind(decoded["ratio"]), "double")
        XCTAssertEqual(kind(decoded["empty"]), "object")
        XCTAssertEqual(kind(decoded["list"]), "array")
    }

    func testEncodesNullAndScalarsAsJSON() throws {
        struct Box: Encodable {
            var a: JSONValue
            var b: JSONValue
            var c: JSONValue
        }
        let data = try APIJSON.makeEncoder().encode(Box(a: nil, b: "x/y", c: [1, 2.5]))
        XCTAssertEqual(String(decoding: data, as: UTF8.self), #"{"a":null,"b":"x/y","c":[1,2.5]}"#)
    }

    func testNumericEqualityAcrossIntAndDouble() {
        XCTAssertEqual(JSONValue.int(1), JSONValue.double(1.0))
        XCTAssertEqual(JSONValue.double(-0.0), JSONValue.int(0))
        XCTAssertNotEqual(JSONValue.int(1), JSONValue.double(1.5))
        XCTAssertNotEqual(JSONValue.int(1), JSONValue.bool(true))
        XCTAssertNotEqual(JSONValue.null, JSONValue.bool(false))
        XCTAssertNotEqual(JSONValue.string("1"), JSONValue.int(1))
        XCTAssertEqual(Set<JSONValue>([.int(1), .double(1.0), .double(1.5), .string("1")]).count, 3)
        XCTAssertEqual(JSONValue.double(2.0).intValue, 2)
        XCTAssertNil(JSONValue.double(2.5).intValue)
        XCTAssertEqual(JSONValue.int(3).doubleValue, 3.0)
    }

    func testLiterals() {
        XCTAssertEqual(kind(nil as JSONValue), "null")
        XCTAssertEqual(kind(true as JSONValue), "bool")
        XCTAssertEqual(kind(1 as JSONValue), "int")
        XCTAssertEqual(kind(1.0 as JSONValue), "double")
        XCTAssertEqual(kind("s" as JSONValue), "string")
        XCTAssertEqual(kind([1, "a"] as JSONValue), "array")
        XCTAssertEqual(kind(["k": 1] as JSONValue), "object")
    }

    func testDescriptionIsCompactSortedJSON() throws {
        let value: JSONValue = ["b": 1, "a": [true, nil, "x\"y\n\u{01}"], "c": ["d": 2.5]]
        XCTAssertEqual(value.description, #"{"a":[true,null,"x\"y\n\u0001"],"b":1,"c":{"d":2.5}}"#)
        XCTAssertEqual(JSONValue.double(.nan).description, "null")
        XCTAssertEqual(try decode(value.description), value)
    }

    func testDecodingGarbageThrows() {
        XCTAssertThrowsError(try decode("{")) { error in
            guard case DecodingError.dataCorrupted = error else {
                return XCTFail("unexpected error \(error)")
            }
        }
        XCTAssertThrowsError(try decode(#"[1, }"#))
    }
}
