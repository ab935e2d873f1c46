import XCTest

/// `deprecated: true` on properties and schemas: the attribute where the app would use them, and
/// none of generated code's own uses of them warns (it goes through storage, or builds values by
/// decoding).
final class DeprecationMappingTests: XCTestCase {
    func testADeprecatedPropertyIsAnAttributedAccessorOverStorage() throws {
        let (text, _) = try generate(
            schemasSpec(
                """
                Pet:
                  type: object
                  required: [name]
                  properties:
                    name: {type: string}
                    nickname: {type: string, deprecated: true}
                    default: {type: integer, deprecated: true}
                """))
        assertContains(
            text,
            [
                "    @available(*, deprecated, message: \"'nickname' is deprecated by the API.\")\n"
                    + "    public var nickname: String? {\n        get { _nickname }\n        set { _nickname = newValue }\n    }\n"
                    + "    @usableFromInline var _nickname: String?\n",
                "public var `default`: Int? {",
                "@usableFromInline var _default: Int?",
                "self._nickname = nickname",
                "self._nickname = reader.decodeIfPresent(String.self, \"nickname\")",
                "writer.encodeIfPresent(self._nickname, \"nickname\")",
                "visitor.visit(self._nickname, other._nickname)",
                "visitor.visit(self._default, other._default)",
                "visitor.visit(self.name, other.name)",
            ])
        // Generated code never names the deprecated accessor itself.
        let code = codeOnly(text)
        XCTAssertFalse(code.contains("self.nickname"), text)
        XCTAssertFalse(code.contains(".nickname,"), text)
    }

    func testADeprecatedSchemaDeprecatesItsInitializerNotTheType() throws {
        let (text, _) = try generate(
            schemasSpec(
                """
                OldPet:
                  type: object
                  deprecated: true
                  properties:
                    name: {type: string}
                Owner:
                  type: object
                  properties:
                    pet: {$ref: '#/components/schemas/OldPet'}
                """))
        assertContains(
            text,
            [
                "    @available(*, deprecated, message: \"OldPet is deprecated by the API.\")\n    public init(name: String? = nil) {",
                "public nonisolated struct OldPet: APIModel {",
                "public var pet: OldPet?",
            ])
        XCTAssertEqual(text.components(separatedBy: "@available(*, deprecated").count, 2, "only OldPet's initializer")
    }

    func testAPolymorphicBaseDoesNotShareADeprecatedProperty() throws {
        let (text, _) = try generate(
            schemasSpec(
                """
                Animal:
                  type: object
                  required: [kind]
                  properties:
                    kind: {type: string}
                    tag: {type: string, deprecated: true}
                    name: {type: string}
                  discriminator: {propertyName: kind}
                Cat:
                  allOf: [{$ref: '#/components/schemas/Animal'}, {type: object, properties: {lives: {type: integer}}}]
                Dog:
                  allOf: [{$ref: '#/components/schemas/Animal'}, {type: object, properties: {good: {type: boolean}}}]
                Zoo:
                  type: object
                  properties:
                    animals: {type: array, items: {$ref: '#/components/schemas/Animal'}}
                """))
        assertContains(text, ["case .cat(let value): value.name"])
        XCTAssertFalse(text.contains("value.tag"), text)
    }
}
