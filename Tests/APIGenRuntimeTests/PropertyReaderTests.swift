@_spi(Generated) import APIGenRuntime
import Foundation
import XCTest

/// `PropertyReader`, the body of every generated `init(from:)`: optional properties that fail
/// read as nil, and the first error in property order is thrown, as with a `try` per property.
final class PropertyReaderTests: XCTestCase {
    struct Sample: Decodable, Equatable {
        var name: String
        var age: Int?
        var ratio: Double
        var isGood: Bool?
        var tags: [String]?
        var note: String?
        var extra: [String: Int]

        init(from decoder: any Decoder) throws {
            var reader = try PropertyReader(decoder)
            self.name = try reader.decode(String.self, "name")
            self.age = reader.decodeIfPresent(Int.self, "age")
            self.ratio = reader.decodeIfPresent(Double.self, "ratio") ?? 0.5
            self.isGood = reader.decodeIfPresent(Bool.self, "is_good")
            self.tags = reader.decodeIfPresent([String].self, "tags")
            self.note = reader.contains("note") ? try reader.decode(String?.self, "note") ?? "null" : nil
            self.extra = try reader.decodeAdditionalProperties(Int.self, excluding: ["name", "age", "ratio", "is_good", "tags", "note", "late"])
            try reader.finish()
        }
    }

    struct Late: Decodable {
        var age: Int?
        var late: String

        init(from decoder: any Decoder) throws {
            var reader = try PropertyReader(decoder)
            self.age = reader.decodeIfPresent(Int.self, "age")
            self.late = try reader.decode(String.self, "late")
            try reader.finish()
        }
    }

    func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(json.utf8))
    }

    func testDecodesLikeTheKeyedContainer() throws {
        let sample = try decode(Sample.self, #"{"name":"Rex","age":3,"is_good":true,"tags":["a"],"note":null,"legs":4}"#)
        XCTAssertEqual(sample.name, "Rex")
        XCTAssertEqual(sample.age, 3)
        XCTAssertEqual(sample.ratio, 0.5)
        XCTAssertEqual(sample.isGood, true)
        XCTAssertEqual(sample.tags, ["a"])
        XCTAssertEqual(sample.note, "null")
        XCTAssertEqual(sample.extra, ["legs": 4])
        let sparse = try decode(Sample.self, #"{"name":"Rex","age":null}"#)
        XCTAssertNil(sparse.age)
        XCTAssertNil(sparse.note)
        XCTAssertEqual(sparse.extra, [:])
    }

    func testAnOptionalPropertyThatDoesNotDecodeIsAnError() {
        XCTAssertThrowsError(try decode(Sample.self, #"{"name":"Rex","tags":"not a list"}"#)) { error in
            guard case DecodingError.typeMismatch(_, let context) = error else {
                return XCTFail("unexpected error \(error)")
            }
            XCTAssertEqual(context.codingPath.map(\.stringValue), ["tags"])
        }
    }

    /// `age` fails before `late` is missing: the error is `age`'s, as a `try` per property gives.
    func testTheFirstErrorInPropertyOrderIsThrown() {
        XCTAssertThrowsError(try decode(Late.self, #"{"age":"three"}"#)) { error in
            guard case DecodingError.typeMismatch(_, let context) = error else {
                return XCTFail("unexpected error \(error)")
            }
            XCTAssertEqual(context.codingPath.map(\.stringValue), ["age"])
        }
        XCTAssertThrowsError(try decode(Late.self, #"{"age":3}"#)) { error in
            guard case DecodingError.keyNotFound(let key, _) = error else {
                return XCTFail("unexpected error \(error)")
            }
            XCTAssertEqual(key.stringValue, "late")
        }
    }
}
