import APIGenGenerator
import APIGenOpenAPI
import Foundation

/// `apigen diff <old-spec> <new-spec> [--root <dir>]`: generates both clients in memory and says,
/// per Swift declaration, what the new one breaks for code written against the old one.
struct DiffCommand {
    var oldPath: String
    var newPath: String
    var rootPath: String?

    static func parse(_ arguments: [String]) -> Result<DiffCommand, UsageError> {
        var positional: [String] = []
        var root: String?
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            if argument == "--root" {
                guard let folder = rest.popFirst() else { return .failure(UsageError("--root needs a folder")) }
                root = folder
            } else if argument.hasPrefix("-") {
                return .failure(.unknownOption(argument, known: Help.diff.optionNames))
            } else {
                positional.append(argument)
            }
        }
        guard positional.count == 2 else {
            return .failure(UsageError("expected the old spec and the new one, got \(positional.count) spec(s)"))
        }
        return .success(DiffCommand(oldPath: positional[0], newPath: positional[1], rootPath: root))
    }

    func run(output: (String) -> Void, errors: (String) -> Void) -> Int32 {
        guard let old = surface(of: oldPath, errors: errors), let new = surface(of: newPath, errors: errors) else { return 1 }
        let diff = APIDiff(old: old, new: new)
        for change in diff.changes {
            output(change.description)
        }
        let breaking = diff.changes.filter(\.isBreaking).count
        let added = diff.changes.count - breaking
        output("\(breaking) breaking change\(breaking == 1 ? "" : "s"), \(added) addition\(added == 1 ? "" : "s")")
        return diff.isBreaking ? 1 : 0
    }

    /// The client `generate` would write for `path`, as a surface; nil after reporting errors.
    private func surface(of path: String, errors: (String) -> Void) -> APISurface? {
        let (config, configFile, configDiagnostics) = Config.find(named: nil, besideSpec: path)
        let root = Config.root(option: rootPath, config: config, configFile: configFile)
        var pipeline = GeneratorPipeline()
        let loaded = pipeline.load(path: path, loader: SpecLoader(root: root, strict: false))
        let problems = (loaded.diagnostics.items + configDiagnostics).filter { $0.severity == .error }
        guard var document = loaded.document, problems.isEmpty else {
            for problem in problems { errors(problem.description) }
            return nil
        }
        if !config.filter.isEmpty {
            document = pipeline.filter(document, with: config.filter).document
        }
        var options = GeneratorOptions(
            moduleName: config.moduleName ?? GeneratorOptions.moduleName(fromTitle: document.info.title),
            specFileName: (path as NSString).lastPathComponent)
        options.namespace = config.namespace ?? options.namespace
        for (entry, type) in config.typeOverrides { options.typeOverrides[entry.value] = type }
        return Generator(options: options).translate(SchemaCatalog(document), files: loaded.files).surface
    }
}
