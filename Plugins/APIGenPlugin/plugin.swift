import Foundation
import PackagePlugin

/// Generates a Swift client on every build for a target that holds `openapi.yaml`,
/// `openapi.yml` or `openapi.json` (and optionally `apigen.yaml` with the CLI's settings).
///
/// SwiftPM must know a build command's outputs before it runs, so apigen always writes the
/// same set of files: the endpoints (requests and view models) and the models, each spread over
/// a number of files known from the spec's size, then the samples. Every YAML/JSON file of the
/// target is an input, so editing a file that the spec references by `$ref` regenerates too;
/// with no change, nothing runs.
///
/// A client can be two targets, the models apart: the one holding the spec says `part: models`
/// in its apigen.yaml, and the client's target, which depends on it, says
/// `modelsModule: <that target>` and takes the spec from it. A change to an operation then
/// compiles the client's target alone.
@main
struct APIGenPlugin: BuildToolPlugin {
    static let specNames: Set<String> = ["openapi.yaml", "openapi.yml", "openapi.json"]

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let config = target.sourceFiles.map(\.url).first { $0.lastPathComponent == "apigen.yaml" }
        let modelsModule = config.flatMap { Self.setting("modelsModule", in: $0) }
        let modelsPart = config.flatMap { Self.setting("part", in: $0) } == "models"
        // The client's target of a two-target client takes the spec from the models' target.
        let specTarget =
            modelsModule.flatMap { name in
                target.recursiveTargetDependencies.compactMap { $0 as? SourceModuleTarget }.first { $0.moduleName == name }
            } ?? target
        let files = specTarget.sourceFiles.map(\.url)
        guard let spec = files.first(where: { Self.specNames.contains($0.lastPathComponent) }) else {
            Diagnostics.warning("apigen: target '\(target.name)' has no openapi.yaml, openapi.yml or openapi.json; nothing to generate")
            return []
        }
        let output = context.pluginWorkDirectoryURL.appending(path: "GeneratedSources")
        let specInputs = files.filter { ["yaml", "yml", "json"].contains($0.pathExtension.lowercased()) }
        let inputs = specInputs + (specTarget.id == target.id ? [] : config.map { [$0] } ?? [])
        // The spec with every file it may reference, as the CLI counts all the files it reads.
        let specBytes = specInputs.reduce(0) {
            $0 + (((try? FileManager.default.attributesOfItem(atPath: $1.path))?[.size] as? NSNumber)?.intValue ?? 0)
        }
        let modelFiles = config.flatMap { Self.fileCount("modelFiles", in: $0) } ?? Self.defaultModelFileCount(specBytes: specBytes)
        let endpointFiles =
            config.flatMap { Self.fileCount("endpointFiles", in: $0) } ?? Self.defaultEndpointFileCount(specBytes: specBytes)
        // The root is the spec's target's folder, whatever apigen.yaml says: a build command's
        // inputs must be known beforehand, and they are that target's files.
        var arguments = [
            "generate", spec.path, "--output", output.path, "--module", target.moduleName,
            "--model-files", String(modelFiles), "--endpoint-files", String(endpointFiles), "--root", specTarget.directoryURL.path,
        ]
        var outputs = Self.outputFiles(endpointFiles: endpointFiles, modelFiles: modelFiles)
        if modelsPart {
            arguments += ["--part", "models"]
            outputs = Self.numbered("Models", count: modelFiles) + ["Samples.swift"]
        } else if let modelsModule {
            arguments += ["--models-module", modelsModule, "--part", "client"]
            outputs = Self.numbered("Endpoints", count: endpointFiles) + ["Samples.swift"]
        }
        if let config {
            arguments += ["--config", config.path]
        }
        return [
            .buildCommand(
                displayName: "Generating Swift client from \(spec.lastPathComponent) for \(target.name)",
                executable: try context.tool(named: "apigen").url,
                arguments: arguments,
                inputFiles: inputs,
                outputFiles: outputs.map { output.appending(path: $0) }
            )
        ]
    }

    /// The files `apigen generate` writes, in the order it writes them.
    static func outputFiles(endpointFiles: Int, modelFiles: Int) -> [String] {
        numbered("Endpoints", count: endpointFiles) + numbered("Models", count: modelFiles) + ["Samples.swift"]
    }

    /// `Models.swift`, or `Models01.swift` … zero-padded to the width of `count`: the generator's
    /// `FileSharding.fileName`, which a plugin cannot import (`Examples/PetstoreApp` builds with
    /// 12 model files, so a difference fails `Scripts/test-example`).
    static func numbered(_ base: String, count: Int) -> [String] {
        guard count > 1 else { return ["\(base).swift"] }
        let width = String(count).count
        return (1...count).map { base + String(repeating: "0", count: width - String($0).count) + String($0) + ".swift" }
    }

    /// The CLI's defaults (`GeneratorOptions.modelFileCount(specBytes:)` and
    /// `endpointFileCount(specBytes:)`), which a plugin cannot import: one file each below
    /// 100 kB of spec, 34 model files and 16 endpoint files from there.
    static func defaultModelFileCount(specBytes: Int) -> Int {
        specBytes >= 100_000 ? 34 : 1
    }

    static func defaultEndpointFileCount(specBytes: Int) -> Int {
        specBytes >= 100_000 ? 16 : 1
    }

    /// `modelFiles: N` or `endpointFiles: N` from apigen.yaml, from 1 to 64.
    static func fileCount(_ setting: String, in config: URL) -> Int? {
        Self.setting(setting, in: config).flatMap(Int.init).flatMap { (1...64).contains($0) ? $0 : nil }
    }

    /// A top-level setting of apigen.yaml, read line by line: the plugin must know the file names
    /// before apigen runs, and it has no YAML reader of its own.
    static func setting(_ name: String, in config: URL) -> String? {
        guard let text = try? String(contentsOf: config, encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if parts.count == 2, parts[0] == name {
                let value = parts[1].split(separator: "#").first?.trimmingCharacters(in: .whitespaces) ?? ""
                return value.isEmpty ? nil : value
            }
        }
        return nil
    }
}
