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

    /// A required nullable URL: its text comes back as received, `null` stays `null`, and
    /// absent is `keyNotFound`, as for any required property.
    struct Preview: Codable {
        var previewURL: URL?
        var presence: KeyPresence

        init(from decoder: any Decoder) throws {
            var reader = try PropertyReader(decoder)
            self.previewURL = try reader.decode(URL?.self, "preview_url")
            self.presence = reader.presence
            try reader.finish()
        }

        func encode(to encoder: any Encoder) throws {
            var writer = PropertyWriter(encoder, presence: presence)
            writer.encode(previewURL, "preview_url")
            try writer.finish()
        }
    }

    func testARequiredNullableURLKeepsItsText() throws {
        let text = #"{"preview_url":"https://example.com/café"}"#
        let preview = try decode(Preview.self, text)
        XCTAssertEqual(preview.previewURL?.host, "example.com")
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        let encoded = try encoder.encode(preview)
        XCTAssertEqual(String(decoding: encoded, as: UTF8.self), text)

        let null = try decode(Preview.self, #"{"preview_url":null}"#)
        XCTAssertNil(null.previewURL)
        XCTAssertEqual(String(decoding: try encoder.encode(null), as: UTF8.self), #"{"preview_url":null}"#)

        XCTAssertThrowsError(try decode(Preview.self, "{}")) { error in
            guard case DecodingError.keyNotFound(let key, _) = error else {
                return XCTFail("unexpected error \(error)")
            }
            XCTAssertEqual(key.stringValue, "preview_url")
        }
    }
}
