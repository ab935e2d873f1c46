import APIGenOpenAPI
import APIGenYAML
import XCTest

/// Swagger 2.0 read and up-converted into the same form as OpenAPI 3.
final class SwaggerConversionTests: SpecTestCase {
    private let swagger = """
    swagger: '2.0'
    info:
      title: Swagger Pets
      version: 1.0.0
    host: api.example.com
    basePath: /v1
    schemes: [http, https]
    consumes: [application/json, application/xml]
    produces: [application/json]
    securityDefinitions:
      basicAuth: {type: basic, description: Plain.}
      key: {type: apiKey, name: api_key, in: header}
      oauth:
        type: oauth2
        flow: implicit
        authorizationUrl: https://example.com/auth
        scopes: {read: Read}
    security:
      - key: []
    tags:
      - name: pets
    paths:
      /pets:
        parameters:
          - {name: X-Request-ID, in: header, type: string}
        get:
          operationId: listPets
          produces: [application/json, text/csv]
          parameters:
            - {name: ids, in: query, type: array, items: {type: integer}, collectionFormat: multi}
            - {name: names, in: query, type: array, items: {type: string}, collectionFormat: ssv}
            - {name: codes, in: query, type: array, items: {type: string}, collectionFormat: pipes}
            - {name: tags, in: query, type: array, items: {type: string}, collectionFormat: csv}
            - {name: plain, in: query, type: array, items: {type: string}}
            - {name: Accept-Codes, in: header, type: array, items: {type: string}, collectionFormat: csv}
            - {name: limit, in: query, type: integer, format: int32, required: true}
          responses:
            '200':
              description: The pets.
              headers:
                X-Total: {type: integer, description: Count.}
              schema:
                type: array
                items: {$ref: '#/definitions/Pet'}
            default:
              description: Error.
              schema: {$ref: '#/definitions/Error'}
        post:
          operationId: createPet
          consumes: [application/json]
          parameters:
            - {name: pet, in: body, required: true, description: The new pet., schema: {$ref: '#/definitions/Pet'}}
          responses:
            '201': {description: Created.}
      /pets/{id}:
        put:
          operationId: replacePet
          parameters:
            - {name: id, in: path, required: true, type: string}
            - {name: pet, in: body, schema: {$ref: '#/definitions/Pet'}}
          responses:
            '200': {description: Replaced., schema: {$ref: '#/definitions/Pet'}}
      /pets/{id}/photo:
        post:
          operationId: uploadPhoto
          parameters:
            - {name: id, in: path, required: true, type: string}
            - {name: caption, in: formData, type: string}
            - {name: file, in: formData, type: file, required: true}
          responses:
            '200': {description: Uploaded.}
      /pets/{id}/name:
        post:
          operationId: rename
          parameters:
            - {name: id, in: path, required: true, type: string}
            - {name: name, in: formData, type: string, required: true}
            - {name: nickname, in: formData, type: string}
          responses:
            '200': {description: Renamed.}
      /pets/{id}/notes:
        post:
          operationId: addNote
          consumes: [multipart/form-data]
          parameters:
            - {name: id, in: path, required: true, type: string}
            - {name: note, in: formData, type: string}
          responses:
            '200': {description: Added.}
    definitions:
      Pet:
        type: object
        required: [name]
        properties:
          name: {type: string}
          tag: {type: string, x-nullable: true}
          owner: {$ref: '#/definitions/Owner'}
      Owner:
        type: object
        properties:
          name: {type: string}
      Error:
        type: object
        properties:
          message: {type: string}
    """

    func testVersionInfoAndDefinitionsBecomeComponents() throws {
        let document = try document(swagger)
        XCTAssertEqual(document.version, .swagger2)
        XCTAssertEqual(document.info.title, "Swagger Pets")
        XCTAssertEqual(document.info.version, "1.0.0")
        XCTAssertEqual(document.tags.map(\.name), ["pets"])
        XCTAssertEqual(document.schemas.components.map(\.name), ["Pet", "Owner", "Error"])
        let pet = try document.component("Pet")
        XCTAssertEqual(pet.required, ["name"])
        let ownerID = try XCTUnwrap(pet.properties.first { $0.name == "owner" }?.schema)
        XCTAssertEqual(document.schemas.resolved(ownerID), try document.componentID("Owner"))
        XCTAssertEqual(document.operations.map { $0.operationId ?? "?" }, ["listPets", "createPet", "replacePet", "uploadPhoto", "rename", "addNote"])
    }

