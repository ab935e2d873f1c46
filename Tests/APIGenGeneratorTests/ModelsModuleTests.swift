import APIGenCLI
import Foundation
import XCTest

/// `--models-module` (`modelsModule:` in apigen.yaml): the models and their samples are a module
/// of their own, and the client's module imports and re-exports it, so that a change to an
/// operation rebuilds the client's module alone. `--part` writes one of the two modules, as a
/// build plugin does for each of two targets.
final class ModelsModuleTests: XCTestCase {
    private struct Run {
        var status: Int32
        var errors: [String]
        /// File name to contents, by folder name.
        var folders: [String: [String: String]]
    }

    private func generate(_ spec: URL, _ arguments: [String], in folder: TemporaryFolder) -> Run {
        let output = folder.url.appendingPathComponent("Client")
        var errors: [String] = []
        let status = CommandLineTool.run(
            ["generate", spec.path, "--output", output.path] + arguments, output: { _ in }, errors: { errors.append($0) })
        var folders: [String: [String: String]] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.url.path)) ?? [] {
            let sub = folder.url.appendingPathComponent(name)
            guard let files = try? FileManager.default.contentsOfDirectory(atPath: sub.path) else { continue }
            folders[name] = Dictionary(
                uniqueKeysWithValues: files.filter { $0.hasSuffix(".swift") }.map {
                    ($0, (try? String(contentsOf: sub.appendingPathComponent($0), encoding: .utf8)) ?? "")
                })
        }
        return Run(status: status, errors: errors.filter { !$0.contains("warning:") }, folders: folders)
    }

    private func sources(_ folder: TemporaryFolder, _ name: String) throws -> [String] {
        let url = folder.url.appendingPathComponent(name)
        return try FileManager.default.contentsOfDirectory(atPath: url.path).filter { $0.hasSuffix(".swift") }.sorted()
            .map { url.appendingPathComponent($0).path }
    }

    /// Builds the models' module, then type-checks the client's module against it.
    private func compile(_ folder: TemporaryFolder, models: String) throws {
        let runtime = try Swiftc.runtimeModules(for: Self.self)
        let modules = folder.url.appendingPathComponent("modules")
        try FileManager.default.createDirectory(at: modules, withIntermediateDirectories: true)
        let shared = ["-package-name", "App", "-I", runtime.path]
        let emitted = try Swiftc.run(
            [
                "-emit-module", "-parse-as-library", "-module-name", models, "-emit-module-path",
                modules.appendingPathComponent("\(models).swiftmodule").path,
            ] + shared + sources(folder, models))
        XCTAssertEqual(emitted.status, 0, emitted.output)
        let checked = try Swiftc.run(["-typecheck", "-module-name", "Client", "-I", modules.path] + shared + sources(folder, "Client"))
        XCTAssertEqual(checked.status, 0, checked.output)
    }

    func testTheModelsAreAModuleOfTheirOwnThatTheClientReexports() throws {
        for spec in ["petstore.yaml", "features.yaml"] {
            let folder = try TemporaryFolder()
            let run = generate(Repository.specs.appendingPathComponent(spec), ["--models-module", "Models"], in: folder)
            XCTAssertEqual(run.status, 0, "\(spec): \(run.errors)")
            let client = try XCTUnwrap(run.folders["Client"], spec)
            let models = try XCTUnwrap(run.folders["Models"], "\(spec): the models' folder is beside the client's")
            XCTAssertTrue(client.keys.allSatisfy { $0.hasPrefix("Endpoints") || $0 == "Samples.swift" }, "\(spec): \(client.keys)")
            XCTAssertTrue(models.keys.allSatisfy { $0.hasPrefix("Models") || $0 == "Samples.swift" }, "\(spec): \(models.keys)")
            XCTAssertTrue(client.values.allSatisfy { $0.contains("import Models\n") }, spec)
            XCTAssertTrue(try XCTUnwrap(client["Endpoints.swift"]).contains("\n@_exported import Models\n"), spec)
            XCTAssertFalse(models.values.contains { $0.contains("import Client") || $0.contains("extension API ") }, spec)
            XCTAssertTrue(try XCTUnwrap(models["Samples.swift"]).contains("static var sample:"), spec)
            XCTAssertTrue(try XCTUnwrap(client["Samples.swift"]).contains("func previewClient("), spec)
            try compile(folder, models: "Models")
        }
    }

    /// The client's module must see the models: `internal` gives them `package` access.
    func testInternalAccessGivesTheModelsPackageAccess() throws {
        let folder = try TemporaryFolder()
        let spec = Repository.specs.appendingPathComponent("petstore.yaml")
        let run = generate(spec, ["--models-module", "PetModels", "--access", "internal"], in: folder)
        XCTAssertEqual(run.status, 0, "\(run.errors)")
        let models = try XCTUnwrap(run.folders["PetModels"]?["Models.swift"])
        XCTAssertTrue(models.contains("package nonisolated struct Pet: APIModel"), models)
        XCTAssertFalse(try XCTUnwrap(run.folders["Client"]?["Endpoints.swift"]).contains("public "))
        try compile(folder, models: "PetModels")
    }

    /// A build plugin writes each module from a target of its own: the two parts written apart
    /// are the files written together.
    func testEachPartAloneIsThatModuleOfTheWhole() throws {
        let spec = Repository.specs.appendingPathComponent("features.yaml")
        let whole = try TemporaryFolder()
        let all = generate(spec, ["--models-module", "FeatureModels"], in: whole)
        XCTAssertEqual(all.status, 0, "\(all.errors)")
        let clientOnly = try TemporaryFolder()
        let client = generate(spec, ["--models-module", "FeatureModels", "--part", "client"], in: clientOnly)
        XCTAssertEqual(client.folders.keys.sorted(), ["Client"])
        XCTAssertEqual(client.folders["Client"], all.folders["Client"])
        let modelsOnly = try TemporaryFolder()
        let models = generate(spec, ["--module", "FeatureModels", "--part", "models"], in: modelsOnly)
        XCTAssertEqual(models.folders.keys.sorted(), ["Client"], "--part models writes into the output folder")
        XCTAssertEqual(models.folders["Client"], all.folders["FeatureModels"])
    }

    /// Under the build plugin both targets run apigen on the spec: the client's part reports the
    /// warnings, the models' part only its errors, so that the build log has each once.
    func testTheModelsPartLeavesTheWarningsToTheClientsPart() throws {
        let folder = try TemporaryFolder()
        let spec = try folder.write(
            "spec.yaml",
            """
            openapi: 3.0.3
            info: {title: T, version: "1"}
            paths:
              /things:
                get:
                  operationId: listThings
                  responses:
                    '200':
                      description: Things.
                      content: {application/json: {schema: {$ref: '#/components/schemas/Thing'}}}
            components:
              schemas:
                Thing:
                  type: object
                  required: [id, name]
                  properties:
                    id: {type: string}
            """)
        var reported: [String: [String]] = [:]
        for part in ["client", "models"] {
            var errors: [String] = []
            let output = folder.url.appendingPathComponent(part).path
            let status = CommandLineTool.run(
                ["generate", spec.path, "--output", output, "--models-module", "ThingModels", "--part", part],
                output: { _ in }, errors: { errors.append($0) })
            XCTAssertEqual(status, 0, "\(errors)")
            reported[part] = errors
        }
        XCTAssertTrue(reported["client"]?.contains { $0.contains("warning: required property 'name'") } == true, "\(reported)")
        XCTAssertEqual(reported["models"], [])
    }

    func testTheSettingsFileNamesTheModelsModuleAndThePart() throws {
        let folder = try TemporaryFolder()
        let spec = folder.url.appendingPathComponent("spec.yaml")
        try FileManager.default.copyItem(at: Repository.specs.appendingPathComponent("petstore.yaml"), to: spec)
        try folder.write("apigen.yaml", "modelsModule: PetModels\npart: client\n")
        let run = generate(spec, [], in: folder)
        XCTAssertEqual(run.status, 0, "\(run.errors)")
        XCTAssertNil(run.folders["PetModels"], "part: client writes the client alone")
        XCTAssertTrue(try XCTUnwrap(run.folders["Client"]?["Endpoints.swift"]).contains("@_exported import PetModels"))
        try folder.write("apigen.yaml", "part: both\n")
        let wrong = generate(spec, [], in: folder)
        XCTAssertEqual(wrong.status, 1)
        XCTAssertTrue(wrong.errors.contains { $0.hasSuffix("error: 'part' must be all, client or models (#/part)") }, "\(wrong.errors)")
    }
}
