import APIGenCLI
import APIGenGenerator
import Foundation
import XCTest

/// `filter:` in apigen.yaml and `--tag` / `--operation` / `--path` / `--schema`: only the kept
/// operations, and exactly the schemas they reach, are generated.
final class FilterTests: XCTestCase {
    private let spec = """
        openapi: 3.1.0
        info: {title: Shop, version: "1"}
        paths:
          /pets:
            get:
              operationId: listPets
              tags: [pets]
              responses:
                '200':
                  description: Pets.
                  content:
                    application/json:
                      schema: {type: array, items: {$ref: '#/components/schemas/Pet'}}
          /pets/{petId}/owner:
            get:
              operationId: getOwner
              tags: [people]
              parameters:
                - {name: petId, in: path, required: true, schema: {$ref: '#/components/schemas/PetID'}}
              responses:
                '200':
                  description: The owner.
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/Owner'}
          /orders:
            post:
              operationId: placeOrder
              tags: [store]
              requestBody:
                content:
                  application/json:
                    schema: {$ref: '#/components/schemas/Order'}
              responses:
                '201':
                  description: Placed.
                  headers:
                    X-Receipt: {schema: {$ref: '#/components/schemas/Receipt'}}
        webhooks:
          petAdopted:
            post:
              operationId: petAdopted
              tags: [pets]
              requestBody:
                content:
                  application/json:
                    schema: {$ref: '#/components/schemas/Adoption'}
              responses:
                '200': {description: Seen.}
          orderShipped:
            post:
              operationId: orderShipped
              tags: [store]
              requestBody:
                content:
                  application/json:
                    schema: {$ref: '#/components/schemas/Shipment'}
              responses:
                '200': {description: Seen.}
        components:
          schemas:
            Pet:
              type: object
              properties:
                name: {type: string}
                category: {$ref: '#/components/schemas/Category'}
                animal: {$ref: '#/components/schemas/Animal'}
                tags: {type: array, items: {$ref: '#/components/schemas/Tag'}}
            Category: {type: object, properties: {title: {type: string}}}
            Tag: {type: object, properties: {label: {type: string}}}
            Animal:
              type: object
              required: [kind]
              properties: {kind: {type: string}}
              discriminator: {propertyName: kind}
            Cat:
              allOf:
                - $ref: '#/components/schemas/Animal'
                - {type: object, properties: {lives: {type: integer}}}
            Dog:
              allOf:
                - $ref: '#/components/schemas/Animal'
                - {type: object, properties: {good: {type: boolean}}}
            PetID: {type: string}
            Owner: {type: object, properties: {name: {type: string}, address: {$ref: '#/components/schemas/Address'}}}
            Address: {type: object, properties: {city: {type: string}}}
            Order: {type: object, properties: {quantity: {type: integer}}}
            Receipt: {type: string}
            Adoption: {type: object, properties: {pet: {$ref: '#/components/schemas/Pet'}}}
            Shipment: {type: object, properties: {order: {$ref: '#/components/schemas/Order'}}}
            Unused: {type: object, properties: {id: {type: integer}}}
        """

    private struct Run {
        var status: Int32
        var code: String
        var errors: [String]
        var folder: TemporaryFolder
    }

    private func generate(config: String? = nil, _ arguments: [String] = []) throws -> Run {
        let folder = try TemporaryFolder()
        let spec = try folder.write("shop.yaml", spec)
        if let config { try folder.write("apigen.yaml", config) }
        let output = folder.url.appendingPathComponent("out")
        var errors: [String] = []
        let status = CommandLineTool.run(
            ["generate", spec.path, "--output", output.path] + arguments, output: { _ in }, errors: { errors.append($0) })
        let names = (try? FileManager.default.contentsOfDirectory(atPath: output.path).sorted()) ?? []
        let code = try names.map { try String(contentsOf: output.appendingPathComponent($0), encoding: .utf8) }.joined()
        return Run(status: status, code: code, errors: errors, folder: folder)
    }

