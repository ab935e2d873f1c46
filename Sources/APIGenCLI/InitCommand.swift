import APIGenGenerator
import APIGenOpenAPI
import Foundation

/// `apigen init [<spec>] [--force]`: writes a commented `apigen.yaml` beside the spec, with the
/// module named from its title, and prints the `Package.swift` lines that apply the build
/// plugin (and the command plugin's alternative).
struct InitCommand {
    var specPath: String?
    var force = false

    /// The names the build plugin looks for in a target's folder.
    static let pluginSpecNames = ["openapi.yaml", "openapi.yml", "openapi.json"]

    static func parse(_ arguments: [String]) -> Result<InitCommand, UsageError> {
        var command = InitCommand()
        for argument in arguments {
            if argument == "--force" {
                command.force = true
            } else if argument.hasPrefix("-") {
                return .failure(.unknownOption(argument, known: Help.initCommand.optionNames))
            } else if command.specPath == nil {
                command.specPath = argument
            } else {
                return .failure(UsageError("expected one spec, got more"))
            }
        }
        return .success(command)
    }

    func run(output: (String) -> Void, errors: (String) -> Void) -> Int32 {
        guard let spec = specPath ?? Self.pluginSpecNames.first(where: { FileManager.default.fileExists(atPath: $0) }) else {
            return UsageError("no spec given, and no \(Self.pluginSpecNames.joined(separator: ", ")) in this folder")
                .report(for: Help.initCommand, errors: errors)
        }
        let loaded = SpecLoader().load(path: spec)
        guard let document = loaded.document, loaded.succeeded else {
            for diagnostic in loaded.diagnostics.items { errors(diagnostic.description) }
            return 1
        }
        let folder = (spec as NSString).deletingLastPathComponent
        let settings = (folder as NSString).appendingPathComponent("apigen.yaml")
        guard force || !FileManager.default.fileExists(atPath: settings) else {
            return UsageError("\(settings) is already there (--force replaces it)").report(for: Help.initCommand, errors: errors)
        }
        let module = GeneratorOptions.moduleName(fromTitle: document.info.title)
        do {
            try Self.settings(module: module, spec: spec).write(toFile: settings, atomically: true, encoding: .utf8)
        } catch {
            errors("error: cannot write '\(settings)': \(error.localizedDescription)")
            return 1
        }
        let schemas = document.schemas.components.count
        output("Wrote \(settings).\n\n" + Self.packageLines(spec: spec, module: module, schemaCount: schemas))
        return 0
    }

    /// `apigen.yaml` with every setting, commented; the values are the defaults.
    static func settings(module: String, spec: String) -> String {
        """
        # apigen's settings for \((spec as NSString).lastPathComponent). Every line is optional.
        # `apigen generate` reads this file from beside the spec, and so does the build plugin.

        # The Swift module (the build plugin names it after its target instead).
        module: \(module)

        # Who may use the generated code: public, package or internal.
        access: public

        # The enum holding one request builder per operation.
        namespace: API

        # Observable view models for SwiftUI: true, false, or a list of tags to make them for.
        viewModels: true

        # true: the rule breaks apigen repairs with a warning are errors (for spec authors).
        strict: false

        # Where `apigen generate` writes (the build plugin uses its own work folder).
        # output: Generated/\(module)

        # The folder whose files $ref may read (default: the nearest folder up holding .git or
        # Package.swift). The build plugin always uses the target's folder.
        # root: ..

        # More files for a large spec, so that a change recompiles less (plain top-level lines:
        # the build plugin reads them before apigen runs).
        # modelFiles: 1
        # endpointFiles: 1

        # The models in a module of their own, so that a change to an operation rebuilds only the
        # client's module (under the build plugin: two targets, see Docs/Plugins.md).
        # modelsModule: \(module)Models

        # Generate only these operations, and the schemas they use.
        # filter:
        #   tags: [pets]
        #   operations: [listPets]
        #   paths: [/pets/{petId}]
        #   schemas: [Pet]

        """
    }

    /// From this many component schemas the models' module is slow enough to emit that a change
    /// to an operation rebuilds in a fraction of the time with the models in a target of their own.
    static let twoTargetSchemaCount = 500

    /// How to apply the build plugin to the target that holds the spec (named after its folder
    /// when that folder is `Sources/<Target>`), and the command plugin's alternative, with a
    /// pointer to two targets for a spec of `twoTargetSchemaCount` schemas or more.
    static func packageLines(spec: String, module: String, schemaCount: Int = 0) -> String {
        let folder = URL(fileURLWithPath: spec).deletingLastPathComponent().standardizedFileURL
        let inSources = folder.deletingLastPathComponent().lastPathComponent == "Sources"
        let target = inSources ? folder.lastPathComponent : module
        let name = (spec as NSString).lastPathComponent
        var notes: [String] = []
        if !inSources { notes.append("Put the spec and apigen.yaml in the target's folder, Sources/\(target).") }
        if !pluginSpecNames.contains(name) { notes.append("The build plugin reads openapi.yaml (or .yml, .json): rename \(name).") }
        if schemaCount >= twoTargetSchemaCount {
            notes.append(
                "With \(schemaCount) schemas, a change to an operation rebuilds much faster with the models in a target of their own:\n"
                    + "see \"A large client in two targets\" in apigen's Docs/Plugins.md.")
        }
        return """
            To generate the client on every build, apply the build plugin in Package.swift:

                dependencies: [
                    .package(url: "<apigen repository>", from: "\(CommandLineTool.version)"),
                ],
                targets: [
                    .target(
                        name: "\(target)",
                        dependencies: [.product(name: "APIGenRuntime", package: "apigen")],
                        plugins: [.plugin(name: "APIGenPlugin", package: "apigen")]
                    ),
                ]
            \(notes.isEmpty ? "" : "\n" + notes.joined(separator: "\n") + "\n")
            To check the generated code in instead, leave out `plugins:` and run:

                swift package --allow-writing-to-package-directory generate-client --target \(target)
            """
    }
}
