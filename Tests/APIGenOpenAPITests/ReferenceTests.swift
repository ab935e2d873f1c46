import APIGenOpenAPI
import APIGenYAML
import XCTest

/// `$ref` inside one file and across files.
final class ReferenceTests: SpecTestCase {
    func testEscapedAndPercentEncodedPointers() throws {
        let document = try document("""
        openapi: 3.0.0
        info: {title: T, version: '1'}
        paths: {}
        components:
          schemas:
            a/b: {type: string}
            c~d: {type: integer}
            e f: {type: boolean}
            "~1": {type: number}
            Uses:
              type: object
              properties:
                slash: {$ref: '#/components/schemas/a~1b'}
                tilde: {$ref: '#/components/schemas/c~0d'}
                space: {$ref: '#/components/schemas/e%20f'}
                literal: {$ref: '#/components/schemas/~01'}
        """)
        XCTAssertEqual(document.schemas.components.map(\.name), ["a/b", "c~d", "e f", "~1", "Uses"])
        let uses = try document.component("Uses")
        func target(_ property: String) throws -> SchemaID {
            document.schemas.resolved(try XCTUnwrap(uses.properties.first { $0.name == property }?.schema))
        }
        XCTAssertEqual(try target("slash"), try document.componentID("a/b"))
        XCTAssertEqual(try target("tilde"), try document.componentID("c~d"))
        XCTAssertEqual(try target("space"), try document.componentID("e f"))
        XCTAssertEqual(try target("literal"), try document.componentID("~1"), "`~01` is `~1`, not `/`")
    }

    func testReferencesToObjectsOtherThanSchemas() throws {
        let document = try document("""
        openapi: 3.0.0
        info: {title: T, version: '1'}
        paths:
          /pets/{id}:
            $ref: '#/components/pathItems/Pet'
          /items:
            get:
              parameters:
                - $ref: '#/components/parameters/Limit'
              requestBody: {$ref: '#/components/requestBodies/Item'}
              responses:
                '200': {$ref: '#/components/responses/Ok'}
        components:
          pathItems:
            Pet:
              get:
                parameters:
                  - {name: id, in: path, required: true, schema: {type: string}}
                responses:
                  '200': {description: A pet.}
          parameters:
            Limit: {name: limit, in: query, schema: {type: integer}}
          requestBodies:
            Item:
              required: true
              content:
                application/json:
                  schema: {type: object}
          responses:
            Ok:
              description: Fine.
              headers:
                X-Id: {$ref: '#/components/headers/Id'}
          headers:
            Id: {schema: {type: string}}
        """)
        XCTAssertEqual(document.operations.map(\.path), ["/pets/{id}", "/items"])
        let items = try document.operation(.get, "/items")
        XCTAssertEqual(items.parameters.map(\.name), ["limit"])
        XCTAssertEqual(items.requestBody?.required, true)
        XCTAssertEqual(items.requestBody?.content.map(\.name), ["application/json"])
        XCTAssertEqual(try items.response("200").description, "Fine.")
        XCTAssertEqual(try items.response("200").headers.map(\.name), ["X-Id"])
    }

    func testSchemaInsideAnOperationCanBeReferenced() throws {
        let document = try document("""
        openapi: 3.0.0
        info: {title: T, version: '1'}
        paths:
          /pets:
            get:
              responses:
                '200':
                  description: ok
                  content:
                    application/json:
                      schema: {type: object, properties: {name: {type: string}}}
        components:
          schemas:
            Listing:
              $ref: '#/paths/~1pets/get/responses/200/content/application~1json/schema'
        """)
        let listing = try document.component("Listing")
        XCTAssertEqual(listing.properties.map(\.name), ["name"])
    }

