import Foundation
import PackagePlugin

/// `swift package generate-client [--target <name>…] [--output <folder>]`: writes the generated
/// client into the package, for teams that check generated code in instead of using the build
/// plugin. For each target holding `openapi.yaml`/`.yml`/`.json`, the files go to
/// `<target folder>/Generated` unless `--output` names another folder (relative to the package).
@main
struct APIGenCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        let outputs = extractor.extractOption(named: "output")
        let targets = targetNames.isEmpty ? context.package.targets : try context.package.targets(named: targetNames)
        let apigen = try context.tool(named: "apigen").url
        var generated = 0
        for case let target as SourceModuleTarget in targets {
            let files = target.sourceFiles.map(\.url)
            guard let spec = files.first(where: { ["openapi.yaml", "openapi.yml", "openapi.json"].contains($0.lastPathComponent) }) else {
                continue
            }
            let output =
                outputs.first.map { context.package.directoryURL.appending(path: $0) } ?? target.directoryURL.appending(path: "Generated")
            var processArguments = ["generate", spec.path, "--output", output.path, "--module", target.moduleName]
            if let config = files.first(where: { $0.lastPathComponent == "apigen.yaml" }) {
                processArguments += ["--config", config.path]
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
