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
            return UsageError("missing a subcommand").report(for: Help.main, errors: errors)
        }
        let rest = Array(arguments.dropFirst())
        if let help = Help.command(named: command), rest.contains(where: { $0 == "-h" || $0 == "--help" }) {
            output(help.text)
            return 0
        }
        switch command {
        case "-h", "--help":
            output(Help.main.text)
            return 0
        case "--version":
            output("apigen \(version)")
            return 0
        case "help":
            return help(rest, output: output, errors: errors)
        case "generate":
            switch GenerateCommand.parse(rest) {
            case .success(let command): return command.run(memoryAtExit: memoryAtExit, output: output, errors: errors)
            case .failure(let problem): return problem.report(for: Help.generate, errors: errors)
            }
        case "validate":
            switch ValidateCommand.parse(rest) {
            case .success(let command): return command.run(output: output, errors: errors)
            case .failure(let problem): return problem.report(for: Help.validate, errors: errors)
            }
        case "diff":
            switch DiffCommand.parse(rest) {
            case .success(let command): return command.run(output: output, errors: errors)
            case .failure(let problem): return problem.report(for: Help.diff, errors: errors)
            }
        case "init":
            switch InitCommand.parse(rest) {
            case .success(let command): return command.run(output: output, errors: errors)
            case .failure(let problem): return problem.report(for: Help.initCommand, errors: errors)
            }
        default:
            let problem =
                command.hasPrefix("-")
                ? UsageError.unknownOption(command, known: Help.main.optionNames)
                : UsageError("unknown subcommand '\(command)'")
            return problem.report(for: Help.main, errors: errors)
        }
    }

    /// `apigen help [<subcommand>]`.
    private static func help(_ arguments: [String], output: (String) -> Void, errors: (String) -> Void) -> Int32 {
        guard let name = arguments.first else {
            output(Help.main.text)
            return 0
        }
        guard arguments.count == 1, let help = Help.command(named: name) else {
            return UsageError("unknown subcommand '\(name)'").report(for: Help.help, errors: errors)
        }
        output(help.text)
        return 0
    }
}
