/// The help texts of `apigen` and its subcommands: the one source of the `--help` output and of
/// the README's option tables.
enum Help {
    static let main = CommandHelp(
        name: "",
        overview: "Generate a Swift client from an OpenAPI 3.0/3.1/3.2 or Swagger 2.0 description.",
        usage: "apigen <subcommand>",
        options: [.init(names: "--version", text: "Show the version.")],
        subcommands: [
            .init(names: "generate", text: "Write the Swift client for a spec."),
            .init(names: "validate", text: "Check a spec and print its diagnostics, without generating."),
            .init(names: "init", text: "Write a commented apigen.yaml beside a spec and show the Package.swift lines."),
            .init(names: "diff", text: "Say what a new version of a spec breaks in its Swift client."),
            .init(names: "help", text: "Show help for a subcommand."),
        ],
        discussion: "  See 'apigen help <subcommand>' for detailed help.")

    static let generate = CommandHelp(
        name: "generate",
        overview: "Write the Swift client for an OpenAPI description.",
        usage: "apigen generate <spec> [--output <dir>] [--module <name>] [<options>]",
        arguments: [.init(names: "<spec>", text: "The spec, YAML or JSON. apigen.yaml beside it is read for settings.")],
        options: [
            .init(names: "-o, --output <dir>", text: "Folder to write into (default: Generated/<Module>)."),
            .init(names: "--module <name>", text: "Module name (default: from the spec's title, e.g. PetstoreAPI)."),
            .init(names: "--access <level>", text: "public (default), package or internal."),
            .init(names: "--config <file>", text: "Settings file (default: apigen.yaml beside the spec)."),
            .init(
                names: "--root <dir>",
                text: "Folder whose files $ref may read (default: the nearest folder up holding .git or Package.swift, else the spec's)."),
            .init(names: "--namespace <name>", text: "Enum holding the request builders (default: API)."),
            .init(names: "--no-view-models", text: "Leave out the observable view models."),
            .init(names: "--tag <tag>", text: "Generate only the operations with this tag, and the schemas they use (repeatable)."),
            .init(names: "--operation <id>", text: "Generate this operationId too (repeatable)."),
            .init(names: "--path <path>", text: "Generate the operations of this path too, as the spec writes it (repeatable)."),
            .init(names: "--schema <name>", text: "Keep this component schema, and those it uses, too (repeatable)."),
            .init(names: "--skip-deprecated", text: "Leave out deprecated operations and schemas, and the schemas only they use."),
            .init(
                names: "--models-module <name>",
                text: "Put the models and their samples in a module of their own, written to the folder of that name beside the output."
            ),
            .init(names: "--part <part>", text: "all (default), client or models: write only that module, into the output folder."),
            .init(names: "--model-files <n>", text: "Files the models are spread over (default: 1, or 34 from 100 kB of spec)."),
            .init(
                names: "--endpoint-files <n>",
                text: "Files the request builders and view models are spread over (default: 1, or 16 from 100 kB of spec)."),
            .init(names: "--strict", text: "Fail on the rule breaks apigen otherwise repairs with a warning."),
            .init(names: "--timings", text: "Print CPU and wall time per stage."),
        ],
        discussion: """
            Diagnostics are printed as path:line:col: error|warning: message (#/json/pointer).
            Exit status: 0 success (warnings allowed), 1 errors in the spec, 2 a usage error.
            """)

    static let validate = CommandHelp(
        name: "validate",
        overview: "Check a spec and print its diagnostics, without generating.",
        usage: "apigen validate <spec> [--root <dir>] [--strict]",
        arguments: [.init(names: "<spec>", text: "The spec, YAML or JSON. apigen.yaml beside it is read too.")],
        options: [
            .init(names: "--root <dir>", text: "Folder whose files $ref may read (default: as for generate)."),
            .init(names: "--strict", text: "Report the rule breaks apigen would repair as errors."),
        ],
        discussion: "Exit status: 0 no errors (warnings allowed), 1 errors in the spec, 2 a usage error.")

    static let initCommand = CommandHelp(
        name: "init",
        overview: "Write a commented apigen.yaml beside a spec and show how to add apigen to a package.",
        usage: "apigen init [<spec>] [--force]",
        arguments: [
            .init(names: "<spec>", text: "The spec (default: openapi.yaml, openapi.yml or openapi.json in this folder).")
        ],
        options: [.init(names: "--force", text: "Replace an apigen.yaml that is already there.")])

    static let diff = CommandHelp(
        name: "diff",
        overview: "Say what a new version of a spec breaks for code written against the old one's Swift client.",
        usage: "apigen diff <old-spec> <new-spec> [--root <dir>]",
        arguments: [
            .init(names: "<old-spec>", text: "The spec the app's code was written against."),
            .init(names: "<new-spec>", text: "The new version. Each spec's apigen.yaml is read, as generate reads it."),
        ],
        options: [.init(names: "--root <dir>", text: "Folder whose files $ref may read, for both specs (default: as for generate).")],
        discussion: """
            Prints one line per change of a type, member, case or request builder: breaking (removed,
            renamed, retyped, newly required) or added.
            Exit status: 0 nothing breaks, 1 something breaks or a spec has errors, 2 a usage error.
            """)

    static let help = CommandHelp(
        name: "help", overview: "Show help for a subcommand.", usage: "apigen help [<subcommand>]",
        arguments: [.init(names: "<subcommand>", text: "generate, validate, init or diff.")])

    static func command(named name: String) -> CommandHelp? {
        [generate, validate, initCommand, diff, help].first { $0.name == name }
    }
}
