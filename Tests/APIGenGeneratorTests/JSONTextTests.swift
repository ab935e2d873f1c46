import APIGenOpenAPI
import Foundation
import XCTest

@testable import APIGenGenerator

/// `JSONText` writes sample values as compact JSON that Foundation reads back unchanged: text
/// runs are copied whole, and only quotes, backslashes and control characters are escaped.
final class JSONTextTests: XCTestCase {
    func testEscapesOnlyWhatJSONRequires() {
        XCTAssertEqual(JSONText.render(.string("plain text, ünïcode 🐕")), #""plain text, ünïcode 🐕""#)
        XCTAssertEqual(JSONText.render(.string("a\"b\\c\nd\re\tf")), #""a\"b\\c\nd\re\tf""#)
        XCTAssertEqual(JSONText.render(.string("\u{0}\u{1f}")), #""\u0000\u001f""#)
        XCTAssertEqual(JSONText.render(.string("\"")), #""\"""#, "an escape at both ends of the text")
        XCTAssertEqual(JSONText.render(.string("")), #""""#)
    }

    func testEveryStringReadsBackAsWritten() throws {
        let texts = ["", "x", "\"\"", "\\", "tab\there", "\u{7}bell", "end\n", "é\u{1}é", String(repeating: "ab\"", count: 50)]
        for text in texts {
            let value = SpecValue.object([SpecValue.Member(key: text, value: .array([.string(text), .int(-3), .bool(true), .null]))])
            let data = Data(JSONText.render(value).utf8)
            let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: [Any]], text)
            XCTAssertEqual(object.keys.first, text)
            XCTAssertEqual(object[text]?.first as? String, text)
        }
    }
}
