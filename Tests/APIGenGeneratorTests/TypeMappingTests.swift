import APIGenGenerator
import XCTest

/// Schema → Swift type decisions, checked on the generated declarations.
final class TypeMappingTests: XCTestCase {
    func testFormats() throws {
        let (text, _) = try generate(schemasSpec("""
        Formats:
          type: object
          required: [a, b, c, d, e, f, g, h, i, j, k, l, m]
          properties:
            a: {type: string, format: date-time}
            b: {type: string, format: date}
            c: {type: string, format: uuid}
            d: {type: string, format: uri}
            e: {type: string, format: byte}
            f: {type: string, format: binary}
            g: {type: integer, format: int32}
            h: {type: integer, format: int64}
            i: {type: integer}
            j: {type: number, format: float}
            k: {type: number}
            l: {type: boolean}
            m: {type: string, format: email}
        """))
        assertContains(text, [
            "public var a: Date", "public var b: CalendarDate", "public var c: UUID", "public var d: URL",
            "public var e: Data", "public var f: Data", "public var g: Int32", "public var h: Int64",
            "public var i: Int", "public var j: Double", "public var k: Double", "public var l: Bool", "public var m: String",
        ])
    }

    func testRequiredOptionalNullableAndDefaults() throws {
        let (text, _) = try generate(schemasSpec("""
        Item:
          type: object
          required: [id, note]
          properties:
            id: {type: integer}
            note: {type: [string, "null"]}
            label: {type: string}
            size: {type: integer, default: 10}
            mode: {type: string, enum: [fast, slow], default: slow}
            tags: {type: array, items: {type: string}, default: [a, b]}
            ratio: {type: number, default: 0.5}
            on: {type: boolean, default: true}
        """))
        assertContains(text, [
            "public var id: Int",
            "public var note: String?",
            "public var label: String?",
            "public var size: Int",
            "public var mode: Mode",
            "public var tags: [String]",
            // Longer than a line: one parameter per line, as swift-format keeps it.
            """
                public init(
                    id: Int,
                    note: String? = nil,
                    label: String? = nil,
                    size: Int = 10,
                    mode: Mode = .slow,
                    tags: [String] = ["a", "b"],
                    ratio: Double = 0.5,
                    on: Bool = true
                ) {
            """,
            "self.id = try reader.decode(Int.self, \"id\")",
            // Required but nullable: the key must be there, null or not.
            "self.note = try reader.decode(String?.self, \"note\")",
            // A default is applied when the key is absent, and the absence remembered.
            "self.size = reader.decode(Int.self, \"size\", default: 10)",
            "self.mode = reader.decode(Mode.self, \"mode\", default: .slow)",
            "self.keyPresence = reader.presence",
            "var writer = PropertyWriter(encoder, presence: keyPresence)",
            "writer.encode(self.note, \"note\")",
            "writer.encodeIfPresent(self.label, \"label\")",
            "writer.encode(self.size, \"size\", default: 10)",
            "try writer.finish()",
        ])
    }

    func testArraysDictionariesAndFreeForm() throws {
        let (text, _) = try generate(schemasSpec("""
        Bag:
          type: object
          properties:
            matrix: {type: array, items: {type: array, items: {type: number}}}
            counts: {type: object, additionalProperties: {type: integer}}
            anything: {}
            free: {type: object}
            items: {type: array, items: {type: object, properties: {name: {type: string}}}}
        Names:
          type: array
          items: {type: string}
        """))
        assertContains(text, [
            "public var matrix: [[Double]]?",
            "public var counts: [String: Int]?",
            "public var anything: JSONValue?",
            "public var free: [String: JSONValue]?",
            "public var items: [Item]?",
            "public nonisolated struct Item: APIModel",
            "public typealias Names = [String]",
        ])
    }

    func testAUUIDCursorPagesByItsText() throws {
        let (text, _) = try generate("""
        openapi: 3.1.0
        info: {title: T, version: "1"}
        paths:
          /things:
            get:
              operationId: listThings
              parameters: [{name: cursor, in: query, schema: {type: string}}]
              responses:
                '200':
                  description: ok
                  content:
                    application/json:
                      schema:
                        type: object
                        required: [items]
                        properties:
                          items: {type: array, items: {type: string}}
                          nextCursor: {type: string, format: uuid}
        """)
        assertContains(text, ["rule: .cursors(.uuid(\\.nextCursor)),"])
    }

