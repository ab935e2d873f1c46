import APIGenYAML
import XCTest

/// A `.json` file is read with JSON's rules for strings: every character from U+0020 but `"`
/// and `\` may stand in one as itself, whatever YAML's reader refuses, and diagnostics still
/// quote the file's own lines and columns. A YAML file keeps YAML's rules.
final class JSONStringTests: XCTestCase {
    private func read(_ text: String, path: String = "spec.json") throws -> YAMLDocument {
        try YAMLReader().read(string: text, path: path)
    }

    private func error(_ text: String, path: String = "spec.json") -> String {
        do {
            _ = try YAMLReader().read(string: text, path: path)
            return "no error"
        } catch {
            return error.description
        }
    }

    func testStringsHoldWhatYAMLRefusesOrTakesForALineBreak() throws {
        // DEL, C1 controls (SendGrid's spec has U+009F in a city's name), NEL, LS, PS, U+FFFE,
        // U+FFFF, and a character beyond U+FFFF written as an escaped surrogate pair; in keys too.
        let document = try read(
            "{\"a\": \"x\u{9F}y\", \"b\": \"\u{7F}\u{80}\u{85}\u{2028}\u{2029}\u{FFFE}\u{FFFF}\", \"c\": \"\\uD83D\\uDE00!\", \"k\u{90}\": 1}")
        func scalar(_ key: String) -> String? {
            document.value(document.root, forKey: key).flatMap { document.scalar($0) }
        }
        XCTAssertEqual(scalar("a")?.unicodeScalars.map(\.value), [0x78, 0x9F, 0x79])
        XCTAssertEqual(scalar("b")?.unicodeScalars.map(\.value), [0x7F, 0x80, 0x85, 0x2028, 0x2029, 0xFFFE, 0xFFFF])
        XCTAssertEqual(scalar("c"), "\u{1F600}!")
        XCTAssertEqual(document.pairs(document.root).map(\.key).last?.unicodeScalars.map(\.value), [0x6B, 0x90])
    }

    func testNodesKeepTheFilesLinesAndColumns() throws {
        // Each rewrite makes the text libyaml reads longer or shorter than the line it stands for.
        let document = try read("{\"a\": \"\u{9F}\u{2028}\", \"b\": \"\\uD83D\\uDE00\", \"c\": 3,\n \"d\": \"\u{85}\", \"e\": 4}")
        func location(_ key: String) throws -> SourceLocation {
            document.location(try XCTUnwrap(document.value(document.root, forKey: key)))
        }
        XCTAssertEqual(try location("b"), SourceLocation(file: "spec.json", line: 1, column: 18))
        XCTAssertEqual(try location("c"), SourceLocation(file: "spec.json", line: 1, column: 39))
        // NEL is no line break inside a JSON string: the next key is on the same line.
        XCTAssertEqual(try location("e"), SourceLocation(file: "spec.json", line: 2, column: 17))
    }

    func testDiagnosticsQuoteTheFilesColumns() {
        // The closing `}` at column 35 ends a sequence opened at column 30, after a C1 control,
        // an LS and an escaped surrogate pair on the same line.
        XCTAssertEqual(
            error("{\"a\": \"\u{9F}\u{2028}\\ud83d\\ude00\", \"b\": [1, 2}\n"),
            "spec.json:1:35: error: did not find expected ',' or ']' while parsing a flow sequence that starts at line 1, column 30")
        XCTAssertEqual(error("{\"a\": \"\u{9F}\", \"a\": 1}\n"), "spec.json:1:12: error: duplicate key 'a'")
        // Outside a string JSON allows no control character either: located after a DEL that was rewritten.
        XCTAssertEqual(
            error("{\"a\": \"x\",\n \"b\": \"\u{7F}\", \u{90}\"c\": 1}\n"), "spec.json:2:12: error: control characters are not allowed (byte 0x90)")
        // A lone surrogate is no character: libyaml's error stands.
        XCTAssertEqual(
            error("{\"a\": \"\\ud83d\", \"b\": 1}\n"),
            "spec.json:1:10: error: found invalid Unicode character escape code while parsing a quoted scalar that starts at line 1, column 7")
    }

    func testYAMLKeepsYAMLsRules() {
        let text = "{\"a\": \"\u{9F}\u{2028}\\ud83d\\ude00\", \"b\": [1, 2}\n"
        XCTAssertEqual(error(text, path: "spec.yaml"), "spec.yaml:1:8: error: control characters are not allowed (byte 0x9f)")
        // A `.json` file that is YAML inside (no `{` or `[` first) is read as YAML.
        XCTAssertEqual(error("a: \"\u{9F}\"\n"), "spec.json:1:5: error: control characters are not allowed (byte 0x9f)")
    }
}