    func testReferencesToOtherFiles() throws {
        try write("models/pet.yaml", """
        type: object
        properties:
          owner: {$ref: 'people.yaml#/Owner'}
          tags:
            type: array
            items: {$ref: '../shared/tag.yaml'}
        """)
        try write("models/people.yaml", """
        Owner:
          type: object
          properties:
            name: {type: string}
            pet: {$ref: 'pet.yaml'}
        """)
        try write("shared/tag.yaml", "type: string\n")
        try write("shared/params.yaml", """
        limit: {name: limit, in: query, schema: {$ref: '../models/people.yaml#/Owner/properties/name'}}
        """)
        try write("my models/error model.yaml", "type: object\nproperties:\n  message: {type: string}\n")
        let document = try document("""
        openapi: 3.0.0
        info: {title: T, version: '1'}
        paths:
          /pets:
            get:
              parameters:
                - $ref: 'shared/params.yaml#/limit'
              responses:
                '200':
                  description: ok
                  content:
                    application/json:
                      schema: {$ref: 'models/pet.yaml'}
                default:
                  description: error
                  content:
                    application/json:
                      schema: {$ref: 'my%20models/error%20model.yaml'}
        components:
          schemas:
            Pet: {$ref: './models/pet.yaml'}
        """)
        let names = document.schemas.referenceNames
        let petID = document.schemas.resolved(try document.componentID("Pet"))
        XCTAssertNotEqual(petID, try document.componentID("Pet"))
        XCTAssertEqual(names[petID], "pet", "a whole file is named after the file")
        let pet = document.schemas[petID]
        XCTAssertEqual(pet.properties.map(\.name), ["owner", "tags"])
        let ownerID = document.schemas.resolved(try XCTUnwrap(pet.properties[0].schema))
        XCTAssertEqual(names[ownerID], "Owner", "a pointer into a file is named after its last token")
        XCTAssertEqual(document.schemas[ownerID].properties.map(\.name), ["name", "pet"])
        let backID = document.schemas.resolved(try XCTUnwrap(document.schemas[ownerID].properties[1].schema))
        XCTAssertEqual(backID, petID, "the same file reached by two paths is one schema")
        let tagsID = try XCTUnwrap(pet.properties[1].schema)
        let tagID = document.schemas.resolved(try XCTUnwrap(document.schemas[tagsID].items))
        XCTAssertEqual(document.schemas[tagID].types, [.string])
        XCTAssertEqual(names[tagID], "tag")

        let list = try document.operation(.get, "/pets")
        let limit = try list.parameter("limit")
        XCTAssertEqual(document.schemas[document.schemas.resolved(try XCTUnwrap(limit.schema))].types, [.string])
        XCTAssertEqual(document.schemas.resolved(try XCTUnwrap(list.response("200").content.first?.schema)), petID)
        let errorID = document.schemas.resolved(try XCTUnwrap(list.response("default").content.first?.schema))
        XCTAssertEqual(names[errorID], "error model")
        XCTAssertEqual(document.schemas[errorID].properties.map(\.name), ["message"])

        XCTAssertEqual(document.schemas.components.map(\.name), ["Pet"])
        XCTAssertNil(names[try document.componentID("Pet")])
    }

    /// One relative path names the file beside each referring file: lookups are shared by the
    /// files of one folder, not across folders.
    func testOneRelativePathFromTwoFoldersNamesTwoFiles() throws {
        try write("cats/cat.yaml", "type: object\nproperties:\n  name: {$ref: 'name.yaml'}\n  kitten: {$ref: 'kitten.yaml'}\n")
        try write("cats/kitten.yaml", "type: object\nproperties:\n  name: {$ref: 'name.yaml'}\n")
        try write("cats/name.yaml", "type: string\n")
        try write("dogs/dog.yaml", "type: object\nproperties:\n  name: {$ref: 'name.yaml'}\n")
        try write("dogs/name.yaml", "type: integer\n")
        let document = try document("""
        openapi: 3.0.0
        info: {title: T, version: '1'}
        paths: {}
        components:
          schemas:
            Cat: {$ref: 'cats/cat.yaml'}
            Dog: {$ref: './dogs/../dogs/dog.yaml'}
        """)
        func nameType(_ object: SchemaID) throws -> JSONTypes {
            let properties = document.schemas[document.schemas.resolved(object)].properties
            return document.schemas[document.schemas.resolved(try XCTUnwrap(properties.first { $0.name == "name" }?.schema))].types
        }
        let cat = try document.componentID("Cat")
        XCTAssertEqual(try nameType(cat), [.string])
        XCTAssertEqual(try nameType(try document.componentID("Dog")), [.integer])
        let kitten = try XCTUnwrap(document.schemas[document.schemas.resolved(cat)].properties.last?.schema)
        XCTAssertEqual(try nameType(kitten), [.string])
    }

    func testReferencedFileErrorsAreLocatedInThatFile() throws {
        try write("models/pet.yaml", """
        type: object
        properties:
          name: {type: strng}
        """)
        XCTAssertEqual(try errors("""
        openapi: 3.0.0
        info: {title: T, version: '1'}
        paths: {}
        components:
          schemas:
            Pet: {$ref: 'models/pet.yaml'}
        """), [
            located("3:16: error: unknown type 'strng'; expected one of string, integer, number, boolean, object, array, null (#/properties/name/type)", in: "models/pet.yaml"),
        ])
    }

