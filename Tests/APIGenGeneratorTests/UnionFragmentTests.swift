import XCTest

/// Unions whose alternatives differ by a value, and their names: a few lines of spec in, the
/// exact Swift out.
final class UnionFragmentTests: XCTestCase {
    /// A `const` of any JSON type (not only a string) is checked when decoding, so that an
    /// alternative whose constant differs is rejected and the union tries the next one.
    func testIntegerConstSelectsTheAlternative() throws {
        let (text, _) = try generate(schemasSpec("""
        Versioned:
          oneOf:
            - {type: object, properties: {v: {const: 1}, a: {type: integer}}}
            - {type: object, properties: {v: {const: 2}, b: {type: integer}}}
        """))
        XCTAssertEqual(
            member("public init(from decoder", of: member("public nonisolated struct V2", of: declaration("Versioned", in: text))),
            """
            public init(from decoder: any Decoder) throws {
                var reader = try PropertyReader(decoder)
                self.v = reader.decodeIfPresent(Int.self, "v", constant: 2)
                self.b = reader.decodeIfPresent(Int.self, "b")
                try reader.finish()
            }
            """)
        XCTAssertTrue(text.contains(##"public static var sample: Versioned { EmbeddedJSON.decode(#"{"v":1,"a":1}"#) }"##), text)
    }

    /// OpenAPI 3.1's titled integer enum (`oneOf` of `{const: N, title: …}`) is an integer enum
    /// with the titles as case names, not a union whose sample is `{}`.
    func testConstAlternativesWithTitlesAreAnIntegerEnum() throws {
        let (text, _) = try generate(schemasSpec("""
        Level:
          oneOf:
            - {const: 1, title: Low}
            - {const: 2, title: High}
        """))
        XCTAssertEqual(
            declaration("Level", in: text),
            """
            public nonisolated enum Level: OpenEnum {
                case low
                case high
                /// A value this client does not know yet, kept as sent.
                case unknown(Int)

                public init(rawValue: Int) {
                    switch rawValue {
                    case 1: self = .low
                    case 2: self = .high
                    default: self = .unknown(rawValue)
                    }
                }

                public var rawValue: Int {
                    switch self {
                    case .low: 1
                    case .high: 2
                    case .unknown(let value): value
                    }
                }
            }
            """)
        XCTAssertTrue(text.contains("public static var sample: Level { .low }"), text)
    }

    /// `allOf: [$ref: Kind]` beside `enum: [2]` narrows `Kind` to `.two`: the decoder rejects the
    /// other kinds, and the sample is the narrowed value, not `Kind`'s first case.
    func testEnumBesideAllOfNarrowsTheReferencedEnum() throws {
        let (text, _) = try generate(schemasSpec("""
        Kind: {type: integer, enum: [1, 2, 3]}
        GuildEvent:
          type: object
          required: [type]
          properties:
            type: {allOf: [{$ref: '#/components/schemas/Kind'}], enum: [1]}
            metadata: {type: object, properties: {guild_id: {type: string}}}
        ChannelEvent:
          type: object
          required: [type]
          properties:
            type: {allOf: [{$ref: '#/components/schemas/Kind'}], enum: [2]}
            metadata: {type: object, properties: {channel_id: {type: string}}}
        Event: {oneOf: [{$ref: '#/components/schemas/GuildEvent'}, {$ref: '#/components/schemas/ChannelEvent'}]}
        """))
        XCTAssertEqual(
            member("public init(from decoder", of: declaration("ChannelEvent", in: text)),
            """
            public init(from decoder: any Decoder) throws {
                var reader = try PropertyReader(decoder)
                self.type = try reader.decode(Kind.self, "type", constant: .two)
                self.metadata = reader.decodeIfPresent(Metadata.self, "metadata")
                try reader.finish()
            }
            """)
        XCTAssertTrue(text.contains(##"sample: ChannelEvent { EmbeddedJSON.decode(#"{"type":2,"metadata":{"channel_id":"Channel id 1"}}"#) }"##), text)
    }

    /// A URL alternative tried before others reads only text that `URL` keeps as it is: `URL`
    /// percent-encodes an IRI's letters (`"lÃ"` becomes `"l%C3%83"`), which the string after it
    /// keeps unchanged. Without a string alternative, a URL reads any text `URL` accepts.
    func testAURLAlternativeBeforeAStringTakesOnlyTextItKeeps() throws {
        let (text, _) = try generate(schemasSpec("""
        Location:
          anyOf:
            - {type: string, format: uri}
            - {type: string}
        Link:
          oneOf:
            - {type: string, format: uri}
            - {type: integer}
        """))
        XCTAssertTrue(text.contains("""
                    if let value = try UnionAlternative.decoded({ try UnionAlternative.unchangedURL(decoder) }) {
                        self = .url(value)
            """), declaration("Location", in: text))
        XCTAssertTrue(text.contains("""
                    if let value = try UnionAlternative.decoded({ try String(from: decoder) }) {
                        self = .string(value)
            """), declaration("Location", in: text))
        XCTAssertTrue(
            declaration("Link", in: text).contains("UnionAlternative.decoded({ try decoder.singleValueContainer().decode(URL.self) })"),
            declaration("Link", in: text))
    }

    /// Alternatives open to other keys take any key of each other: a oneOf's sample is given a
    /// property whose value the others refuse (a metric only its alternative lists).
    func testAOneOfSampleOfOpenAlternativesCarriesAValueOnlyItsAlternativeTakes() throws {
        let (text, _) = try generate(schemasSpec("""
        HTTPScaling: {type: object, properties: {metric: {type: string, enum: [requests]}, target: {type: number}, minutes: {type: integer}}}
        QueueScaling: {type: object, properties: {metric: {type: string, enum: [backlog]}, target: {type: number}, model: {type: string}}}
        Deployment:
          type: object
          properties:
            scaling: {oneOf: [{$ref: '#/components/schemas/HTTPScaling'}, {$ref: '#/components/schemas/QueueScaling'}]}
        """))
        XCTAssertTrue(text.contains(#"{"scaling":{"minutes":1,"metric":"requests"}}"#), declaration("Deployment", in: text))
    }

    /// An alternative named by a title that starts with a digit gets a word in front, so that
    /// the case (`variant1`) and its nested type (`Variant1`) are not both spelled `_1`.
    func testAlternativesNamedFromDigitsDoNotShadowTheirTypes() throws {
        let (text, _) = try generate(schemasSpec("""
        Numbered:
          oneOf:
            - {type: object, title: "1", properties: {a: {type: string}}}
            - {type: object, title: "1.3", properties: {b: {type: integer}}}
        """))
        let numbered = declaration("Numbered", in: text)
        XCTAssertTrue(numbered.hasPrefix("""
            public nonisolated enum Numbered: APIModel {
                case variant1(Numbered.Variant1)
                case variant13(Numbered.Variant13)
            """), numbered)
        XCTAssertFalse(text.contains("_1"), text)
    }

    /// A oneOf sample is valid for its alternative alone: where its optional keys are left out
    /// (`{}` is valid for every closed alternative), it carries a key only its alternative
    /// declares.
    func testAOneOfSampleCarriesAKeyOnlyItsAlternativeDeclares() throws {
        let (text, _) = try generate(schemasSpec("""
        Payment:
          type: object
          required: [data]
          properties:
            data:
              oneOf:
                - {type: object, additionalProperties: false, properties: {card_type: {type: string}, last_four: {type: string}}}
                - {type: object, additionalProperties: false, properties: {email: {type: string}}}
        """))
        assertContains(text, [##"public static var sample: Payment { EmbeddedJSON.decode(#"{"data":{"card_type":"Card type 1"}}"#) }"##])
    }
}
