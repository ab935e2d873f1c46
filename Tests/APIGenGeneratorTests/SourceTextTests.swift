import XCTest

@testable import APIGenGenerator

/// `SourceText` keeps short text in place and moves it to an array once it grows past
/// `InlineBytes.capacity`; either way the printer must get every byte, in order.
final class SourceTextTests: XCTestCase {
    private func printed(_ text: SourceText) -> String {
        var printer = Printer()
        printer.line(text)
        return printer.text
    }

    func testShortTextStaysWhole() {
        let name = "userID"
        XCTAssertEqual(printed("let \(name) = \(literal: "id")"), "let userID = \"id\"\n")
        XCTAssertEqual(printed("}"), "}\n")
        XCTAssertEqual(printed(""), "\n")
    }

    func testTextAtAndPastTheInlineCapacity() {
        let capacity = InlineBytes.capacity
        let exact = String(repeating: "a", count: capacity)
        XCTAssertEqual(printed("\(exact)"), exact + "\n")
        // The piece that crosses the limit, and pieces after it, land after the inline bytes.
        let head = String(repeating: "b", count: capacity - 3)
        let text: SourceText = "\(head)\("cdefgh")\(7)\(literal: "q\"uote")"
        XCTAssertEqual(printed(text), head + "cdefgh7\"q\\\"uote\"\n")
        XCTAssertEqual(text.count, capacity - 3 + 6 + 1 + 9)
    }

    func testLongEscapedLiteralSpillsIntact() {
        let value = String(repeating: "line\n\"é\"\\", count: 40)
        let text: SourceText = "let value = \(literal: value)"
        XCTAssertEqual(printed(text), "let value = \(SwiftLiteral.string(value))\n")
        XCTAssertGreaterThan(text.count, InlineBytes.capacity)
    }

    func testAppendingTextToText() {
        var text = SourceText("case ")
        text.append("one" as StaticString)
        text.append(SourceText(", "))
        text.append(String(repeating: "x", count: 200)[...])
        XCTAssertEqual(printed(text), "case one, " + String(repeating: "x", count: 200) + "\n")
        XCTAssertFalse(text.isEmpty)
    }
}
