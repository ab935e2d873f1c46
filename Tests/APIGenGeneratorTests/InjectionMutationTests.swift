import APIGenGenerator
import APIGenOpenAPI
import APIGenYAML
import Foundation
import XCTest

/// Every scalar and key of two small specs that between them use every field the generator
/// reads (OpenAPI 3.1 and Swagger 2.0) is replaced, one at a time, by text that tries to close
/// a string literal, a comment, a call or a line and then call `INJECTED__MARKER()`, and by
/// numbers at the edge of every integer type. Each mutant must either be rejected with located
/// errors, or generate output that Swift's own parser (`swiftc -dump-parse`) reads without an
/// error and in which the marker is never code. The naming function cannot write the marker
/// (it writes no `__`), so where it appears outside a string literal, spec text became code.
final class InjectionMutationTests: XCTestCase {
    static let marker = "INJECTED__MARKER"

    /// Each closes one or more kinds of Swift text and calls the marker: a string and a call; a
    /// call alone; a block comment, then a line (by LF, U+2028 and NEL); an interpolation, then
    /// a multi-line raw string; a backquoted name. Then names that must be escaped or replaced.
    static let textPayloads = [
        #""); INJECTED__MARKER(); _ = (""#,
        "form, explode: true); INJECTED__MARKER(); _ = (",
        "*/ INJECTED__MARKER() /*\nINJECTED__MARKER()\u{2028}INJECTED__MARKER()\u{85}INJECTED__MARKER()",
        "\\(INJECTED__MARKER())\n\"\"\"#\nINJECTED__MARKER()\n#\"\"\"",
        "`) { INJECTED__MARKER() } func x(`",
        "static",
        "",
        "2½½",
    ]

    static let integerPayloads: [Int64] = [.min, .max, 3_000_000_000, 4_000_000_000_000, -1]
    static let realPayloads: [Double] = [1e300, -1e300, 9.3e18, 0.5]

    func testOpenAPI31MutantsAreRejectedOrSafe() throws {
        try runMutations(base: Self.openAPIBase)
    }

    func testSwagger2MutantsAreRejectedOrSafe() throws {
        try runMutations(base: Self.swaggerBase)
    }

    private func runMutations(base: String) throws {
        let parser = try SwiftParser()
        let root = try JSONSerialization.jsonObject(with: Data(base.utf8))
        let baseline = try generate(root, name: "base")
        XCTAssertFalse(baseline.rejected, "the unmutated spec must generate: \(baseline.errors)")
        XCTAssertEqual(try parser.problems(in: [("base", baseline.files.map(\.1))]), [])

        var outputs: [(String, [String])] = []
        var rejected = 0
        var generating = 0.0
        for (index, path) in Self.oneOfEachKind(Self.paths(in: root)).enumerated() {
            let numbers = Self.integerPayloads.map { NSNumber(value: $0) } + Self.realPayloads.map { NSNumber(value: $0) }
            let payloads: [Any] = path.isNumber ? numbers : Self.textPayloads
            for (number, payload) in payloads.enumerated() {
                let mutant = Self.replacing(path.steps, in: root, with: payload, asKey: path.isKey)
                let label = "\(Self.describe(path)) = \(String(describing: payload).debugDescription)"
                let started = Date()
                let result = try generate(mutant, name: "m\(index)_\(number)")
                generating += Date().timeIntervalSince(started)
                XCTAssertLessThan(Date().timeIntervalSince(started), 20, "\(label): generation took too long")
                if result.rejected {
                    rejected += 1
                    for error in result.errors where error.location == nil {
                        XCTFail("\(label): an error without a location: \(error.message)")
                    }
                    continue
                }
                for (file, text) in result.files where codeOnly(text).contains(Self.marker) {
                    XCTFail("\(label): spec text became code in \(file)")
                }
                outputs.append((label, result.files.map(\.1)))
            }
        }
        XCTAssertGreaterThan(outputs.count, 200, "most mutants generate (\(rejected) were rejected)")
        let parsing = Date()
        for problem in try parser.problems(in: outputs) {
            XCTFail(problem)
        }
        print("mutants: \(outputs.count + rejected), \(rejected) rejected; generating \(generating) s, parsing \(Date().timeIntervalSince(parsing)) s")
    }

    // MARK: Mutating

    struct ScalarPath {
        enum Step {
            case key(String)
            case index(Int)
        }