    func testRecursiveSchemasLoad() throws {
        let document = try document("""
        openapi: 3.0.0
        info: {title: T, version: '1'}
        paths: {}
        components:
          schemas:
            Node:
              type: object
              properties:
                value: {type: string}
                children:
                  type: array
                  items: {$ref: '#/components/schemas/Node'}
                parent: {$ref: '#/components/schemas/Node'}
            Even:
              type: object
              properties:
                next: {$ref: '#/components/schemas/Odd'}
            Odd:
              type: object
              properties:
                next: {$ref: '#/components/schemas/Even'}
        """)
        let nodeID = try document.componentID("Node")
        let node = document.schemas[nodeID]
        let children = document.schemas[try XCTUnwrap(node.properties.first { $0.name == "children" }?.schema)]
        XCTAssertEqual(document.schemas.resolved(try XCTUnwrap(children.items)), nodeID)
        XCTAssertEqual(document.schemas.resolved(try XCTUnwrap(node.properties.first { $0.name == "parent" }?.schema)), nodeID)
        let odd = try document.component("Even").properties[0].schema
        XCTAssertEqual(document.schemas.resolved(odd), try document.componentID("Odd"))
        XCTAssertEqual(document.schemas.resolved(try document.component("Odd").properties[0].schema), try document.componentID("Even"))
    }

    func testRecursionAcrossFiles() throws {
        try write("tree.yaml", """
        type: object
        properties:
          children:
            type: array
            items: {$ref: '#'}
          sibling: {$ref: 'tree.yaml'}
        """)
        let document = try document("""
        openapi: 3.0.0
        info: {title: T, version: '1'}
        paths: {}
        components:
          schemas:
            Tree: {$ref: 'tree.yaml'}
        """)
        let treeID = document.schemas.resolved(try document.componentID("Tree"))
        let tree = document.schemas[treeID]
        XCTAssertEqual(tree.properties.map(\.name), ["children", "sibling"])
        let children = document.schemas[tree.properties[0].schema]
        XCTAssertEqual(document.schemas.resolved(try XCTUnwrap(children.items)), treeID)
        XCTAssertEqual(document.schemas.resolved(tree.properties[1].schema), treeID)
    }

    func testDiscriminatorMappingResolves() throws {
        let document = try document("""
        openapi: 3.0.0
        info: {title: T, version: '1'}
        paths: {}
        components:
          schemas:
            Pet:
              oneOf:
                - $ref: '#/components/schemas/Cat'
                - $ref: '#/components/schemas/Dog'
              discriminator:
                propertyName: kind
                mapping:
                  cat: '#/components/schemas/Cat'
                  dog: Dog
            Cat: {type: object, properties: {kind: {type: string}}}
            Dog: {type: object, properties: {kind: {type: string}}}
        """)
        let pet = try document.component("Pet")
        XCTAssertEqual(pet.oneOf.map { document.schemas.resolved($0) }, [try document.componentID("Cat"), try document.componentID("Dog")])
        let discriminator = try XCTUnwrap(pet.discriminator)
        XCTAssertEqual(discriminator.propertyName, "kind")
        XCTAssertEqual(discriminator.mapping.map(\.value), ["cat", "dog"])
        XCTAssertEqual(discriminator.mapping.map(\.schema), [try document.componentID("Cat"), try document.componentID("Dog")])
    }

    /// Bundlers write pointers that pass through a `$ref` (`…/allOf/0/properties/…`, where
    /// `allOf/0` is a reference): followed through it. A mapping entry that leads nowhere is a
    /// warning and is left out, not an error that costs the whole client.
    func testPointersFollowReferencesOnTheWayAndABadMappingEntryIsAWarning() throws {
        let loaded = try load("""
        openapi: 3.0.0
        info: {title: T, version: '1'}
        paths:
          /items:
            get:
              responses:
                '200':
                  description: ok
                  content:
                    application/json:
                      schema:
                        allOf:
                          - $ref: '#/components/schemas/Page'
        components:
          schemas:
            Page:
              type: object
              properties:
                item:
                  oneOf: [{type: object, properties: {kind: {type: string}, size: {type: integer}}}, {$ref: '#/components/schemas/Other'}]
            Other: {type: object, properties: {kind: {type: string}}}
            Thing:
              oneOf:
                - $ref: '#/paths/~1items/get/responses/200/content/application~1json/schema/allOf/0/properties/item/oneOf/0'
                - $ref: '#/components/schemas/Other'
              discriminator:
                propertyName: kind
                mapping:
                  big: '#/paths/~1items/get/responses/200/content/application~1json/schema/allOf/0/properties/item/oneOf/0'
                  other: Other
                  gone: '#/components/schemas/Missing'
        """)
        XCTAssertFalse(loaded.diagnostics.hasErrors, "\(loaded.diagnostics.items.map(\.description))")
        XCTAssertEqual(
            loaded.diagnostics.warnings.map(\.message),
            ["discriminator mapping 'gone' points at '#/components/schemas/Missing', which does not resolve; the entry is ignored"])
        let document = try XCTUnwrap(loaded.document)
        let thing = try document.component("Thing")
        let big = document.schemas[document.schemas.resolved(thing.oneOf[0])]
        XCTAssertEqual(big.properties.map(\.name), ["kind", "size"])
        XCTAssertEqual(thing.discriminator?.mapping.map(\.value), ["big", "other"])
    }
}
