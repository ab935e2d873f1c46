/// Settings shared by the CLI, the config file and the build plugin.
public struct GeneratorOptions: Sendable {
    /// The Swift module the output is compiled into (used in documentation and samples).
    public var moduleName: String
    public var accessLevel: AccessLevel = .public
    /// Model declarations are spread over this many files so large specs compile in
    /// parallel and a change to one schema recompiles one file. Known before the spec is
    /// read (see `modelFileCount(specBytes:)`), so a build plugin knows the file names.
    public var modelFileCount = 1
    /// The enum that holds the request builders (`API.listPets()`).
    public var namespace = "API"
    /// Generate `@Observable` view models (off for a models-and-requests-only client).
    public var viewModels = true
    /// When set, view models only for operations with one of these tags.
    public var viewModelTags: Set<String>?
    /// Also write `ExampleChecks.swift`, which decodes every example of the spec (corpus report).
    public var exampleChecks = false
    /// The spec's file name, for the header comment.
    public var specFileName: String

    public init(moduleName: String, specFileName: String) {
        self.moduleName = moduleName
        self.specFileName = specFileName
    }

    /// The default number of model files: one per 200 kB of spec, from 1 to 16.
    ///
    /// The compiler driver splits a module's files, in name order, into as many batches as
    /// there are cores, by count, not size; many similar files keep those batches even (a
    /// 3 MB spec in 4 files left one core with all the models). The build plugin applies the
    /// same rule to the same file size.
    public static func modelFileCount(specBytes: Int) -> Int {
        min(16, max(1, (specBytes + 199_999) / 200_000))
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