        var steps: [Step]
        /// The key at the end of `steps` is replaced, not its value.
        var isKey: Bool
        var isNumber: Bool
    }

    static let namingKeys: Set<String> = [
        "paths", "webhooks", "schemas", "definitions", "properties", "responses", "content", "headers", "securitySchemes",
        "securityDefinitions", "variables", "mapping", "scopes", "encoding", "parameters",
    ]

    static let distinctKeys: Set<String> = ["paths", "webhooks", "schemas", "definitions", "securitySchemes", "securityDefinitions"]

    /// Every string or number value, and every key that is a name, of `value`.
    static func paths(in value: Any, prefix: [ScalarPath.Step] = []) -> [ScalarPath] {
        if let object = value as? [String: Any] {
            // Keys under these are names the spec chooses; other keys are keywords, and a
            // changed keyword is only a missing field.
            let holdsNames: Bool
            if case .key(let parent)? = prefix.last {
                holdsNames = namingKeys.contains(parent)
            } else {
                holdsNames = false
            }
            return object.keys.sorted().flatMap { key in
                (holdsNames ? [ScalarPath(steps: prefix + [.key(key)], isKey: true, isNumber: false)] : [])
                    + paths(in: object[key]!, prefix: prefix + [.key(key)])
            }
        }
        if let array = value as? [Any] {
            return array.indices.flatMap { paths(in: array[$0], prefix: prefix + [.index($0)]) }
        }
        if value is String {
            return [ScalarPath(steps: prefix, isKey: false, isNumber: false)]
        }
        // JSON's true and false are NSNumbers too, of the C type `char`.
        if let number = value as? NSNumber, String(cString: number.objCType) != "c" {
            return [ScalarPath(steps: prefix, isKey: false, isNumber: true)]
        }
        return []
    }

    /// The first path of each kind: the same field of another property, parameter or list item
    /// (`/components/schemas/Pet/properties/*/format`) goes through the same code. Paths and
    /// schemas are kept apart: each of those in the base specs has a shape of its own.
    static func oneOfEachKind(_ paths: [ScalarPath]) -> [ScalarPath] {
        var seen: Set<String> = []
        return paths.filter { path in
            var kind: [String] = []
            var parent: String?
            for step in path.steps {
                switch step {
                case .key(let key):
                    let collapses = parent.map { namingKeys.contains($0) && !distinctKeys.contains($0) } ?? false
                    kind.append(collapses ? "*" : key)
                    parent = key
                case .index:
                    kind.append("#")
                    parent = nil
                }
            }
            return seen.insert(kind.joined(separator: "/") + (path.isKey ? " key" : "")).inserted
        }
    }

    static func replacing(_ steps: [ScalarPath.Step], in value: Any, with payload: Any, asKey: Bool) -> Any {
        guard let step = steps.first else { return payload }
        switch step {
        case .key(let key):
            var object = value as! [String: Any]
            if steps.count == 1, asKey {
                let moved = object.removeValue(forKey: key)
                object[payload as! String] = moved
            } else {
                object[key] = replacing(Array(steps.dropFirst()), in: object[key]!, with: payload, asKey: asKey)
            }
            return object
        case .index(let index):
            var array = value as! [Any]
            array[index] = replacing(Array(steps.dropFirst()), in: array[index], with: payload, asKey: asKey)
            return array
        }
    }

    static func describe(_ path: ScalarPath) -> String {
        let pointer = path.steps.map { step -> String in
            switch step {
            case .key(let key): return key
            case .index(let index): return String(index)
            }
        }.joined(separator: "/")
        return "/" + pointer + (path.isKey ? " (key)" : "")
    }

    // MARK: Generating and parsing

    struct Result {
        var rejected: Bool
        var errors: [Diagnostic]
        var files: [(String, String)]
    }

    private func generate(_ spec: Any, name: String) throws -> Result {
        let folder = try TemporaryFolder()
        let data = try JSONSerialization.data(withJSONObject: spec, options: [.sortedKeys, .fragmentsAllowed])
        let path = try folder.write("spec.json", String(decoding: data, as: UTF8.self)).path
        let loaded = SpecLoader().load(path: path)
        guard let document = loaded.document, loaded.succeeded else {
            return Result(rejected: true, errors: loaded.diagnostics.items.filter { $0.severity == .error }, files: [])
        }
        var options = GeneratorOptions(moduleName: "MutantAPI", specFileName: "spec.json")
        options.exampleChecks = true
        options.conformance = true
        let output = Generator(options: options).generate(document, files: loaded.files)
        let errors = output.diagnostics.items.filter { $0.severity == .error }
        return Result(rejected: !errors.isEmpty, errors: errors, files: output.files.map { ($0.name, $0.contents) })
    }

