import Observation

// What every generated view model has in common lives here, once, instead of in each generated
// class: the state, the loading methods and the wiring to `RemoteQuery`, `PagedQuery` and
// `Submission`. A generated model only adds its parameters and how they make its request. For a
// large spec (openai.yaml, 288 view models) the shared part written out per class was about
// half of the view models' compile time.

/// The base of generated view models that read one value: a screen binds to the parameters
/// (properties of the subclass), calls `load()`, and shows `state`.
@MainActor
open class QueryViewModel<Response: Sendable>: Observable {
    /// Sends the requests.
    public let client: APIClient
    /// Tracks the subclass's parameter properties: their getters call `access` and their
    /// setters `withMutation`, as `@Observable` would. The state is tracked by `RemoteQuery`.
    @_spi(Generated) public let observationRegistrar = ObservationRegistrar()
    let query = RemoteQuery<Response>()
    /// The optimistic changes in flight (`sendOptimistically`), and why the last was undone.
    public let updates = OptimisticUpdater()

    /// Creates a model that sends its requests with `client`; generated subclasses add the parameters.
    public init(client: APIClient) {
        self.client = client
    }

    /// Idle until `load()`, then loading, loaded or failed.
    public final var state: Loadable<Response> { query.state }
    /// True while `refresh()` reloads; `state` keeps the old value meanwhile.
    public final var isRefreshing: Bool { query.isRefreshing }
    /// Why the last refresh failed, while the old value stays on screen.
    public final var refreshError: (any Error)? { query.refreshError }

    /// Loads once; a call while loading is ignored, and cancelling goes back to idle. With a
    /// client that has a `cache`, a value it holds for the request is shown at once and refreshed
    /// (`isRefreshing`), as stale-while-revalidate does.
    public final func load() async {
        if client.cache != nil, !query.isBusy, !query.state.isLoaded {
            let request = makeRequest()
            // Re-checked after the wait: another load may have started meanwhile.
            if let cached = await client.cachedValue(for: request), !query.isBusy, !query.state.isLoaded {
                query.set(cached)
            }
        }
        await query.load(fetch)
    }
    /// Loads again after a failure.
    public final func retry() async { await query.retry(fetch) }
    /// Reloads, showing the current value until the new one arrives.
    public final func refresh() async { await query.refresh(fetch) }
    /// Forgets the value, e.g. before loading with new parameters.
    public final func reset() { query.reset() }

    /// The request for the current parameters; each generated subclass overrides it.
    open func makeRequest() -> Request<Response> {
        preconditionFailure("\(type(of: self)) must override makeRequest()")
    }

    /// Reads the parameters now, on the main actor; the request is sent from the closure.
    private var fetch: @Sendable () async throws -> Response {
        let client = client
        let request = makeRequest()
        return { try await client.send(request) }
    }
}

/// The base of generated view models for paged lists: `load()` the first page, `loadMore()` as
/// the list scrolls, `state` holds the items of every page so far.
@MainActor
open class PagedViewModel<Page: Sendable, Item: Sendable>: Observable {
    /// Sends the requests.
    public let client: APIClient
    /// Tracks the subclass's parameter properties (see `QueryViewModel`).
    @_spi(Generated) public let observationRegistrar = ObservationRegistrar()
    let pages: PagedQuery<Page, Item>
    /// The optimistic changes in flight (`sendOptimistically`), and why the last was undone.
    public let updates = OptimisticUpdater()

    /// Creates a model; generated subclasses pass the paging rules of their operation.
    ///
    /// - Parameters:
    ///   - client: sends the requests.
    ///   - pages: where paging starts, the items of a page, and the request after it.
    public init(client: APIClient, pages: PagedQuery<Page, Item>) {
        self.client = client
        self.pages = pages
    }

    /// The items of every page loaded so far.
    public final var state: Loadable<[Item]> { pages.state }
    /// False once the last page has arrived.
    public final var hasMore: Bool { pages.hasMore }
    /// True while `loadMore()` fetches a page.
    public final var isLoadingMore: Bool { pages.isLoadingMore }
    /// True while `refresh()` reloads; `state` keeps the old items meanwhile.
    public final var isRefreshing: Bool { pages.isRefreshing }
    /// Why the last `loadMore()` failed; the items loaded so far stay.
    public final var loadMoreError: (any Error)? { pages.loadMoreError }
    /// Why the last refresh failed, while the old items stay on screen.
    public final var refreshError: (any Error)? { pages.refreshError }
    /// The most recent page as the server sent it.
    public final var lastPage: Page? { pages.lastPage }

