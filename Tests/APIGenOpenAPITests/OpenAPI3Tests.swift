import APIGenOpenAPI
import APIGenYAML
import XCTest

/// OpenAPI 3.0 documents read into the internal form.
final class OpenAPI3Tests: SpecTestCase {
    private let petstore30 = """
    openapi: 3.0.3
    info:
      title: Petstore
      version: 1.0.0
      description: A sample API.
    servers:
      - url: https://{region}.example.com/{basePath}
        description: Production
        variables:
          region:
            default: eu
            enum: [eu, us]
            description: Where the data lives.
          basePath:
            default: v1
      - url: http://localhost:8080
    security:
      - api_key: []
      - oauth: [read, write]
        basic: []
    tags:
      - name: pets
        description: Everything about pets.
      - name: store
    paths:
      /pets/{petId}:
        summary: One pet
        parameters:
          - name: petId
            in: path
            required: true
            schema: {type: integer, format: int64}
          - name: verbose
            in: query
            schema: {type: boolean}
        get:
          operationId: showPet
          tags: [pets]
          parameters:
            - name: verbose
              in: query
              description: Operation level wins.
              schema: {type: string}
            - name: X-Trace
              in: header
              schema: {type: string}
            - name: session
              in: cookie
              style: form
              explode: false
              schema: {type: array, items: {type: string}}
          responses:
            '200':
              description: The pet.
              headers:
                X-Rate-Limit:
                  description: Calls left.
                  required: true
                  schema: {type: integer, format: int32}
              content:
                application/json:
                  schema: {$ref: '#/components/schemas/Pet'}
                  example: {id: 1, name: Rex}
            4XX:
              description: Client error.
            default:
              description: Unexpected.
              content:
                application/json:
                  schema: {$ref: '#/components/schemas/Error'}
        delete:
          operationId: deletePet
          deprecated: true
          security: []
          x-paging: cursor
          responses:
            '204': {description: Deleted.}
      /pets:
        post:
          operationId: createPet
          security:
            - oauth: [write]
          requestBody:
            description: The pet to add.
            required: true
            content:
              application/json:
                schema: {$ref: '#/components/schemas/Pet'}
                examples:
                  rex: {value: {name: Rex}}
              multipart/form-data:
                schema:
                  type: object
                  properties:
                    photo: {type: string, format: binary}
                encoding:
                  photo: {contentType: image/png}
          responses:
            '201': {description: Created.}
    components:
      schemas:
        Pet:
          type: object
          required: [id, name]
          properties:
            id: {type: integer, format: int64, readOnly: true}
            name: {type: string, minLength: 1, maxLength: 40, pattern: '^[a-z]+$'}
            tag: {type: string, nullable: true, default: none}
            status: {type: string, enum: [available, sold]}
            weight: {type: number, minimum: 0, maximum: 100.5}
            attributes:
              type: object
              additionalProperties: {type: string}
        Error:
          type: object
          additionalProperties: false
          properties:
            message: {type: string}
      securitySchemes:
        api_key: {type: apiKey, name: X-API-Key, in: header}
        query_key: {type: apiKey, name: key, in: query}
        cookie_key: {type: apiKey, name: sid, in: cookie}
        bearer: {type: http, scheme: bearer, bearerFormat: JWT}
        basic: {type: http, scheme: Basic}
        oauth:
          type: oauth2
          flows:
            implicit:
              authorizationUrl: https://example.com/auth
              scopes: {read: Read, write: Write}
        oidc: {type: openIdConnect, openIdConnectUrl: https://example.com/.well-known/openid-configuration}
    """

    func testOpenAPI30InfoServersAndTags() throws {
        let document = try document(petstore30)
        XCTAssertEqual(document.version, .openAPI30)
        XCTAssertEqual(document.info.title, "Petstore")
        XCTAssertEqual(document.info.version, "1.0.0")
        XCTAssertEqual(document.info.description, "A sample API.")
        XCTAssertNil(document.info.summary)

        XCTAssertEqual(document.servers.map(\.url), ["https://{region}.example.com/{basePath}", "http://localhost:8080"])
        XCTAssertEqual(document.servers[0].description, "Production")
        let variables = document.servers[0].variables
        XCTAssertEqual(variables.map(\.name), ["region", "basePath"])
        XCTAssertEqual(variables.map(\.defaultValue), ["eu", "v1"])
        XCTAssertEqual(variables[0].enumValues, ["eu", "us"])
        XCTAssertEqual(variables[0].description, "Where the data lives.")
        XCTAssertEqual(variables[1].enumValues, [])
        XCTAssertEqual(document.servers[1].variables.count, 0)

        XCTAssertEqual(document.tags.map(\.name), ["pets", "store"])
        XCTAssertEqual(document.tags.map(\.description), ["Everything about pets.", nil])
    }

