import APIGenYAML
import XCTest

final class YAMLReaderTests: XCTestCase {
    private func read(_ text: String, limits: YAMLReader.Limits = .init()) throws -> YAMLDocument {
        try YAMLReader(limits: limits).read(string: text, path: "spec.yaml")
    }

    private func error(_ text: String, limits: YAMLReader.Limits = .init()) -> String {
        do {
            _ = try YAMLReader(limits: limits).read(string: text, path: "spec.yaml")
            return "no error"
        } catch {
            return error.description
        }
    }

    func testMappingsSequencesAndMarks() throws {
        let document = try read("""
        openapi: 3.0.0
        paths:
          /pets:
            get:
              tags: [a, "b"]
        """)
        let root = document.root
        XCTAssertEqual(document.kind(root), .mapping)
        XCTAssertEqual(document.count(root), 2)
        let paths = try XCTUnwrap(document.value(root, forKey: "paths"))
        let get = try XCTUnwrap(document.resolve(pointer: "/paths/~1pets/get"))
        XCTAssertEqual(document.location(get), SourceLocation(file: "spec.yaml", line: 5, column: 7))
        XCTAssertEqual(document.pointer(get), "/paths/~1pets/get")
        let tags = try XCTUnwrap(document.value(get, forKey: "tags"))
        XCTAssertEqual(document.items(tags).map { document.scalar($0) }, ["a", "b"])
        XCTAssertEqual(document.pointer(document.items(tags)[1]), "/paths/~1pets/get/tags/1")
        XCTAssertEqual(document.pairs(paths).map(\.key), ["/pets"])
    }

    func testScalarTypesFollowTheCoreSchema() throws {
        let document = try read("""
        a: 10
        b: "10"
        c: 1.5e3
        d: true
        e: ~
        f: yes
        g: 0x1F
        h: 1.2.3
        i: -7
        """)
        func value(_ key: String) -> ScalarValue? {
            document.value(document.root, forKey: key).flatMap { document.scalarValue($0) }
        }
        XCTAssertEqual(value("a"), .int(10))
        XCTAssertEqual(value("b"), .string("10"))
        XCTAssertEqual(value("c"), .double(1500))
        XCTAssertEqual(value("d"), .bool(true))
        XCTAssertEqual(value("e"), .null)
        XCTAssertEqual(value("f"), .string("yes"))
        XCTAssertEqual(value("g"), .int(31))
        XCTAssertEqual(value("h"), .string("1.2.3"))
        XCTAssertEqual(value("i"), .int(-7))
    }

    func testJSONGoesThroughTheSameReader() throws {
        let document = try read(#"{"openapi": "3.1.0", "info": {"title": "T", "version": "1"}, "list": [1, {"x": null}]}"#)
        XCTAssertEqual(document.scalar(try XCTUnwrap(document.resolve(pointer: "/info/title"))), "T")
        let x = try XCTUnwrap(document.resolve(pointer: "/list/1/x"))
        XCTAssertEqual(document.scalarValue(x), .null)
        XCTAssertEqual(document.location(x), SourceLocation(file: "spec.yaml", line: 1, column: 80))
    }

    func testAnchorsAndAliasesShareTheNode() throws {
        let document = try read("""
        base: &b
          type: string
        other: *b
        """)
        let base = try XCTUnwrap(document.value(document.root, forKey: "base"))
        let other = try XCTUnwrap(document.value(document.root, forKey: "other"))
        XCTAssertEqual(base, other)
        XCTAssertEqual(document.pointer(other), "/base")
    }

    func testLocatedSyntaxErrors() {
        XCTAssertEqual(error("a: [1, 2\nb: 3\n"), "spec.yaml:2:2: error: did not find expected ',' or ']' while parsing a flow sequence that starts at line 1, column 4")
        XCTAssertEqual(error("a:\n\tb: 1\n"), "spec.yaml:2:1: error: found a tab character that cannot start any token (YAML does not allow tabs for indentation) while scanning for the next token")
        XCTAssertEqual(error("a: \"open\n"), "spec.yaml:2:1: error: found unexpected end of stream while scanning a quoted scalar that starts at line 1, column 4")
    }

    func testDuplicateKeysAreErrorsAtTheSecondKey() {
        XCTAssertEqual(error("a: 1\nb: 2\na: 3\n"), "spec.yaml:3:1: error: duplicate key 'a'")
        let many = (0..<20).map { "k\($0): 1" }.joined(separator: "\n") + "\n  \nk7: 2\n"
        XCTAssertEqual(error(many), "spec.yaml:22:1: error: duplicate key 'k7'")
    }

    func testEmptyAndCommentOnlyFiles() {
        XCTAssertEqual(error(""), "spec.yaml:1:1: error: the file is empty: expected a mapping")
        XCTAssertEqual(error("# just a comment\n"), "spec.yaml:1:1: error: the file is empty: expected a mapping")
    }

    func testMultipleDocumentsAreRejected() {
        XCTAssertEqual(error("a: 1\n---\nb: 2\n"), "spec.yaml:2:1: error: the file holds more than one YAML document; a spec must be a single document")
    }

    func testUndefinedAliasAndAliasBomb() {
        XCTAssertEqual(error("a: *nope\n"), "spec.yaml:1:4: error: undefined alias '*nope'")
        var bomb = "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
        var previous = "a"
        for name in ["b", "c", "d", "e", "f", "g", "h", "i"] {
            bomb += "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 10).joined(separator: ", ") + "]\n"
            previous = name
        }
        let started = Date()
        XCTAssertTrue(error(bomb).contains("error: aliases expand to more than 50000 nodes"), error(bomb))
        XCTAssertLessThan(Date().timeIntervalSince(started), 60, "hung")
    }

