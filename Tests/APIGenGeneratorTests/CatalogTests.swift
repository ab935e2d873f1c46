import APIGenOpenAPI
import XCTest

@testable import APIGenGenerator

/// The decisions made once per schema and per operation (`SchemaShape`, `OperationEntry`, the
/// sample synthesizer), checked directly rather than through the text they lead to.
final class CatalogTests: XCTestCase {
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

    private func entries(_ document: OpenAPIDocument) -> [OperationEntry] {
        let shapes = ShapeTable(document.schemas)
        return document.operations.map { OperationEntry($0, shapes: shapes, table: document.schemas) }
    }

    private static let header = """
        openapi: 3.0.3
        info: {title: Catalog, version: "1"}

        """

    // MARK: Operations

    func testTheRequestBodyIsJSONFirstThenFormMultipartBytesText() throws {
        let document = try load(
            Self.header + """
                paths:
                  /a:
                    post:
                      requestBody:
                        content:
                          text/plain: {schema: {type: string}}
                          application/x-www-form-urlencoded: {schema: {type: object, properties: {a: {type: string}}}}
                          application/vnd.api+json: {schema: {type: object}}
                      responses: {"204": {description: done}}
                  /b:
                    post:
                      requestBody:
                        content:
                          text/plain: {schema: {type: string}}
                          multipart/form-data: {schema: {type: object, properties: {f: {type: string, format: binary}}}}
                      responses: {"204": {description: done}}
                  /c:
                    post:
                      requestBody:
                        content:
                          text/csv: {schema: {type: string}}
                          application/octet-stream: {schema: {type: string, format: binary}}
                      responses: {"204": {description: done}}
                """)
        let bodies = entries(document).map { ($0.body?.type.name, $0.body?.kind) }
        XCTAssertEqual(bodies.map(\.0), ["application/vnd.api+json", "multipart/form-data", "application/octet-stream"])
        XCTAssertEqual(bodies.map(\.1), [.json, .multipart, .binary])
    }

    func testAWildcardBodyIsJSONOnlyWhenItsSchemaIsStructured() throws {
        let document = try load(
            Self.header + """
                paths:
                  /object:
                    delete:
                      requestBody: {content: {"*/*": {schema: {type: object, properties: {a: {type: string}}}}}}
                      responses: {"200": {description: ok, content: {"*/*": {schema: {type: string}}}}}
                  /list:
                    delete:
                      requestBody: {content: {"application/*": {schema: {type: array, items: {type: string}}}}}
                      responses: {"204": {description: done}}
                """)
        let found = entries(document)
        XCTAssertEqual(found[0].body?.kind, .json)
        XCTAssertNotNil(found[0].body?.jsonSchema)
        XCTAssertEqual(found[0].successes.first?.media?.kind, .binary, "a wildcard string response is bytes")
        XCTAssertNil(found[0].firstJSONSchema)
        XCTAssertEqual(found[1].body?.kind, .json)
    }

    func testSuccessesAreThe2xxResponsesElseTheDefaultOne() throws {
        let document = try load(
            Self.header + """
                paths:
                  /mixed:
                    get:
                      responses:
                        "200": {description: ok, content: {text/plain: {schema: {type: string}}}}
                        "201": {description: made, content: {application/json: {schema: {type: object, properties: {id: {type: integer}}}}}}
                        "404": {description: missing, content: {application/json: {schema: {type: object}}}}
                        default: {description: error, content: {application/json: {schema: {type: object}}}}
                  /fallback:
                    get:
                      responses:
                        "400": {description: bad}
                        default: {description: any, content: {application/json: {schema: {type: integer}}}}
                  /empty:
                    get:
                      responses:
                        "204": {description: nothing}
                """)
        let found = entries(document)
        XCTAssertEqual(found[0].successes.map(\.response.status), ["200", "201"])
        XCTAssertEqual(found[0].successes.map { $0.media?.kind }, [.text, .json])
        let created = try XCTUnwrap(found[0].firstJSONSchema, "the 201's schema, past the text 200")
        XCTAssertEqual(document.schemas[created].properties.map(\.name), ["id"])
        XCTAssertEqual(found[1].successes.map(\.response.status), ["default"])
        XCTAssertNotNil(found[1].firstJSONSchema)
        XCTAssertEqual(found[2].successes.map(\.response.status), ["204"])
        XCTAssertNil(found[2].successes[0].media, "a response without content has no media")
    }