    func testOperationsAndMergedParameters() throws {
        let document = try document(petstore30)
        XCTAssertEqual(document.operations.map { "\($0.method.rawValue) \($0.path)" }, ["get /pets/{petId}", "delete /pets/{petId}", "post /pets"])
        let show = try document.operation(.get, "/pets/{petId}")
        XCTAssertEqual(show.operationId, "showPet")
        XCTAssertEqual(show.tags, ["pets"])
        XCTAssertEqual(show.summary, "One pet", "the path item's summary is the fallback")
        XCTAssertFalse(show.deprecated)
        XCTAssertNil(show.security, "no operation-level security: the document's applies")

        // Path-level parameters come first unless the operation overrides them.
        XCTAssertEqual(show.parameters.map(\.name), ["petId", "verbose", "X-Trace", "session"])
        let petId = try show.parameter("petId")
        XCTAssertEqual(petId.location, .path)
        XCTAssertTrue(petId.required)
        XCTAssertEqual(document.schemas[try XCTUnwrap(petId.schema)].format, "int64")
        let verbose = try show.parameter("verbose")
        XCTAssertEqual(verbose.description, "Operation level wins.")
        XCTAssertEqual(document.schemas[try XCTUnwrap(verbose.schema)].types, [.string])
        XCTAssertFalse(verbose.required)
        XCTAssertEqual(verbose.effectiveStyle, .form)
        XCTAssertTrue(verbose.effectiveExplode)
        let trace = try show.parameter("X-Trace")
        XCTAssertEqual(trace.location, .header)
        XCTAssertEqual(trace.effectiveStyle, .simple)
        XCTAssertFalse(trace.effectiveExplode)
        let session = try show.parameter("session")
        XCTAssertEqual(session.location, .cookie)
        XCTAssertEqual(session.style, .form)
        XCTAssertEqual(session.explode, false)

        // The delete operation only has the path-level ones.
        let delete = try document.operation(.delete, "/pets/{petId}")
        XCTAssertEqual(delete.parameters.map(\.name), ["petId", "verbose"])
        XCTAssertTrue(delete.deprecated)
        XCTAssertEqual(delete.extensions["x-paging"], .string("cursor"))
    }

    func testResponsesWithHeadersAndContent() throws {
        let document = try document(petstore30)
        let show = try document.operation(.get, "/pets/{petId}")
        XCTAssertEqual(show.responses.map(\.status), ["200", "4XX", "default"])
        XCTAssertEqual(show.responses.map(\.isSuccess), [true, false, false])
        let ok = try show.response("200")
        XCTAssertEqual(ok.description, "The pet.")
        XCTAssertEqual(ok.headers.map(\.name), ["X-Rate-Limit"])
        XCTAssertEqual(ok.headers[0].description, "Calls left.")
        XCTAssertTrue(ok.headers[0].required)
        XCTAssertEqual(document.schemas[try XCTUnwrap(ok.headers[0].schema)].format, "int32")
        XCTAssertEqual(ok.content.map(\.name), ["application/json"])
        let petID = try XCTUnwrap(ok.content[0].schema)
        XCTAssertEqual(document.schemas.resolved(petID), try document.componentID("Pet"))
        XCTAssertEqual(ok.content[0].examples, [.object([.init(key: "id", value: .int(1)), .init(key: "name", value: .string("Rex"))])])
        XCTAssertEqual(try show.response("4XX").content.count, 0)
        let fallback = try show.response("default")
        XCTAssertEqual(document.schemas.resolved(try XCTUnwrap(fallback.content[0].schema)), try document.componentID("Error"))
    }

    func testRequestBody() throws {
        let document = try document(petstore30)
        let create = try document.operation(.post, "/pets")
        let body = try XCTUnwrap(create.requestBody)
        XCTAssertEqual(body.description, "The pet to add.")
        XCTAssertTrue(body.required)
        XCTAssertEqual(body.content.map(\.name), ["application/json", "multipart/form-data"])
        XCTAssertEqual(body.content[0].examples, [.object([.init(key: "name", value: .string("Rex"))])])
        XCTAssertEqual(body.content[1].encodingContentTypes, ["photo": "image/png"])
        let form = document.schemas[try XCTUnwrap(body.content[1].schema)]
        XCTAssertEqual(form.types, [.object])
        XCTAssertEqual(try document.property("photo", of: form).format, "binary")
        XCTAssertEqual(create.responses.map(\.status), ["201"])
    }

