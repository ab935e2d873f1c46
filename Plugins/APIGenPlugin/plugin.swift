import Foundation
import PackagePlugin

/// Generates a Swift client on every build for a target that holds `openapi.yaml`,
/// `openapi.yml` or `openapi.json` (and optionally `apigen.yaml` with the CLI's settings).
///
/// SwiftPM must know a build command's outputs before it runs, so apigen always writes the
/// same set of files: the models spread over a fixed number of files, then the requests, view
/// models and samples. Every YAML/JSON file of the target is an input, so editing a file that
/// the spec references by `$ref` regenerates too; with no change, nothing runs.
@main
struct APIGenPlugin: BuildToolPlugin {
    static let specNames: Set<String> = ["openapi.yaml", "openapi.yml", "openapi.json"]

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let files = target.sourceFiles.map(\.url)
        guard let spec = files.first(where: { Self.specNames.contains($0.lastPathComponent) }) else {
            Diagnostics.warning("apigen: target '\(target.name)' has no openapi.yaml, openapi.yml or openapi.json; nothing to generate")
            return []
        }
        let config = files.first { $0.lastPathComponent == "apigen.yaml" }
        let output = context.pluginWorkDirectoryURL.appending(path: "GeneratedSources")
        let modelFiles = config.flatMap(Self.modelFileCount) ?? Self.defaultModelFileCount(spec)
        var arguments = ["generate", spec.path, "--output", output.path, "--module", target.moduleName, "--model-files", String(modelFiles)]
        if let config {
            arguments += ["--config", config.path]
        }
        let inputs = files.filter { ["yaml", "yml", "json"].contains($0.pathExtension.lowercased()) }
        return [
            .buildCommand(
                displayName: "Generating Swift client from \(spec.lastPathComponent) for \(target.name)",
                executable: try context.tool(named: "apigen").url,
                arguments: arguments,
                inputFiles: inputs,
                outputFiles: Self.outputFiles(modelFiles: modelFiles).map { output.appending(path: $0) }
            ),
        ]
    }

    /// The files `apigen generate` writes, in the order it writes them.
    static func outputFiles(modelFiles: Int) -> [String] {
        let models = modelFiles == 1 ? ["Models.swift"] : (1...modelFiles).map { "Models\($0).swift" }
        return models + ["Operations.swift", "ViewModels.swift", "Samples.swift"]
    }

    /// One model file per 200 kB of spec, from 1 to 16: the CLI's default
    /// (`GeneratorOptions.modelFileCount(specBytes:)`), which a plugin cannot import.
    static func defaultModelFileCount(_ spec: URL) -> Int {
        let bytes = ((try? FileManager.default.attributesOfItem(atPath: spec.path))?[.size] as? NSNumber)?.intValue ?? 0
        return min(16, max(1, (bytes + 199_999) / 200_000))
    }

    /// `modelFiles: N` from apigen.yaml, read line by line: the plugin must know the file names
    /// before apigen runs, and it has no YAML reader of its own.
    static func modelFileCount(_ config: URL) -> Int? {
        guard let text = try? String(contentsOf: config, encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if parts.count == 2, parts[0] == "modelFiles", let count = Int(parts[1].split(separator: "#").first?.trimmingCharacters(in: .whitespaces) ?? ""), (1...64).contains(count) {
                return count
            }
        }
        return nil
    }
}
