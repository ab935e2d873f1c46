/// The app-side layer: sample values, preview responses and view models.

public struct SampleDeclaration: Sendable {
    public enum Value: Sendable {
        /// JSON that decodes to the type.
        case json(String)
        /// An enum case (`.available`).
        case enumCase(String)
    }

    public var typeName: String
    public var sample: Value
    /// JSON of a few distinct values, for `samples`.
    public var listJSON: String?
    /// True when the sample is the spec's own example.
    public var isFromExample: Bool
}

/// What the preview client answers for one operation.
public struct PreviewResponse: Sendable {
    public enum Body: Sendable {
        case json(String)
        case text(String)
        case data
        case empty(status: Int)
    }

    public var operationID: String
    public var body: Body
}

public struct ViewModelDeclaration: Sendable {
    public enum Kind: Sendable {
        /// A read: `state`, `load()`, `retry()`, `refresh()`.
        case query
        /// A paginated read: items accumulate, `loadMore()`, `hasMore`.
        case paged(Paging)
        /// A write: `isSubmitting`, `errorMessage`, `submit(...)`.
        case submission
    }

    public struct Paging: Sendable {
        public enum Style: Sendable {
            case page, offset, cursor
        }

        public var style: Style
        /// The builder parameter the page, offset or cursor goes to.
        public var parameter: OperationParameter
        /// The value of the first request (`.page(1)`, `.offset(0)`).
        public var first: String
        /// Item type of the accumulated list.
        public var itemType: SwiftType
        /// Closure body turning a page into its items (`page.items ?? []`).
        public var items: String
        /// Statements of the closure giving the next request or nil, one per line (uses `page`,
        /// `current`, `itemCount`).
        public var next: [String]
    }

    public var name: String
    public var operation: OperationDeclaration
    public var kind: Kind
}
