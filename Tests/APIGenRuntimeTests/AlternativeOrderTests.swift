@_spi(Generated) import APIGenRuntime
import Foundation
import XCTest

/// `AlternativeOrder`: alternatives that declare every key of an object are tried first.
final class AlternativeOrderTests: XCTestCase {
    private static let declaredKey = CodingUserInfoKey(rawValue: "declared")!

    /// Decodes `json` with a probe that reports the order for `declared`.
    private func order(_ json: String, _ declared: [Set<String>?]) throws -> [Int] {
        struct Probe: Decodable {
            let order: [Int]
            init(from decoder: any Decoder) throws {
                let declared = decoder.userInfo[AlternativeOrderTests.declaredKey] as? [Set<String>?] ?? []
                order = AlternativeOrder.declaringEveryKey(decoder, declared)
            }
        }
        let decoder = JSONDecoder()
        decoder.userInfo[Self.declaredKey] = declared
        return try decoder.decode(Probe.self, from: Data(json.utf8)).order
    }

    func testAlternativesDeclaringEveryKeyComeFirstInTheirOrder() throws {
        let declared: [Set<String>?] = [["a"], ["a", "b"], nil, ["a", "b", "c"]]
        XCTAssertEqual(try order(#"{"a": 1}"#, declared), [0, 1, 2, 3])
        XCTAssertEqual(try order(#"{"a": 1, "b": 2}"#, declared), [1, 2, 3, 0])
        XCTAssertEqual(try order(#"{"c": 1}"#, declared), [2, 3, 0, 1])
        XCTAssertEqual(try order(#"{"z": 1}"#, declared), [2, 0, 1, 3], "only the one keeping any key fits")
        XCTAssertEqual(try order("{}", declared), [0, 1, 2, 3])
    }

    func testValuesThatAreNotObjectsKeepTheGeneratedOrder() throws {
        let declared: [Set<String>?] = [["a"], nil]
        XCTAssertEqual(try order(#""text""#, declared), [0, 1])
        XCTAssertEqual(try order("[1, 2]", declared), [0, 1])
        XCTAssertEqual(try order("null", declared), [0, 1])
    }
}
