import APIGenGenerator
import XCTest

/// allOf: merged structs, parts that only annotate or only say "object", and unions inside it.
final class AllOfMappingTests: XCTestCase {
    func testReadOnlyInAnAllOfPartMarksTheProperty() throws {
        let (text, _) = try generate(schemasSpec("""
        Link:
          type: object
          properties:
            host: {type: string}
        Cluster:
          type: object
          required: [connection]
          properties:
            connection:
              allOf:
                - $ref: '#/components/schemas/Link'
                - readOnly: true
        """))
        assertContains(text, ["writer.encodeIfPresent(self.connection, \"connection\", readOnly: true)"])
    }

    /// `allOf: [$ref, {description, example}]` annotates the referenced schema: the property is
    /// that schema's type (an array, a union), not an object copied from it, and keeps the words.
    /// An allOf whose parts say only "an object" (OpenSearch's rank feature functions:
    /// `allOf: [$ref: RankFeatureFunction, {type: object}]`, the function being `type: object`)
    /// is a free-form object, as `type: object` alone is, not a struct that keeps no key.
    func testAnAllOfThatSaysOnlyObjectIsFreeForm() throws {
        let (text, _) = try generate(schemasSpec("""
        RankFunction: {type: object}
        LinearRankFunction:
          allOf:
            - $ref: '#/components/schemas/RankFunction'
            - type: object
        Annotated:
          allOf:
            - $ref: '#/components/schemas/RankFunction'
            - {type: object, description: Any keys.}
        Narrowed:
          allOf:
            - $ref: '#/components/schemas/RankFunction'
            - {type: object, properties: {factor: {type: number}}}
        """))
        assertContains(text, [
            "public typealias LinearRankFunction = [String: JSONValue]",
            "public typealias Annotated = [String: JSONValue]",
            "public nonisolated struct Narrowed: APIModel {",
        ])
    }

    /// Two unions in an allOf that may each be an array are one value (OpenSearch's buckets:
    /// `allOf: [$ref: Buckets, oneOf: [map, array]]`): the type holds the first, so encoding
    /// writes the array once, not twice.
    func testWholeValueUnionsInAnAllOfAreOneValue() throws {
        let (text, _) = try generate(schemasSpec("""
        Buckets:
          oneOf:
            - {type: object, additionalProperties: {type: integer}}
            - {type: array, items: {type: integer}}
        Aggregate:
          type: object
          required: [buckets]
          properties:
            buckets:
              allOf:
                - $ref: '#/components/schemas/Buckets'
                - oneOf:
                    - {type: object, additionalProperties: {type: integer}}
                    - {type: array, items: {type: integer}}
        """))
        let aggregate = declaration("Aggregate", in: text)
        XCTAssertTrue(aggregate.contains("public var buckets: Buckets"), aggregate)
        XCTAssertFalse(aggregate.contains("variant2"), aggregate)
    }

    /// A union takes null when an alternative is a union that takes null (OpenSearch's match
    /// values: FieldValue, `anyOf: [boolean, 'null', number, string]`, or a match query).
    func testAUnionOfANullableUnionTakesNull() throws {
        let (text, _) = try generate(schemasSpec("""
        FieldValue:
          anyOf: [{type: boolean}, {type: 'null'}, {type: number}, {type: string}]
        MatchValue:
          oneOf:
            - $ref: '#/components/schemas/FieldValue'
            - {type: object, properties: {query: {type: string}}}
        Match:
          type: object
          properties:
            fields: {type: object, additionalProperties: {$ref: '#/components/schemas/MatchValue'}}
        """))
        assertContains(declaration("Match", in: text), ["public var fields: [String: MatchValue?]?"])
    }

    func testAnAllOfThatOnlyAnnotatesIsTheReferencedType() throws {
        let (text, diagnostics) = try generate(schemasSpec("""
        TagList: {type: array, items: {type: string}, nullable: true}
        Choice:
          oneOf: [{type: string}, {$ref: '#/components/schemas/Named'}]
        Named: {type: object, properties: {name: {type: string}}}
        Firewall:
          type: object
          properties:
            tags:
              allOf:
                - $ref: '#/components/schemas/TagList'
                - {description: The firewall's tags., example: gateway}
            choice:
              allOf:
                - $ref: '#/components/schemas/Choice'
                - description: How to choose.
            stamp:
              allOf:
                - {type: string, format: date-time}
                - {readOnly: true, description: When it changed.}
        """))
        XCTAssertEqual(diagnostics.items.map(\.description), [])
        assertContains(text, [
            "    /// The firewall's tags.",
            "    public var tags: TagList?",
            "    /// How to choose.",
            "    public var choice: Choice?",
            "    /// When it changed.",
            "    public var stamp: Date?",
            #"writer.encodeIfPresent(self.stamp, "stamp", readOnly: true)"#,
        ])
        XCTAssertFalse(text.contains("struct Tags"), text)
    }

    func testAllOfMergesIntoOneStruct() throws {
        let (text, _) = try generate(schemasSpec("""
        Base: {type: object, required: [id], properties: {id: {type: string}}}
        Stamp: {type: object, properties: {at: {type: string, format: date-time}}}
        Derived:
          allOf:
            - $ref: '#/components/schemas/Base'
            - $ref: '#/components/schemas/Stamp'
            - type: object
              required: [name]
              properties: {name: {type: string}}
        """))
        assertContains(text, ["public init(id: String, at: Date? = nil, name: String)"])
    }
}