    /// The one visit per model that equality and hashing run on is `@inlinable` in optimized
    /// builds only, for structs and unions alike; internal models never need it.
    func testStoredValueVisitsAreInlinableOutsideDebugBuilds() throws {
        let spec = schemasSpec("""
        Cat: {type: object, properties: {lives: {type: integer}}}
        Id:
          oneOf: [{type: string}, {type: integer}]
        """)
        let (text, _) = try generate(spec)
        let inlinable = "    #if !DEBUG\n    @inlinable\n    #endif\n"
            + "    public func _visitStoredValues<Visitor: StoredValueVisitor>(pairedWith other: Self, _ visitor: inout Visitor) {\n"
        XCTAssertEqual(text.components(separatedBy: inlinable).count - 1, 2, text)
        XCTAssertEqual(text.components(separatedBy: "@inlinable").count - 1, 2, text)
        assertContains(text, [
            "        visitor.visit(self.lives, other.lives)",
            "        case (.string(let value), .string(let otherValue)): visitor.visit(value, otherValue)",
        ])

        let (internalText, _) = try generate(spec) { $0.accessLevel = .internal }
        XCTAssertTrue(internalText.contains("    func _visitStoredValues<Visitor: StoredValueVisitor>"), internalText)
        XCTAssertFalse(internalText.contains("#if !DEBUG"), internalText)
        XCTAssertFalse(internalText.contains("@inlinable"), internalText)
    }

    /// A union's default is its JSON, decoded where it is needed; one that fits no alternative
    /// (a constant it is not) is ignored, and says so.
    func testUnionTypedDefaultsAreAppliedWhenTheyFit() throws {
        let (text, diagnostics) = try generate(schemasSpec("""
        Job:
          type: object
          properties:
            retryDelay: {anyOf: [{type: integer}, {type: array, items: {type: number}}], default: 0}
            mode: {type: [string, integer], default: fast}
            step: {anyOf: [{const: a}, {const: b}], default: c}
        """))
        assertContains(text, [
            // A default argument cannot call the runtime's generated-code helpers: nil stands for it.
            "retryDelay: RetryDelay? = nil",
            "self.retryDelay = retryDelay ?? EmbeddedJSON.decode(#\"0\"#)",
            "self.mode = mode ?? EmbeddedJSON.decode(#\"\"fast\"\"#)",
            "self.retryDelay = reader.decode(RetryDelay.self, \"retryDelay\", default: EmbeddedJSON.decode(#\"0\"#))",
        ])
        XCTAssertEqual(diagnostics.items.map(\.message), ["default value of 'step' does not match its type Job.Step; it is ignored"])
    }

    func testRecursionGetsIndirectionOnlyOnCycles() throws {
        let (text, _) = try generate(schemasSpec("""
        Tree: {type: object, properties: {children: {type: array, items: {$ref: '#/components/schemas/Tree'}}}}
        Node: {type: object, properties: {next: {$ref: '#/components/schemas/Node'}, value: {type: integer}}}
        Expr:
          oneOf:
            - {type: integer}
            - {type: object, title: Sum, properties: {left: {$ref: '#/components/schemas/Expr'}}}
        """))
        assertContains(text, [
            "public var children: [Tree]?",
            "public var next: Node? {",
            "private var _next: Indirect<Node?>",
            "public nonisolated indirect enum Expr",
        ])
        XCTAssertFalse(text.contains("Indirect<[Tree]"))
        XCTAssertFalse(text.contains("_value"))
    }

