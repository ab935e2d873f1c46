import APIGenGenerator
import APIGenOpenAPI
import APIGenYAML
import Foundation

/// `apigen.yaml`: the CLI's settings in a file beside the spec (or named with `--config`).
///
/// ```yaml
/// module: PetstoreAPI
/// access: public        # public | package | internal
/// output: Generated/PetstoreAPI
/// root: ..              # the folder references may reach files under (default: the nearest
///                       # folder up holding .git or Package.swift, else the spec's own)
/// modelFiles: 4         # default: 1, or 34 from 100 kB of spec
/// endpointFiles: 1      # default: 1, or 16 from 100 kB of spec
/// namespace: API        # the enum holding the request builders
/// modelsModule: PetstoreModels  # the models in a module of their own, written beside the client
/// part: all             # all | client | models: what to write (one target each, for the plugin)
/// viewModels: true      # false, or a list of tags to generate view models for
/// strict: false         # true: rule breaks apigen would repair are errors
/// validatesRequests: false  # true: check the spec's constraints before sending
/// filter:               # generate only these operations and the schemas they reach
///   tags: [pets]
///   operations: [getStoreInventory]
///   paths: [/users/{username}]
///   schemas: [ApiResponse]
///   deprecated: false   # leave out deprecated operations and schemas
/// typeOverrides:        # the app's own types for these component schemas
///   schemas: {Money: MyApp.Money}
/// additionalImports: [MyApp]
/// ```
struct Config {
    var moduleName: String?
    var accessLevel: AccessLevel?
    var outputPath: String?
    var rootPath: String?
    var modelFileCount: Int?
    var endpointFileCount: Int?
    var namespace: String?
    var modelsModule: String?
    var part: ModulePart?
    var viewModels: Bool?
    var viewModelTags: Set<String>?
    var strict: Bool?
    var validatesRequests: Bool?
    var filter = DocumentFilter()
    /// `typeOverrides: {schemas: {Money: MyApp.Money}}`, with where each is written.
    var typeOverrides: [DocumentFilter.Entry: String] = [:]
    var additionalImports: [String] = []

    static func defaultPath(besideSpec spec: String) -> String? {
        let candidate = ((spec as NSString).deletingLastPathComponent as NSString).appendingPathComponent("apigen.yaml")
        return FileManager.default.fileExists(atPath: candidate) ? candidate : nil
    }

    /// The settings file named with `--config`, else the `apigen.yaml` beside the spec if there
    /// is one: its settings (none when it is missing or wrong), its path, and its diagnostics.
    static func find(named path: String?, besideSpec spec: String) -> (config: Config, file: String?, diagnostics: [Diagnostic]) {
        guard let file = path ?? defaultPath(besideSpec: spec) else { return (Config(), nil, []) }
        switch load(path: file) {
        case .success(let (config, warnings)): return (config, file, warnings)
        case .failure(let problem): return (Config(), file, [problem])
        }
    }

    /// The root folder for `SpecLoader`: `--root` (relative to the working folder), else `root:`
    /// (relative to the config file); nil for the default.
    static func root(option: String?, config: Config, configFile: String?) -> String? {
        option ?? config.rootPath.map { resolve($0, relativeTo: configFile) }
    }

    /// A relative `output` or `root` in a config file is relative to the config file's folder.
    static func resolve(_ path: String, relativeTo configFile: String?) -> String {
        guard let configFile, !path.hasPrefix("/") else { return path }
        let folder = (configFile as NSString).deletingLastPathComponent
        return folder.isEmpty ? path : (folder as NSString).appendingPathComponent(path)
    }

