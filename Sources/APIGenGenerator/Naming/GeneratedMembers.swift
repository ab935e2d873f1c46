/// The names of the members generated code adds to each kind of declaration, in one table. The
/// translators claim the spec's names around them (`NameScope(reserved:)`); a renderer that adds
/// a member adds its name here.
enum GeneratedMembers {
    /// What every type has: Swift's own members.
    static let everyType: Set<String> = ["init", "self", "Type"]

    /// A model struct (`StructGenerator`, `StoredValuesGenerator`): `Codable`, `Hashable`, the
    /// stored-value visit and the record of keys it was decoded with.
    static let structure = everyType.union(["hashValue", "hash", "encode", "Protocol", "keyPresence", "_visitStoredValues"])

    /// An open enum (`EnumGenerator`, `SampleFileGenerator`): its raw value, the case for values
    /// the client does not know, and the samples.
    static let enumeration = everyType.union(["unknown", "rawValue", "hashValue", "sample", "samples"])

    /// A union's cases (`UnionGenerator`, `SampleFileGenerator`); `unknown` is added where a
    /// discriminator can name a kind the client does not know.
    static let unionCases = everyType.union(["sample", "samples", "_visitStoredValues"])

    /// The accessors a union gets for the fields its alternatives share (`SharedPropertyTranslator`).
    static let unionAccessors = everyType.union(["unknown", "sample", "samples", "encode"])

    /// A request builder's local variables (`OperationGenerator`), which its parameters may not take.
    static let builderLocals = everyType.union(["request", "formFields", "givenBody"])

    /// The namespace enum's members besides the builders.
    static let namespace = everyType.union(["Security", "Servers"])

    /// A `Servers` enum's members besides the servers (`ServerGenerator`).
    static let servers = everyType.union(["default", "all"])

    /// A server variable's enum (`ServerGenerator`): `String`-backed and `CaseIterable`.
    static let serverVariableEnum = everyType.union(["rawValue", "allCases"])

    /// A server function's parameters besides its variables (`ServerGenerator`).
    static let serverParameters = everyType.union(["base"])

    /// A webhook or callback enum's members besides its cases (`WebhookGenerator`).
    static let webhooks = everyType.union(["name", "names"])

    /// Members and locals of a view model (`ViewModelGenerator`, `OptimisticWriteGenerator`
    /// and the runtime's view-model bases).
    static let viewModel: Set<String> = [
        "client", "request", "query", "pages", "submission", "fetch", "state", "isRefreshing", "refreshError", "hasMore",
        "isLoadingMore", "loadMoreError", "lastPage", "isSubmitting", "errorMessage", "canSubmit", "response", "load",
        "retry", "refresh", "reset", "loadMore", "submit", "start", "stop", "elements", "isStreaming", "streamError", "stream", "self",
        "Type", "init", "observationRegistrar", "makeRequest", "makePageRequests", "super", "updates", "sendOptimistically",
    ]
}