    /// Loads the first page; a call while loading is ignored, and cancelling goes back to idle.
    /// With a client that has a `cache`, a first page it holds is shown at once and refreshed
    /// (`isRefreshing`), as stale-while-revalidate does.
    public final func load() async {
        if client.cache != nil, !pages.isBusy, !pages.state.isLoaded {
            let request = makePageRequests()(pages.first)
            if let cached = await client.cachedValue(for: request) {
                pages.showCached(firstPage: cached)
            }
        }
        await pages.load(fetch)
    }
    /// Loads the first page again after a failure.
    public final func retry() async { await pages.load(fetch) }
    /// Reloads from the first page, keeping the current items until it arrives.
    public final func refresh() async { await pages.refresh(fetch) }
    /// Appends the next page; does nothing at the end or while a page is loading.
    public final func loadMore() async { await pages.loadMore(fetch) }
    /// Forgets the items, e.g. before loading with new parameters.
    public final func reset() { pages.reset() }

    /// The request for a page, with the parameters as they are now (read on the main actor);
    /// each generated subclass overrides it.
    open func makePageRequests() -> @Sendable (PageRequest) -> Request<Page> {
        preconditionFailure("\(type(of: self)) must override makePageRequests()")
    }

    private var fetch: @Sendable (PageRequest) async throws -> Page {
        let client = client
        let makeRequest = makePageRequests()
        return { page in try await client.send(makeRequest(page)) }
    }
}

/// The base of generated view models for writes: a form or button calls the subclass's
/// `submit(…)` and shows `isSubmitting` and `errorMessage`.
@MainActor
open class SubmissionViewModel<Response: Sendable>: Observable {
    /// Sends the requests.
    public let client: APIClient
    private let submission = Submission<Response>()

    /// Creates a model that sends its requests with `client`.
    public init(client: APIClient) {
        self.client = client
    }

    /// True while a submit is in flight.
    public final var isSubmitting: Bool { submission.isSubmitting }
    /// What went wrong with the last submit, in words a person can read.
    public final var errorMessage: String? { submission.errorMessage }
    /// False while a submit is in flight; use it to disable the button.
    public final var canSubmit: Bool { submission.canSubmit }
    /// The server's answer to the last successful submit.
    public final var response: Response? { submission.response }

    /// Sends `request`; returns whether it succeeded. Ignored while a submit is in flight.
    @discardableResult
    public final func submit(_ request: Request<Response>) async -> Bool {
        let client = client
        return await submission.submit { try await client.send(request) }
    }
}

/// The base of generated view models for streamed responses: the subclass's `start(…)` opens
/// the stream, and `elements` grow as they arrive (see `StreamedElements`).
@MainActor
open class StreamViewModel<Element: Sendable>: Observable {
    /// Sends the requests.
    public let client: APIClient
    private let stream = StreamedElements<Element>()

    /// Creates a model that sends its requests with `client`.
    public init(client: APIClient) {
        self.client = client
    }

    /// Idle until a start, loading until the stream opens, then the elements so far.
    public final var state: Loadable<[Element]> { stream.state }
    /// The elements received so far.
    public final var elements: [Element] { stream.elements }
    /// True while the stream is open.
    public final var isStreaming: Bool { stream.isStreaming }
    /// Why the stream broke off after elements had arrived.
    public final var streamError: (any Error)? { stream.streamError }

    /// Streams `request`'s response until it ends, fails or the calling task is cancelled; a
    /// running stream is replaced.
    public final func start(_ request: Request<ResponseStream<Element>>) async {
        let client = client
        await stream.start { try await client.send(request) }
    }

    /// Stops the stream, keeping the elements; cancels the HTTP request.
    public final func stop() { stream.stop() }
    /// Forgets the elements, stopping the stream first.
    public final func reset() { stream.reset() }
}