    static func load(path: String) -> Result<(Config, [Diagnostic]), Diagnostic> {
        let document: YAMLDocument
        do {
            document = try YAMLReader().read(fileAt: path)
        } catch {
            return .failure(error)
        }
        let root = document.root
        guard document.kind(root) == .mapping else {
            return .failure(.error("a config file must be a mapping of settings", at: document.location(root)))
        }
        var config = Config()
        var warnings: [Diagnostic] = []
        for pair in document.pairs(root) {
            switch config.apply(pair, in: document) {
            case .success(let warning?): warnings.append(warning)
            case .success(nil): break
            case .failure(let problem): return .failure(problem)
            }
        }
        return .success((config, warnings))
    }

    /// One setting: nil when it is taken, a warning when it is ignored, an error when it is wrong.
    private mutating func apply(_ pair: PairSequence.Pair, in document: YAMLDocument) -> Result<Diagnostic?, Diagnostic> {
        let value = document.scalar(pair.value)
        let location = document.location(pair.value)
        switch pair.key {
        case "module", "modelsModule":
            guard let value, SwiftName.typeName(value) == value else {
                return .failure(.error("'\(pair.key)' must be a Swift identifier", at: location, pointer: "/\(pair.key)"))
            }
            self[keyPath: pair.key == "module" ? \Config.moduleName : \Config.modelsModule] = value
        case "part":
            guard let value = value.flatMap(ModulePart.init(rawValue:)) else {
                return .failure(.error("'part' must be all, client or models", at: location, pointer: "/part"))
            }
            part = value
        case "access":
            guard let level = value.flatMap(AccessLevel.init(rawValue:)) else {
                return .failure(.error("'access' must be public, package or internal", at: location, pointer: "/access"))
            }
            accessLevel = level
        case "output", "root":
            guard let value else {
                return .failure(.error("'\(pair.key)' must be a folder path", at: location, pointer: "/\(pair.key)"))
            }
            self[keyPath: pair.key == "output" ? \Config.outputPath : \Config.rootPath] = value
        case "namespace":
            guard let value, SwiftName.typeName(value) == value, !SwiftName.reservedTypeNames.contains(value) else {
                return .failure(
                    .error("'namespace' must be a Swift type name that is not a standard type", at: location, pointer: "/namespace"))
            }
            namespace = value
        case "filter":
            switch Self.parseFilter(pair.value, in: document) {
            case .success(let parsed): filter = parsed
            case .failure(let problem): return .failure(problem)
            }
        case "typeOverrides", "additionalImports":
            return applyTypes(pair, in: document)
        default:
            return applyGeneration(pair, in: document)
        }
        return .success(nil)
    }

    /// `typeOverrides: {schemas: {Money: MyApp.Money}}` and `additionalImports: [MyApp]`: the
    /// app's own types for some schemas, in the shape of swift-openapi-generator's setting.
    private mutating func applyTypes(_ pair: PairSequence.Pair, in document: YAMLDocument) -> Result<Diagnostic?, Diagnostic> {
        let location = document.location(pair.value)
        if pair.key == "additionalImports" {
            let modules = document.items(pair.value).compactMap { document.scalar($0) }
            guard document.kind(pair.value) == .sequence, modules.allSatisfy(GeneratorOptions.isQualifiedName) else {
                return .failure(.error("'additionalImports' must be a list of module names", at: location, pointer: "/additionalImports"))
            }
            additionalImports = modules
            return .success(nil)
        }
        let schemas = document.value(pair.value, forKey: "schemas")
        guard let schemas, document.kind(schemas) == .mapping else {
            return .failure(.error("'typeOverrides' must be a mapping with 'schemas'", at: location, pointer: "/typeOverrides"))
        }
        for entry in document.pairs(schemas) {
            let pointer = "/typeOverrides/schemas/" + JSONPointer.escape(entry.key)
            guard let type = document.scalar(entry.value), GeneratorOptions.isQualifiedName(type) else {
                return .failure(
                    .error("a type override must name a Swift type (MyApp.Money)", at: document.location(entry.value), pointer: pointer))
            }
            typeOverrides[DocumentFilter.Entry(entry.key, location: document.location(entry.keyNode), pointer: pointer)] = type
        }
        return .success(nil)
    }