    func testJSONSuccessesPairEachStatusWithItsDecodedType() throws {
        let document = try load(
            Self.header + """
                paths:
                  /a:
                    get:
                      operationId: fetch
                      responses:
                        "200": {description: ok, content: {application/json: {schema: {type: string}}}}
                        "202": {description: later, content: {application/json: {schema: {type: integer}}}}
                        "204": {description: nothing}
                """)
        let entry = try XCTUnwrap(entries(document).first)
        let cases = [
            StatusCase(name: "ok", status: 200, type: .string, decoding: .json),
            StatusCase(name: "accepted", status: 202, type: .int, decoding: .json),
            StatusCase(name: "noContent", status: 204, type: nil, decoding: .empty),
        ]
        let declaration = OperationDeclaration(
            name: "fetch", operationID: "fetch", method: .get, pathSegments: [.literal("/a")], parameters: [], body: nil,
            response: OperationResponse(type: .named("FetchResponse"), decoding: .byStatus(enumName: "FetchResponse", cases: cases)),
            security: [], documentation: Documentation(), deprecationMessage: nil)
        let paired = entry.jsonSuccesses(decodedBy: declaration)
        XCTAssertEqual(paired.map(\.response.status), ["200", "202"])
        XCTAssertEqual(paired.map(\.type), [.string, .int])
    }

    // MARK: Schemas

    func testShapes() throws {
        let document = try load(
            Self.header + """
                paths: {}
                components:
                  schemas:
                    Pet: {type: object, properties: {name: {type: string}}}
                    Status: {type: string, enum: [a, b, a]}
                    Level: {type: integer, enum: [1, 2]}
                    Kind: {type: string, const: cat}
                    Single: {enum: [dog]}
                    Flag: {enum: [true, false]}
                    Tags: {type: object, additionalProperties: {type: string}}
                    Free: {type: object}
                    Closed: {type: object, additionalProperties: false}
                    Either: {oneOf: [{$ref: '#/components/schemas/Pet'}, {type: string}]}
                    Maybe: {oneOf: [{$ref: '#/components/schemas/Pet'}, {type: 'null'}]}
                    Wrapped: {allOf: [{$ref: '#/components/schemas/Pet'}], description: a pet}
                    Merged: {allOf: [{$ref: '#/components/schemas/Pet'}, {properties: {age: {type: integer}}}]}
                    Checked: {type: object, properties: {a: {type: string}}, oneOf: [{required: [a]}]}
                    Mixed: {type: [string, integer]}
                    Untyped: {properties: {a: {type: string}}}
                    Anything: {}
                    List: {items: {type: string}}
                """)
        let shapes = ShapeTable(document.schemas)
        func shape(_ name: String) throws -> String {
            let shape = shapes[try component(name, in: document)]
            switch shape {
            case .reference: return "reference"
            case .alias: return "alias"
            case .union(let members): return "union(\(members.count))"
            case .object: return "object"
            case .stringEnum(let values): return "stringEnum(\(values.joined(separator: ",")))"
            case .integerEnum(let values): return "integerEnum(\(values.map(String.init).joined(separator: ",")))"
            case .constant(let value): return "constant(\(value))"
            case .array: return "array"
            case .dictionary(let values): return values == nil ? "dictionary(any)" : "dictionary"
            case .primitive(let type): return "primitive(\(type.rawValue))"
            case .primitiveUnion(let types): return "primitiveUnion(\(types.map(\.rawValue).joined(separator: ",")))"
            case .any: return "any"
            }
        }
        let expected: KeyValuePairs = [
            "Pet": "object", "Status": "stringEnum(a,b)", "Level": "integerEnum(1,2)", "Kind": "constant(cat)",
            "Single": "constant(dog)", "Flag": "primitive(boolean)", "Tags": "dictionary", "Free": "dictionary(any)",
            "Closed": "object", "Either": "union(2)", "Maybe": "alias", "Wrapped": "alias", "Merged": "object", "Checked": "object",
            "Mixed": "primitiveUnion(integer,string)", "Untyped": "object", "Anything": "any", "List": "array",
        ]
        for (name, shapeName) in expected {
            XCTAssertEqual(try shape(name), shapeName, name)
        }
        XCTAssertTrue(SchemaShape.isNullable(document.schemas[try component("Maybe", in: document)], document.schemas))
        XCTAssertFalse(SchemaShape.isNullable(document.schemas[try component("Either", in: document)], document.schemas))
    }

    // MARK: Samples

