import Foundation
import PackagePlugin

/// `swift package generate-client [--target <name>…] [--output <folder>]`: writes the generated
/// client into the package, for teams that check generated code in instead of using the build
/// plugin. For each target holding `openapi.yaml`/`.yml`/`.json`, the files go to
/// `<target folder>/Generated` unless `--output` names another folder (relative to the package).
/// A two-target client (`part: models` in one target's apigen.yaml, `modelsModule:` in the
/// other's, as the build plugin reads them) is written as one module into each target.
@main
struct APIGenCommand: CommandPlugin {
    static let specNames: Set<String> = ["openapi.yaml", "openapi.yml", "openapi.json"]

    /// A top-level setting of apigen.yaml, read line by line: `APIGenPlugin.setting`, which a
    /// plugin cannot import (a plugin target depends on no library).
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

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        let outputs = extractor.extractOption(named: "output")
        let targets = targetNames.isEmpty ? context.package.targets : try context.package.targets(named: targetNames)
        let apigen = try context.tool(named: "apigen").url
        var generated = 0
        for case let target as SourceModuleTarget in targets {
            let config = target.sourceFiles.map(\.url).first { $0.lastPathComponent == "apigen.yaml" }
            let modelsModule = config.flatMap { Self.setting("modelsModule", in: $0) }
            // The client's target of a two-target client takes the spec from the models' target.
            let specTarget =
                modelsModule.flatMap { name in
                    target.recursiveTargetDependencies.compactMap { $0 as? SourceModuleTarget }.first { $0.moduleName == name }
                } ?? target
            guard let spec = specTarget.sourceFiles.map(\.url).first(where: { Self.specNames.contains($0.lastPathComponent) }) else {
                continue
            }
            let output =
                outputs.first.map { context.package.directoryURL.appending(path: $0) } ?? target.directoryURL.appending(path: "Generated")
            var processArguments = ["generate", spec.path, "--output", output.path, "--module", target.moduleName]
            if let config {
                processArguments += ["--config", config.path]
                // Each target of a two-target client writes its own module.
                if modelsModule != nil, Self.setting("part", in: config) != "models" {
                    processArguments += ["--part", "client"]
                }
            }
            let process = Process()
            process.executableURL = apigen
            process.arguments = processArguments
            try process.run()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else {
                throw CommandError(
                    "apigen failed for target '\(target.name)' (exit status \(process.terminationStatus)); see the diagnostics above")
            }
            generated += 1
        }
        if generated == 0 {
            Diagnostics.warning("no target with an openapi.yaml, openapi.yml or openapi.json was found")
        }
    }
}

struct CommandError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
