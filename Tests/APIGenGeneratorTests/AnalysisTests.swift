import APIGenOpenAPI
import XCTest

@testable import APIGenGenerator

/// The analyses between the schemas and the declarations, each checked on its own: recursion,
/// value layout, media types, discriminator values, polymorphic bases and schema usage.
final class AnalysisTests: XCTestCase {
    // MARK: Declarations built by hand

    private func structure(_ name: String, _ properties: [(String, SwiftType)]) -> TypeDeclaration {
        var body = StructDeclaration()
        body.properties = properties.map {
            PropertyDeclaration(name: Identifier($0.0), key: $0.0, type: $0.1, isRequired: true, documentation: Documentation())
        }
        return TypeDeclaration(name: name, documentation: Documentation(), kind: .structure(body))
    }

    private func union(_ name: String, _ cases: [(String, SwiftType)]) -> TypeDeclaration {
        let items = cases.map { UnionDeclaration.Case(name: Identifier($0.0), type: $0.1, discriminatorValues: []) }
        return TypeDeclaration(name: name, documentation: Documentation(), kind: .union(UnionDeclaration(cases: items, discriminatorKey: nil)))
    }

    private func indirectProperties(_ declaration: TypeDeclaration) -> [String] {
        guard case .structure(let body) = declaration.kind else { return [] }
        return body.properties.filter(\.isIndirect).map(\.key)
    }

    private func isIndirectUnion(_ declaration: TypeDeclaration) -> Bool {
        if case .union(let union) = declaration.kind { return union.isIndirect }
        return false
    }

    private func analysed(_ declarations: [TypeDeclaration], threshold: Int? = nil) -> [TypeDeclaration] {
        var declarations = declarations
        var graph = TypeGraph(declarations)
        RecursionAnalysis.breakCycles(in: &graph)
        if let threshold { ValueLayout.boxLargeValues(in: &graph, threshold: threshold) }
        graph.apply(to: &declarations)
        return declarations
    }

    // MARK: Recursion

    /// Two structs that hold each other by value: each property on the cycle is boxed; arrays
    /// and dictionaries hold their elements out of line and are left alone.
    func testStructCycleIsBrokenByBoxingItsProperties() {
        let result = analysed([
            structure("Person", [("employer", .optional(.named("Company"))), ("friends", .array(.named("Person")))]),
            structure("Company", [("owner", .named("Person")), ("name", .string)]),
        ])
        XCTAssertEqual(result.map(indirectProperties), [["employer"], ["owner"]])
    }

    /// A union on a cycle becomes an indirect enum, which breaks the cycle alone: no struct
    /// property on it is boxed.
    func testUnionOnACycleBecomesIndirectInstead() {
        let result = analysed([
            union("Expression", [("sum", .named("Sum")), ("number", .int)]),
            structure("Sum", [("left", .named("Expression")), ("right", .named("Expression"))]),
        ])
        XCTAssertEqual(result.map(isIndirectUnion), [true, false])
        XCTAssertEqual(result.map(indirectProperties), [[], []])
    }

    /// A type alias is followed to the type it stands for.
    func testCycleThroughAnAliasIsFound() {
        let alias = TypeDeclaration(name: "Parent", documentation: Documentation(), kind: .alias(.named("Node")))
        let result = analysed([structure("Node", [("parent", .optional(.named("Parent")))]), alias])
        XCTAssertEqual(result.map(indirectProperties), [["parent"], []])
    }

    // MARK: Value layout

    /// A property whose type holds more fields than the threshold is stored out of line; a
    /// small one stays inline, and so does a large one held in an array.
    func testLargeValuesAreBoxedAndSmallOnesStayInline() {
        let big = structure("Big", (1...5).map { ("f\($0)", SwiftType.string) })
        let small = structure("Small", [("a", .string), ("b", .string)])
        let holder = structure("Holder", [("big", .named("Big")), ("small", .named("Small")), ("bigs", .array(.named("Big")))])
        let result = analysed([big, small, holder], threshold: 4)
        XCTAssertEqual(result.map(indirectProperties), [[], [], ["big"]])
    }