    func testXNullable() throws {
        let document = try document(swagger)
        let pet = try document.component("Pet")
        XCTAssertTrue(try document.property("tag", of: pet).nullable)
        XCTAssertFalse(try document.property("name", of: pet).nullable)
    }

    func testHostBasePathAndSchemesBecomeAServer() throws {
        XCTAssertEqual(try document(swagger).servers.map(\.url), ["https://api.example.com/v1"], "https is preferred when listed")

        func servers(_ lines: String) throws -> [String] {
            try document("swagger: '2.0'\ninfo: {title: T, version: '1'}\n\(lines)\npaths: {}\n").servers.map(\.url)
        }
        XCTAssertEqual(try servers("host: api.example.com\nschemes: [http]"), ["http://api.example.com"])
        XCTAssertEqual(try servers("host: api.example.com:8080"), ["https://api.example.com:8080"])
        XCTAssertEqual(try servers("basePath: /api"), ["/api"])
        XCTAssertEqual(try servers("x-foo: 1"), [])
    }

    func testSecurityDefinitions() throws {
        let document = try document(swagger)
        XCTAssertEqual(document.securitySchemes.map(\.name), ["basicAuth", "key", "oauth"])
        let basic = try document.securityScheme("basicAuth")
        XCTAssertEqual(basic.kind, .http(scheme: "basic", bearerFormat: nil))
        XCTAssertEqual(basic.description, "Plain.")
        XCTAssertEqual(try document.securityScheme("key").kind, .apiKey(name: "api_key", location: .header))
        XCTAssertEqual(try document.securityScheme("oauth").kind, .oauth2)
        XCTAssertEqual(document.security.map(\.summary), [["key: []"]])
    }

    func testBodyParameterBecomesRequestBodyWithConsumes() throws {
        let document = try document(swagger)
        let create = try document.operation(.post, "/pets")
        XCTAssertEqual(create.parameters.map(\.name), ["X-Request-ID"], "the body is not a parameter any more")
        let body = try XCTUnwrap(create.requestBody)
        XCTAssertTrue(body.required)
        XCTAssertEqual(body.description, "The new pet.")
        XCTAssertEqual(body.content.map(\.name), ["application/json"], "operation `consumes` wins")
        XCTAssertEqual(document.schemas.resolved(try XCTUnwrap(body.content[0].schema)), try document.componentID("Pet"))

        let replace = try document.operation(.put, "/pets/{id}")
        let replaceBody = try XCTUnwrap(replace.requestBody)
        XCTAssertEqual(replaceBody.content.map(\.name), ["application/json", "application/xml"], "document `consumes`")
        XCTAssertFalse(replaceBody.required)
        XCTAssertEqual(replace.parameters.map(\.name), ["id"])
    }

    func testFormDataWithAFileBecomesMultipart() throws {
        let document = try document(swagger)
        let upload = try document.operation(.post, "/pets/{id}/photo")
        XCTAssertEqual(upload.parameters.map(\.name), ["id"])
        let body = try XCTUnwrap(upload.requestBody)
        XCTAssertEqual(body.content.map(\.name), ["multipart/form-data"])
        XCTAssertTrue(body.required)
        let form = document.schemas[try XCTUnwrap(body.content[0].schema)]
        XCTAssertEqual(form.types, [.object])
        XCTAssertEqual(form.properties.map(\.name), ["caption", "file"])
        XCTAssertEqual(form.required, ["file"])
        let file = try document.property("file", of: form)
        XCTAssertEqual(file.types, [.string])
        XCTAssertEqual(file.format, "binary")
        XCTAssertNil(try document.property("caption", of: form).format)
    }

