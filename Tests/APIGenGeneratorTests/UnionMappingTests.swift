import APIGenGenerator
import XCTest

/// oneOf and anyOf: which alternative a value is, what a union keeps, and its nulls.
final class UnionMappingTests: XCTestCase {
    /// anyOf of objects keeps every match (a struct of optionals); anyOf of primitives, oneOf,
    /// a discriminated anyOf and one told apart by constants hold one value (an enum).
    func testAnyOfOfObjectsKeepsEveryMatch() throws {
        let (text, diagnostics) = try generate(schemasSpec("""
        Contact:
          anyOf: [{$ref: '#/components/schemas/Email'}, {$ref: '#/components/schemas/Encode'}, {type: string}]
        Email: {type: object, properties: {email: {type: string}}}
        Encode: {type: object, properties: {phone: {type: string}}}
        OneContact:
          oneOf: [{$ref: '#/components/schemas/Email'}, {$ref: '#/components/schemas/Encode'}]
        Scalar:
          anyOf: [{type: string}, {type: integer}]
        Tagged:
          anyOf: [{$ref: '#/components/schemas/Email'}, {$ref: '#/components/schemas/Encode'}]
          discriminator: {propertyName: kind}
        Step:
          anyOf:
            - {type: object, properties: {type: {const: accept}, note: {type: string}}}
            - {type: object, properties: {type: {enum: [abort]}, reason: {type: string}}}
        """))
        XCTAssertEqual(diagnostics.items.map(\.description), [])
        assertContains(text, [
            "public nonisolated struct Contact: APIModel {",
            "    public var email: Email?",
            // A name the struct itself uses (`encode(to:)`) is not taken.
            "    public var encode2: Encode?",
            "    public var string: String?",
            "        self.email = try UnionAlternative.decoded({ try Email(from: decoder) })",
            "        if self.email != nil || self.encode2 != nil {",
            "            try self.email?.encode(to: encoder)",
            "            try self.encode2?.encode(to: encoder)",
            "        } else if let value = self.string {",
            "public nonisolated enum OneContact: APIModel {",
            "public nonisolated enum Scalar: APIModel {",
            "public nonisolated enum Tagged: APIModel {",
            "public nonisolated enum Step: APIModel {",
        ])
    }

    /// Without a discriminator, an object alternative that requires more keys is tried before a
    /// looser one: a full record is not taken by its summary, which would drop fields.
    func testAlternativesRequiringMoreKeysAreTriedFirst() throws {
        let (text, _) = try generate(schemasSpec("""
        Record:
          oneOf: [{$ref: '#/components/schemas/Summary'}, {$ref: '#/components/schemas/Full'}, {type: string}]
        Summary: {type: object, required: [id], properties: {id: {type: string}}}
        Full: {type: object, required: [id, name, details], properties: {id: {type: string}, name: {type: string}, details: {type: string}}}
        """))
        let full = try XCTUnwrap(text.range(of: "if let value = try UnionAlternative.decoded({ try Full(from: decoder) })"))
        let summary = try XCTUnwrap(text.range(of: "if let value = try UnionAlternative.decoded({ try Summary(from: decoder) })"))
        XCTAssertLessThan(full.lowerBound, summary.lowerBound, text)
    }

    /// An object alternative that declares every key of the value is tried before one that
    /// would drop some.
    func testUnionsTryFirstTheAlternativeThatDeclaresEveryKey() throws {
        let (text, _) = try generate(schemasSpec("""
        Part:
          oneOf: [{$ref: '#/components/schemas/Short'}, {$ref: '#/components/schemas/Long'}, {$ref: '#/components/schemas/Open'}, {type: string}]
        Short: {type: object, required: [text], properties: {text: {type: string}}}
        Long: {type: object, required: [text], properties: {text: {type: string}, notes: {type: string}}}
        Open: {type: object, required: [text], properties: {text: {type: string}}, additionalProperties: true}
        Single:
          oneOf: [{$ref: '#/components/schemas/Short'}, {type: string}]
        """))
        assertContains(text, [
            // An object that keeps other keys, and a string, keep any key.
            """
                private static let alternativeKeys: [Set<String>?] = [
                    ["text"],
                    ["text", "notes"],
                    nil,
                    nil,
                ]
            """,
            "for alternative in AlternativeOrder.declaringEveryKey(decoder, Self.alternativeKeys) {",
        ])
        // One object alternative has nothing to lose to another: tried in order, as written.
        let single = try XCTUnwrap(text.range(of: "enum Single: APIModel {"))
        XCTAssertFalse(text[single.upperBound...].prefix(600).contains("alternativeKeys"), text)
    }

