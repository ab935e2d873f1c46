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

        func encode(to encoder: any Encoder) throws {
            var writer = PropertyWriter(encoder)
            writer.encode(self.id, "id")
            writer.encode(self.related, "related")
            try writer.finish()
        }
    }

    func testUUIDsAreWrittenInLowerCaseAsPathsAndQueriesAre() throws {
        let json = String(decoding: try APIJSON.makeEncoder().encode(Identified()), as: UTF8.self)
        XCTAssertEqual(json, #"{"id":"3f2504e0-4f89-41d3-9a0c-0305e82c3301","related":["0b0f7c7e-8a57-4c3b-9d5e-2f8b1b6a7d11"]}"#)
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
