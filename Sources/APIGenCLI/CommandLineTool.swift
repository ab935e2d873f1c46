import APIGenGenerator
import APIGenOpenAPI
import APIGenYAML
import Foundation

/// `apigen`'s commands. Exit status: 0 success (warnings allowed), 1 errors in the spec,
/// 2 a usage error.
public enum CommandLineTool {
    public static let version = "0.1.0"

    /// Runs one invocation; `output` receives normal output, `errors` diagnostics.
    /// `memoryAtExit`: pass `MemoryAtExit(isReclaimedByExit: true)` only when the process
    /// exits right after this call; `generate` then skips freeing its big values.
    public static func run(
        _ arguments: [String], memoryAtExit: MemoryAtExit = .releasedNormally, output: (String) -> Void = { print($0) },
        errors: (String) -> Void = { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
    ) -> Int32 {
        guard let command = arguments.first else {
            errors(usage)
            return 2
        }
        switch command {
        case "--help", "-h", "help":
            output(usage)
            return 0
        case "--version":
            output("apigen \(version)")
            return 0
        case "generate":
            switch GenerateCommand.parse(Array(arguments.dropFirst())) {
            case .success(let command):
                return command.run(memoryAtExit: memoryAtExit, output: output, errors: errors)
            case .failure(let problem):
                errors("apigen generate: \(problem.message)\n\n\(usage)")
                return 2
            }
        case "validate":
            return validate(Array(arguments.dropFirst()), output: output, errors: errors)
        default:
            errors("apigen: unknown command '\(command)'\n\n\(usage)")
            return 2
        }
    }

    /// `apigen validate <spec> [--root <dir>]`, which reads the files `generate` would: the root
    /// is `--root`, else `root:` in the apigen.yaml beside the spec, whose problems it reports too.
    private static func validate(_ arguments: [String], output: (String) -> Void, errors: (String) -> Void) -> Int32 {
        var spec: String?
        var rootOption: String?
        var strict = false
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            if argument == "--root", let folder = rest.popFirst() {
                rootOption = folder
            } else if argument == "--strict" {
                strict = true
            } else if spec == nil, !argument.hasPrefix("-") {
                spec = argument
            } else {
                spec = nil
                break
            }
        }
        guard let spec else {
            errors("usage: apigen validate <spec> [--root <dir>] [--strict]")
            return 2
        }
        let (config, configFile, configDiagnostics) = Config.find(named: nil, besideSpec: spec)
        let root = Config.root(option: rootOption, config: config, configFile: configFile)
        let result = SpecLoader(root: root, strict: strict || config.strict == true).load(path: spec)
        var diagnostics = result.diagnostics
        for diagnostic in configDiagnostics { diagnostics.append(diagnostic) }
        for diagnostic in diagnostics.items {
            errors(diagnostic.description)
        }
        guard result.succeeded, !diagnostics.hasErrors, let document = result.document else { return 1 }
        output(
            "\(spec): OpenAPI \(document.version.rawValue), \(document.operations.count) operations, \(document.schemas.namedCount) schemas"
        )
        return 0
    }

    static let usage = """
        OVERVIEW: Generate a Swift client from an OpenAPI 3.0/3.1/3.2 or Swagger 2.0 description.

        USAGE: apigen <command> [options]

        COMMANDS:
          generate <spec>   Write the Swift client for <spec> (YAML or JSON)
          validate <spec>   Check <spec> and print its diagnostics without generating (takes --root and --strict)

        GENERATE OPTIONS:
          -o, --output <dir>        Folder to write into (default: Generated/<Module>)
          --module <Name>           Module name (default: from the spec's title, e.g. PetstoreAPI)
          --access <level>          public (default), package or internal
          --config <file>           Settings file (default: apigen.yaml beside the spec)
          --root <dir>              Folder whose files $ref may read (default: the nearest folder up holding .git or Package.swift, else the spec's)
          --model-files <n>         Number of files the models are spread over (default: 1, or 34 from 100 kB of spec)
          --endpoint-files <n>      Number of files the request builders and view models are spread over (default: 1, or 16 from 100 kB of spec)
          --namespace <Name>        Enum holding the request builders (default: API)
          --no-view-models          Leave out the observable view models
          --tag <tag>               Generate only operations with this tag, and the schemas they use (repeatable)
          --operation <id>          Generate only this operationId too (repeatable)
          --path <path>             Generate only the operations of this path too, as written in the spec (repeatable)
          --schema <Name>           Keep this component schema, and those it uses, too (repeatable)
          --strict                  Fail on the rule breaks apigen otherwise repairs with a warning
          --timings                 Print CPU and wall time per stage (read, model, resolve, validate, filter, catalog, translate, render, write)

        OPTIONS:
          -h, --help                Show this help
          --version                 Show the version

        Diagnostics are printed as path:line:col: error|warning: message (#/json/pointer).
        Exit status: 0 success, 1 errors in the spec, 2 usage errors.
        """
}