    /// A union with a `{}` alternative accepts null: an optional property of that type keeps a
    /// null it received (and sends it back), as a nullable one does.
    func testAUnionThatAcceptsAnythingKeepsItsNull() throws {
        let (text, _) = try generate(schemasSpec("""
        Links:
          type: object
          properties:
            pages:
              anyOf: [{$ref: '#/components/schemas/Forward'}, {$ref: '#/components/schemas/Backward'}, {}]
        Forward: {type: object, properties: {next: {type: string}}}
        Backward: {type: object, properties: {prev: {type: string}}}
        """))
        assertContains(text, [
            #"self.pages = reader.decodeNullable(Pages.self, "pages")"#,
            "var writer = PropertyWriter(encoder, presence: keyPresence)",
        ])
    }

    /// A union with a nullable alternative (DigitalOcean's "a Droplet or null":
    /// `anyOf: [{type: object, nullable: true}, $ref: Droplet]`) accepts null, and keeps it.
    func testAUnionWithANullableAlternativeIsNullable() throws {
        let (text, _) = try generate(schemasSpec("""
        FloatingIP:
          type: object
          required: [droplet]
          properties:
            droplet:
              anyOf: [{title: 'null', type: object, nullable: true}, {$ref: '#/components/schemas/Droplet'}]
            region:
              oneOf: [{$ref: '#/components/schemas/Nothing'}, {$ref: '#/components/schemas/Droplet'}]
        Droplet: {type: object, required: [id], properties: {id: {type: integer}}}
        Nothing: {type: string, nullable: true}
        """))
        assertContains(text, [
            // Required, yet null is a value it may have.
            "    public var droplet: Droplet2?\n",
            #"self.droplet = try reader.decode(Droplet2?.self, "droplet")"#,
            #"self.region = reader.decodeNullable(Region.self, "region")"#,
            "var writer = PropertyWriter(encoder, presence: keyPresence)",
        ])
    }

    func testEnumsKeepUnknownValues() throws {
        let (text, _) = try generate(schemasSpec("""
        Status:
          type: string
          enum: [in-progress, done, DONE, "", unknown, "with \\"quote\\""]
        Level:
          type: integer
          enum: [1, 2, -1]
        """))
        assertContains(text, [
            "public nonisolated enum Status: OpenEnum",
            "case inProgress", "case done", "case done2", "case empty", "case unknown2", "case withQuote",
            "case unknown(String)",
            #"case "with \"quote\"": self = .withQuote"#,
            "default: self = .unknown(rawValue)",
            "public nonisolated enum Level: OpenEnum",
            "case minusOne", "case one", "case unknown(Int)",
        ])
    }

    func testUnionsWithAndWithoutDiscriminator() throws {
        let (text, _) = try generate(schemasSpec("""
        Cat: {type: object, required: [kind], properties: {kind: {type: string}, lives: {type: integer}}}
        Dog: {type: object, required: [kind], properties: {kind: {type: string}, barks: {type: boolean}}}
        Pet:
          oneOf: [{$ref: '#/components/schemas/Cat'}, {$ref: '#/components/schemas/Dog'}]
          discriminator:
            propertyName: kind
            mapping: {kitty: '#/components/schemas/Cat'}
        Id:
          oneOf: [{type: string}, {type: integer}]
        MaybeCat:
          oneOf: [{$ref: '#/components/schemas/Cat'}, {type: 'null'}]
        """))
        assertContains(text, [
            "public nonisolated enum Pet: APIModel",
            "case cat(Cat)", "case dog(Dog)", "case unknown(JSONValue)",
            #"case "kitty": self = .cat(try Cat(from: decoder))"#,
            #"case "Dog": self = .dog(try Dog(from: decoder))"#,
            // `ID` is Identifiable's associated type in every model with an `id`.
            "public nonisolated enum IDModel: APIModel",
            "case string(String)", "case int(Int)",
            "public typealias MaybeCat = Cat",
        ])
        // Integers are tried before strings so a number never lands in a looser case.
        let id = try XCTUnwrap(text.range(of: "enum IDModel:"))
        let intTry = try XCTUnwrap(text.range(of: "try Int(from: decoder)", range: id.upperBound..<text.endIndex))
        let stringTry = try XCTUnwrap(text.range(of: "try String(from: decoder)", range: id.upperBound..<text.endIndex))
        XCTAssertLessThan(intTry.lowerBound, stringTry.lowerBound)
    }
}