    /// Callbacks inline and behind `$ref`: each request keeps its URL expression as its path.
    func testCallbacks() throws {
        let document = try document(
            """
            openapi: 3.0.3
            info: {title: Hooks, version: "1"}
            paths:
              /subscriptions:
                post:
                  responses: {'201': {description: created}}
                  callbacks:
                    onEvent:
                      '{$request.body#/url}':
                        post:
                          requestBody: {content: {application/json: {schema: {type: object}}}}
                          responses: {'204': {description: ok}}
                    onEnd: {$ref: '#/components/callbacks/Ended'}
            components:
              callbacks:
                Ended:
                  '{$request.body#/url}/end':
                    put:
                      responses: {'204': {description: ok}}
            """)
        let callbacks = try document.operation(.post, "/subscriptions").callbacks
        XCTAssertEqual(callbacks.map(\.name), ["onEvent", "onEnd"])
        XCTAssertEqual(callbacks.map { $0.operations.map(\.path) }, [["{$request.body#/url}"], ["{$request.body#/url}/end"]])
        XCTAssertEqual(callbacks[1].operations.map(\.method), [.put])
        XCTAssertNotNil(callbacks[0].operations[0].requestBody)
    }

    func testSchemasAndComponents() throws {
        let document = try document(petstore30)
        XCTAssertEqual(document.schemas.components.map(\.name), ["Pet", "Error"])
        let pet = try document.component("Pet")
        XCTAssertEqual(pet.types, [.object])
        XCTAssertEqual(pet.required, ["id", "name"])
        XCTAssertEqual(pet.properties.map(\.name), ["id", "name", "tag", "status", "weight", "attributes"])
        XCTAssertTrue(try document.property("id", of: pet).readOnly)
        let name = try document.property("name", of: pet)
        XCTAssertEqual(name.minLength, 1)
        XCTAssertEqual(name.maxLength, 40)
        XCTAssertEqual(name.pattern, "^[a-z]+$")
        let tag = try document.property("tag", of: pet)
        XCTAssertTrue(tag.nullable)
        XCTAssertEqual(tag.defaultValue, .string("none"))
        XCTAssertEqual(try document.property("status", of: pet).enumValues, [.string("available"), .string("sold")])
        let weight = try document.property("weight", of: pet)
        XCTAssertEqual(weight.minimum, 0)
        XCTAssertEqual(weight.maximum, 100.5)
        let attributes = try document.property("attributes", of: pet)
        guard case .schema(let valueID) = attributes.additionalProperties else {
            return XCTFail("additionalProperties should be a schema, got \(attributes.additionalProperties)")
        }
        XCTAssertEqual(document.schemas[valueID].types, [.string])
        XCTAssertEqual(try document.component("Error").additionalProperties, .allowed(false))
    }

    func testSecuritySchemesOfEachKind() throws {
        let document = try document(petstore30)
        XCTAssertEqual(document.securitySchemes.map(\.name), ["api_key", "query_key", "cookie_key", "bearer", "basic", "oauth", "oidc"])
        XCTAssertEqual(try document.securityScheme("api_key").kind, .apiKey(name: "X-API-Key", location: .header))
        XCTAssertEqual(try document.securityScheme("query_key").kind, .apiKey(name: "key", location: .query))
        XCTAssertEqual(try document.securityScheme("cookie_key").kind, .apiKey(name: "sid", location: .cookie))
        XCTAssertEqual(try document.securityScheme("bearer").kind, .http(scheme: "bearer", bearerFormat: "JWT"))
        XCTAssertEqual(try document.securityScheme("basic").kind, .http(scheme: "basic", bearerFormat: nil), "scheme names are case-insensitive")
        XCTAssertEqual(try document.securityScheme("oauth").kind, .oauth2)
        XCTAssertEqual(try document.securityScheme("oidc").kind, .openIdConnect)
    }

    func testSecurityRequirements() throws {
        let document = try document(petstore30)
        XCTAssertEqual(document.security.map(\.summary), [["api_key: []"], ["oauth: [read, write]", "basic: []"]])
        let delete = try document.operation(.delete, "/pets/{petId}")
        let none = try XCTUnwrap(delete.security, "`security: []` must be kept apart from an absent `security`")
        XCTAssertTrue(none.isEmpty)
        let create = try document.operation(.post, "/pets")
        XCTAssertEqual(try XCTUnwrap(create.security).map(\.summary), [["oauth: [write]"]])
    }

    func testAnonymousAlternativeInSecurityRequirement() throws {
        let document = try document("""
        openapi: 3.0.0
        info: {title: T, version: '1'}
        security:
          - {}
          - bearer: []
        paths: {}
        components:
          securitySchemes:
            bearer: {type: http, scheme: bearer}
        """)
        XCTAssertEqual(document.security.map(\.summary), [[], ["bearer: []"]])
        XCTAssertEqual(document.operations.count, 0)
    }
}
