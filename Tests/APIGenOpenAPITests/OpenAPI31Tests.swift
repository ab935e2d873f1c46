import APIGenOpenAPI
import APIGenYAML
import XCTest

/// OpenAPI 3.1 and 3.2 documents, references beside other keywords, and JSON specs read into
/// the internal form.
final class OpenAPI31Tests: SpecTestCase {
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