    /// A union whose cases together hold more than the threshold becomes an indirect enum.
    func testUnionHoldingManyFieldsBecomesIndirect() {
        let result = analysed(
            [
                structure("A", [("a", .string), ("b", .string), ("c", .string)]),
                structure("B", [("d", .string), ("e", .string)]),
                union("Either", [("a", .named("A")), ("b", .named("B"))]),
            ], threshold: 4)
        XCTAssertEqual(result.map(isIndirectUnion), [false, false, true])
    }

    // MARK: Schemas of a loaded document

    private func load(_ spec: String) throws -> OpenAPIDocument {
        let folder = try TemporaryFolder()
        let loaded = SpecLoader().load(path: try folder.write("spec.yaml", spec).path)
        let document = try XCTUnwrap(loaded.document, "\(loaded.diagnostics.items.map(\.description))")
        XCTAssertFalse(loaded.diagnostics.hasErrors, "\(loaded.diagnostics.items.map(\.description))")
        return document
    }

    private func component(_ name: String, in document: OpenAPIDocument) throws -> SchemaID {
        try XCTUnwrap(document.schemas.components.first { $0.name == name }?.schema, "no component \(name)")
    }

    private func componentNames(_ document: OpenAPIDocument) -> SchemaMap<String> {
        var names = SchemaMap<String>()
        for component in document.schemas.components { names[document.schemas.resolved(component.schema)] = component.name }
        return names
    }

    private static let pets = """
        openapi: 3.1.0
        info: {title: T, version: "1"}
        paths:
          /pets:
            get:
              responses: {"200": {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/Pet'}}}}}
            patch:
              requestBody: {content: {application/json: {schema: {$ref: '#/components/schemas/PetPatch'}}}}
              responses: {"204": {description: done}}
            post:
              requestBody: {content: {application/json: {schema: {$ref: '#/components/schemas/NewPet'}}}}
              responses: {"200": {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/Pet'}}}}}
        components:
          schemas:
            Pet:
              oneOf: [{$ref: '#/components/schemas/Cat'}, {$ref: '#/components/schemas/Dog'}, {$ref: '#/components/schemas/Fish'}]
              discriminator: {propertyName: kind, mapping: {kitty: '#/components/schemas/Cat', tabby: '#/components/schemas/Cat'}}
            Cat: {type: object, properties: {kind: {type: string}}}
            Dog: {type: object, properties: {kind: {const: dog}}}
            Fish: {type: object, properties: {kind: {type: string}}}
            PetPatch: {type: object, properties: {name: {type: [string, "null"]}}}
            NewPet: {type: object, properties: {name: {type: string}}}
            Animal:
              type: object
              required: [kind]
              properties: {kind: {type: string}}
              discriminator: {propertyName: kind}
            Bird: {allOf: [{$ref: '#/components/schemas/Animal'}, {type: object, properties: {wings: {type: integer}}}]}
            Worm: {allOf: [{$ref: '#/components/schemas/Animal'}]}
        """

    /// Mapping entries first (both of Cat's), else the value a property fixes, else the
    /// component's name; one known value only where exactly one selects the object.
    func testDiscriminatorValuesComeFromTheMappingTheConstantOrTheName() throws {
        let document = try load(Self.pets)
        let table = document.schemas
        let shapes = ShapeTable(table)
        let names = componentNames(document)
        let pet = table[try component("Pet", in: document)]
        let discriminator = try XCTUnwrap(pet.discriminator)
        let values = pet.oneOf.map {
            DiscriminatorValues.values(for: $0, discriminator: discriminator, table: table, shapes: shapes, componentNames: names)
        }
        XCTAssertEqual(values, [["kitty", "tabby"], ["dog"], ["Fish"]])
        let known = DiscriminatorValues.known(table: table, shapes: shapes, componentNames: names)
        XCTAssertNil(known[table.resolved(try component("Cat", in: document))])
        XCTAssertEqual(known[table.resolved(try component("Dog", in: document))], .init(key: "kind", value: "dog"))
        XCTAssertEqual(known[table.resolved(try component("Fish", in: document))], .init(key: "kind", value: "Fish"))
    }

