import APIGenGenerator
import XCTest

/// Requiredness that depends on which way a schema's values travel: a required `readOnly`
/// property is absent from requests, a required `writeOnly` one from responses.
final class UsageMappingTests: XCTestCase {
    private let spec = """
        openapi: 3.1.0
        info: {title: T, version: "1"}
        paths:
          /receipts:
            get:
              responses:
                '200': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/Receipt'}}}}
            post:
              requestBody: {content: {application/json: {schema: {$ref: '#/components/schemas/Login'}}}}
              responses:
                '201': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/Account'}}}}
            put:
              requestBody: {content: {application/json: {schema: {$ref: '#/components/schemas/Account'}}}}
              responses:
                '204': {description: saved}
        components:
          schemas:
            Receipt:
              type: object
              required: [id, lines]
              properties:
                id: {type: string, readOnly: true}
                lines: {type: array, items: {$ref: '#/components/schemas/Line'}}
            Line:
              type: object
              required: [total]
              properties: {total: {type: integer, readOnly: true}}
            Login:
              type: object
              required: [password]
              properties: {password: {type: string, writeOnly: true}}
            Account:
              type: object
              required: [id, password]
              properties: {id: {type: string, readOnly: true}, password: {type: string, writeOnly: true}}
        """

    func testReadOnlyIsRequiredWhereTheClientOnlyReceivesTheSchema() throws {
        let (text, diagnostics) = try generate(spec)
        XCTAssertEqual(diagnostics.items.map(\.description), [])
        assertContains(text, [
            // Only in a response, also through an array: the server always sends it.
            "    public var id: String\n    public var lines: [Line]",
            "    public var total: Int\n",
            "        self.id = try reader.decode(String.self, \"id\")",
            // Only in a request: the client always sends it.
            "    public var password: String\n",
        ])
        // Both ways: each is absent in one direction.
        let account = try XCTUnwrap(text.range(of: "public nonisolated struct Account: APIModel, Identifiable {")).upperBound
        assertContains(String(text[account...]), ["    public var id: String?\n    public var password: String?\n"])
    }

    func testAPatchBodyTheClientAlsoReceivesGetsARequestTypeOfItsOwn() throws {
        let (text, diagnostics) = try generate("""
            openapi: 3.0.3
            info: {title: T, version: "1"}
            paths:
              /profile:
                get:
                  operationId: getProfile
                  responses:
                    '200': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/Profile'}}}}
                patch:
                  operationId: updateProfile
                  requestBody:
                    required: true
                    content: {application/json: {schema: {$ref: '#/components/schemas/Profile'}}}
                  responses:
                    '200': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/Profile'}}}}
              /settings:
                patch:
                  operationId: updateSettings
                  requestBody:
                    content: {application/json: {schema: {$ref: '#/components/schemas/Settings'}}}
                  responses:
                    '204': {description: saved}
            components:
              schemas:
                Profile:
                  type: object
                  required: [id, name]
                  properties:
                    id: {type: string, readOnly: true}
                    name: {type: string}
                    nickname: {type: string, nullable: true}
                    theme: {type: string, enum: [light, dark], nullable: true}
                Settings:
                  type: object
                  properties: {locale: {type: string, nullable: true}}
            """)
        XCTAssertEqual(diagnostics.items.map(\.description), [])
        let profile = try XCTUnwrap(text.range(of: "public nonisolated struct Profile: APIModel, Identifiable {")).upperBound
        let patch = try XCTUnwrap(text.range(of: "public nonisolated struct ProfilePatch: APIModel {"))
        // The received model has no use for "absent or null"…
        assertContains(String(text[profile..<patch.lowerBound]), [
            "    public var id: String?\n    public var name: String\n    public var nickname: String?\n    public var theme: Theme?\n",
        ])
        // …the PATCH sends its own type: three-state, no readOnly id, the model's inline types shared.
        assertContains(String(text[patch.upperBound...]), [
            "    public var name: String\n    public var nickname: Nullable<String>?\n    public var theme: Nullable<Profile.Theme>?\n\n",
        ])
        let patchEnd = try XCTUnwrap(text.range(of: "\n}\n", range: patch.upperBound..<text.endIndex)).lowerBound
        XCTAssertFalse(text[patch.upperBound..<patchEnd].contains("\"id\""), "a PATCH never sends the read-only id")
        assertContains(text, [
            "public static func updateProfile(body: ProfilePatch) -> Request<Profile>",
            // A PATCH body the client only sends stays one type.
            "public static func updateSettings(body: Settings? = nil) -> Request<Void>",
            "    public var locale: Nullable<String>?\n",
        ])
        XCTAssertFalse(text.contains("SettingsPatch"))
    }
}