    private func declaredTypes(_ code: String) -> Set<String> {
        let pattern = try! NSRegularExpression(pattern: #"public (?:nonisolated )?(?:indirect )?(?:struct|enum|typealias) (\w+)"#)
        let range = NSRange(code.startIndex..., in: code)
        return Set(pattern.matches(in: code, range: range).compactMap { Range($0.range(at: 1), in: code).map { String(code[$0]) } })
    }

    func testATagKeepsItsOperationsAndExactlyTheSchemasTheyReach() throws {
        let run = try generate(config: "filter:\n  tags: [pets]\n")
        XCTAssertEqual(run.status, 0, run.errors.joined(separator: "\n"))
        XCTAssertTrue(run.code.contains("func listPets("))
        XCTAssertFalse(run.code.contains("func getOwner("))
        XCTAssertFalse(run.code.contains("func placeOrder("))
        let types = declaredTypes(run.code)
        // Pet and what it holds; Animal's subtypes, since an Animal may be any of them; the
        // pets-tagged webhook's payload.
        for kept in ["Pet", "Category", "Tag", "Animal", "Cat", "Dog", "Adoption"] {
            XCTAssertTrue(types.contains(kept), "\(kept) is missing from \(types.sorted())")
        }
        for dropped in ["Owner", "Address", "PetID", "Order", "Receipt", "Shipment", "Unused"] {
            XCTAssertFalse(types.contains(dropped), "\(dropped) should be filtered out")
        }
        XCTAssertTrue(run.code.contains("petAdopted"))
        XCTAssertFalse(run.code.contains("orderShipped"))
    }

    func testOperationsPathsAndSchemasAddUp() throws {
        let run = try generate(
            config: "filter:\n  operations: [placeOrder]\n  paths: ['/pets/{petId}/owner']\n  schemas: Unused\n")
        XCTAssertEqual(run.status, 0, run.errors.joined(separator: "\n"))
        XCTAssertTrue(run.code.contains("func placeOrder("))
        XCTAssertTrue(run.code.contains("func getOwner("))
        XCTAssertFalse(run.code.contains("func listPets("))
        let types = declaredTypes(run.code)
        // A header's and a path parameter's schemas are reached too.
        for kept in ["Order", "Receipt", "Owner", "Address", "PetID", "Unused"] {
            XCTAssertTrue(types.contains(kept), "\(kept) is missing from \(types.sorted())")
        }
        for dropped in ["Pet", "Category", "Animal", "Cat", "Adoption", "Shipment"] {
            XCTAssertFalse(types.contains(dropped), "\(dropped) should be filtered out")
        }
    }

    func testTheCommandLineAddsToTheConfigFile() throws {
        let run = try generate(config: "filter:\n  tags: [people]\n", ["--tag", "store", "--schema", "Tag"])
        XCTAssertEqual(run.status, 0, run.errors.joined(separator: "\n"))
        XCTAssertTrue(run.code.contains("func getOwner("))
        XCTAssertTrue(run.code.contains("func placeOrder("))
        XCTAssertFalse(run.code.contains("func listPets("))
        let types = declaredTypes(run.code)
        XCTAssertTrue(types.isSuperset(of: ["Owner", "Order", "Shipment", "Tag"]), "\(types.sorted())")
        XCTAssertFalse(types.contains("Pet"))

        let only = try generate(["--operation", "listPets"])
        XCTAssertEqual(only.status, 0, only.errors.joined(separator: "\n"))
        XCTAssertTrue(only.code.contains("func listPets("))
        XCTAssertFalse(only.code.contains("func placeOrder("))
        XCTAssertFalse(declaredTypes(only.code).contains("Adoption"), "a webhook is kept only by its own tag, id or path")
    }

    func testNoFilterKeepsEverything() throws {
        let run = try generate()
        XCTAssertEqual(run.status, 0, run.errors.joined(separator: "\n"))
        XCTAssertTrue(declaredTypes(run.code).isSuperset(of: ["Pet", "Owner", "Order", "Unused", "Shipment"]))
    }

    func testAnEntryThatMatchesNothingIsALocatedWarning() throws {
        let run = try generate(config: "filter:\n  tags: [pets, petz]\n  schemas: [Nope]\n", ["--operation", "nothing"])
        XCTAssertEqual(run.status, 0)
        let config = run.folder.url.appendingPathComponent("apigen.yaml").path
        XCTAssertTrue(
            run.errors.contains(
                "\(config):2:16: warning: filter: no operation has the tag 'petz'; the entry keeps nothing (#/filter/tags/1)"),
            run.errors.joined(separator: "\n"))
        XCTAssertTrue(
            run.errors.contains(
                "\(config):3:13: warning: filter: no component schema is named 'Nope'; the entry keeps nothing (#/filter/schemas/0)"),
            run.errors.joined(separator: "\n"))
        XCTAssertTrue(run.errors.contains("warning: filter: no operation has the operationId 'nothing'; the entry keeps nothing"))
        XCTAssertTrue(run.code.contains("func listPets("))
    }

    func testMalformedFiltersAreErrors() throws {
        let notMapping = try generate(config: "filter: [pets]\n")
        XCTAssertEqual(notMapping.status, 1)
        XCTAssertTrue(
            notMapping.errors.contains { $0.hasSuffix("error: 'filter' must be a mapping of tags, operations, paths and schemas (#/filter)") },
            "\(notMapping.errors)")
        let unknown = try generate(config: "filter:\n  tag: [pets]\n")
        XCTAssertEqual(unknown.status, 1)
        XCTAssertTrue(
            unknown.errors.contains { $0.hasSuffix(":2:3: error: unknown filter 'tag': use tags, operations, paths, schemas or deprecated (#/filter/tag)") },
            "\(unknown.errors)")
        let nested = try generate(config: "filter:\n  tags: [[pets]]\n")
        XCTAssertEqual(nested.status, 1)
        XCTAssertTrue(nested.errors.contains { $0.hasSuffix("error: 'filter.tags' must be a list of names (#/filter/tags)") }, "\(nested.errors)")
        XCTAssertEqual(try generate(["--tag"]).status, 2)
    }

    func testATopLevelTagsSettingPointsAtTheFilter() throws {
        let run = try generate(config: "tags: [pets]\n")
        XCTAssertEqual(run.status, 0)
        XCTAssertTrue(
            run.errors.contains {
                $0.hasSuffix(":1:1: warning: setting 'tags' is ignored here; to generate only some tags, list them under 'filter:' (#/tags)")
            }, "\(run.errors)")
        XCTAssertTrue(run.code.contains("func placeOrder("), "nothing is filtered")
    }
}
