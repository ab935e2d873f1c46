import APIGenGenerator
import APIGenOpenAPI
import APIGenYAML
import Foundation
import XCTest

/// Paths of the repository and of the shared real-world specs, found from this file.
enum Repository {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let specs = root.appendingPathComponent("Specs")
    static let generated = root.appendingPathComponent("Generated")
    static let sharedSpecs = root.deletingLastPathComponent().appendingPathComponent("shared/specs")

    /// The spec files in ../shared/specs (the multi-file one by its entry file), or a skip.
    static func sharedSpecFiles() throws -> [URL] {
        guard FileManager.default.fileExists(atPath: sharedSpecs.path) else {
            throw XCTSkip("../shared/specs not found at \(sharedSpecs.path): the real-world spec tests need it beside the repository")
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: sharedSpecs.path).sorted()
        var files = names.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".json") }.map { sharedSpecs.appendingPathComponent($0) }
        let multiFile = sharedSpecs.appendingPathComponent("digitalocean/DigitalOcean-public.v2.yaml")
        if FileManager.default.fileExists(atPath: multiFile.path) {
            files.append(multiFile)
        }
        return files
    }
}

/// Writes a spec into a fresh temporary folder and removes it afterwards.
final class TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("apigen-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    @discardableResult
    func write(_ name: String, _ contents: String) throws -> URL {
        let file = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try contents.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}

/// Generates Swift from spec text held in the test, for checks on the output.
func generate(_ spec: String, file: StaticString = #filePath, line: UInt = #line) throws -> (text: String, diagnostics: Diagnostics) {
    let folder = try TemporaryFolder()
    let path = try folder.write("spec.yaml", spec).path
    let loaded = SpecLoader().load(path: path)
    guard let document = loaded.document, loaded.succeeded else {
        XCTFail("spec did not load: \(loaded.diagnostics.items.map(\.description).joined(separator: "\n"))", file: file, line: line)
        return ("", loaded.diagnostics)
    }
    var options = GeneratorOptions(moduleName: "TestAPI", specFileName: "spec.yaml")
    options.modelFileCount = 1
    let output = Generator(options: options).generate(document, files: loaded.files)
    var diagnostics = loaded.diagnostics
    diagnostics.append(contentsOf: output.diagnostics)
    return (output.files.map(\.contents).joined(separator: "\n"), diagnostics)
}
