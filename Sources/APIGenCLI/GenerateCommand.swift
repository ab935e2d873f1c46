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
    var modelsModule: String?
    var part: ModulePart?
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
        while index < arguments.count {
            let argument = arguments[index]
            guard argument.hasPrefix("-") else {
                positional.append(argument)
                index += 1
                continue
            }
            var value: String?
            if valueOptions.contains(argument) {
                index += 1
                value = index < arguments.count ? arguments[index] : nil
            }
            if let problem = command.set(argument, value) {
                return .failure(problem)
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

    /// The options followed by a value.
    private static let valueOptions: Set<String> = [
        "--output", "-o", "--root", "--module", "--access", "--config", "--namespace", "--tag", "--operation", "--path",
        "--schema", "--model-files", "--endpoint-files", "--models-module", "--part",
    ]

    /// Applies one option; the usage error when it is unknown or its value is not valid.
    private mutating func set(_ option: String, _ value: String?) -> UsageError? {
        switch option {
        case "--no-view-models": viewModels = false
        case "--example-checks": exampleChecks = true
        case "--conformance": conformance = true
        case "--timings": printTimings = true
        case "--strict": strict = true
        case "--skip-deprecated": filter.skipsDeprecated = true
        case "--tag", "--operation", "--path", "--schema":
            guard let value, !value.isEmpty else { return UsageError("\(option) needs a name") }
            let entry = DocumentFilter.Entry(value)
            switch option {
            case "--tag": filter.tags.append(entry)
            case "--operation": filter.operations.append(entry)
            case "--path": filter.paths.append(entry)
            default: filter.schemas.append(entry)
            }
        default:
            return setSetting(option, value)
        }
        return nil
    }

    /// The options that set one of the settings `apigen.yaml` has too.
    private mutating func setSetting(_ option: String, _ value: String?) -> UsageError? {
        switch option {
        case "--output", "-o", "--root":
            guard let value else { return UsageError("\(option) needs a folder") }
            self[keyPath: option == "--root" ? \GenerateCommand.rootPath : \GenerateCommand.outputPath] = value
        case "--module":
            guard let value else { return UsageError("--module needs a name") }
            moduleName = value
        case "--models-module":
            guard let value, SwiftName.typeName(value) == value else { return UsageError("--models-module needs a Swift identifier") }
            modelsModule = value
        case "--part":
            guard let value = value.flatMap(ModulePart.init(rawValue:)) else { return UsageError("--part must be all, client or models") }
            part = value
        case "--access":
            guard let level = value.flatMap(AccessLevel.init(rawValue:)) else {
                return UsageError("--access must be public, package or internal")
            }
            accessLevel = level
        case "--config":
            guard let value else { return UsageError("--config needs a file") }
            configPath = value
        case "--namespace":
            guard let value, SwiftName.typeName(value) == value, !SwiftName.reservedTypeNames.contains(value) else {
                return UsageError("--namespace must be a Swift type name that is not a standard type")
            }
            namespace = value
        case "--model-files", "--endpoint-files":
            guard let count = value.flatMap(Int.init), (1...64).contains(count) else {
                return UsageError("\(option) must be a number from 1 to 64")
            }
            self[keyPath: option == "--model-files" ? \GenerateCommand.modelFileCount : \GenerateCommand.endpointFileCount] = count
        default:
            return .unknownOption(option, known: Help.generate.optionNames)
        }
        return nil
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
        // All the spec's files together: a multi-file spec's entry file can be a twentieth of it.
        let specBytes = loaded.files.canonicalPaths.reduce(0) { $0 + Self.fileSize($1) }
        let options = options(module: module, config: config, document: document, specBytes: specBytes, diagnostics: &diagnostics)
        let generated = pipeline.generate(document, files: loaded.files, options: options)
        diagnostics.append(contentsOf: generated.diagnostics)
        // The client's part finds every warning the models' part does, and reports them once.
        report(diagnostics, warnings: options.makesClient, errors: errors)
        let folder = outputPath ?? config.outputPath.map { Config.resolve($0, relativeTo: configFile) } ?? "Generated/\(module)"
        do {
            let written = try write(generated, into: folder, options: options, pipeline: &pipeline)
            if printTimings {
                for entry in pipeline.timings.entries {
                    output("timing \(entry.stage) cpu=\(entry.cpu) wall=\(entry.wall)")
                }
                // What was read, for a floor that reads the same (a multi-file spec's every file).
                for path in loaded.files.canonicalPaths {
                    output("timing file \(path)")
                }
            }
            let elapsed = ContinuousClock.now - started
            let files = written.flatMap(\.files)
            let lines = files.reduce(0) { $0 + $1.lineCount }
            let modules = written.map { "\($0.module) in \($0.folder)" }.joined(separator: " and ")
            let (rewritten, unchanged) = written.reduce((0, 0)) { ($0.0 + $1.summary.written.count, $0.1 + $1.summary.unchanged.count) }
            output(
                "Generated \(modules): \(files.count) files, \(lines) lines (\(rewritten) written, \(unchanged) unchanged) in \(elapsed.formatted(.units(allowed: [.seconds, .milliseconds], width: .narrow)))"
            )
            return 0
        } catch {
            errors("error: cannot write to '\(folder)': \(error.localizedDescription)")
            return 1
        }
    }

    /// The generator's settings: the command line's, else the config file's, else the defaults.
    private func options(
        module: String, config: Config, document: OpenAPIDocument, specBytes: Int, diagnostics: inout Diagnostics
    ) -> GeneratorOptions {
        var options = GeneratorOptions(moduleName: module, specFileName: (specPath as NSString).lastPathComponent)
        options.accessLevel = accessLevel ?? config.accessLevel ?? .public
        options.modelFileCount = modelFileCount ?? config.modelFileCount ?? GeneratorOptions.modelFileCount(specBytes: specBytes)
        options.endpointFileCount =
            endpointFileCount ?? config.endpointFileCount ?? GeneratorOptions.endpointFileCount(specBytes: specBytes)
        options.namespace = namespace ?? config.namespace ?? options.namespace
        options.part = part ?? config.part ?? .all
        // The models' part alone is the module it is written into.
        options.modelsModule = modelsModule ?? config.modelsModule ?? (options.part == .models ? module : nil)
        options.viewModels = viewModels ?? config.viewModels ?? true
        options.viewModelTags = config.viewModelTags
        options.exampleChecks = exampleChecks
        options.conformance = conformance
        options.additionalImports = config.additionalImports
        options.validatesRequests = config.validatesRequests ?? false
        let components = Set(document.schemas.components.map(\.name))
        for (entry, type) in config.typeOverrides {
            guard components.contains(entry.value) else {
                diagnostics.append(
                    .warning(
                        "typeOverrides: no component schema is named '\(entry.value)'; the override is unused", at: entry.location,
                        pointer: entry.pointer))
                continue
            }
            options.typeOverrides[entry.value] = type
        }
        return options
    }

    /// A module's files, the folder they went into, and what writing them changed.
    private struct WrittenModule {
        var module: String
        var folder: String
        var files: [GeneratedFile]
        var summary: FileWriter.Summary
    }

    /// Writes the part asked for: the client into `folder`, and, when the models are a module of
    /// their own, the models into the folder of that name beside it (into `folder` itself when
    /// only the models are asked for).
    private func write(
        _ generated: Generator.Output, into folder: String, options: GeneratorOptions, pipeline: inout GeneratorPipeline
    ) throws -> [WrittenModule] {
        var parts: [(module: String, folder: String, files: [GeneratedFile])] = []
        if options.makesClient {
            parts.append((options.moduleName, folder, generated.files))
        }
        if let models = options.modelsModule, options.makesModels {
            let beside = ((folder as NSString).deletingLastPathComponent as NSString).appendingPathComponent(models)
            parts.append((models, options.makesClient ? beside : folder, generated.modelFiles))
        }
        var modules: [WrittenModule] = []
        for part in parts {
            let summary = try pipeline.write(part.files, to: URL(fileURLWithPath: part.folder))
            modules.append(WrittenModule(module: part.module, folder: part.folder, files: part.files, summary: summary))
        }
        return modules
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

    private func report(_ diagnostics: Diagnostics, warnings: Bool = true, errors: (String) -> Void) {
        for diagnostic in diagnostics.items where warnings || diagnostic.severity == .error {
            errors(diagnostic.description)
        }
        if diagnostics.droppedCount > 0 {
            errors("note: \(diagnostics.droppedCount) more diagnostics not shown")
        }
    }
}
