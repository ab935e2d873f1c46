/// Settings shared by the CLI, the config file and the build plugin.
public struct GeneratorOptions: Sendable {
    /// The Swift module the output is compiled into (used in documentation and samples).
    public var moduleName: String
    public var accessLevel: AccessLevel = .public
    /// Model declarations are spread over this many files so large specs compile in
    /// parallel and a change to one schema recompiles one file. Fixed, so a build plugin
    /// knows the file names before it reads the spec.
    public var modelFileCount = 4
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

    /// `Swagger Petstore` → `SwaggerPetstoreAPI`; a title that already ends in API keeps it.
    public static func moduleName(fromTitle title: String) -> String {
        var name = SwiftName.typeName(title, fallback: "Generated")
        if !name.hasSuffix("API") && !name.hasSuffix("Api") {
            name += "API"
        }
        return name
    }
}
