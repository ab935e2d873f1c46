import APIGenYAML
import XCTest

/// A value of the spec that the Swift type cannot hold (JSON Schema ignores `format`) never
/// reaches a sample, where `EmbeddedJSON.decode` would stop the app: a synthesized value takes
/// its place, and a located warning says why. A few lines of spec in, the exact sample and
/// warnings out.
final class SampleFitTests: XCTestCase {
    private static let dateReason = "not a calendar date YYYY-MM-DD (CalendarDate needs month 01-12 and a day that month has)"
    private static let int32Range = "outside Int32's range -2147483648...2147483647"

    /// The sample line of `name`, and each warning as its message and pointer.
    private func sampled(_ schemas: String, _ name: String) throws -> (sample: String, warnings: [String]) {
        let (text, diagnostics) = try generate(schemasSpec(schemas))
        let line = text.split(separator: "\n").first { $0.contains("public static var sample: \(name) {") }
        return (line.map { $0.trimmingCharacters(in: .whitespaces) } ?? "", Self.warnings(diagnostics))
    }

    private static func warnings(_ diagnostics: Diagnostics) -> [String] {
        diagnostics.items.filter { $0.severity == .warning }.map { "\($0.message) (#\($0.pointer ?? ""))" }
    }

    func testAnInt32ExampleOutOfRangeIsReplaced() throws {
        let (sample, warnings) = try sampled(
            """
            Count: {type: object, required: [n], properties: {n: {type: integer, format: int32, example: 3000000000}}}
            """, "Count")
        XCTAssertEqual(sample, ##"public static var sample: Count { EmbeddedJSON.decode(#"{"n":1}"#) }"##)
        XCTAssertEqual(
            warnings,
            [
                "example not used for samples: 3000000000 is \(Self.int32Range); a synthesized value is used instead"
                    + " (#/components/schemas/Count/properties/n/example)"
            ])
    }

    func testAFractionForAnInt32IsReplaced() throws {
        let (sample, warnings) = try sampled(
            """
            Count: {type: object, required: [n], properties: {n: {type: integer, format: int32, example: 1.5}}}
            """, "Count")
        XCTAssertEqual(sample, ##"public static var sample: Count { EmbeddedJSON.decode(#"{"n":1}"#) }"##)
        XCTAssertEqual(
            warnings,
            [
                "example not used for samples: 1.5 is not a whole number, which Int32 needs; a synthesized value is used instead"
                    + " (#/components/schemas/Count/properties/n/example)"
            ])
    }

    func testAMinimumAboveInt32MaxIsIgnored() throws {
        let (sample, warnings) = try sampled(
            """
            Count: {type: object, required: [n], properties: {n: {type: integer, format: int32, minimum: 3000000000}}}
            """, "Count")
        XCTAssertEqual(sample, ##"public static var sample: Count { EmbeddedJSON.decode(#"{"n":1}"#) }"##)
        XCTAssertEqual(
            warnings, ["minimum not used for samples: 3000000000 is \(Self.int32Range) (#/components/schemas/Count/properties/n/minimum)"])
    }

    func testADayThatDoesNotExistIsReplaced() throws {
        let (sample, warnings) = try sampled(
            """
            Day: {type: object, required: [on], properties: {on: {type: string, format: date, example: "2024-02-30"}}}
            """, "Day")
        XCTAssertEqual(sample, ##"public static var sample: Day { EmbeddedJSON.decode(#"{"on":"2024-05-01"}"#) }"##)
        XCTAssertEqual(
            warnings,
            [
                "example not used for samples: \"2024-02-30\" is \(Self.dateReason); a synthesized value is used instead"
                    + " (#/components/schemas/Day/properties/on/example)"
            ])
    }

    /// `{type: number, format: int32}` is an Int32: its sample is whole, not 1.5.
    func testANumberWithAnInt32FormatIsSampledWhole() throws {
        let (text, diagnostics) = try generate(
            schemasSpec(
                """
                Count: {type: object, required: [n], properties: {n: {type: number, format: int32}}}
                """))
        assertContains(text, [##"public static var sample: Count { EmbeddedJSON.decode(#"{"n":1}"#) }"##, "public var n: Int32"])
        XCTAssertEqual(Self.warnings(diagnostics), [])
    }

    func testAByteExampleThatIsNotBase64IsReplaced() throws {
        let (sample, warnings) = try sampled(
            """
            Blob: {type: object, required: [b], properties: {b: {type: string, format: byte, example: hello}}}
            """, "Blob")
        XCTAssertEqual(sample, ##"public static var sample: Blob { EmbeddedJSON.decode(#"{"b":"c2FtcGxl"}"#) }"##)
        XCTAssertEqual(
            warnings,
            [
                "example not used for samples: \"hello\" is not padded base64 (Data reads base64 text); a synthesized value is used instead"
                    + " (#/components/schemas/Blob/properties/b/example)"
            ])
    }

    /// An object default with a day that does not exist is neither the property's default nor
    /// its sample; the one warning (the struct's) says why.
    func testAnObjectDefaultWithAnImpossibleDayIsLeftOutOfTheSample() throws {
        let schemas = """
            Settings: {type: object, properties: {bad: {type: object, properties: {at: {type: string, format: date}}, default: {at: "2024-02-30"}}}}
            """
        let (text, diagnostics) = try generate(schemasSpec(schemas))
        assertContains(text, [##"public static var sample: Settings { EmbeddedJSON.decode(#"{"bad":{"at":"2024-05-01"}}"#) }"##])
        XCTAssertTrue(member("public init(bad:", of: declaration("Settings", in: text)).hasPrefix("public init(bad: Bad? = nil) {"), text)
        XCTAssertEqual(
            Self.warnings(diagnostics),
            [
                "default value of 'bad' does not match its type Settings.Bad (at /at, \"2024-02-30\" is \(Self.dateReason)); it is ignored"
                    + " (#/components/schemas/Settings/properties/bad/default)"
            ])
    }

    /// A schema's own default that is no property's: the sample says why it leaves it out.
    func testASchemaDefaultTheTypeCannotHoldIsReplaced() throws {
        let (sample, warnings) = try sampled(
            """
            Day: {type: object, properties: {at: {type: string, format: date}}, default: {at: "2024-02-30"}}
            """, "Day")
        XCTAssertEqual(sample, ##"public static var sample: Day { EmbeddedJSON.decode(#"{"at":"2024-05-01"}"#) }"##)
        XCTAssertEqual(
            warnings,
            [
                "default not used for samples: at /at, \"2024-02-30\" is \(Self.dateReason); a synthesized value is used instead"
                    + " (#/components/schemas/Day/default)"
            ])
    }

    /// `type` beside a union holds too: a default the union takes but `type` refuses (Together's
    /// `train_on_inputs`, `oneOf: [boolean, {enum: [auto]}], type: boolean, default: auto`) is
    /// not the sample.
    func testADefaultThatBreaksTypeBesideAUnionIsNotTheSample() throws {
        let (sample, _) = try sampled(
            """
            Method:
              type: object
              required: [inputs]
              properties:
                inputs: {oneOf: [{type: boolean}, {type: string, enum: [auto]}], type: boolean, default: auto}
            """, "Method")
        XCTAssertEqual(sample, ##"public static var sample: Method { EmbeddedJSON.decode(#"{"inputs":true}"#) }"##)
    }

    func testAConstTheTypeCannotHoldIsReplaced() throws {
        let (sample, warnings) = try sampled(
            """
            Fixed: {type: object, required: [k], properties: {k: {type: integer, format: int32, const: 5000000000}}}
            """, "Fixed")
        XCTAssertEqual(sample, ##"public static var sample: Fixed { EmbeddedJSON.decode(#"{"k":1}"#) }"##)
        XCTAssertEqual(
            warnings,
            [
                "const not used for samples: 5000000000 is \(Self.int32Range); a synthesized value is used instead"
                    + " (#/components/schemas/Fixed/properties/k/const)"
            ])
    }

    /// `default: 3.0e9` became `Int32 = 3_000_000_000`, which does not compile.
    func testAnInt32DefaultWrittenWithAnExponentIsIgnored() throws {
        let (text, diagnostics) = try generate(
            schemasSpec(
                """
                Flags: {type: object, properties: {retries: {type: integer, format: int32, default: 3.0e9}}}
                """))
        assertContains(
            text,
            [
                "public init(retries: Int32? = nil) {",
                ##"public static var sample: Flags { EmbeddedJSON.decode(#"{"retries":1}"#) }"##,
            ])
        XCTAssertEqual(
            Self.warnings(diagnostics),
            [
                "default value of 'retries' does not match its type Int32 (3000000000.0 is \(Self.int32Range)); it is ignored"
                    + " (#/components/schemas/Flags/properties/retries/default)"
            ])
    }

    /// An open enum keeps values it does not list, but only those its raw type holds.
    func testAnInt32EnumExampleOutOfRangeIsReplaced() throws {
        let schemas = """
            Level: {type: integer, format: int32, enum: [1, 2]}
            Leveled: {type: object, required: [level], properties: {level: {$ref: '#/components/schemas/Level'}}, example: {level: 3000000000}}
            """
        let (sample, warnings) = try sampled(schemas, "Leveled")
        XCTAssertEqual(sample, ##"public static var sample: Leveled { EmbeddedJSON.decode(#"{"level":1}"#) }"##)
        XCTAssertEqual(
            warnings,
            [
                "example not used for samples: at /level, 3000000000 is \(Self.int32Range); a synthesized value is used instead"
                    + " (#/components/schemas/Leveled/example)"
            ])
    }

    /// A date-time the runtime reads (`+0200`) is kept; one with an hour 25 is not.
    func testDateTimesAreReadAsTheRuntimeReadsThem() throws {
        let schemas = """
            Stamp:
              type: object
              required: [at, ok]
              properties:
                at: {type: string, format: date-time, example: "2024-05-01T25:00:00Z"}
                ok: {type: string, format: date-time, example: "2024-05-01T09:30:00+0200"}
            """
        let (sample, warnings) = try sampled(schemas, "Stamp")
        XCTAssertEqual(
            sample,
            ##"public static var sample: Stamp { EmbeddedJSON.decode(#"{"at":"2024-05-01T09:30:00Z","ok":"2024-05-01T09:30:00+0200"}"#)"##
                + " }")
        XCTAssertEqual(
            warnings,
            [
                "example not used for samples: \"2024-05-01T25:00:00Z\" is not an RFC 3339 date-time with a time zone, such as"
                    + " 2024-05-01T12:30:00Z (Date); a synthesized value is used instead (#/components/schemas/Stamp/properties/at/example)"
            ])
    }

    /// The preview client answers with a synthesized value, not the response's example.
    func testAPreviewExampleTheTypeCannotHoldIsReplaced() throws {
        let spec = """
            openapi: 3.1.0
            info: {title: T, version: "1"}
            paths:
              /counts:
                get:
                  operationId: counts
                  responses:
                    "200":
                      description: ok
                      content:
                        application/json:
                          schema: {$ref: '#/components/schemas/Count'}
                          example: {n: 4294967296}
            components:
              schemas:
                Count: {type: object, required: [n], properties: {n: {type: integer, format: int32}}}
            """
        let (text, diagnostics) = try generate(spec)
        assertContains(text, [##"["counts": .json(text: #"{"n":1}"#)]"##])
        XCTAssertEqual(
            Self.warnings(diagnostics),
            [
                "the application/json example of response 200 is not used by the preview client: at /n, 4294967296 is \(Self.int32Range);"
                    + " a synthesized value is used instead (#/paths/~1counts/get/responses/200/content/application~1json/example)"
            ])
    }

    /// Past five places, the rest of one reason is one warning, at the first of them.
    func testWarningsOfOneReasonAreGrouped() throws {
        let properties = "abcdefg".map { "    \($0): {type: string, format: date-time, example: \"2024-05-01T09:30:00\"}" }
        let (_, warnings) = try sampled("Times:\n  type: object\n  properties:\n" + properties.joined(separator: "\n"), "Times")
        let reason = "not an RFC 3339 date-time with a time zone, such as 2024-05-01T12:30:00Z (Date)"
        XCTAssertEqual(
            warnings,
            "abcde".map {
                "example not used for samples: \"2024-05-01T09:30:00\" is \(reason); a synthesized value is used instead"
                    + " (#/components/schemas/Times/properties/\($0)/example)"
            } + [
                "2 more examples are not used for samples, for the same reason (\(reason)); this is the first"
                    + " (#/components/schemas/Times/properties/f/example)"
            ])
    }
}

/// An example (or default) that decodes but breaks its own schema (an open enum keeps values
/// it does not list; lengths, patterns, bounds and closed objects are not decoded) is not a
/// sample: previews and tests take samples as values a server accepts.
final class SampleSchemaTests: XCTestCase {
    private func sample(_ schemas: String, _ name: String) throws -> String {
        let (text, _) = try generate(schemasSpec(schemas))
        let line = text.split(separator: "\n").first { $0.contains("public static var sample: \(name) {") }
        return line.map { $0.trimmingCharacters(in: .whitespaces) } ?? text
    }

    func testAnExampleOutsideItsEnumIsReplacedByAListedValue() throws {
        let sample = try sample(
            """
            Database: {type: object, required: [mode], properties: {mode: {type: string, enum: [none, asynch], example: async}}}
            """, "Database")
        XCTAssertEqual(sample, ##"public static var sample: Database { EmbeddedJSON.decode(#"{"mode":"none"}"#) }"##)
    }

    /// OpenAPI 3.0.3: `nullable` does not add null to an `enum`; an example of null is replaced.
    func testANullExampleOfAnEnumWithoutNullIsReplacedByAListedValue() throws {
        let sample = try sample(
            """
            Record: {type: object, required: [tag], properties: {tag: {type: string, nullable: true, enum: [issue, iodef], example: null}}}
            """, "Record")
        XCTAssertEqual(sample, ##"public static var sample: Record { EmbeddedJSON.decode(#"{"tag":"issue"}"#) }"##)
    }

    func testAnExampleBreakingItsLengthOrPatternIsReplaced() throws {
        let sample = try sample(
            """
            Label: {type: object, required: [short, code], properties: {short: {type: string, maxLength: 5, example: "far too long"}, code: {type: string, pattern: "^[A-Z]{3}$", example: "abc"}}}
            """, "Label")
        XCTAssertEqual(sample, ##"public static var sample: Label { EmbeddedJSON.decode(#"{"short":"Short","code":"AAA"}"#) }"##)
    }

    func testAnExampleOutsideItsBoundsOrCountsIsReplaced() throws {
        let sample = try sample(
            """
            Limits: {type: object, required: [n, tags], properties: {n: {type: integer, maximum: 10, example: 99}, tags: {type: array, minItems: 1, items: {type: string}, example: []}}}
            """, "Limits")
        XCTAssertFalse(sample.contains("99") || sample.contains("[]"), sample)
    }

    func testAnObjectExampleWithAKeyItsClosedSchemaDoesNotDeclareIsReplaced() throws {
        let sample = try sample(
            """
            Pair:
              type: object
              additionalProperties: false
              properties: {key: {type: string}}
              example: {key: a, other: b}
            """, "Pair")
        XCTAssertFalse(sample.contains("other"), sample)
    }

    func testADefaultOutsideItsBoundsIsNotTheSample() throws {
        let sample = try sample(
            """
            Page: {type: object, required: [size], properties: {size: {type: integer, minimum: 1, default: 0}}}
            """, "Page")
        XCTAssertEqual(sample, ##"public static var sample: Page { EmbeddedJSON.decode(#"{"size":1}"#) }"##)
    }

    /// A fixed value is what the decoder accepts, so it stays even where the schema contradicts it.
    func testAConstIsKeptWhateverItsPatternSays() throws {
        let sample = try sample(
            """
            Fixed: {type: object, required: [k], properties: {k: {type: string, const: abc, pattern: "^[0-9]+$"}}}
            """, "Fixed")
        XCTAssertEqual(sample, ##"public static var sample: Fixed { EmbeddedJSON.decode(#"{"k":"abc"}"#) }"##)
    }

    /// A number sample is a multiple of `multipleOf` (a droplet's memory in steps of 8 MB).
    func testANumberSampleIsAMultipleOfItsStep() throws {
        let sample = try sample(
            """
            Droplet: {type: object, required: [memory, share], properties: {memory: {type: integer, multipleOf: 8}, share: {type: number, multipleOf: 0.25}}}
            """, "Droplet")
        XCTAssertEqual(sample, ##"public static var sample: Droplet { EmbeddedJSON.decode(#"{"memory":8,"share":1.5}"#) }"##)
    }
}