    /// `swiftc -dump-parse` over many outputs at once: parse errors, and the marker anywhere but
    /// in a string literal.
    struct SwiftParser {
        let swiftc: URL

        init() throws {
            let candidates = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map {
                URL(fileURLWithPath: String($0)).appendingPathComponent("swiftc")
            }
            guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
                throw XCTSkip("swiftc is not on PATH: the mutation test needs Swift's parser")
            }
            swiftc = found
        }

        /// Problems in `outputs` (each a mutant's label and files); a file text shared by several
        /// mutants is parsed once.
        func problems(in outputs: [(label: String, files: [String])]) throws -> [String] {
            let folder = try TemporaryFolder()
            var labels: [String: String] = [:]
            var seen: Set<String> = []
            var paths: [String] = []
            for output in outputs {
                for text in output.files where seen.insert(text).inserted {
                    let name = "o\(paths.count).swift"
                    paths.append(try folder.write(name, text).path)
                    labels[name] = output.label
                }
            }
            var problems: [String] = []
            // A few hundred files per run keeps each dump small enough to scan in memory; two
            // runs at a time use both cores of a small machine.
            let batches = stride(from: 0, to: paths.count, by: 200).map { Array(paths[$0..<min($0 + 200, paths.count)]) }
            for start in stride(from: 0, to: batches.count, by: 2) {
                let pending = try batches[start..<min(start + 2, batches.count)].enumerated().map { offset, batch in
                    (batch, try Run(swiftc, ["-dump-parse", "-diagnostic-style", "llvm"] + batch, in: folder, name: "run\(start + offset)"))
                }
                for (batch, run) in pending {
                    let (status, dump, errors) = try run.wait()
                    problems += Self.problems(status: status, dump: dump, errors: errors, batch: batch, labels: labels)
                }
            }
            return problems
        }

        private static func problems(status: Int32, dump: String, errors: String, batch: [String], labels: [String: String]) -> [String] {
            var problems: [String] = []
            for line in errors.split(separator: "\n") where line.contains(": error: ") {
                let file = batch.first { line.hasPrefix($0 + ":") }.map { URL(fileURLWithPath: $0).lastPathComponent }
                problems.append("\(file.flatMap { labels[$0] } ?? "?"): the output does not parse: \(line)")
            }
            if status != 0 && problems.isEmpty {
                problems.append("swiftc -dump-parse exited \(status) without an error line")
            }
            var current = "?"
            for line in dump.split(separator: "\n") {
                if line.hasPrefix("(source_file \"") {
                    let path = line.dropFirst("(source_file \"".count).prefix { $0 != "\"" }
                    current = labels[URL(fileURLWithPath: String(path)).lastPathComponent] ?? "?"
                } else if line.contains(InjectionMutationTests.marker), !line.contains("string_literal_expr") {
                    problems.append("\(current): spec text parsed as code: \(line.trimmingCharacters(in: .whitespaces).prefix(200))")
                }
            }
            return problems
        }

        /// One swiftc run with its output in files: the AST dump is large, and a pipe nobody
        /// reads would stop it.
        struct Run {
            let process = Process()
            let outputURL: URL
            let errorsURL: URL

            init(_ swiftc: URL, _ arguments: [String], in folder: TemporaryFolder, name: String) throws {
                outputURL = try folder.write("\(name).out", "")
                errorsURL = try folder.write("\(name).err", "")
                process.executableURL = swiftc
                process.arguments = arguments
                process.standardOutput = try FileHandle(forWritingTo: outputURL)
                process.standardError = try FileHandle(forWritingTo: errorsURL)
                try process.run()
            }

            func wait() throws -> (Int32, String, String) {
                process.waitUntilExit()
                return (
                    process.terminationStatus, try String(contentsOf: outputURL, encoding: .utf8),
                    try String(contentsOf: errorsURL, encoding: .utf8)
                )
            }
        }
    }
}
