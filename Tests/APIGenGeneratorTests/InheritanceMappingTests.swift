import APIGenGenerator
import XCTest

/// A base schema with a `discriminator` that others extend with `allOf`: where the base is
/// used, a value is one of its subtypes.
final class InheritanceMappingTests: XCTestCase {
    private let family = """
        Animal:
          type: object
          required: [kind, name]
          properties: {kind: {type: string}, name: {type: string}}
          discriminator: {propertyName: kind, mapping: {dog: '#/components/schemas/Dog'}}
        Cat:
          allOf: [{$ref: '#/components/schemas/Animal'}, {type: object, required: [lives], properties: {lives: {type: integer}}}]
        Dog:
          allOf: [{$ref: '#/components/schemas/Animal'}, {type: object, properties: {breed: {type: string}}}]
        Lion:
          allOf: [{$ref: '#/components/schemas/Cat'}, {type: object, properties: {mane: {type: boolean}}}]
        Alias:
          allOf: [{$ref: '#/components/schemas/Animal'}]
        Zoo:
          type: object
          properties: {animals: {type: array, items: {$ref: '#/components/schemas/Animal'}}}
        """

    func testABaseWithSubtypesDecodesTheSubtypeItsDiscriminatorNames() throws {
        let (text, diagnostics) = try generate(schemasSpec(family))
        XCTAssertEqual(diagnostics.items.map(\.description), [])
        assertContains(text, [
            "public nonisolated enum Animal: APIModel {",
            "    case cat(Cat)",
            "    case dog(Dog)",
            // Subtypes of subtypes are kinds of the base too.
            "    case lion(Lion)",
            "    case unknown(JSONValue)",
            // The component name, unless the mapping names another value.
            "        case \"Cat\": self = .cat(try Cat(from: decoder))",
            "        case \"dog\": self = .dog(try Dog(from: decoder))",
            "        case \"Lion\": self = .lion(try Lion(from: decoder))",
            // Each subtype holds the base's fields and its own.
            "public nonisolated struct Cat: APIModel {",
            "    public var kind: String",
            "    public var lives: Int",
            "public nonisolated struct Lion: APIModel {",
            "    public var mane: Bool?",
            "    public var animals: [Animal]?",
        ])
        // A schema that only wraps the base adds no kind of its own.
        XCTAssertFalse(text.contains("case alias("), text)
    }

    func testTheBasesFieldsAreReadableOnTheUnion() throws {
        let (text, _) = try generate(schemasSpec(family))
        assertContains(text, [
            // Optional: a kind this client does not know may lack it.
            """
                public var name: String? {
                    switch self {
                    case .cat(let value): value.name
                    case .dog(let value): value.name
                    case .lion(let value): value.name
                    case .unknown(let value): value.decodedMember("name")
                    }
                }
            """
        ])
        // Only where every kind declares the field alike: a field of one kind is not shared.
        XCTAssertFalse(text.contains("public var lives: Int? {"), text)

        // A base field whose name is a case's (or `unknown`) is left to the cases, not redeclared.
        let (clash, diagnostics) = try generate(schemasSpec("""
            Animal:
              type: object
              required: [kind]
              properties: {kind: {type: string}, cat: {type: string}, unknown: {type: integer}, age: {type: integer}}
              discriminator: {propertyName: kind}
            Cat:
              allOf: [{$ref: '#/components/schemas/Animal'}, {type: object, properties: {lives: {type: integer}}}]
            """))
        XCTAssertEqual(diagnostics.items.map(\.description), [])
        assertContains(clash, ["    public var age: Int? {\n", "    public var kind: String? {\n"])
        XCTAssertFalse(clash.contains("public var cat: String? {"), clash)
        XCTAssertFalse(clash.contains("public var unknown: Int? {"), clash)
    }

    func testABaseWithoutSubtypesStaysAStruct() throws {
        let (text, _) = try generate(schemasSpec("""
        Animal:
          type: object
          properties: {kind: {type: string}}
          discriminator: {propertyName: kind}
        """))
        assertContains(text, ["public nonisolated struct Animal: APIModel {"])
    }
}

/// An explicit `mapping` is the spec's word on which value selects which alternative, even when
/// every alternative's property allows every value (DigitalOcean's actions share one `type` enum).
final class DiscriminatorMappingTests: XCTestCase {
    func testAnExplicitMappingWinsOverAnEnumTheAlternativesShare() throws {
        let spec = """
            openapi: 3.0.3
            info: {title: T, version: "1"}
            paths:
              /actions:
                post:
                  operationId: act
                  requestBody:
                    content:
                      application/json:
                        schema:
                          oneOf: [{$ref: '#/components/schemas/Unassign'}, {$ref: '#/components/schemas/Assign'}]
                          discriminator:
                            propertyName: type
                            mapping: {unassign: '#/components/schemas/Unassign', assign: '#/components/schemas/Assign'}
                  responses: {'204': {description: ok}}
            components:
              schemas:
                ActionType: {type: object, required: [type], properties: {type: {type: string, enum: [assign, unassign]}}}
                Unassign: {allOf: [{$ref: '#/components/schemas/ActionType'}]}
                Assign:
                  allOf:
                    - {$ref: '#/components/schemas/ActionType'}
                    - {type: object, required: [droplet_id], properties: {droplet_id: {type: integer}}}
            """
        let text = try generate(spec).text
        XCTAssertTrue(text.contains(#"case "unassign": self = .unassign(try Unassign(from: decoder))"#), text)
        XCTAssertTrue(text.contains(#"case "assign": self = .assign(try Assign(from: decoder))"#))
        // The sample is built from the first alternative and carries that alternative's value.
        XCTAssertTrue(text.contains(##"public static var sample: ActRequest { EmbeddedJSON.decode(#"{"type":"unassign"}"#) }"##), text)
    }
}
