import APIGenOpenAPI
import APIGenYAML
import Foundation
import XCTest

/// Base class for tests that load specs from files: each test gets a fresh folder under the
/// temporary directory, removed again in `tearDown`.
class SpecTestCase: XCTestCase {
    private(set) var directory = URL(fileURLWithPath: "/nonexistent")

    override func setUpWithError() throws {
        try super.setUpWithError()
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("apigen-openapi-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
        try super.tearDownWithError()
    }

    /// The path of a file inside the test folder, as it appears in diagnostics.
    func path(_ name: String) -> String {
        directory.appendingPathComponent(name).path
    }

    /// Writes `text` to `name` (folders created as needed) and returns its path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// Writes the spec and loads it.
    func load(_ text: String, name: String = "spec.yaml") throws -> SpecLoader.Result {
        SpecLoader().load(path: try write(name, text))
    }

    /// Loads a spec that must load without errors and returns its document.
    func document(_ text: String, name: String = "spec.yaml", file: StaticString = #filePath, line: UInt = #line) throws -> OpenAPIDocument {
        let result = try load(text, name: name)
        XCTAssertEqual(result.diagnostics.errors.map(\.description), [], "unexpected errors", file: file, line: line)
        XCTAssertTrue(result.succeeded, file: file, line: line)
        return try XCTUnwrap(result.document, file: file, line: line)
    }

    /// The descriptions of the errors a spec produces.
    func errors(_ text: String, name: String = "spec.yaml") throws -> [String] {
        let result = try load(text, name: name)
        XCTAssertFalse(result.succeeded, "a spec with errors must not succeed")
        return result.diagnostics.errors.map(\.description)
    }

    /// `path:rest`, the expected description of a diagnostic in `file`.
    func located(_ rest: String, in file: String = "spec.yaml") -> String {
        "\(path(file)):\(rest)"
    }
}

extension OpenAPIDocument {
    func operation(_ method: HTTPMethod, _ path: String, file: StaticString = #filePath, line: UInt = #line) throws -> APIGenOpenAPI.Operation {
        try XCTUnwrap(operations.first { $0.method == method && $0.path == path }, "no \(method.rawValue.uppercased()) \(path)", file: file, line: line)
    }

    /// The component schema with this name, with references followed.
    func component(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> Schema {
        let id = try XCTUnwrap(schemas.components.first { $0.name == name }?.schema, "no component schema '\(name)'", file: file, line: line)
        return schemas[schemas.resolved(id)]
    }

    func componentID(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> SchemaID {
        try XCTUnwrap(schemas.components.first { $0.name == name }?.schema, "no component schema '\(name)'", file: file, line: line)
    }

    /// A property's schema with references followed.
    func property(_ name: String, of schema: Schema, file: StaticString = #filePath, line: UInt = #line) throws -> Schema {
        let id = try XCTUnwrap(schema.properties.first { $0.name == name }?.schema, "no property '\(name)'", file: file, line: line)
        return schemas[schemas.resolved(id)]
    }

    func securityScheme(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> SecurityScheme {
        try XCTUnwrap(securitySchemes.first { $0.name == name }, "no security scheme '\(name)'", file: file, line: line)
    }
}

extension APIGenOpenAPI.Operation {
    func parameter(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> Parameter {
        try XCTUnwrap(parameters.first { $0.name == name }, "no parameter '\(name)'", file: file, line: line)
    }

    func response(_ status: String, file: StaticString = #filePath, line: UInt = #line) throws -> Response {
        try XCTUnwrap(responses.first { $0.status == status }, "no response '\(status)'", file: file, line: line)
    }
}

extension SecurityRequirement {
    /// `["api_key: []", "oauth: [read, write]"]`, comparable with `XCTAssertEqual`.
    var summary: [String] {
        schemes.map { "\($0.name): [\($0.scopes.joined(separator: ", "))]" }
    }
}