    func testFormDataWithoutAFileIsURLEncoded() throws {
        let document = try document(swagger)
        let rename = try document.operation(.post, "/pets/{id}/name")
        let body = try XCTUnwrap(rename.requestBody)
        XCTAssertEqual(body.content.map(\.name), ["application/x-www-form-urlencoded"])
        let form = document.schemas[try XCTUnwrap(body.content[0].schema)]
        XCTAssertEqual(form.properties.map(\.name), ["name", "nickname"])
        XCTAssertEqual(form.required, ["name"])

        // A form media type in `consumes` is used as declared.
        let note = try document.operation(.post, "/pets/{id}/notes")
        XCTAssertEqual(try XCTUnwrap(note.requestBody).content.map(\.name), ["multipart/form-data"])
        XCTAssertFalse(try XCTUnwrap(note.requestBody).required)
    }

    func testResponseSchemaBecomesContentPerProduces() throws {
        let document = try document(swagger)
        let list = try document.operation(.get, "/pets")
        XCTAssertNil(list.requestBody)
        let ok = try list.response("200")
        XCTAssertEqual(ok.content.map(\.name), ["application/json", "text/csv"], "operation `produces`")
        XCTAssertEqual(ok.content[0].schema, ok.content[1].schema)
        let array = document.schemas[try XCTUnwrap(ok.content[0].schema)]
        XCTAssertEqual(array.types, [.array])
        XCTAssertEqual(document.schemas.resolved(try XCTUnwrap(array.items)), try document.componentID("Pet"))
        XCTAssertEqual(ok.headers.map(\.name), ["X-Total"])
        XCTAssertEqual(ok.headers[0].description, "Count.")
        XCTAssertEqual(document.schemas[try XCTUnwrap(ok.headers[0].schema)].types, [.integer])

        let fallback = try list.response("default")
        XCTAssertEqual(fallback.content.map(\.name), ["application/json", "text/csv"], "operation `produces` applies to every response")
        XCTAssertEqual(document.schemas.resolved(try XCTUnwrap(fallback.content[0].schema)), try document.componentID("Error"))
        XCTAssertEqual(try document.operation(.post, "/pets").response("201").content.count, 0, "no schema, no content")
        let replaced = try document.operation(.put, "/pets/{id}").response("200")
        XCTAssertEqual(replaced.content.map(\.name), ["application/json"], "document `produces`")
        XCTAssertEqual(document.schemas.resolved(try XCTUnwrap(replaced.content[0].schema)), try document.componentID("Pet"))
    }

    func testCollectionFormatBecomesStyleAndExplode() throws {
        let list = try document(swagger).operation(.get, "/pets")
        func style(_ name: String) throws -> String {
            let parameter = try list.parameter(name)
            return "\(parameter.effectiveStyle) explode=\(parameter.effectiveExplode)"
        }
        XCTAssertEqual(try style("ids"), "form explode=true")
        XCTAssertEqual(try style("names"), "spaceDelimited explode=false")
        XCTAssertEqual(try style("codes"), "pipeDelimited explode=false")
        XCTAssertEqual(try style("tags"), "form explode=false")
        XCTAssertEqual(try style("plain"), "form explode=false", "csv is Swagger's default")
        XCTAssertEqual(try style("Accept-Codes"), "simple explode=false")
        XCTAssertEqual(try list.parameter("Accept-Codes").location, .header)
    }

    func testParameterTypesBecomeSchemas() throws {
        let document = try document(swagger)
        let list = try document.operation(.get, "/pets")
        let limit = try list.parameter("limit")
        XCTAssertTrue(limit.required)
        let schema = document.schemas[try XCTUnwrap(limit.schema)]
        XCTAssertEqual(schema.types, [.integer])
        XCTAssertEqual(schema.format, "int32")
        let ids = document.schemas[try XCTUnwrap(try list.parameter("ids").schema)]
        XCTAssertEqual(ids.types, [.array])
        XCTAssertEqual(document.schemas[try XCTUnwrap(ids.items)].types, [.integer])
        XCTAssertEqual(try list.parameter("X-Request-ID").location, .header, "path-level parameters are merged")
    }

    func testBodyAndFormDataAreOnlyLocationsInSwagger() throws {
        XCTAssertEqual(try errors("""
        openapi: 3.0.0
        info: {title: T, version: '1'}
        paths:
          /a:
            post:
              parameters:
                - {name: file, in: formData, schema: {type: string}}
              responses:
                '200': {description: ok}
        """), [
            located("7:28: error: parameter 'file' has unknown location 'formData'; expected path, query, querystring, header or cookie (#/paths/~1a/post/parameters/0/in)"),
        ])
    }
}
