import APIGenGenerator
import APIGenOpenAPI
import Foundation
import XCTest

/// Every real-world spec in ../shared/specs and ../shared/specs-batch2 generates without errors.
/// (Compiling their output is the corpus script's job: it takes minutes.)
final class SharedSpecsTests: XCTestCase {
    func testEverySharedSpecGenerates() throws {
        let files = try Repository.sharedSpecFiles()
        XCTAssertGreaterThanOrEqual(files.count, 24)
        for file in files {
            let loaded = SpecLoader().load(path: file.path)
            guard let document = loaded.document, loaded.succeeded else {
                XCTFail("\(file.lastPathComponent): \(loaded.diagnostics.errors.prefix(5).map(\.description))")
                continue
            }
            let options = GeneratorOptions(moduleName: GeneratorOptions.moduleName(fromTitle: document.info.title), specFileName: file.lastPathComponent)
            let output = Generator(options: options).generate(document, files: loaded.files)
            XCTAssertFalse(output.diagnostics.hasErrors, "\(file.lastPathComponent): \(output.diagnostics.errors.map(\.description))")
            let text = output.files.map(\.contents).joined()
            XCTAssertGreaterThan(text.count, 100, file.lastPathComponent)
            if !document.schemas.components.isEmpty {
                XCTAssertTrue(text.contains("struct ") || text.contains("enum ") || text.contains("typealias "), file.lastPathComponent)
            }
        }
    }

    /// The second corpus (OpenAPI 3.1, multi-file layouts, specs that bend the rules), found by its
    /// MANIFEST.tsv: each generates, a rule break with an evident repair being a warning.
    func testEveryBatch2SpecGenerates() throws {
        let specs = try Repository.manifestSpecs("specs-batch2")
        XCTAssertGreaterThanOrEqual(specs.count, 18)
        for spec in specs {
            let loaded = SpecLoader(root: spec.root).load(path: spec.file.path)
            guard let document = loaded.document, loaded.succeeded else {
                XCTFail("\(spec.name): \(loaded.diagnostics.errors.prefix(5).map(\.description))")
                continue
            }
            let options = GeneratorOptions(moduleName: "Batch2API", specFileName: spec.file.lastPathComponent)
            let output = Generator(options: options).generate(document, files: loaded.files)
            XCTAssertFalse(output.diagnostics.hasErrors, "\(spec.name): \(output.diagnostics.errors.map(\.description))")
        }
    }
}
