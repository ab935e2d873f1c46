import APIGenGenerator
import APIGenOpenAPI
import APIGenYAML
import Foundation
import XCTest

/// Paths of the repository and of the shared real-world specs, found from this file.
enum Repository {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let specs = root.appendingPathComponent("Specs")
    static let generated = root.appendingPathComponent("Generated")
    static let sharedSpecs = root.deletingLastPathComponent().appendingPathComponent("shared/specs")

    /// The specs a corpus folder beside the repository lists in its MANIFEST.tsv (`name`, `file`),
    /// each with the root its references may reach (the subfolder of a multi-file spec), or a
    /// skip when the folder is absent.
    static func manifestSpecs(_ folderName: String) throws -> [(name: String, file: URL, root: String?)] {
        let folder = root.deletingLastPathComponent().appendingPathComponent("shared/\(folderName)")
        let manifest = folder.appendingPathComponent("MANIFEST.tsv")
        guard let text = try? String(contentsOf: manifest, encoding: .utf8) else {
            throw XCTSkip("../shared/\(folderName)/MANIFEST.tsv not found at \(manifest.path): the real-world spec tests need it")
        }
        return text.split(separator: "\n").dropFirst().compactMap { line in
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard columns.count >= 2, !columns[0].isEmpty else { return nil }
            let subfolder = columns[1].split(separator: "/").count > 1 ? columns[1].split(separator: "/")[0] : nil
            return (columns[0], folder.appendingPathComponent(columns[1]), subfolder.map { folder.appendingPathComponent(String($0)).path })
        }
    }

    /// The spec files in ../shared/specs (the multi-file one by its entry file), or a skip.
    static func sharedSpecFiles() throws -> [URL] {
        guard FileManager.default.fileExists(atPath: sharedSpecs.path) else {
            throw XCTSkip("../shared/specs not found at \(sharedSpecs.path): the real-world spec tests need it beside the repository")
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: sharedSpecs.path).sorted()
        var files = names.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".json") }.map { sharedSpecs.appendingPathComponent($0) }
        let multiFile = sharedSpecs.appendingPathComponent("digitalocean/DigitalOcean-public.v2.yaml")
        if FileManager.default.fileExists(atPath: multiFile.path) {
            files.append(multiFile)
        }
        return files
    }
}