    func testDeepNestingIsAnErrorNotACrash() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        XCTAssertEqual(error(deep), "spec.yaml:1:513: error: nesting is deeper than 512 levels")
    }

    func testInvalidUTF8AndControlCharacters() {
        var bytes = Data("a: 1\nb: ".utf8)
        bytes.append(contentsOf: [0xFF, 0xFE, 0x41])
        let message: String
        do {
            _ = try YAMLReader().read(bytes: bytes, path: "bad.yaml")
            message = "no error"
        } catch {
            message = error.description
        }
        XCTAssertTrue(message.hasPrefix("bad.yaml:2:4: error: invalid leading UTF-8 octet"), message)
        XCTAssertTrue(error("a: b\u{0}c\n").hasPrefix("spec.yaml:1:5: error: control characters are not allowed"), error("a: b\u{0}c\n"))
    }

    func testFileSizeLimit() {
        var limits = YAMLReader.Limits()
        limits.maxFileSize = 10
        XCTAssertEqual(error("a: 1234567890\n", limits: limits), "spec.yaml:1:1: error: file is 14 bytes; the limit is 10")
    }

    func testTheNodeBudgetGrowsWithTheFileAndIsNamedWhenExceeded() throws {
        var limits = YAMLReader.Limits()
        limits.baseNodes = 10
        limits.bytesPerNode = 4
        // 26 bytes: a budget of 10 + 6 nodes, for the root, a key, a sequence and 11 items.
        XCTAssertEqual(try read("a: [1,2,3,4,5,6,7,8,9,0,1]", limits: limits).nodeCount, 14)
        // 64 bytes, 26 nodes: the 27th, the sequence's 24th item, is one too many.
        let dense = "a: [" + String(repeating: "1,", count: 29) + "1]"
        XCTAssertEqual(
            error(dense, limits: limits),
            "spec.yaml:1:51: error: the file holds more than 26 nodes, the limit for its size (10 plus one per 4 bytes)")
        XCTAssertEqual(YAMLReader.Limits().nodeBudget(forFileOf: 40_000_000), 750_000 + 40_000_000 / 7)
    }

    func testLargeMappingsAreLookedUpByKeyAndRepeatedKeysFound() throws {
        let keys = (0..<5_000).map { "key\($0): value \($0)" }
        let document = try read("big:\n" + keys.map { "  " + $0 }.joined(separator: "\n") + "\n")
        let big = try XCTUnwrap(document.value(document.root, forKey: "big"))
        for index in [0, 1, 2_500, 4_999] {
            let value = try XCTUnwrap(document.value(big, forKey: "key\(index)"))
            XCTAssertEqual(document.scalar(value), "value \(index)")
        }
        XCTAssertNil(document.value(big, forKey: "key5000"))
        XCTAssertEqual(document.pointer(try XCTUnwrap(document.value(big, forKey: "key42"))), "/big/key42")
        XCTAssertEqual(
            error("big:\n" + (keys + ["key2500: again"]).map { "  " + $0 }.joined(separator: "\n") + "\n"),
            "spec.yaml:5002:3: error: duplicate key 'key2500'")
        // Repeated texts are stored once and still read back as each node's own.
        let repeated = try read("a: [x, y, x, y, \"x\"]")
        let list = repeated.items(try XCTUnwrap(repeated.value(repeated.root, forKey: "a")))
        XCTAssertEqual(list.map { repeated.scalar($0) }, ["x", "y", "x", "y", "x"])
        XCTAssertEqual(list.map { repeated.isPlainScalar($0) }, [true, true, true, true, false])
    }

    func testComplexKeysAreRejected() {
        XCTAssertEqual(error("? [a]\n: 1\n"), "spec.yaml:1:3: error: mapping keys must be plain scalars")
    }

    func testPointerEscapes() {
        XCTAssertEqual(JSONPointer.tokens("/a~1b/c~0d"), ["a/b", "c~d"])
        XCTAssertNil(JSONPointer.tokens("/a~2"))
        XCTAssertNil(JSONPointer.tokens("a"))
        XCTAssertEqual(JSONPointer.escape("/pets/{id}~"), "~1pets~1{id}~0")
    }
}