    /// The settings of what is generated and how strictly.
    private mutating func applyGeneration(_ pair: PairSequence.Pair, in document: YAMLDocument) -> Result<Diagnostic?, Diagnostic> {
        let value = document.scalar(pair.value)
        let location = document.location(pair.value)
        switch pair.key {
        case "modelFiles", "endpointFiles":
            guard let count = value.flatMap(Int.init), (1...64).contains(count) else {
                return .failure(.error("'\(pair.key)' must be a number from 1 to 64", at: location, pointer: "/\(pair.key)"))
            }
            self[keyPath: pair.key == "modelFiles" ? \Config.modelFileCount : \Config.endpointFileCount] = count
        case "viewModels":
            if document.kind(pair.value) == .sequence {
                viewModels = true
                viewModelTags = Set(document.items(pair.value).compactMap { document.scalar($0) })
            } else if case .bool(let enabled)? = document.scalarValue(pair.value) {
                viewModels = enabled
            } else {
                return .failure(.error("'viewModels' must be true, false or a list of tags", at: location, pointer: "/viewModels"))
            }
        case "strict", "validatesRequests":
            guard case .bool(let flag)? = document.scalarValue(pair.value) else {
                return .failure(.error("'\(pair.key)' must be true or false", at: location, pointer: "/\(pair.key)"))
            }
            self[keyPath: pair.key == "strict" ? \Config.strict : \Config.validatesRequests] = flag
        case "tags", "operations", "paths", "schemas":
            return .success(
                .warning(
                    "setting '\(pair.key)' is ignored here; to generate only some \(pair.key), list them under 'filter:'",
                    at: document.location(pair.keyNode), pointer: "/" + pair.key))
        default:
            return .success(
                .warning(
                    "unknown setting '\(pair.key)' is ignored", at: document.location(pair.keyNode),
                    pointer: "/" + JSONPointer.escape(pair.key)))
        }
        return .success(nil)
    }

    /// `filter:`: a mapping of `tags`, `operations`, `paths` and `schemas`, each a list of names
    /// (or one name).
    static func parseFilter(_ node: YAMLNode, in document: YAMLDocument) -> Result<DocumentFilter, Diagnostic> {
        guard document.kind(node) == .mapping else {
            return .failure(
                .error("'filter' must be a mapping of tags, operations, paths and schemas", at: document.location(node), pointer: "/filter")
            )
        }
        var filter = DocumentFilter()
        for pair in document.pairs(node) {
            let pointer = "/filter/" + JSONPointer.escape(pair.key)
            if pair.key == "deprecated" {
                // `deprecated: false`: no deprecated operations or schemas.
                guard case .bool(let kept)? = document.scalarValue(pair.value) else {
                    let location = document.location(pair.value)
                    return .failure(.error("'filter.deprecated' must be true or false", at: location, pointer: pointer))
                }
                filter.skipsDeprecated = !kept
                continue
            }
            let items = document.kind(pair.value) == .sequence ? document.items(pair.value) : [pair.value]
            var entries: [DocumentFilter.Entry] = []
            for (index, item) in items.enumerated() {
                guard document.kind(item) == .scalar, let name = document.scalar(item), !name.isEmpty else {
                    return .failure(
                        .error("'filter.\(pair.key)' must be a list of names", at: document.location(item), pointer: pointer))
                }
                let itemPointer = document.kind(pair.value) == .sequence ? "\(pointer)/\(index)" : pointer
                entries.append(DocumentFilter.Entry(name, location: document.location(item), pointer: itemPointer))
            }
            switch pair.key {
            case "tags": filter.tags += entries
            case "operations": filter.operations += entries
            case "paths": filter.paths += entries
            case "schemas": filter.schemas += entries
            default:
                return .failure(
                    .error(
                        "unknown filter '\(pair.key)': use tags, operations, paths, schemas or deprecated",
                        at: document.location(pair.keyNode),
                        pointer: pointer))
            }
        }
        return .success(filter)
    }
}
