import APIGenRuntime
import FeaturesAPI
import Foundation
import HostileAPI
import XCTest

/// Inputs the decoder fuzz target (`Fuzz/`, APIGenDecodeFuzz) found, kept as tests: what a
/// generated model decodes, it encodes so that it decodes to an equal value again; what is not
/// JSON is an error, never a value with some of its text dropped.
final class DecoderFuzzRegressionTests: XCTestCase {
    private func roundTrip<Model: APIModel>(_ type: Model.Type, _ json: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let value = try APIJSON.makeDecoder().decode(Model.self, from: Data(json.utf8))
        let encoded = try APIJSON.makeEncoder().encode(value)
        let again = try APIJSON.makeDecoder().decode(Model.self, from: encoded)
        XCTAssertEqual(again, value, "\(json) → \(String(decoding: encoded, as: UTF8.self))", file: file, line: line)
    }

    /// Foundation checks a string only when it is read: the alternative that read `a` failed,
    /// the three that do not read it matched, and the text was gone.
    func testAnAnyOfWithABrokenStringIsAnErrorNotAValueWithoutIt() throws {
        for broken in ["{\"a\":\"OOOOOO\u{1a}OOOOOOOOOOOOA 1\"}", #"{"a":"x\uZZZZ"}"#] {
            XCTAssertThrowsError(try APIJSON.makeDecoder().decode(MemberAnyOf.self, from: Data(broken.utf8)), broken)
        }
        try roundTrip(MemberAnyOf.self, #"{"a":"OOOOOO\u001aOOOOOOOOOOOOA 1"}"#)
    }

    /// Keys no schema declares are dropped (by design); the anyOf then matches one more
    /// alternative, and encodes the same again.
    func testAnAnyOfWithoutItsUndeclaredKeysEncodesTheSameAgain() throws {
        let value = try APIJSON.makeDecoder().decode(MemberAnyOf.self, from: Data(#"{"b":18,"-":9}"#.utf8))
        XCTAssertNil(value.hash2)
        let encoded = try APIJSON.makeEncoder().encode(value)
        XCTAssertEqual(String(decoding: encoded, as: UTF8.self), "{}")
        let again = try APIJSON.makeDecoder().decode(MemberAnyOf.self, from: encoded)
        XCTAssertNotNil(again.hash2)
        XCTAssertEqual(try APIJSON.makeEncoder().encode(again), encoded)
        // Not JSON (a leading zero), but Foundation checks a number only when something reads
        // it, and the one alternative that reads `d` wants a string: the same, stably.
        let lenient = try APIJSON.makeDecoder().decode(MemberAnyOf.self, from: Data(#"{"d":03}"#.utf8))
        XCTAssertNil(lenient.visitStoredValues)
        XCTAssertEqual(String(decoding: try APIJSON.makeEncoder().encode(lenient), as: UTF8.self), "{}")
    }

    func testAOneOfWithABrokenStringIsAnErrorNotTheNextAlternative() throws {
        // Without a discriminator, `ContentPart` tries TextPart, then AnnotatedTextPart.
        XCTAssertThrowsError(try APIJSON.makeDecoder().decode(ContentPart.self, from: Data(#"{"text":"x\uZZZZ"}"#.utf8)))
        try roundTrip(ContentPart.self, #"{"text":"x","annotations":["y"]}"#)
    }

    /// Foundation's decoder refuses nesting past a fixed depth before anything recursive in a
    /// model can run out of stack.
    func testTenThousandDeepValuesFailCleanly() throws {
        let array = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        XCTAssertThrowsError(try APIJSON.makeDecoder().decode(JSONValue.self, from: Data(array.utf8)))
        var condition = #"{"type":"eq","field":"f","value":"v"}"#
        for _ in 0..<10_000 {
            condition = #"{"type":"and","conditions":["# + condition + "]}"
        }
        XCTAssertThrowsError(try APIJSON.makeDecoder().decode(CompoundCondition.self, from: Data(condition.utf8)))
        let failure = DecodingFailure(DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "deep")), body: Data(array.utf8))
        XCTAssertFalse(failure.description.isEmpty)
    }

    /// Foundation's decoder on Linux traps when the body's last byte is a `[` opening the 513th
    /// level (past its limit of 512): the client's decoder refuses such a body as not JSON.
    func testABodyEndingInTheBracketPastTheDepthLimitIsAnErrorNotACrash() throws {
        for body in [String(repeating: "[", count: 513), String(repeating: #"{"a":"#, count: 512) + "[", "["] {
            XCTAssertThrowsError(try APIJSON.makeDecoder().decode(JSONValue.self, from: Data(body.utf8)))
            XCTAssertThrowsError(try APIJSON.makeDecoder().decode(CompoundCondition.self, from: Data(body.utf8)))
        }
        XCTAssertEqual(try APIJSON.makeDecoder().decode(JSONValue.self, from: Data("[[]]".utf8)), .array([.array([])]))
    }
}
