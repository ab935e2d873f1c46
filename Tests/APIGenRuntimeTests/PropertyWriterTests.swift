@_spi(Generated) import APIGenRuntime
import Foundation
import XCTest

/// `PropertyWriter`, the body of every generated `encode(to:)`: the same JSON as the keyed
/// container, and the first error thrown by `finish()` with nothing written after it.
final class PropertyWriterTests: XCTestCase {
    /// Counts how often it is encoded.
    final class Counter {
        var encoded = 0
    }

    struct Probe: Encodable {
        let counter: Counter

        func encode(to encoder: any Encoder) throws {
            counter.encoded += 1
            var container = encoder.singleValueContainer()
            try container.encode("probe")
        }
    }

    struct Sample: Encodable {
        var name = "Rex"
        var age: Int? = 3
        var nickname: String?
        var ratio = 0.5
        var isGood = true
        var tags = ["a", "b"]
        var score: Double = 1
        var probe: Probe

        func encode(to encoder: any Encoder) throws {
            var writer = PropertyWriter(encoder)
            writer.encode(self.name, "name")
            writer.encodeIfPresent(self.age, "age")
            writer.encodeIfPresent(self.nickname, "nickname")
            writer.encode(self.ratio, "ratio")
            writer.encode(self.isGood, "is_good")
            writer.encode(self.tags, "tags")
            writer.encode(self.score, "score")
            writer.encode(self.probe, "probe")
            writer.encodeAdditionalProperties(["extra": 1, "name": 2], excluding: ["name"])
            try writer.finish()
        }
    }

    struct Identified: Encodable {
        var id = UUID(uuidString: "3F2504E0-4F89-41D3-9A0C-0305E82C3301")!
        var related = [UUID(uuidString: "0B0F7C7E-8A57-4C3B-9D5E-2F8B1B6A7D11")!]
        /// Required and nullable: the writer is given the optional itself.
        var parent: UUID? = UUID(uuidString: "6BA7B810-9DAD-11D1-80B4-00C04FD430C8")!
        var siblings: [UUID]? = [UUID(uuidString: "6BA7B811-9DAD-11D1-80B4-00C04FD430C8")!]
        var missing: UUID?

        func encode(to encoder: any Encoder) throws {
            var writer = PropertyWriter(encoder)
            writer.encode(self.id, "id")
            writer.encode(self.related, "related")
            writer.encode(self.parent, "parent")
            writer.encode(self.siblings, "siblings")
            writer.encode(self.missing, "missing")
            try writer.finish()
        }
    }

    func testUUIDsAreWrittenInLowerCaseAsPathsAndQueriesAre() throws {
        let encoder = APIJSON.makeEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(Identified()), as: UTF8.self)
        XCTAssertEqual(
            json,
            #"{"id":"3f2504e0-4f89-41d3-9a0c-0305e82c3301","missing":null,"parent":"6ba7b810-9dad-11d1-80b4-00c04fd430c8","#
                + #""related":["0b0f7c7e-8a57-4c3b-9d5e-2f8b1b6a7d11"],"siblings":["6ba7b811-9dad-11d1-80b4-00c04fd430c8"]}"#)
    }

    /// UUIDs inside maps, nested arrays and arrays of optionals, and in the members kept beside
    /// the declared ones.
    struct NestedIdentifiers: Encodable {
        static let id = UUID(uuidString: "3F2504E0-4F89-41D3-9A0C-0305E82C3301")!
        var byName: [String: UUID] = ["a": id]
        var grid: [[UUID]] = [[id]]
        var gaps: [UUID?] = [id, nil]
        var extra: [String: UUID] = ["b": id]

        func encode(to encoder: any Encoder) throws {
            var writer = PropertyWriter(encoder)
            writer.encode(self.byName, "byName")
            writer.encode(self.grid, "grid")
            writer.encode(self.gaps, "gaps")
            writer.encodeAdditionalProperties(extra)
            try writer.finish()
        }
    }

    func testUUIDsInsideMapsAndNestedArraysAreLowerCase() throws {
        let encoder = APIJSON.makeEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(NestedIdentifiers()), as: UTF8.self)
        let id = "3f2504e0-4f89-41d3-9a0c-0305e82c3301"
        XCTAssertEqual(json, #"{"b":"\#(id)","byName":{"a":"\#(id)"},"gaps":["\#(id)",null],"grid":[["\#(id)"]]}"#)
    }

    struct Sized: Codable, Equatable {
        var big: Int64 = .max
        var small: Int32 = .min
        var ratio: Float = 0.25
        var maybe: Int64? = -7

        init() {}

        init(from decoder: any Decoder) throws {
            var reader = try PropertyReader(decoder)
            big = try reader.decode(Int64.self, "big")
            small = try reader.decode(Int32.self, "small")
            ratio = try reader.decode(Float.self, "ratio")
            maybe = reader.decodeIfPresent(Int64.self, "maybe")
            try reader.finish()
        }

        func encode(to encoder: any Encoder) throws {
            var writer = PropertyWriter(encoder)
            writer.encode(big, "big")
            writer.encode(small, "small")
            writer.encode(ratio, "ratio")
            writer.encodeIfPresent(maybe, "maybe")
            try writer.finish()
        }
    }

    /// Sized integers and Float take the containers' own methods: the values come back whole.
    func testSizedNumbersRoundTrip() throws {
        let encoder = APIJSON.makeEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(Sized())
        XCTAssertEqual(String(decoding: data, as: UTF8.self), #"{"big":9223372036854775807,"maybe":-7,"ratio":0.25,"small":-2147483648}"#)
        XCTAssertEqual(try APIJSON.makeDecoder().decode(Sized.self, from: data), Sized())
        XCTAssertThrowsError(try APIJSON.makeDecoder().decode(Sized.self, from: Data(#"{"big":1,"small":2147483648,"ratio":1}"#.utf8)))
    }

    func testWritesWhatTheKeyedContainerWrites() throws {
        let counter = Counter()
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(Sample(probe: Probe(counter: counter))), as: UTF8.self)
        XCTAssertEqual(json, #"{"age":3,"extra":1,"is_good":true,"name":"Rex","probe":"probe","ratio":0.5,"score":1,"tags":["a","b"]}"#)
        XCTAssertEqual(counter.encoded, 1)
    }

    func testTheFirstErrorIsThrownAndNothingIsWrittenAfterIt() {
        let counter = Counter()
        // JSONEncoder refuses a NaN by default: `score` fails, `probe` must not be encoded.
        let sample = Sample(score: .nan, probe: Probe(counter: counter))
        XCTAssertThrowsError(try JSONEncoder().encode(sample)) { error in
            guard case EncodingError.invalidValue(_, let context) = error else {
                return XCTFail("unexpected error \(error)")
            }
            XCTAssertEqual(context.codingPath.map(\.stringValue), ["score"])
        }
        XCTAssertEqual(counter.encoded, 0)
    }
}
