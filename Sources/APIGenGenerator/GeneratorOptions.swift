/// The modules of a client whose models are apart (`GeneratorOptions.modelsModule`).
public enum ModulePart: String, Sendable {
    case all, client, models
}

/// Settings shared by the CLI, the config file and the build plugin.
public struct GeneratorOptions: Sendable {
    /// The Swift module the output is compiled into (used in documentation and samples).
    public var moduleName: String
    public var accessLevel: AccessLevel = .public
    /// Model declarations are spread over this many files so large specs compile in
    /// parallel and a change to one schema recompiles one file. Known from the sizes of the
    /// spec's files (see `modelFileCount(specBytes:)`), so a build plugin knows the file names.
    public var modelFileCount = 1
    /// Request builders and view models are spread over this many files, by operation
    /// (see `endpointFileCount(specBytes:)`).
    public var endpointFileCount = 1
    /// The enum that holds the request builders (`API.listPets()`).
    public var namespace = "API"
    /// Generate `@Observable` view models (off for a models-and-requests-only client).
    public var viewModels = true
    /// When set, view models only for operations with one of these tags.
    public var viewModelTags: Set<String>?
    /// Also write `ExampleChecks.swift`, which decodes every example of the spec (corpus report).
    public var exampleChecks = false
    /// Also write `Conformance.swift`, which `Scripts/conformance` drives (round trips and requests).
    public var conformance = false
    /// The spec's file name, for the header comment.
    public var specFileName: String
    /// Component schemas the app declares itself, by name, with the Swift type to use instead
    /// (`Money: MyApp.Money`): no type is generated for them. Each must be `Codable`, `Hashable`
    /// and `Sendable`, and read the JSON the schema describes.
    public var typeOverrides: [String: String] = [:]
    /// Check the spec's constraints (lengths, patterns, bounds, item counts, enums) on parameters
    /// and bodies before sending: `send` throws `APIError.invalidRequest` naming what is broken.
    public var validatesRequests = false
    /// Modules every generated file imports besides the runtime and Foundation (those the
    /// overriding types live in).
    public var additionalImports: [String] = []

    /// When set, the models and their samples are a module of their own, by this name, which the
    /// client's files import: a change to an operation then rebuilds the client's module only, and
    /// the models' module is not compiled again (see `Generator.render(_:)`).
    public var modelsModule: String?
    /// With `modelsModule`, the one module to make (`all`: both); the build plugin makes one per
    /// target, and what only the other module needs is not worked out.
    public var part: ModulePart = .all

    /// Whether this run makes the client's module: always, unless only the models' is asked for.
    public var makesClient: Bool { modelsModule == nil || part != .models }
    /// Whether this run makes the models (in the client's module when they are not apart).
    public var makesModels: Bool { modelsModule == nil || part != .client }

    /// What a generated file that uses the runtime imports (the models' module too, when the
    /// models are apart).
    public var runtimeImports: [String] {
        ["APIGenRuntime", "Foundation"] + additionalImports.filter { $0 != "APIGenRuntime" && $0 != "Foundation" }
            + (modelsModule.map { [$0] } ?? [])
    }

    /// The settings of the models' own module: its name, no module to import, and at least
    /// `package` access, which the client's module needs to see the models.
    var forModelsModule: GeneratorOptions {
        var options = self
        options.moduleName = modelsModule ?? moduleName
        options.modelsModule = nil
        if accessLevel == .internal { options.accessLevel = .package }
        return options
    }

    /// Whether `text` can name a type in an override or a module in an import: identifiers
    /// joined by dots (`MyApp.Money`), nothing a spec or config could turn into other code.
    public static func isQualifiedName(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return !parts.isEmpty && parts.allSatisfy { SwiftName.isIdentifier(String($0)) }
    }

    public init(moduleName: String, specFileName: String) {
        self.moduleName = moduleName
        self.specFileName = specFileName
    }

    /// From this size (all of a spec's files together) its client is laid out for the
    /// compiler's batches (see `endpointFileCount(specBytes:)`). Below it the client is small
    /// enough to read as three files, and builds in a few seconds either way.
    public static let largeSpecBytes = 100_000

    /// The default number of model files: 1 below `largeSpecBytes`, 34 from there. The build
    /// plugin applies the same rule to the same sizes.
    public static func modelFileCount(specBytes: Int) -> Int {
        specBytes >= largeSpecBytes ? 34 : 1
    }

    /// The default number of endpoint files: 1 below `largeSpecBytes`, 16 from there.
    ///
    /// Why 16 and 34: the Swift driver compiles a module in batches of consecutive files, in
    /// name order, by count, not size: as many batches as cores, or one per 25 files if that is
    /// more. Beside the batches it runs one job that emits the module (a tenth of the work). On
    /// two cores that job and the first batch start together, and the driver often notices the
    /// module job's end only when that batch ends: a batch holding half the code then ran
    /// alone after it, nearly doubling the build of a large client. With 16 endpoint files, 34 model files and the samples there are 51 files, so
    /// three batches of 17: first the endpoints and one model file, about as long as emitting
    /// the module, then the rest of the models in two even halves, side by side, whichever way
    /// the driver schedules them. The extra files cost no measurable compile time.
    public static func endpointFileCount(specBytes: Int) -> Int {
        specBytes >= largeSpecBytes ? 16 : 1
    }

    /// `Swagger Petstore` → `SwaggerPetstoreAPI`; a title that already ends in API keeps it.
    public static func moduleName(fromTitle title: String) -> String {
        var name = SwiftName.typeName(title, fallback: "Generated")
        if !name.hasSuffix("API") && !name.hasSuffix("Api") {
            name += "API"
        }
        return name
    }
}
