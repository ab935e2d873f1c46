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
        let account = try XCTUnwrap(text.range(of: "public nonisolated struct Account: APIModel {")).upperBound
        assertContains(String(text[account...]), ["    public var id: String?\n    public var password: String?\n"])
    }
}
