import APIGenOpenAPI
import APIGenYAML
import XCTest

/// Bad `$ref`s are located errors at the `$ref` that names them.
final class ReferenceErrorTests: SpecTestCase {
    /// A spec whose component schema `Pet` is `$ref: <reference>`: the `$ref` value is at 7:18.
    private func spec(schemaReference reference: String) -> String {
        """
        openapi: 3.0.0
        info: {title: T, version: '1'}
        paths: {}
        components:
          schemas:
            Pet:
              $ref: '\(reference)'
        """
    }

    private func referenceErrors(_ reference: String) throws -> [String] {
        try errors(spec(schemaReference: reference))
    }

    private let pointer = "(#/components/schemas/Pet/$ref)"

    /// A missing schema is repaired (`RepairTests`); a pointer into an object that holds no
    /// schemas is not.
    func testMissingPointerOutsideTheSchemas() throws {
        XCTAssertEqual(try referenceErrors("#/tags/0"), [
            located("7:13: error: reference '#/tags/0' does not resolve: nothing at '#/tags/0' \(pointer)"),
        ])
    }

    func testMissingFile() throws {
        XCTAssertEqual(try referenceErrors("models/missing.yaml"), [
            located("7:13: error: referenced file 'models/missing.yaml' does not exist \(pointer)"),
        ])
    }

    func testEscapingTheSpecFolder() throws {
        // The file exists, but it is outside the root: the entry file's folder, as the
        // temporary folder is in no repository.
        try write("outside.yaml", "type: string\n")
        try write("api/shared.yaml", "type: string\n")
        let result = SpecLoader().load(path: try write("api/spec.yaml", spec(schemaReference: "../outside.yaml")))
        XCTAssertFalse(result.succeeded)
        XCTAssertEqual(result.diagnostics.errors.map(\.description), [
            located("7:13: error: reference '../outside.yaml' points outside the root folder, which is this file's folder; choose another root with --root or 'root:' in apigen.yaml \(pointer)", in: "api/spec.yaml"),
        ])
        // Climbing out and back in is fine.
        let inside = SpecLoader().load(path: try write("api/spec2.yaml", spec(schemaReference: "../api/shared.yaml")))
        XCTAssertEqual(inside.diagnostics.errors.map(\.description), [])
    }

    func testAbsolutePathOutsideTheFolder() throws {
        XCTAssertEqual(try referenceErrors("/etc/passwd"), [
            located("7:13: error: reference '/etc/passwd' points outside the root folder, which is this file's folder; choose another root with --root or 'root:' in apigen.yaml \(pointer)"),
        ])
    }

    func testRemoteReferences() throws {
        for reference in ["https://example.com/pet.yaml", "http://example.com/pet.yaml#/Pet", "file:///etc/passwd", "//example.com/pet.yaml", "FILE:pet.yaml", "s3://bucket/pet.yaml"] {
            XCTAssertEqual(try referenceErrors(reference), [
                located("7:13: error: remote reference '\(reference)' is not supported: apigen reads only local files, under the root folder \(pointer)"),
            ], reference)
        }
    }

    func testMalformedPointer() throws {
        XCTAssertEqual(try referenceErrors("#/a~2b"), [
            located("7:13: error: '#/a~2b' is not a valid JSON pointer reference \(pointer)"),
        ])
        XCTAssertEqual(try referenceErrors("#components/schemas/Pet"), [
            located("7:13: error: '#components/schemas/Pet' is not a valid JSON pointer reference \(pointer)"),
        ])
    }

    func testCycleMadeOnlyOfReferences() throws {
        let result = try load("""
        openapi: 3.0.0
        info: {title: T, version: '1'}
        paths: {}
        components:
          schemas:
            A: {$ref: '#/components/schemas/B'}
            B: {$ref: '#/components/schemas/A'}
            C:
              type: object
              properties:
                a: {$ref: '#/components/schemas/A'}
        """)
        XCTAssertEqual(result.diagnostics.errors.map(\.description), [
            located("6:8: error: references form a cycle with no schema in it: #/components/schemas/B → #/components/schemas/A → #/components/schemas/B (#/components/schemas/A)"),
        ])
        // The cycle is cut, so following references terminates.
        let document = try XCTUnwrap(result.document)
        let a = try document.componentID("A")
        let end = document.schemas.resolved(a)
        XCTAssertNil(document.schemas[end].reference)
    }

    func testSelfReference() throws {
        XCTAssertEqual(try referenceErrors("#/components/schemas/Pet"), [
            located("7:7: error: references form a cycle with no schema in it: #/components/schemas/Pet → #/components/schemas/Pet (#/components/schemas/Pet)"),
        ])
    }

    func testCycleOfNonSchemaReferences() throws {
        XCTAssertEqual(try errors("""
        openapi: 3.0.0
        info: {title: T, version: '1'}
        paths:
          /a:
            get:
              parameters:
                - $ref: '#/components/parameters/P'
              responses: {'200': {description: ok}}
        components:
          parameters:
            P: {$ref: '#/components/parameters/Q'}
            Q: {$ref: '#/components/parameters/P'}
        """), [
            located("12:15: error: reference '#/components/parameters/P' is part of a cycle of references (#/components/parameters/Q/$ref)"),
        ])
    }

    func testReferenceToANonSchemaNode() throws {
        XCTAssertEqual(try referenceErrors("#/info"), [
            located("7:13: error: reference '#/info' points at '#/info', not a schema \(pointer)"),
        ])
        XCTAssertEqual(try referenceErrors("#/paths"), [
            located("7:13: error: reference '#/paths' points at '#/paths', not a schema \(pointer)"),
        ])
        XCTAssertEqual(try referenceErrors("#/openapi"), [
            located("7:13: error: reference '#/openapi' points at a scalar, not a schema \(pointer)"),
        ])
        XCTAssertEqual(try referenceErrors("#"), [
            located("7:13: error: reference '#' points at a whole spec, not a schema \(pointer)"),
        ])
    }

    func testReferenceToAParameterUsedAsASchema() throws {
        XCTAssertEqual(try errors("""
        openapi: 3.0.0
        info: {title: T, version: '1'}
        paths: {}
        components:
          parameters:
            Limit: {name: limit, in: query, schema: {type: integer}}
          schemas:
            Pet: {$ref: '#/components/parameters/Limit'}
        """), [
            located("8:17: error: reference '#/components/parameters/Limit' points at '#/components/parameters', not a schema (#/components/schemas/Pet/$ref)"),
        ])
    }

    func testReferenceMustBeAString() throws {
        XCTAssertEqual(try errors("""
        openapi: 3.0.0
        info: {title: T, version: '1'}
        paths:
          /a:
            $ref: [one, two]
        """), [
            located("5:11: error: '$ref' must be a string (#/paths/~1a/$ref)"),
        ])
    }

    func testEveryBadReferenceIsReported() throws {
        let result = try load("""
        openapi: 3.0.0
        info: {title: T, version: '1'}
        paths: {}
        components:
          schemas:
            A: {$ref: '#/info/nothing'}
            B: {$ref: 'https://example.com/b.yaml'}
            C: {$ref: 'c.yaml'}
        """)
        XCTAssertEqual(result.diagnostics.errorCount, 3)
        XCTAssertEqual(result.diagnostics.errors.map { $0.location?.line }, [6, 7, 8])
        XCTAssertEqual(result.diagnostics.errors.map(\.pointer), ["/components/schemas/A/$ref", "/components/schemas/B/$ref", "/components/schemas/C/$ref"])
    }
}
