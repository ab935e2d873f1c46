import XCTest

/// A request body offered in several media types: JSON is the builder's body, and each other
/// kind gets a builder of the same name with its own label.
final class RequestBodyMappingTests: XCTestCase {
    private let spec = """
        openapi: 3.0.3
        info: {title: T, version: "1"}
        paths:
          /pets:
            post:
              operationId: addPet
              summary: Add a pet
              parameters:
                - {name: form, in: query, schema: {type: string}}
              requestBody:
                content:
                  application/xml: {schema: {$ref: '#/components/schemas/Pet'}}
                  application/x-www-form-urlencoded: {schema: {$ref: '#/components/schemas/Pet'}}
                  application/json: {schema: {$ref: '#/components/schemas/Pet'}}
                  application/merge-patch+json: {schema: {$ref: '#/components/schemas/Pet'}}
                  multipart/form-data:
                    schema:
                      type: object
                      properties:
                        photo: {type: string, format: binary}
                  text/event-stream: {schema: {type: string}}
              responses:
                '201': {description: Added.}
        components:
          schemas:
            Pet: {type: object, properties: {name: {type: string}}}
        """

    func testEachOtherMediaTypeGetsABuilderWithItsOwnLabel() throws {
        let (text, _) = try generate(spec)
        assertContains(
            text,
            [
                // JSON first, and still optional as the spec says.
                "public static func addPet(form: String? = nil, body: Pet? = nil) -> Request<Void> {",
                "request.body = .json(givenBody)",
                // The others are always given: choosing the builder is choosing to send it.
                "public static func addPet(form: String? = nil, form2: Pet) -> Request<Void> {",
                "var formFields = FormBody()",
                "formFields.append(\"name\", form2.name)",
                "public static func addPet(form: String? = nil, multipart: AddPetMultipartRequest) -> Request<Void> {",
                "formFields.appendFile(\"photo\", multipart.photo, contentType: \"application/octet-stream\")",
                "public static func addPet(form: String? = nil, data: Data) -> Request<Void> {",
                "request.body = .data(data, contentType: \"application/xml\")",
                "    /// Sends the body as `application/x-www-form-urlencoded`.\n",
                "    /// Sends the body as `application/xml`.\n",
            ])
        // One builder per kind: the second JSON type and the stream add none.
        XCTAssertEqual(text.components(separatedBy: "static func addPet(").count - 1, 4)
        XCTAssertFalse(text.contains("merge-patch"))
        XCTAssertFalse(text.contains("text/event-stream"))
    }

    func testAMultipartBodysBinaryPropertiesAreFileParts() throws {
        let (text, _) = try generate(
            """
            openapi: 3.0.3
            info: {title: T, version: "1"}
            paths:
              /albums:
                post:
                  operationId: createAlbum
                  requestBody:
                    required: true
                    content:
                      multipart/form-data:
                        schema: {$ref: '#/components/schemas/AlbumUpload'}
                        encoding:
                          cover: {contentType: 'image/png, image/jpeg'}
                  responses:
                    '201': {description: Created.}
            components:
              schemas:
                AlbumUpload:
                  type: object
                  required: [cover]
                  properties:
                    title: {type: string}
                    cover: {type: string, format: binary}
                    pages: {type: array, items: {type: string, format: binary}}
                Scan:
                  type: object
                  properties:
                    image: {type: string, format: binary}
            """)
        assertContains(
            text,
            [
                "public var cover: FilePart",
                "public var pages: [FilePart]?",
                "formFields.appendFile(\"cover\", body.cover, contentType: \"image/png\")",
                "formFields.appendFile(\"pages\", body.pages, contentType: \"application/octet-stream\")",
                // Outside a multipart body, binary stays `Data`.
                "public var image: Data?",
            ])
    }

    /// OpenAPI sends a primitive multipart property as text and an object as JSON; a union's
    /// value is either, so the runtime chooses by the value (OpenAI's transcription `model`,
    /// `anyOf: [string, enum]`, must arrive as `whisper-1`, not `"whisper-1"`).
    func testAMultipartUnionPropertyIsSentByItsValue() throws {
        let (text, _) = try generate(
            """
            openapi: 3.0.3
            info: {title: T, version: "1"}
            paths:
              /transcriptions:
                post:
                  operationId: transcribe
                  requestBody:
                    required: true
                    content:
                      multipart/form-data:
                        schema:
                          type: object
                          properties:
                            model: {anyOf: [{type: string}, {type: string, enum: [whisper-1]}]}
                            options: {type: object, properties: {level: {type: integer}}}
                            extra: {}
                  responses:
                    '200': {description: Done.}
            """)
        assertContains(
            text,
            [
                "formFields.append(\"model\", body.model)",
                "formFields.appendJSON(\"options\", body.options)",
                "formFields.append(\"extra\", body.extra)",
            ])
    }

