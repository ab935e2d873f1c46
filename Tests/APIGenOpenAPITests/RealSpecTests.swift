import APIGenOpenAPI
import APIGenYAML
import Foundation
import XCTest

/// Every real spec in `../shared/specs` and `../shared/specs-batch2` loads without errors, with
/// the operation, webhook and schema counts that `MANIFEST.tsv` records.
final class RealSpecTests: XCTestCase {
    /// `<package root>/../shared/specs`; the package root is three levels above this file.
    private static let specsFolder: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // APIGenOpenAPITests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root
        .deletingLastPathComponent()
        .appendingPathComponent("shared/specs", isDirectory: true)
        .standardizedFileURL

    private struct Entry {
        var name: String
        var file: String
        var version: String
        var operations: Int
        var componentSchemas: Int
        var webhookOperations: Int
    }

    private func specsFolder() throws -> URL {
        let folder = Self.specsFolder
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw XCTSkip("../shared/specs not found: expected the real specs at \(folder.path)")
        }
        return folder
    }

    private func manifest(in folder: URL) throws -> [Entry] {
        let text = try String(contentsOf: folder.appendingPathComponent("MANIFEST.tsv"), encoding: .utf8)
        let lines = text.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        let header = try XCTUnwrap(lines.first)
        func column(_ name: String) throws -> Int {
            try XCTUnwrap(header.firstIndex(of: name), "MANIFEST.tsv has no '\(name)' column")
        }
        let name = try column("name"), file = try column("file"), version = try column("openapi_version")
        let operations = try column("operations"), schemas = try column("component_schemas"), webhooks = try column("webhook_ops")
        return try lines.dropFirst().filter { !$0.allSatisfy(\.isEmpty) }.map { row in
            let count = { (index: Int) throws -> Int in
                try XCTUnwrap(Int(row[index]), "MANIFEST.tsv: '\(row[index])' is not a count in row \(row[name])")
            }
            return Entry(name: row[name], file: row[file], version: row[version], operations: try count(operations), componentSchemas: try count(schemas), webhookOperations: try count(webhooks))
        }
    }

    func testManifestListsEverySpecInTheFolder() throws {
        let folder = try specsFolder()
        let listed = Set(try manifest(in: folder).map(\.file))
        let present = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0 != "MANIFEST.tsv" && $0 != "README.md" }
            .map { name -> String in
                var isDirectory: ObjCBool = false
                _ = FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path, isDirectory: &isDirectory)
                // The multi-file spec is a folder; its entry file is listed.
                return isDirectory.boolValue ? "\(name)/DigitalOcean-public.v2.yaml" : name
            }
        XCTAssertEqual(Set(present), listed)
        XCTAssertTrue(listed.contains("digitalocean/DigitalOcean-public.v2.yaml"))
    }

    /// Both corpus folders beside the repository: `../shared/specs` and `../shared/specs-batch2`.
    private static let corpusFolders = ["specs", "specs-batch2"].map { specsFolder.deletingLastPathComponent().appendingPathComponent($0) }

    func testEveryRealSpecLoadsWithManifestCounts() throws {
        var checked = 0
        for folder in Self.corpusFolders {
            guard FileManager.default.fileExists(atPath: folder.appendingPathComponent("MANIFEST.tsv").path) else {
                print("skipped: \(folder.path) not found")
                continue
            }
            for entry in try manifest(in: folder) {
                try check(entry, in: folder)
                checked += 1
            }
        }
        if checked == 0 { throw XCTSkip("neither ../shared/specs nor ../shared/specs-batch2 is beside the repository") }
    }

    /// One spec loads without errors, with the counts MANIFEST.tsv records; a multi-file spec's
    /// subfolder is the root its references may reach.
    private func check(_ entry: Entry, in folder: URL) throws {
        let path = folder.appendingPathComponent(entry.file).path
        let subfolder = entry.file.split(separator: "/").count > 1 ? entry.file.split(separator: "/").first.map(String.init) : nil
        let result = SpecLoader(root: subfolder.map { folder.appendingPathComponent($0).path }).load(path: path)
        XCTAssertEqual(result.diagnostics.errors.map(\.description), [], entry.name)
        XCTAssertTrue(result.succeeded, entry.name)
        guard let document = result.document else { return XCTFail("\(entry.name): no document") }
        let expectedVersion: SpecVersion = entry.version.hasPrefix("swagger") || entry.version.hasPrefix("2") ? .swagger2 : entry.version.hasPrefix("3.0") ? .openAPI30 : .openAPI31
        XCTAssertEqual(document.version, expectedVersion, entry.name)
        // `operations` counts path operations only; 3.1 webhook operations are counted
        // in `webhook_ops` and kept apart in `document.webhooks`.
        XCTAssertEqual(document.operations.count, entry.operations, "\(entry.name): operations")
        XCTAssertEqual(document.webhooks.count, entry.webhookOperations, "\(entry.name): webhook operations")
        // `component_schemas` counts `components.schemas` (Swagger: `definitions`); for a spec
        // split into files, those of every file, of which the schemas the entry reaches are named.
        if subfolder != nil, document.schemas.components.isEmpty {
            // The manifest counts the entry's own (DigitalOcean's: none) or every file's.
            let named = document.schemas.namedCount
            XCTAssertTrue(named > 0 && (entry.componentSchemas == 0 || named <= entry.componentSchemas), "\(entry.name): \(named) named schemas")
        } else {
            XCTAssertEqual(document.schemas.components.count, entry.componentSchemas, "\(entry.name): component schemas")
        }
        // Every reference was resolved, but those a warning says lead nowhere (and become free-form values).
        let unresolved = document.schemas.schemas.filter { $0.referenceText != nil && $0.reference == nil }
        let leadNowhere = result.diagnostics.items.filter { $0.message.contains("does not resolve") }
        XCTAssertEqual(unresolved.count, leadNowhere.count, "\(entry.name): unresolved references")
    }

    func testDigitalOceanMultiFileSpec() throws {
        let folder = try specsFolder()
        let result = SpecLoader().load(path: folder.appendingPathComponent("digitalocean/DigitalOcean-public.v2.yaml").path)
        XCTAssertEqual(result.diagnostics.errors.count, 0)
        XCTAssertGreaterThan(result.files.documents.count, 100, "the operations and schemas live in other files")
        XCTAssertTrue(result.files.documents.dropFirst().allSatisfy { $0.path.hasPrefix(folder.appendingPathComponent("digitalocean").path + "/") },
                      "referenced files are shown relative to the entry file's folder")
        let document = try XCTUnwrap(result.document)
        XCTAssertEqual(document.servers.map(\.url), ["https://api.digitalocean.com"])
        XCTAssertEqual(document.securitySchemes.map(\.name), ["bearer_auth", "inference_bearer_auth"])
        XCTAssertEqual(try document.securityScheme("bearer_auth").kind, .http(scheme: "bearer", bearerFormat: nil))
        let names = Set(document.schemas.referenceNames.values)
        XCTAssertTrue(names.contains("droplet"), "a schema file is named after the file: \(names.sorted().prefix(20))")
    }
}