/// Writes a spec into a fresh temporary folder and removes it afterwards.
final class TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("apigen-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    @discardableResult
    func write(_ name: String, _ contents: String) throws -> URL {
        let file = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try contents.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}

/// The Swift compiler on generated files, against the runtime module the tests were built with.
enum Swiftc {
    /// The folder holding the built `APIGenRuntime.swiftmodule` beside the tests, or a skip.
    static func runtimeModules(for testCase: AnyClass) throws -> URL {
        let candidates = [Bundle(for: testCase).bundleURL, URL(fileURLWithPath: CommandLine.arguments[0])].map {
            $0.deletingLastPathComponent().appendingPathComponent("Modules")
        }
        guard let modules = candidates.first(where: { FileManager.default.fileExists(atPath: $0.appendingPathComponent("APIGenRuntime.swiftmodule").path) })
        else { throw XCTSkip("no built APIGenRuntime module beside the tests") }
        return modules
    }

    /// `swiftc arguments`: its exit status and its output and errors.
    static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc"] + arguments
        let pipe = Pipe()
        process.standardError = pipe
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}

/// Generates Swift from spec text held in the test, for checks on the output.
/// With `expectingErrors`, a spec that does not load gives its diagnostics and no text;
/// `configure` changes the options from the defaults the tests share.
func generate(
    _ spec: String, expectingErrors: Bool = false, configure: (inout GeneratorOptions) -> Void = { _ in },
    file: StaticString = #filePath, line: UInt = #line
) throws -> (text: String, diagnostics: Diagnostics) {
    let folder = try TemporaryFolder()
    let path = try folder.write("spec.yaml", spec).path
    let loaded = SpecLoader().load(path: path)
    guard let document = loaded.document, loaded.succeeded else {
        if expectingErrors { return ("", loaded.diagnostics) }
        XCTFail("spec did not load: \(loaded.diagnostics.items.map(\.description).joined(separator: "\n"))", file: file, line: line)
        return ("", loaded.diagnostics)
    }
    var options = GeneratorOptions(moduleName: "TestAPI", specFileName: "spec.yaml")
    options.modelFileCount = 1
    configure(&options)
    let output = Generator(options: options).generate(document, files: loaded.files)
    var diagnostics = loaded.diagnostics
    diagnostics.append(contentsOf: output.diagnostics)
    return (output.files.map(\.contents).joined(separator: "\n"), diagnostics)
}

/// Swift source with comments and the text of string literals removed: what is left is code.
/// Literals (plain, raw `#"…"#` and multi-line) become a space; interpolations in them (`\(…)`)
/// are code and are kept.
func codeOnly(_ source: String) -> String {
    var scanner = CodeScanner(text: Array(source.unicodeScalars))
    scanner.scanCode()
    return String(scanner.out)
}

/// `code` without the one conditional-compilation block the generator writes itself, around the
/// `@inlinable` of a stored-value visit; any other `#if` or `#endif` in generated code came from
/// a spec.
func withoutGeneratorDirectives(_ code: String) -> String {
    code.replacing(/#if !DEBUG\n( *)@inlinable\n *#endif\n/) { "\($0.1)@inlinable\n" }
}

private struct CodeScanner {
    let text: [Unicode.Scalar]
    var index = 0
    var out = String.UnicodeScalarView()

    func peek(_ offset: Int) -> Unicode.Scalar? {
        index + offset < text.count ? text[index + offset] : nil
    }

    /// Code up to the end, or up to the `)` that closes an interpolation.
    mutating func scanCode(inInterpolation: Bool = false) {
        var depth = 0
        while let scalar = peek(0) {
            if scalar == "/", peek(1) == "/" {
                while let next = peek(0), next != "\n" { index += 1 }
                continue
            }
            if scalar == "/", peek(1) == "*" {
                var nesting = 0
                repeat {
                    if peek(0) == "/", peek(1) == "*" { nesting += 1; index += 2 } else if peek(0) == "*", peek(1) == "/" { nesting -= 1; index += 2 } else { index += 1 }
                } while nesting > 0 && index < text.count
                continue
            }
            var hashes = 0
            while peek(hashes) == "#" { hashes += 1 }
            if peek(hashes) == "\"" {
                index += hashes
                scanString(hashes: hashes)
                continue
            }
            if inInterpolation {
                if scalar == "(" { depth += 1 }
                if scalar == ")" {
                    if depth == 0 { index += 1; return }
                    depth -= 1
                }
            }
            out.append(scalar)
            index += 1
        }
    }

    /// From the opening quote of a literal with `hashes` delimiting `#`s to past its end.
    mutating func scanString(hashes: Int) {
        let multiline = peek(0) == "\"" && peek(1) == "\"" && peek(2) == "\""
        index += multiline ? 3 : 1
        out.append(" ")
        func hashesFollow(at offset: Int) -> Bool {
            (0..<hashes).allSatisfy { peek(offset + $0) == "#" }
        }
        while let scalar = peek(0) {
            if scalar == "\\", hashesFollow(at: 1) {
                if peek(1 + hashes) == "(" {
                    index += 2 + hashes
                    scanCode(inInterpolation: true)
                    out.append(" ")
                } else {
                    index += 2 + hashes
                }
                continue
            }
            if multiline ? (scalar == "\"" && peek(1) == "\"" && peek(2) == "\"" && hashesFollow(at: 3)) : (scalar == "\"" && hashesFollow(at: 1)) {
                index += (multiline ? 3 : 1) + hashes
                return
            }
            index += 1
        }
    }
}

/// A 3.1 spec with no paths and `schemas` (YAML, indented as a schema list) as its components.
func schemasSpec(_ schemas: String) -> String {
    """
    openapi: 3.1.0
    info: {title: T, version: "1"}
    paths: {}
    components:
      schemas:
    \(schemas.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n"))
    """
}

/// Fails for each of `lines` that `text` does not contain, showing the text.
func assertContains(_ text: String, _ lines: [String], file: StaticString = #filePath, line: UInt = #line) {
    for expected in lines where !text.contains(expected) {
        XCTFail("missing `\(expected)` in:\n\(text)", file: file, line: line)
    }
}

/// The exact text of the top-level declaration `name` in generated `text` (its doc comment and
/// attributes included, up to its closing brace), or a failure and "".
func declaration(_ name: String, in text: String, file: StaticString = #filePath, line: UInt = #line) -> String {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let header = try! Regex("^(public |package )?(nonisolated )?(struct|enum|typealias|final class|extension) \(name)\\b")
    guard let start = lines.firstIndex(where: { $0.firstMatch(of: header) != nil }) else {
        XCTFail("no declaration of \(name) in:\n\(text)", file: file, line: line)
        return ""
    }
    var first = start
    while first > 0, lines[first - 1].hasPrefix("///") || lines[first - 1].hasPrefix("@") { first -= 1 }
    var last = start
    if lines[start].hasSuffix("{") {
        while last < lines.count - 1, lines[last] != "}" { last += 1 }
    }
    return lines[first...last].joined(separator: "\n")
}

/// Generates `schemas` (as `schemasSpec` does) and compares the declaration `name` with
/// `expected` exactly, showing both where they differ.
func assertFragment(
    _ schemas: String, _ name: String, _ expected: String, file: StaticString = #filePath, line: UInt = #line
) throws {
    let (text, _) = try generate(schemasSpec(schemas), file: file, line: line)
    let actual = declaration(name, in: text, file: file, line: line)
    if actual != expected {
        XCTFail("\(name) differs. Generated:\n\(actual)\n\nExpected:\n\(expected)", file: file, line: line)
    }
}

/// The exact text of the direct member of `declaration` (text from `declaration(_:in:)`) whose
/// first line starts with `start`: that line up to the brace closing it, moved to column 0.
func member(_ start: String, of declaration: String, file: StaticString = #filePath, line: UInt = #line) -> String {
    let lines = declaration.split(separator: "\n", omittingEmptySubsequences: false)
    let indent = String(repeating: " ", count: (lines.first?.prefix { $0 == " " }.count ?? 0) + 4)
    guard let first = lines.firstIndex(where: { $0.hasPrefix(indent + start) }) else {
        XCTFail("no member starting with \(start) in:\n\(declaration)", file: file, line: line)
        return ""
    }
    var last = first
    if lines[first].hasSuffix("{") {
        while last < lines.count - 1, lines[last] != indent + "}" { last += 1 }
    }
    return lines[first...last].map { $0.hasPrefix(indent) ? String($0.dropFirst(indent.count)) : String($0) }.joined(separator: "\n")
}