    func testLargeValuesAreStoredOutOfLine() throws {
        // More than `ValueLayout.threshold` (16) fields: copied field by field wherever it is
        // held inline, so holders box it; small values stay inline.
        let (text, _) = try generate(schemasSpec("""
        Big: {type: object, properties: {f0: {type: string}, f1: {type: string}, f2: {type: string}, f3: {type: string}, f4: {type: string}, f5: {type: string}, f6: {type: string}, f7: {type: string}, f8: {type: string}, f9: {type: string}, f10: {type: string}, f11: {type: string}, f12: {type: string}, f13: {type: string}, f14: {type: string}, f15: {type: string}, f16: {type: string}}}
        Small: {type: object, properties: {a: {type: string}, b: {type: integer}}}
        Holder: {type: object, required: [big], properties: {big: {$ref: '#/components/schemas/Big'}, small: {$ref: '#/components/schemas/Small'}}}
        Either: {oneOf: [{$ref: '#/components/schemas/Big'}, {$ref: '#/components/schemas/Small'}]}
        Pair: {oneOf: [{$ref: '#/components/schemas/Small'}, {type: string}]}
        """))
        assertContains(text, [
            "public var big: Big {",
            "private var _big: Indirect<Big>",
            "public var small: Small?\n",
            "public nonisolated indirect enum Either",
            "public nonisolated enum Pair",
        ])
        XCTAssertFalse(text.contains("Indirect<Small"))
    }

    func testReadOnlyIsNotEncodedAndPatchBodiesUseNullable() throws {
        let (text, _) = try generate("""
        openapi: 3.0.3
        info: {title: T, version: "1"}
        paths:
          /things/{id}:
            patch:
              operationId: updateThing
              parameters: [{name: id, in: path, required: true, schema: {type: string}}]
              requestBody:
                content:
                  application/json:
                    schema: {$ref: '#/components/schemas/ThingUpdate'}
              responses:
                '200': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/Thing'}}}}
        components:
          schemas:
            Thing:
              type: object
              required: [id]
              properties:
                id: {type: string, readOnly: true}
                name: {type: string}
            ThingUpdate:
              type: object
              properties:
                name: {type: string, nullable: true}
        """)
        assertContains(text, [
            // Thing is only received: the server always sends its required read-only id.
            "public var id: String\n",
            "public var name: Nullable<String>?",
            "self.name = reader.contains(\"name\") ? try reader.decode(Nullable<String>.self, \"name\") : nil",
        ])
        // A received Thing re-encodes its id; the writer leaves it out of what the client sends.
        let thing = try XCTUnwrap(text.range(of: "struct Thing:"))
        let encode = try XCTUnwrap(text.range(of: "func encode", range: thing.upperBound..<text.endIndex))
        let end = try XCTUnwrap(text.range(of: "\n}\n", range: encode.upperBound..<text.endIndex))
        XCTAssertTrue(text[encode.upperBound..<end.lowerBound].contains("writer.encode(self.id, \"id\", readOnly: true)"))
    }

    func testServersThatCannotParseAreLeftOutAndRelativeOnesTakeABase() throws {
        let (text, _) = try generate("""
        openapi: 3.0.3
        info: {title: T, version: "1"}
        servers:
          - url: https://bad host.example.com/v1
            description: Broken
          - url: https://{region}.example.com/v1
            description: Regional
            variables:
              region: {default: eu}
          - url: /relative
        paths: {}
        """)
        XCTAssertFalse(text.contains("func broken("))
        XCTAssertTrue(text.contains("public static func regional(region: String = \"eu\") -> APIServer"))
        XCTAssertTrue(text.contains("public static var `default`: APIServer { regional() }"))
        // A relative one is resolved against the app's address.
        XCTAssertTrue(text.contains("public static func server3(relativeTo base: URL) -> APIServer {"), text)
        XCTAssertTrue(text.contains("APIServer(template: \"/relative\", variables: [:], relativeTo: base)"))
    }

    func testSpecTextCannotInjectCode() throws {
        let (text, _) = try generate(schemasSpec("""
        "Evil\\"; }; func pwned() {":
          type: object
          description: "*/ \\"\\"\\" \\\\( #endif \\r func injected() {}"
          properties:
            "x\\"): Int; func bad() {":
              type: string
              enum: ["a\\"b", "\\\\(boom)", "\\n#endif"]
              default: "\\\\(boom)"
        """))
        // Outside comments and string literals nothing of the spec's text may survive.
        let code = withoutGeneratorDirectives(codeOnly(text))
        for fragment in ["pwned", "injected", "func bad", "#endif", "\\(boom)", "\"\"\""] {
            XCTAssertFalse(code.contains(fragment), "`\(fragment)` escaped into code:\n\(code)")
        }
        XCTAssertTrue(text.contains("/// */ \"\"\" \\( #endif"))
    }
}
