import APIGenGenerator
import APIGenOpenAPI
import APIGenYAML
import Foundation

/// `apigen generate <spec> [options]`.
struct GenerateCommand {
    var specPath: String
    var outputPath: String?
    var moduleName: String?
    var accessLevel: AccessLevel?
    var configPath: String?
    var rootPath: String?
    var modelFileCount: Int?
    var endpointFileCount: Int?
    var namespace: String?
    var viewModels: Bool?
    var exampleChecks = false
    var conformance = false
    var printTimings = false
    /// `--strict`: rule breaks with an evident repair are errors, not warnings.
    var strict = false
    /// `--tag`, `--operation`, `--path` and `--schema`, added to the config file's `filter:`.
    var filter = DocumentFilter()

    /// Parses the arguments after `generate`; a usage error is returned as its message.
    static func parse(_ arguments: [String]) -> Result<GenerateCommand, UsageError> {
        var command = GenerateCommand(specPath: "")
        var positional: [String] = []
        var index = 0
        func value(for option: String) -> Result<String, UsageError> {
            index += 1
            guard index < arguments.count else { return .failure(UsageError("\(option) needs a value")) }
            return .success(arguments[index])
        }
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--output", "-o", "--root":
                guard case .success(let text) = value(for: argument) else { return .failure(UsageError("\(argument) needs a folder")) }
                command[keyPath: argument == "--root" ? \GenerateCommand.rootPath : \GenerateCommand.outputPath] = text
            case "--module":
                guard case .success(let text) = value(for: argument) else { return .failure(UsageError("--module needs a name")) }
                command.moduleName = text
            case "--access":
                guard case .success(let text) = value(for: argument), let level = AccessLevel(rawValue: text) else {
                    return .failure(UsageError("--access must be public, package or internal"))
                }
                command.accessLevel = level
            case "--config":
                guard case .success(let text) = value(for: argument) else { return .failure(UsageError("--config needs a file")) }
                command.configPath = text
            case "--namespace":
                guard case .success(let text) = value(for: argument), SwiftName.typeName(text) == text,
                    !SwiftName.reservedTypeNames.contains(text)
                else {
                    return .failure(UsageError("--namespace must be a Swift type name that is not a standard type"))
                }
                command.namespace = text
            case "--no-view-models":
                command.viewModels = false
            case "--example-checks":
                command.exampleChecks = true
            case "--conformance":
                command.conformance = true
            case "--timings":
                command.printTimings = true
            case "--strict":
                command.strict = true
            case "--skip-deprecated":
                command.filter.skipsDeprecated = true
            case "--tag", "--operation", "--path", "--schema":
                guard case .success(let text) = value(for: argument), !text.isEmpty else {
                    return .failure(UsageError("\(argument) needs a name"))
                }
                let entry = DocumentFilter.Entry(text)
                switch argument {
                case "--tag": command.filter.tags.append(entry)
                case "--operation": command.filter.operations.append(entry)
                case "--path": command.filter.paths.append(entry)
                default: command.filter.schemas.append(entry)
                }
            case "--model-files", "--endpoint-files":
                guard case .success(let text) = value(for: argument), let count = Int(text), (1...64).contains(count) else {
                    return .failure(UsageError("\(argument) must be a number from 1 to 64"))
                }
                if argument == "--model-files" {
                    command.modelFileCount = count
                } else {
                    command.endpointFileCount = count
                }
            default:
                if argument.hasPrefix("-") {
                    return .failure(.unknownOption(argument, known: Help.generate.optionNames))
                }
                positional.append(argument)
            }
            index += 1
        }
        guard positional.count == 1 else {
            return .failure(
                UsageError(positional.isEmpty ? "missing the spec to generate from" : "expected one spec, got \(positional.count)"))
        }
        command.specPath = positional[0]
        return .success(command)
    }

    func run(memoryAtExit: MemoryAtExit = .releasedNormally, output: (String) -> Void, errors: (String) -> Void) -> Int32 {
        let started = ContinuousClock.now
        var pipeline = GeneratorPipeline(memoryAtExit: memoryAtExit)
        // The settings first, for the root folder and strictness; their diagnostics come after the spec's.
        let (config, configFile, configDiagnostics) = Config.find(named: configPath, besideSpec: specPath)
        let root = Config.root(option: rootPath, config: config, configFile: configFile)
        let loaded = pipeline.load(path: specPath, loader: SpecLoader(root: root, strict: strict || config.strict == true))
        var diagnostics = loaded.diagnostics
        for diagnostic in configDiagnostics { diagnostics.append(diagnostic) }
        guard var document = loaded.document, !diagnostics.hasErrors else {
            report(diagnostics, errors: errors)
            return 1
        }
        var filter = config.filter
        filter.merge(self.filter)
        if !filter.isEmpty {
            let filtered = pipeline.filter(document, with: filter)
            document = filtered.document
            for warning in filtered.warnings { diagnostics.append(warning) }
        }
        let module = moduleName ?? config.moduleName ?? GeneratorOptions.moduleName(fromTitle: document.info.title)
        var options = GeneratorOptions(moduleName: module, specFileName: (specPath as NSString).lastPathComponent)
        options.accessLevel = accessLevel ?? config.accessLevel ?? .public
        // All the spec's files together: a multi-file spec's entry file can be a twentieth of it.
        let specBytes = loaded.files.canonicalPaths.reduce(0) { $0 + Self.fileSize($1) }
        options.modelFileCount = modelFileCount ?? config.modelFileCount ?? GeneratorOptions.modelFileCount(specBytes: specBytes)
        options.endpointFileCount =
            endpointFileCount ?? config.endpointFileCount ?? GeneratorOptions.endpointFileCount(specBytes: specBytes)
        options.namespace = namespace ?? config.namespace ?? options.namespace
        options.viewModels = viewModels ?? config.viewModels ?? true
        options.viewModelTags = config.viewModelTags
        options.exampleChecks = exampleChecks
        options.conformance = conformance
        let generated = pipeline.generate(document, files: loaded.files, options: options)
        diagnostics.append(contentsOf: generated.diagnostics)
        report(diagnostics, errors: errors)
        let folder = outputPath ?? config.outputPath.map { Config.resolve($0, relativeTo: configFile) } ?? "Generated/\(module)"
        do {
            let summary = try pipeline.write(generated.files, to: URL(fileURLWithPath: folder))
            if printTimings {
                for entry in pipeline.timings.entries {
                    output("timing \(entry.stage) cpu=\(entry.cpu) wall=\(entry.wall)")
                }
            }
            let elapsed = ContinuousClock.now - started
            let lines = generated.files.reduce(0) { $0 + $1.lineCount }
            output(
                "Generated \(module) in \(folder): \(generated.files.count) files, \(lines) lines (\(summary.written.count) written, \(summary.unchanged.count) unchanged) in \(elapsed.formatted(.units(allowed: [.seconds, .milliseconds], width: .narrow)))"
            )
            return 0
        } catch {
            errors("error: cannot write to '\(folder)': \(error.localizedDescription)")
            return 1
        }
    }

    /// The settings in `path`, with its warnings, or the defaults and the error that stopped it.
    static func loadConfig(_ path: String) -> (Config, [Diagnostic]) {
        switch Config.load(path: path) {
        case .success(let (config, warnings)): return (config, warnings)
        case .failure(let problem): return (Config(), [problem])
        }
    }

    /// A spec file's size in bytes (0 if it cannot be read; loading it has already succeeded).
    static func fileSize(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
    }

    private func report(_ diagnostics: Diagnostics, errors: (String) -> Void) {
        for diagnostic in diagnostics.items {
            errors(diagnostic.description)
        }
        if diagnostics.droppedCount > 0 {
            errors("note: \(diagnostics.droppedCount) more diagnostics not shown")
        }
    }
}
