@_spi(Generated) import APIGenRuntime
import Foundation
import XCTest

/// A model with a fixed property and `additionalProperties`, written the way the generator writes it.
private struct Labels: Codable, Equatable {
    var name: String
    var additionalProperties: [String: JSONValue]

    enum CodingKeys: String, CodingKey {
        case name
    }

    init(name: String, additionalProperties: [String: JSONValue] = [:]) {
        self.name = name
        self.additionalProperties = additionalProperties
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.name = try container.decode(String.self, forKey: .name)
        let dynamic = try decoder.container(keyedBy: AnyCodingKey.self)
        self.additionalProperties = try dynamic.decodeAdditionalProperties(excluding: ["name"])
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        var dynamic = encoder.container(keyedBy: AnyCodingKey.self)
        try dynamic.encodeAdditionalProperties(additionalProperties)
    }
}

final class AnyCodingKeyTests: XCTestCase {
    func testKeys() {
        let string = AnyCodingKey("id")
        XCTAssertEqual(string.stringValue, "id")
        XCTAssertNil(string.intValue)
        let integer = AnyCodingKey(intValue: 3)
        XCTAssertEqual(integer.stringValue, "3")
        XCTAssertEqual(integer.intValue, 3)
        XCTAssertEqual(AnyCodingKey(Labels.CodingKeys.name), "name")
        XCTAssertEqual(AnyCodingKey(stringValue: "x"), AnyCodingKey("x"))
        XCTAssertNotEqual(AnyCodingKey(intValue: 3), AnyCodingKey("3"))
    }

    func testAdditionalPropertiesAlongsideFixedOnes() throws {
        let json = #"{"name": "pet", "color": "red", "size": {"w": 2}, "count": 3}"#
        let labels = try APIJSON.makeDecoder().decode(Labels.self, from: Data(json.utf8))
        XCTAssertEqual(labels.name, "pet")
        XCTAssertEqual(labels.additionalProperties, ["color": "red", "size": ["w": 2], "count": 3])
        XCTAssertNil(labels.additionalProperties["name"])

        let encoded = try APIJSON.makeEncoder().encode(labels)
        XCTAssertEqual(String(decoding: encoded, as: UTF8.self), #"{"color":"red","count":3,"name":"pet","size":{"w":2}}"#)
    }

    func testTypedAdditionalPropertiesReportTheKey() throws {
        struct Scores: Decodable {
            var scores: [String: Int]
            init(from decoder: any Decoder) throws {
                scores = try decoder.container(keyedBy: AnyCodingKey.self).decodeAdditionalProperties(Int.self, excluding: [])
            }
        }
        XCTAssertEqual(try JSONDecoder().decode(Scores.self, from: Data(#"{"a": 1, "b": 2}"#.utf8)).scores, ["a": 1, "b": 2])
        XCTAssertThrowsError(try JSONDecoder().decode(Scores.self, from: Data(#"{"a": 1, "b": "two"}"#.utf8))) { error in
            guard case DecodingError.typeMismatch(_, let context) = error else {
                return XCTFail("unexpected error \(error)")
            }
            XCTAssertEqual(context.codingPath.map(\.stringValue), ["b"])
        }
    }
}