    /// A multipart body that is a union (Redocly Cafe's menu item, a beverage or a dessert) sends
    /// the members of the alternative it holds.
    func testAMultipartUnionBodySendsTheMembersOfItsValue() throws {
        let (text, _) = try generate(
            """
            openapi: 3.1.0
            info: {title: T, version: "1"}
            paths:
              /menu:
                post:
                  operationId: createMenuItem
                  requestBody:
                    required: true
                    content:
                      multipart/form-data:
                        schema:
                          oneOf:
                            - {type: object, required: [category], properties: {category: {const: beverage}, volume: {type: number}}}
                            - {type: object, required: [category], properties: {category: {const: dessert}, sweet: {type: boolean}}}
                  responses:
                    '201': {description: Created.}
            """)
        assertContains(text, ["var formFields = MultipartBody()\n        formFields.appendMembers(of: body)\n"])
    }

    /// A form body that is a union (an OAuth token request: client credentials or a token
    /// exchange) sends the fields of the alternative it holds; it was sent as an empty form.
    func testAFormUnionBodySendsTheMembersOfItsValue() throws {
        let (text, _) = try generate(
            """
            openapi: 3.0.3
            info: {title: T, version: "1"}
            paths:
              /oauth/tokens:
                post:
                  operationId: getToken
                  requestBody:
                    required: true
                    content:
                      application/x-www-form-urlencoded:
                        schema:
                          oneOf:
                            - {type: object, required: [grant_type], properties: {grant_type: {enum: [client_credentials]}, scope: {type: string}}}
                            - {type: object, required: [grant_type], properties: {grant_type: {enum: [token_exchange]}, subject_token: {type: string}}}
                  responses:
                    '200': {description: A token.}
            """)
        assertContains(text, ["var formFields = FormBody()\n        formFields.appendMembers(of: body)\n        request.body = .form(formFields)\n"])
    }

    func testASingleMediaTypeHasOneBuilder() throws {
        let (text, _) = try generate(
            """
            openapi: 3.0.3
            info: {title: T, version: "1"}
            paths:
              /pets:
                post:
                  operationId: addPet
                  requestBody:
                    required: true
                    content:
                      application/json: {schema: {type: object, properties: {name: {type: string}}}}
                  responses:
                    '201': {description: Added.}
            """)
        XCTAssertEqual(text.components(separatedBy: "static func addPet(").count - 1, 1)
        XCTAssertFalse(text.contains("Sends the body as"))
    }

    /// A JSON Lines body is an array of its items, one line each: whether the spec describes the
    /// lines as an array (OpenSearch's bulk), one line (3.0 and 3.1 habit) or 3.2's `itemSchema`.
    func testAJSONLinesBodyIsAnArrayOfItsLinesItems() throws {
        let (text, _) = try generate(
            """
            openapi: 3.2.0
            info: {title: T, version: "1"}
            paths:
              /bulk:
                post:
                  operationId: bulk
                  requestBody:
                    required: true
                    content:
                      application/x-ndjson: {schema: {type: array, items: {$ref: '#/components/schemas/Action'}}}
                  responses: {'200': {description: OK}}
              /import:
                post:
                  operationId: importLines
                  requestBody:
                    required: true
                    content:
                      application/jsonl: {schema: {$ref: '#/components/schemas/Action'}}
                  responses: {'200': {description: OK}}
              /sequence:
                post:
                  operationId: sendItems
                  requestBody:
                    content:
                      application/jsonl: {itemSchema: {type: object, properties: {id: {type: integer}}}}
                  responses: {'200': {description: OK}}
            components:
              schemas:
                Action: {type: object, properties: {index: {type: string}}}
            """)
        assertContains(
            text,
            [
                "public static func bulk(body: [Action]) -> Request<Void> {",
                "request.body = .jsonLines(body, contentType: \"application/x-ndjson\")",
                "public static func importLines(body: [Action]) -> Request<Void> {",
                "request.body = .jsonLines(body, contentType: \"application/jsonl\")",
                "public static func sendItems(body: [SendItemsRequestItem]? = nil) -> Request<Void> {",
                "if let givenBody = body {",
            ])
    }
}
