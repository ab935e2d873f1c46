import APIGenOpenAPI
import APIGenYAML
import XCTest

/// OpenAPI 3.0 and 3.1 documents read into the internal form.
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

    // MARK: 3.1

    private let spec31 = """
    openapi: 3.1.0
    info:
      title: Pets 3.1
      summary: Short.
      version: '2'
    webhooks:
      newPet:
        post:
          operationId: newPetHook
          requestBody:
            content:
              application/json:
                schema: {$ref: '#/components/schemas/Pet'}
          responses:
            '200': {description: Received.}
    components:
      schemas:
        Pet:
          type: object
          $defs:
            Tag:
              type: object
              properties:
                label: {type: string}
          properties:
            name: {type: [string, 'null']}
            age: {type: [integer, 'null'], format: int32}
            kind: {const: dog}
            color:
              type: string
              examples: [brown, black]
            tags:
              type: array
              items: {$ref: '#/components/schemas/Pet/$defs/Tag'}
            plain: {type: 'null'}
            either: {type: [string, integer]}
            anything: true
            owner:
              $ref: '#/components/schemas/Owner'
              description: A 3.1 reference keeps its siblings.
        Owner:
          type: object
          properties:
            name: {type: string}
      securitySchemes:
        mtls: {type: mutualTLS}
    """

    func testOpenAPI31InfoAndWebhooks() throws {
        let document = try document(spec31)
        XCTAssertEqual(document.version, .openAPI31)
        XCTAssertEqual(document.info.title, "Pets 3.1")
        XCTAssertEqual(document.info.summary, "Short.")
        XCTAssertEqual(document.info.version, "2")
        XCTAssertEqual(document.operations.count, 0, "3.1 allows a document without paths")
        XCTAssertEqual(document.webhooks.count, 1)
        let hook = document.webhooks[0]
        XCTAssertEqual(hook.path, "newPet")
        XCTAssertEqual(hook.method, .post)
        XCTAssertEqual(hook.operationId, "newPetHook")
        let body = try XCTUnwrap(hook.requestBody?.content.first?.schema)
        XCTAssertEqual(document.schemas.resolved(body), try document.componentID("Pet"))
        XCTAssertEqual(try document.securityScheme("mtls").kind, .mutualTLS)
    }

    func testOpenAPI31TypeArraysConstExamplesAndDefs() throws {
        let document = try document(spec31)
        let pet = try document.component("Pet")
        let name = try document.property("name", of: pet)
        XCTAssertEqual(name.types, [.string])
        XCTAssertTrue(name.nullable, "[string, null] is a nullable string")
        let age = try document.property("age", of: pet)
        XCTAssertEqual(age.types, [.integer])
        XCTAssertTrue(age.nullable)
        XCTAssertEqual(age.format, "int32")
        XCTAssertEqual(try document.property("kind", of: pet).constValue, .string("dog"))
        XCTAssertEqual(try document.property("color", of: pet).examples, [.string("brown"), .string("black")])
        let plain = try document.property("plain", of: pet)
        XCTAssertEqual(plain.types, [.null], "a lone null type stays a null type")
        XCTAssertFalse(plain.nullable)
        let either = try document.property("either", of: pet)
        XCTAssertEqual(either.types, [.string, .integer])
        XCTAssertFalse(either.nullable)
        XCTAssertTrue(try document.property("anything", of: pet).isUnconstrained, "`true` is a schema in 3.1")

        // `$defs` reached through a `$ref` into the component.
        let tags = try document.property("tags", of: pet)
        let itemID = try XCTUnwrap(tags.items)
        XCTAssertEqual(document.schemas[itemID].referenceText, "#/components/schemas/Pet/$defs/Tag")
        let tagID = document.schemas.resolved(itemID)
        XCTAssertNotEqual(tagID, itemID)
        XCTAssertEqual(document.schemas[tagID].properties.map(\.name), ["label"])
        XCTAssertEqual(document.schemas.referenceNames[tagID], "Tag")

        // Components are named by `components`, not by `referenceNames`.
        let ownerProperty = try XCTUnwrap(pet.properties.first { $0.name == "owner" }?.schema)
        XCTAssertEqual(document.schemas[ownerProperty].description, "A 3.1 reference keeps its siblings.")
        XCTAssertEqual(document.schemas.resolved(ownerProperty), try document.componentID("Owner"))
        XCTAssertNil(document.schemas.referenceNames[try document.componentID("Owner")])
    }

    func testReferenceSiblingsAreDroppedIn30() throws {
        let document = try document("""
        openapi: 3.0.0
        info: {title: T, version: '1'}
        paths: {}
        components:
          schemas:
            A:
              $ref: '#/components/schemas/B'
              type: string
              nullable: true
            B: {type: integer}
        """)
        let aID = try document.componentID("A")
        XCTAssertEqual(document.schemas[aID].types, [], "3.0: `$ref` replaces its siblings")
        XCTAssertTrue(document.schemas[aID].nullable, "but `nullable` beside `$ref` is kept")
        XCTAssertEqual(document.schemas[aID].reference, try document.componentID("B"))
    }

    /// A `const` beside `$ref` in 3.0 is applied (it tells alternatives apart, as in Polaris'
    /// TrueExpression), and a warning says the standard ignores it there.
    func testConstBesideReferenceIn30IsAppliedWithAWarning() throws {
        let result = try load("""
        openapi: 3.0.3
        info: {title: T, version: '1'}
        paths: {}
        components:
          schemas:
            TrueExpression:
              type: object
              properties:
                type: {$ref: '#/components/schemas/ExpressionType', const: 'true'}
            ExpressionType: {type: string}
        """)
        let document = try XCTUnwrap(result.document)
        let diagnostics = result.diagnostics.warnings
        let type = try XCTUnwrap(document.schemas[try document.componentID("TrueExpression")].properties.first?.schema)
        XCTAssertEqual(document.schemas[type].constValue, .string("true"))
        XCTAssertEqual(diagnostics.map(\.message), ["'const' beside '$ref' is applied, though OpenAPI 3.0 ignores a reference's siblings"])
        XCTAssertEqual(diagnostics.first?.description.hasPrefix(located("9:")), true, "at the `const`")
    }

    func testJSONSpecLoads() throws {
        let document = try document("""
        {"openapi": "3.0.1", "info": {"title": "J", "version": "1"},
         "paths": {"/a": {"get": {"responses": {"200": {"description": "ok"}}}}}}
        """, name: "spec.json")
        XCTAssertEqual(document.info.title, "J")
        XCTAssertEqual(document.operations.map(\.path), ["/a"])
    }

    func testNumericVersionAndTitleAreText() throws {
        let document = try document("""
        openapi: 3.0.2
        info: {title: 2024, version: 1.0}
        paths: {}
        """)
        XCTAssertEqual(document.info.title, "2024")
        XCTAssertEqual(document.info.version, "1.0")
    }

    func testTupleItemsIsAWarningNotAFailure() throws {
        let result = try load("""
        openapi: 3.0.0
        info: {title: T, version: '1'}
        paths: {}
        components:
          schemas:
            Pair:
              type: array
              items:
                - {type: string}
                - {type: integer}
        """)
        XCTAssertTrue(result.succeeded, "warnings must not fail a spec: \(result.diagnostics.items)")
        XCTAssertNotNil(result.document)
        XCTAssertEqual(result.diagnostics.errors.count, 0)
        XCTAssertEqual(result.diagnostics.warnings.map(\.description), [
            located("9:9: warning: tuple-style 'items' is generated as an array of free-form values (#/components/schemas/Pair/items)"),
        ])
        XCTAssertNil(try XCTUnwrap(result.document).component("Pair").items)
    }

    /// OpenAPI 3.2: `query`, `additionalOperations` (a bad or standard name is left out with a
    /// warning), `in: querystring` (form content only), media types behind `$ref`, `itemSchema`.
    func testOpenAPI32Additions() throws {
        let result = try load("""
        openapi: 3.2.0
        info: {title: T, version: "1"}
        paths:
          /a:
            query:
              responses: {'200': {description: ok, content: {application/json: {$ref: '#/components/mediaTypes/List'}}}}
            additionalOperations:
              LINK: {responses: {'204': {description: ok}}}
              GET: {responses: {'204': {description: ok}}}
              'NOT A METHOD': {responses: {'204': {description: ok}}}
          /b:
            get:
              parameters:
                - {name: f, in: querystring, content: {application/x-www-form-urlencoded: {schema: {type: object}}}}
                - {name: j, in: querystring, content: {application/json: {schema: {type: object}}}}
              responses:
                '200': {description: ok, content: {text/event-stream: {itemSchema: {type: object}}}}
        components:
          mediaTypes:
            List: {schema: {type: array, items: {type: string}}}
        """)
        let document = try XCTUnwrap(result.document)
        XCTAssertEqual(document.version, .openAPI32)
        XCTAssertEqual(document.operations.map(\.method.rawValue), ["query", "LINK", "get"])
        XCTAssertFalse(document.operations[1].method.isIdempotent)
        XCTAssertTrue(document.operations[0].method.isIdempotent)
        let list = try XCTUnwrap(document.operations[0].responses[0].content.first?.schema)
        XCTAssertEqual(document.schemas[document.schemas.resolved(list)].types, [.array])
        let parameters = document.operations[2].parameters
        XCTAssertEqual(parameters.map(\.name), ["f"])
        XCTAssertEqual(parameters.first?.location, .query)
        XCTAssertEqual(parameters.first?.style, .form)
        XCTAssertEqual(parameters.first?.explode, true)
        XCTAssertNotNil(document.operations[2].responses[0].content.first?.itemSchema)
        XCTAssertEqual(result.diagnostics.warnings.map(\.description), [
            located("9:12: warning: 'GET' has a field of its own in a path item; the operation is left out (#/paths/~1a/additionalOperations/GET)"),
            located("10:23: warning: 'NOT A METHOD' is not an HTTP method name; the operation is left out (#/paths/~1a/additionalOperations/NOT A METHOD)"),
            located("15:11: warning: querystring parameter 'j' is supported only as application/x-www-form-urlencoded content; it is left out (#/paths/~1b/get/parameters/1)"),
        ])
    }

    /// `$recursiveRef: "#"` is the nearest enclosing schema marked `$recursiveAnchor: true`;
    /// without one, and for `$dynamicRef`, a warning and a free-form value.
    func testRecursiveReferenceIsTheEnclosingAnchor() throws {
        let result = try load("""
        openapi: 3.1.0
        info: {title: T, version: '1'}
        paths: {}
        components:
          schemas:
            Tree:
              $recursiveAnchor: true
              type: object
              properties:
                children:
                  type: array
                  items: {$recursiveRef: '#'}
            Loose:
              type: object
              properties:
                next: {$recursiveRef: '#'}
                other: {$dynamicRef: '#node'}
        """)
        let document = try XCTUnwrap(result.document)
        let items = try XCTUnwrap(try document.property("children", of: document.component("Tree")).items)
        XCTAssertEqual(document.schemas[items].reference, try document.componentID("Tree"))
        XCTAssertNil(try document.property("next", of: document.component("Loose")).reference)
        XCTAssertEqual(result.diagnostics.warnings.map(\.description), [
            located("16:31: warning: '$recursiveRef: #' has no enclosing '$recursiveAnchor: true'; it is generated as a free-form value (#/components/schemas/Loose/properties/next/$recursiveRef)"),
            located("17:30: warning: '$dynamicRef' is not supported; it is generated as a free-form value (#/components/schemas/Loose/properties/other/$dynamicRef)"),
        ])
    }
}
