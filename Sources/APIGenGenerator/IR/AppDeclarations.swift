/// The app-side layer: sample values, preview responses and view models.

public struct SampleDeclaration: Sendable {
    public enum Value: Sendable {
        /// JSON that decodes to the type.
        case json(String)
        /// An enum case, by its Swift name (`available`).
        case enumCase(Identifier)
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

/// The typed key of one operation (`API.Operation.showPetByID`): spelled as its builder,
/// typed by what its request decodes, for canned answers in tests and previews.
public struct OperationKeyDeclaration: Sendable {
    public var name: Identifier
    public var operationID: String
    public var response: SwiftType
}

public struct ViewModelDeclaration: Sendable {
    public enum Kind: Sendable {
        /// A read: `state`, `load()`, `retry()`, `refresh()`.
        case query
        /// A paginated read: items accumulate, `loadMore()`, `hasMore`.
        case paged(Paging)
        /// A write: `isSubmitting`, `errorMessage`, `submit(...)`.
        case submission
        /// A streamed response: `elements`, `isStreaming`, `start(...)`.
        case stream(element: SwiftType)
    }

    /// How a paged read walks its pages: data, printed as the `PagedQuery` closures by
    /// `PagedQueryGenerator`.
    public struct Paging: Sendable {
        public enum Style: Sendable {
            case page, offset, cursor
            /// No parameter walks the pages: each next request is the `Link` header's `rel="next"`
            /// link, whose query the request takes.
            case link
        }

        /// A property of the page type, by its Swift name.
        public struct Member: Sendable, Equatable {
            public var name: Identifier
            public var isOptional: Bool
            /// The property's type, without its optional.
            public var type: SwiftType
        }

        /// Where a page's items are.
        public enum Items: Sendable {
            /// The page is the array of items.
            case wholePage
            case member(Member)
        }

        /// How the next request follows from a page.
        public enum Next: Sendable {
            /// The page names the next page number (`nextPage`).
            case nextPageField(Member)
            /// The page gives the number of pages (`totalPages`).
            case totalPages(Member)
            /// The page gives the number of items in all pages (`total`, `count`).
            case totalCount(Member)
            /// The page says whether more follow (`hasMore`).
            case hasMore(Member)
            /// Page numbers go on while the page links to a next one (Django REST's `next`,
            /// null on the last page).
            case nextLink(Member)
            /// The page holds the next cursor (`nextCursor`), and may say whether more follow.
            case cursorField(Member, hasMore: Member?)
            /// Pages follow until one comes back empty.
            case untilEmpty
            /// The response's `Link` header names the next page (`rel="next"`, as GitHub's API
            /// does); the page is a `LinkedPage` of the response.
            case linkHeader
        }

        public var style: Style
        /// The builder parameter the page, offset or cursor goes to.
        public var parameter: OperationParameter?
        /// Item type of the accumulated list.
        public var itemType: SwiftType
        public var items: Items
        public var next: Next
        /// The response may have no body (a 204 beside the 200): an absent page has no items
        /// and ends paging.
        public var pageIsOptional = false
        /// The builder parameter that sets the page size (`limit`), for offset paging: offsets
        /// advance by it, and a page shorter than it is the last.
        public var limit: OperationParameter?

        /// Whether a page is the response with its `Link` header (`LinkedPage`), not the response.
        public var isLinked: Bool {
            if case .linkHeader = next { return true }
            return false
        }
    }

    /// The names a view model gives its builder's parameters, keyed by argument label: the
    /// property (`limit`) and the stored value behind it (`_limit`), never one of its own members.
    public struct ParameterNames: Sendable {
        public var property: [Identifier: String] = [:]
        public var storage: [Identifier: String] = [:]
    }

    public var name: String
    public var operation: OperationDeclaration
    public var kind: Kind
    public var parameterNames = ParameterNames()
    /// For a read of a list: the writes that target one of its items, each a method that
    /// changes the item at once and undoes the change if the request fails.
    public var optimisticWrites: [OptimisticWrite] = []
}

/// A write operation on an item of a read view model's list (`likePost(postID:)` on the feed's
/// posts): the view model's method sends it with the change shown at once.
public struct OptimisticWrite: Sendable {
    public enum Change: Sendable {
        /// The app's change to the item (`liked = true`), undone on failure.
        case update
        /// The item leaves the list (a `DELETE` of it), and comes back on failure.
        case remove
    }

    public var operation: OperationDeclaration
    /// The builder parameter that names the item, compared with its `id`.
    public var itemParameter: Identifier
    public var itemType: SwiftType
    public var change: Change
    /// The view model's method (the builder's name unless a member has it).
    public var methodName = ""
    /// The closure parameter of an update (`change`, unless a builder parameter has it).
    public var changeName = ""
}
