@testable import APIGenGenerator
import Foundation
import XCTest

/// Sample strings for `pattern`, checked by Foundation's regular expression engine, not by the
/// code that built them.
final class PatternSampleTests: XCTestCase {
    private func assertMatches(
        _ pattern: String, minLength: Int? = nil, maxLength: Int? = nil, file: StaticString = #filePath, line: UInt = #line
    ) {
        let expression: NSRegularExpression
        do {
            expression = try NSRegularExpression(pattern: pattern)
        } catch {
            return XCTFail("test pattern does not compile: \(pattern)", file: file, line: line)
        }
        for variant in 0..<3 {
            guard let text = PatternSample.string(matching: pattern, variant: variant, minLength: minLength, maxLength: maxLength) else {
                return XCTFail("no sample for \(pattern)", file: file, line: line)
            }
            let range = NSRange(text.startIndex..., in: text)
            XCTAssertNotNil(expression.firstMatch(in: text, range: range), "\(text.debugDescription) does not match \(pattern)", file: file, line: line)
            if let minLength { XCTAssertGreaterThanOrEqual(text.count, minLength, file: file, line: line) }
            if let maxLength { XCTAssertLessThanOrEqual(text.count, maxLength, file: file, line: line) }
        }
    }

    func testPatternsOfRealSpecs() {
        assertMatches("^AC[0-9a-fA-F]{32}$")  // Twilio account SIDs
        assertMatches("^[a-z]{3}$")
        assertMatches("^(97[89])?[0-9]{9}[0-9X]$")
        assertMatches("^[0-9]{2}/[0-9]{2}$")
        assertMatches("^[a-zA-Z0-9_-]+$", minLength: 8, maxLength: 64)
        assertMatches(#"^\+[1-9]\d{1,14}$"#)  // E.164 phone numbers
        assertMatches(#"^(?:[a-z0-9-]+\.)+[a-z]{2,}$"#)
        assertMatches(#"^[^\s/]+/[^\s/]+$"#)
        assertMatches("^(draft|published|archived)$")
        assertMatches(#"^\d{4}-\d{2}-\d{2}$"#)
        assertMatches("v[0-9]+")  // unanchored: a match anywhere is enough
        assertMatches("^[\\w.-]{1,63}$")
        assertMatches("^a{2,}b*c+?$", minLength: 10)
    }

    /// Look-arounds match no character; the sample is checked against them (svix's ids:
    /// `^(?!sink_)[a-zA-Z0-9_-]+$`), and named groups are groups.
    func testLookaroundsAndNamedGroups() {
        assertMatches("^(?!sink_)[a-zA-Z0-9_-]+$")
        assertMatches("^(?!admin).*$")
        assertMatches("^(?=[a-z])[a-z0-9]+$", minLength: 4)
        assertMatches("^(?<![0-9])[a-z]+(?<=[a-z])$")
        assertMatches(#"^(?<year>\d{4})-(?<month>\d{2})$"#)
    }

    func testUnsupportedSyntaxGivesNoSample() {
        // A look-ahead the rest of the pattern cannot meet: no digit among letters.
        XCTAssertNil(PatternSample.string(matching: "^(?=.*[0-9])[a-z]+$", variant: 0, minLength: nil, maxLength: nil))
        XCTAssertNil(PatternSample.string(matching: #"^(a)\1$"#, variant: 0, minLength: nil, maxLength: nil))
        XCTAssertNil(PatternSample.string(matching: #"^\p{L}+$"#, variant: 0, minLength: nil, maxLength: nil))
        XCTAssertNil(PatternSample.string(matching: "^[a-z]{3}$", variant: 0, minLength: nil, maxLength: 2))
        XCTAssertNil(PatternSample.string(matching: "^(ab", variant: 0, minLength: nil, maxLength: nil))
        XCTAssertNil(PatternSample.string(matching: "[z-a]", variant: 0, minLength: nil, maxLength: nil))
    }

    func testHugeRepetitionsStayBounded() {
        XCTAssertNil(PatternSample.string(matching: "^a{999999}$", variant: 0, minLength: nil, maxLength: nil))
        XCTAssertNil(PatternSample.string(matching: "^((a{900}){900}){900}$", variant: 0, minLength: nil, maxLength: nil))
        let deep = String(repeating: "(", count: 10_000) + "a" + String(repeating: ")", count: 10_000)
        XCTAssertNil(PatternSample.string(matching: deep, variant: 0, minLength: nil, maxLength: nil))
    }

    func testArraySamplesHaveTheItemsTheSchemaAsksFor() throws {
        let output = try generate(
            schemasSpec(
                """
                Tags: {type: object, required: [few, many, none], properties: {few: {type: array, items: {type: string}, minItems: 3}, many: {type: array, items: {type: integer}, minItems: 50}, none: {type: array, items: {type: string}, maxItems: 0}}}
                """)
        ).text
        let sample = try XCTUnwrap(output.range(of: "public static var sample: Tags")).upperBound
        let text = String(output[sample...].prefix(400))
        XCTAssertTrue(text.contains(#""few":["Few 1","Few 2","Few 3"]"#), text)
        XCTAssertTrue(text.contains(#""many":[1,2,3,4,5]"#), text)
        XCTAssertTrue(text.contains(#""none":[]"#), text)
    }

    func testConstantsOfEveryTypeAreTheirOwnSample() throws {
        let output = try generate(
            schemasSpec(
                """
                Fixed: {type: object, properties: {retries: {type: integer, const: 3}, ratio: {type: number, const: 0.25}, on: {type: boolean, const: false}, kind: {type: string, const: fixed}}}
                """)
        ).text
        let sample = try XCTUnwrap(output.range(of: "public static var sample: Fixed")).upperBound
        let text = String(output[sample...].prefix(300))
        XCTAssertTrue(text.contains(#""retries":3"#), text)
        XCTAssertTrue(text.contains(#""ratio":0.25"#), text)
        XCTAssertTrue(text.contains(#""on":false"#), text)
        XCTAssertTrue(text.contains(#""kind":"fixed""#), text)
    }
}

/// `PatternMatch` decides the simple anchored patterns itself; on every one of them it must
/// agree with Foundation's engine, which decides the rest.
final class PatternMatchTests: XCTestCase {
    func testSimplePatternsAgreeWithFoundation() throws {
        let patterns = [
            "^[a-zA-Z0-9_-]+$", "^tunnel_[a-z0-9]{32}$", "^[A-Za-z0-9_.-]+$", "^[0-9]{3}-[0-9]{4}$", "^[a-z]{2,5}$",
            "^[A-Z]{4}$", "^v[0-9]+\\.[0-9]+$", "^[a-z]+[a-z0-9]*$", "^[a-z_]{1,}$", "^a?b*c{2,}$", "^[0-9]{0,2}x$",
        ]
        let texts = [
            "", "abc", "ABC_def-09", "tunnel_0123456789abcdef0123456789abcdef", "tunnel_0123", "a.b-c", "123-4567", "12-34",
            "ab", "abcdef", "SAVE", "save", "v1.2", "v1x2", "abc123", "1abc", "héllo", "ab cd", "bcc", "abbbccc", "x", "12x", "123x",
            "abc\n",
        ]
        for pattern in patterns {
            let simple = try XCTUnwrap(SimplePattern(pattern), pattern)
            let expression = try NSRegularExpression(pattern: pattern)
            for text in texts where !text.hasSuffix("\n") {
                let foundation = expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
                XCTAssertEqual(simple.matches(text), foundation, "\(pattern) on \(text)")
            }
        }
    }

    func testOtherPatternsAreLeftToFoundation() {
        for pattern in ["[a-z]+", "^(ab)+$", "^a|b$", "^.+$", "^[^a]+$", "^\\p{L}+$", "^a$x", "^\\d+$", "^\\w+$"] {
            XCTAssertNil(SimplePattern(pattern), pattern)
        }
        XCTAssertEqual(PatternMatch.accepts("xyz", pattern: "[a-z]+"), true)
        XCTAssertEqual(PatternMatch.accepts("XYZ", pattern: "^(ab)+$"), false)
        // ECMA-262's `$` is the end of the text, not a line's.
        XCTAssertEqual(PatternMatch.accepts("abc\n", pattern: "^[a-z]+$"), false)
    }
}