    func testSamplesFitTheirSchemas() throws {
        let document = try load(
            Self.header + """
                paths: {}
                components:
                  schemas:
                    Pet:
                      type: object
                      required: [id, name, kind]
                      properties:
                        id: {type: integer, minimum: 10, maximum: 20}
                        name: {type: string, minLength: 3, maxLength: 5}
                        code: {type: string, pattern: '^[A-Z]{2}[0-9]{3}$'}
                        kind: {type: string, enum: [cat, dog]}
                        tags: {type: array, minItems: 2, items: {type: string}}
                        born: {type: string, format: date-time}
                    Shape:
                      oneOf: [{$ref: '#/components/schemas/Circle'}, {$ref: '#/components/schemas/Square'}]
                      discriminator: {propertyName: type}
                    Circle: {type: object, required: [type], properties: {type: {type: string}, radius: {type: number}}}
                    Square: {type: object, required: [type], properties: {type: {type: string}, side: {type: number}}}
                """)
        let shapes = ShapeTable(document.schemas)
        var names = SchemaMap<String>()
        for (name, id) in document.schemas.components { names[id] = name }
        let synthesizer = SampleSynthesizer(table: document.schemas, shapes: shapes, componentNames: names)
        let checker = ExampleChecker(table: document.schemas, shapes: shapes)
        for name in ["Pet", "Shape", "Circle"] {
            let id = try component(name, in: document)
            for variant in 0..<3 {
                let sample = try XCTUnwrap(synthesizer.sample(for: id, variant: variant), "\(name) #\(variant)")
                XCTAssertTrue(checker.conforms(sample, to: id), "\(name) #\(variant): \(JSONText.render(sample))")
            }
        }
        let pet = try XCTUnwrap(synthesizer.sample(for: try component("Pet", in: document)))
        let text = JSONText.render(pet)
        XCTAssertNotNil(text.range(of: #""code":"[A-Z]{2}[0-9]{3}""#, options: .regularExpression), text)
        let shape = JSONText.render(try XCTUnwrap(synthesizer.sample(for: try component("Shape", in: document))))
        XCTAssertTrue(shape.contains(#""type":"Circle""#), "the discriminator names the branch: \(shape)")
    }

    /// Reading an alternative's discriminator property once warned that a nested union "beside
    /// properties" was unsupported, though the nested union is generated as a union.
    func testANestedUnionAlternativeIsNoFalseWarning() throws {
        let (text, diagnostics) = try generate(
            Self.header + """
                paths: {}
                components:
                  schemas:
                    Input:
                      oneOf: [{$ref: '#/components/schemas/Item'}, {$ref: '#/components/schemas/Reference'}]
                      discriminator: {propertyName: type}
                    Item:
                      type: object
                      oneOf: [{$ref: '#/components/schemas/Message'}, {$ref: '#/components/schemas/Call'}]
                    Message: {type: object, required: [type], properties: {type: {type: string, enum: [message]}, text: {type: string}}}
                    Call: {type: object, required: [type], properties: {type: {type: string, enum: [call]}, name: {type: string}}}
                    Reference: {type: object, required: [type], properties: {type: {type: string, enum: [reference]}, id: {type: string}}}
                """)
        XCTAssertEqual(diagnostics.items.map(\.description), [])
        XCTAssertTrue(text.contains("public nonisolated enum Item"), "Item is a union")
    }

    /// A property required in the schema but read-only through its reference (or an `allOf`
    /// part) is optional in the struct; an example without it fits, as the struct decodes it.
    func testReadOnlyThroughAReferenceIsNotRequiredOfExamples() throws {
        let document = try load(
            Self.header + """
                paths: {}
                components:
                  schemas:
                    Id: {type: string, readOnly: true}
                    Stamp: {type: string, format: date-time}
                    Pet:
                      type: object
                      required: [id, name, created]
                      properties:
                        id: {$ref: '#/components/schemas/Id'}
                        name: {type: string}
                        created: {allOf: [{$ref: '#/components/schemas/Stamp'}], readOnly: true}
                      example: {name: Rex}
                """)
        let shapes = ShapeTable(document.schemas)
        let pet = try component("Pet", in: document)
        XCTAssertTrue(
            ExampleChecker(table: document.schemas, shapes: shapes).conforms(.object([.init(key: "name", value: .string("Rex"))]), to: pet))
        let merged = shapes.mergedObject(pet, table: document.schemas)
        XCTAssertEqual(merged.properties.map { PropertyRules.isRequired($0, of: merged, object: pet, usage: shapes.usage, in: document.schemas) }, [false, true, false])
        let synthesizer = SampleSynthesizer(table: document.schemas, shapes: shapes, componentNames: SchemaMap())
        XCTAssertEqual(synthesizer.sample(for: pet).map(JSONText.render), #"{"name":"Rex"}"#, "the spec's example is the sample")
    }
}
