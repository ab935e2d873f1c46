import APIGenOpenAPI
import Foundation

/// `apigen validate <spec> [--root <dir>] [--strict]`, which reads the files `generate` would:
/// the root is `--root`, else `root:` in the apigen.yaml beside the spec, whose problems it
/// reports too.
struct ValidateCommand {
    var specPath: String
    var rootPath: String?
    var strict = false

    static func parse(_ arguments: [String]) -> Result<ValidateCommand, UsageError> {
        var command = ValidateCommand(specPath: "")
        var positional: [String] = []
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--root":
                guard let folder = rest.popFirst() else { return .failure(UsageError("--root needs a folder")) }
                command.rootPath = folder
            case "--strict":
                command.strict = true
            default:
                guard !argument.hasPrefix("-") else {
                    return .failure(.unknownOption(argument, known: Help.validate.optionNames))
                }
                positional.append(argument)
            }
        }
        guard positional.count == 1 else {
            return .failure(UsageError(positional.isEmpty ? "missing the spec to validate" : "expected one spec, got \(positional.count)"))
        }
        command.specPath = positional[0]
        return .success(command)
    }

    func run(output: (String) -> Void, errors: (String) -> Void) -> Int32 {
        let (config, configFile, configDiagnostics) = Config.find(named: nil, besideSpec: specPath)
        let root = Config.root(option: rootPath, config: config, configFile: configFile)
        let result = SpecLoader(root: root, strict: strict || config.strict == true).load(path: specPath)
        var diagnostics = result.diagnostics
        for diagnostic in configDiagnostics { diagnostics.append(diagnostic) }
        for diagnostic in diagnostics.items {
            errors(diagnostic.description)
        }
        guard result.succeeded, !diagnostics.hasErrors, let document = result.document else { return 1 }
        output(
            "\(specPath): OpenAPI \(document.version.rawValue), \(document.operations.count) operations, \(document.schemas.namedCount) schemas"
        )
        return 0
    }
}
