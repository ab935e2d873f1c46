import APIGenCLI
import APIGenOpenAPI
import APIGenYAML
import Foundation
import XCTest

/// Specs/hostile.yaml is a valid spec whose names and strings try to break, or inject code into,
/// the generated Swift. Its client is checked in as Generated/HostileAPI and compiled by
/// `swift build` (the proof that it compiles, without warnings); these tests check that nothing
/// of the spec's text reaches that code except through the naming function, as identifiers.
final class HostileSpecTests: XCTestCase {
    static let spec = Repository.specs.appendingPathComponent("hostile.yaml")
    static let output = Repository.generated.appendingPathComponent("HostileAPI")

    /// The generated sources, as checked in (SnapshotTests keeps them equal to fresh output).
    static func sources() throws -> [(name: String, text: String)] {
        let names = try FileManager.default.contentsOfDirectory(atPath: output.path).filter { $0.hasSuffix(".swift") }.sorted()
        return try names.map { ($0, try String(contentsOf: output.appendingPathComponent($0), encoding: .utf8)) }
    }

    func testTheSpecLoadsWithoutErrors() throws {
        let loaded = SpecLoader().load(path: Self.spec.path)
        XCTAssertTrue(loaded.succeeded, loaded.diagnostics.items.map(\.description).joined(separator: "\n"))
        XCTAssertEqual(loaded.document?.info.title, "Hostile")
        let folder = try TemporaryFolder()
        var messages: [String] = []
        let status = CommandLineTool.run(["generate", Self.spec.path, "--output", folder.url.path], output: { messages.append($0) }, errors: { messages.append($0) })
        XCTAssertEqual(status, 0, messages.joined(separator: "\n"))
        XCTAssertEqual(try Self.sources().map(\.name), ["Endpoints.swift", "Models.swift", "Samples.swift"])
    }

    func testInjectedCodeStaysInCommentsAndStrings() throws {
        for (name, text) in try Self.sources() {
            let code = withoutGeneratorDirectives(codeOnly(text))
            // `pwned` itself may be a name (the enum case for the value `\(pwned())`); a call or
            // a declaration of it may not.
            for fragment in ["func pwned", "pwned(", "Darwin", "#endif", "#if", "\\(", "\"\"\"", "*/", "/*", "\"", "'", "@handle", "🐶", "名前", "Café"] {
                XCTAssertFalse(code.contains(fragment), "\(name): `\(fragment)` outside comments and strings")
            }
            let imports = code.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.hasPrefix("import ") || $0.hasPrefix("@") && $0.contains(" import ") }
            let allowed: Set<String> = ["@_spi(Generated) import APIGenRuntime", "import Foundation", "import Observation"]
            XCTAssertTrue(Set(imports).isSubset(of: allowed), "\(name): \(imports)")
            // Every identifier, keyword and operator in the code is ASCII: names from the spec
            // only reach it through the naming function, which writes ASCII letters and digits.
            let foreign = code.unicodeScalars.filter { !$0.isASCII || ($0.value < 0x20 && $0 != "\n") || $0.value == 0x7F }
            XCTAssertEqual(foreign.map { String($0.value, radix: 16) }, [], "\(name): non-ASCII or control characters in code")
            // Nothing anywhere in the file may break a line or reorder text where a reader
            // cannot see it: no CR, line or paragraph separators, NEL or bidi controls.
            let invisible = text.unicodeScalars.filter { [0x0D, 0x85, 0x2028, 0x2029, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069, 0xFEFF].contains($0.value) }
            XCTAssertEqual(invisible.map { String($0.value, radix: 16) }, [], "\(name): invisible line breaks or bidi controls")
        }
    }

    /// Every key and value in the spec that is not made of identifier characters or a number (`user-id`,
    /// `"; func pwned() { "`, `a&b=c"d\(e)`) must be absent from the code: outside comments and
    /// string literals it could only be there unescaped.
    func testNoSpecTextInCodeExceptAsIdentifiers() throws {
        let document = try YAMLReader().read(fileAt: Self.spec.path)
        var texts: Set<String> = []
        for index in 0..<document.nodeCount {
            if let text = document.scalar(YAMLNode(index: index)) {
                texts.insert(text)
            }
        }
        let identifier = /^[A-Za-z0-9_]+$/
        let number = /^-?[0-9]+(\.[0-9]+)?$/
        let suspicious = texts.filter { text in
            text.count >= 2 && text.trimmingCharacters(in: .whitespaces).count == text.count
                && text.wholeMatch(of: identifier) == nil && text.wholeMatch(of: number) == nil
        }
        XCTAssertGreaterThan(suspicious.count, 50)
        let code = try Self.sources().map { withoutGeneratorDirectives(codeOnly($0.text)) }.joined(separator: "\n")
        for text in suspicious.sorted() {
            XCTAssertFalse(code.contains(text), "spec text `\(text)` appears outside comments and strings")
        }
    }

    /// The scanner the checks rely on: comments and every kind of literal go, interpolations stay.
    func testCodeOnlyKeepsCodeAndInterpolations() {
        let source = #"""
        let a = "x\"y" + #"raw "quoted" \(not)"# // comment "with quote"
        /* block /* nested */ still */ let b = "p/\(PathParameter.encode(id))/q"
        let c = """
            multi "line" \(value)
            """
        """#
        XCTAssertEqual(codeOnly(source), "let a =   +   \n let b =  PathParameter.encode(id) \nlet c =  value ")
    }
}