    /// A base with a discriminator has the components that extend it as subtypes; one that only
    /// wraps it (`allOf: [Animal]`) adds nothing and is none.
    func testPolymorphicBaseSubtypesAreTheComponentsThatExtendIt() throws {
        let document = try load(Self.pets)
        let table = document.schemas
        let shapes = table.schemas.map { SchemaShape($0, in: table) }
        let subtypes = PolymorphicBases.subtypes(in: table, shapes: shapes)
        let animal = table.resolved(try component("Animal", in: document))
        XCTAssertEqual(subtypes[animal], [table.resolved(try component("Bird", in: document))])
        XCTAssertEqual(subtypes.count, 1)
    }

    /// Which way each schema travels: a response only received, a POST body only sent, a PATCH
    /// body's nullable fields three-state in the body's own type.
    func testSchemaUsageFollowsRequestsAndResponses() throws {
        let document = try load(Self.pets)
        let table = document.schemas
        let usage = SchemaUsage(document)
        let cat = table.resolved(try component("Cat", in: document))
        let newPet = table.resolved(try component("NewPet", in: document))
        let patch = table.resolved(try component("PetPatch", in: document))
        XCTAssertTrue(usage.isOnlyReceived(cat))
        XCTAssertFalse(usage.isOnlySent(cat))
        XCTAssertTrue(usage.isOnlySent(newPet))
        guard case .inType = usage.patchFields(of: patch) else { return XCTFail("PetPatch's fields are not three-state") }
        guard case SchemaUsage.PatchFields.none = usage.patchFields(of: newPet) else {
            return XCTFail("a POST body has three-state fields")
        }
    }

    /// JSON (and `+json`) first, then form, multipart, streams, bytes, text; a wildcard is JSON
    /// only where its schema is structured, and is sent under a concrete type.
    func testMediaTypeKindsAndContentTypes() throws {
        let document = try load(
            """
            openapi: 3.1.0
            info: {title: T, version: "1"}
            paths:
              /a:
                post:
                  requestBody:
                    content:
                      text/plain: {schema: {type: string}}
                      "*/*": {schema: {type: object}}
                      application/octet-stream: {schema: {type: string, format: binary}}
                  responses: {"204": {description: done}}
            """)
        let table = document.schemas
        let shapes = ShapeTable(table)
        let content = try XCTUnwrap(document.operations.first?.requestBody?.content)
        XCTAssertEqual(content.map { MediaTypes.kind(of: $0, shapes, table) }, [.text, .json, .binary])
        let preferred = try XCTUnwrap(MediaTypes.preferred(content, shapes, table))
        XCTAssertEqual(preferred.name, "*/*")
        XCTAssertEqual(MediaTypes.contentType(of: preferred, kind: .json), "application/json")
        XCTAssertEqual(MediaTypes.contentType(of: content[2], kind: .binary), "application/octet-stream")
    }

    // MARK: The catalog stage

    /// The pipeline makes the catalog once, as a stage of its own between the document and the
    /// declarations, and the catalog holds each operation's entry and each subtype's known value.
    func testTheCatalogIsAStageOfItsOwn() throws {
        let folder = try TemporaryFolder()
        var pipeline = GeneratorPipeline()
        let loaded = pipeline.load(path: try folder.write("spec.yaml", Self.pets).path)
        let document = try XCTUnwrap(loaded.document)
        let catalog = SchemaCatalog(document)
        XCTAssertEqual(catalog.operations.map(\.operation.method), [.get, .patch, .post])
        XCTAssertEqual(catalog.knownDiscriminators[document.schemas.resolved(try component("Dog", in: document))]?.value, "dog")
        _ = pipeline.generate(document, files: loaded.files, options: GeneratorOptions(moduleName: "T", specFileName: "spec.yaml"))
        XCTAssertEqual(
            pipeline.timings.entries.map(\.stage), ["read", "model", "resolve", "validate", "catalog", "translate", "render"])
    }
}
