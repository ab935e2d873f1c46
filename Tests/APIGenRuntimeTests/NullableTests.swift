import APIGenRuntime
import Foundation
import XCTest

/// A PATCH body written the way the generator writes it: `Nullable<T>?` properties,
/// `encodeIfPresent` when encoding, `contains` + `decode` when decoding.
private struct PetPatch: Codable, Hashable, Sendable {
    var name: Nullable<String>?
    var age: Nullable<Int32>?
    var extra: Nullable<JSONValue>?

    init(name: Nullable<String>? = nil, age: Nullable<Int32>? = nil, extra: Nullable<JSONValue>? = nil) {
        self.name = name
        self.age = age
        self.extra = extra
    }

    enum CodingKeys: String, CodingKey {
        case name
        case age
        case extra
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.name = container.contains(.name) ? try container.decode(Nullable<String>.self, forKey: .name) : nil
        self.age = container.contains(.age) ? try container.decode(Nullable<Int32>.self, forKey: .age) : nil
        self.extra = container.contains(.extra) ? try container.decode(Nullable<JSONValue>.self, forKey: .extra) : nil
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(name, forKey: .name)
        try container.encodeIfPresent(age, forKey: .age)
        try container.encodeIfPresent(extra, forKey: .extra)
    }
}

final class NullableTests: XCTestCase {
    private func encode(_ patch: PetPatch) throws -> String {
        String(decoding: try APIJSON.makeEncoder().encode(patch), as: UTF8.self)
    }

    private func decode(_ json: String) throws -> PetPatch {
        try APIJSON.makeDecoder().decode(PetPatch.self, from: Data(json.utf8))
    }

    func testAbsentNullAndValueAreDistinctOnTheWire() throws {
        XCTAssertEqual(try encode(PetPatch()), "{}")
        XCTAssertEqual(try encode(PetPatch(name: .null)), #"{"name":null}"#)
        XCTAssertEqual(try encode(PetPatch(name: .value("Rex"))), #"{"name":"Rex"}"#)
        XCTAssertEqual(try encode(PetPatch(name: .value("Rex"), age: .null)), #"{"age":null,"name":"Rex"}"#)
    }

    func testDecodesAbsentNullAndValue() throws {
        let absent = try decode("{}")
        XCTAssertNil(absent.name)
        XCTAssertNil(absent.age)

        let null = try decode(#"{"name": null, "age": null}"#)
        XCTAssertEqual(null.name, .null)
        XCTAssertEqual(null.age, .null)
        XCTAssertEqual(null.name?.isNull, true)
        XCTAssertNil(null.name?.value)

        let value = try decode(#"{"name": "Rex", "age": 3}"#)
        XCTAssertEqual(value.name, .value("Rex"))
        XCTAssertEqual(value.age?.value, 3)
        XCTAssertEqual(value.name?.isNull, false)
    }

    func testRoundTripsEveryCombination() throws {
        let states: [Nullable<String>?] = [nil, .null, .value(""), .value("Rex")]
        for name in states {
            for age in [nil, .null, .value(7)] as [Nullable<Int32>?] {
                let patch = PetPatch(name: name, age: age)
                XCTAssertEqual(try decode(try encode(patch)), patch, "\(String(describing: name)) \(String(describing: age))")
            }
        }
    }

    func testNullIsNeverAWrappedJSONNull() throws {
        XCTAssertEqual(try decode(#"{"extra": null}"#).extra, .null)
        XCTAssertEqual(try decode(#"{"extra": {"a": [1]}}"#).extra, .value(["a": [1]]))
        XCTAssertEqual(try encode(PetPatch(extra: .value([1, "two"]))), #"{"extra":[1,"two"]}"#)
    }

    func testWrongTypeStillThrows() {
        XCTAssertThrowsError(try decode(#"{"name": 5}"#)) { error in
            guard case DecodingError.typeMismatch(_, let context) = error else {
                return XCTFail("unexpected error \(error)")
            }
            XCTAssertEqual(context.codingPath.map(\.stringValue), ["name"])
        }
        XCTAssertThrowsError(try decode(#"{"age": 3000000000}"#))
    }

    func testConvenienceInitAndHashing() {
        XCTAssertEqual(Nullable<Int>(nil), .null)
        XCTAssertEqual(Nullable<Int>(4), .value(4))
        XCTAssertNotEqual(Nullable<Int>.value(4), .value(5))
        XCTAssertEqual(Set<Nullable<Int>>([.null, .null, .value(1), .value(1), .value(2)]).count, 3)
    }
}
