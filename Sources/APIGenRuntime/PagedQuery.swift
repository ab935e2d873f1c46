import Foundation
import Observation

/// Which page to fetch, in the three shapes paginated APIs use. A fetch closure turns it into the
/// operation's parameter (`?page=2`, `?offset=40`, `?cursor=abc`).
///
/// Top-level rather than nested in `PagedQuery`, because a type nested in a generic class is a
/// different type for every `Page`/`Item` pair and would have to be spelled
/// `PagedQuery<EpisodePage, Episode>.PageRequest` in every generated fetch closure.
public enum PageRequest: Sendable, Hashable {
    /// A page number (`?page=2`); numbering starts wherever the API says (usually 1).
    case page(Int)
    /// The number of items to skip (`?offset=40`).
    case offset(Int)
    /// An opaque token from the previous response (`?cursor=abc`); the first page usually sends none.
    case cursor(String)

    /// The request after this one for page-number and offset paging: the next page number, or
    /// the offset moved past the `received` items. Nil at the end: when nothing was received,
    /// or fewer than `pageSize` items (when the page size is known). Always nil for cursors,
    /// whose next token only the response can give.
    public func advanced(received: Int, pageSize: Int? = nil) -> PageRequest? {
        guard received > 0 else { return nil }
        if let pageSize, received < pageSize { return nil }
        switch self {
        case .page(let number): return .page(number + 1)
        case .offset(let offset): return .offset(offset + received)
        case .cursor: return nil
        }
    }

    /// The cursor of a next-page link (Django REST's `next`: `https://…/items?cursor=cD0y`): the
    /// value of the cursor parameter `parameter` in it, else the whole link. Nil without a link.
    public static func cursor(fromNext link: URL?, parameter: String) -> PageRequest? {
        guard let link else { return nil }
        let items = URLComponents(url: link, resolvingAgainstBaseURL: false)?.queryItems ?? []
        return .cursor(items.first { $0.name == parameter }?.value ?? link.absoluteString)
    }
}

/// The state machine behind generated paginated list models: the items of every page loaded so
/// far, in one `Loadable<[Item]>` a list can show, plus `loadMore()` for infinite scrolling.
///
/// - `load` fetches the first page with the rules of `RemoteQuery`: ignored while a load is in
///   flight, cancellation back to `.idle` (never `.failed`).
/// - `loadMore` appends the next page. It is ignored at the end (`hasMore == false`), before
///   the first page, and while any page is loading, so calling it from every row's `onAppear`
///   is safe. A failure keeps the items and sets `loadMoreError`; calling it again retries.
/// - `refresh` reloads from the first page and keeps the old items visible until it arrives,
///   then replaces them (pages loaded before are dropped, as the data may have moved).
///
/// Generated view models describe their paging as a `PagingRule`; a closure does as well:
///
/// ```swift
/// let pages = PagedQuery(rule: .pageNumbers(while: .totalPages(\.totalPages)), items: \EpisodePage.episodes)
/// // or
/// let pages = PagedQuery<EpisodePage, Episode>(
///     first: .page(1),
///     items: { $0.episodes },
///     next: { page, current, _ in current.advanced(received: page.episodes.count, pageSize: 20) }
/// )
/// await pages.load { [client] request in
///     var page = 1
///     if case .page(let number) = request { page = number }
///     return try await client.send(API.listEpisodes(page: page))
/// }
/// ```
@MainActor
@Observable
public final class PagedQuery<Page: Sendable, Item: Sendable> {
    /// Idle, loading the first page, the items of every page so far, or the first page's failure.
    /// Stays `.loaded` while more pages load and while refreshing.
    public private(set) var state: Loadable<[Item]>
    /// The request `loadMore` will send next; nil before the first page and at the end.
    public private(set) var nextRequest: PageRequest?
    /// True while `loadMore` fetches a page.
    public private(set) var isLoadingMore = false
    /// True while `refresh` reloads the first page; the old items stay in `state`.
    public private(set) var isRefreshing = false
    /// The most recent page as the server sent it (totals, links, metadata).
    public private(set) var lastPage: Page?
    /// Why the last `loadMore` failed; the items loaded so far are kept. Cleared when the next
    /// `loadMore`, `load` or `refresh` starts.
    public private(set) var loadMoreError: (any Error)?
    /// Why the last refresh failed; the old items are kept.
    public private(set) var refreshError: (any Error)?

    /// The request for the first page.
    public let first: PageRequest
    @ObservationIgnored private let itemsOf: @Sendable (Page) -> [Item]
    @ObservationIgnored private let nextAfter: @Sendable (Page, PageRequest, Int) -> PageRequest?
    @ObservationIgnored private let runner = FetchRunner()
    /// The cursors received since the first page, to stop at one that comes back.
    @ObservationIgnored private var seenCursors: Set<String> = []

    /// - Parameters:
    ///   - first: the request for the first page: `.page(1)`, `.offset(0)`, `.cursor("")`.
    ///   - items: the items of one page (`{ $0.results }`, or `{ $0 }` when the page is an array).
    ///   - next: the request after `page`, which was fetched with `current`; `itemCount` is the
    ///     number of items accumulated including this page (the next offset, for offset paging).
    ///     Return nil when there are no more pages. A `next` equal to `current` also ends paging,
    ///     so an API that keeps answering with the same cursor cannot loop forever.
    ///   - state: where to start; previews pass `.loaded(samples)`.
    public init(
        first: PageRequest,
        items: @escaping @Sendable (Page) -> [Item],
        next: @escaping @Sendable (_ page: Page, _ current: PageRequest, _ itemCount: Int) -> PageRequest?,
        state: Loadable<[Item]> = .idle
    ) {
        self.first = first
        self.itemsOf = items
        self.nextAfter = next
        self.state = state
    }

    /// The items loaded so far; empty unless loaded.
    public var items: [Item] {
        state.value ?? []
    }

    /// Changes the loaded items in place (an optimistic update, or its undoing); nothing while
    /// none are loaded.
    public func updateItems(_ change: (inout [Item]) -> Void) {
        guard case .loaded(var items) = state else { return }
        change(&items)
        state = .loaded(items)
    }

    /// Whether `loadMore` has a page to fetch: the first page has arrived and the last did not
    /// say it was the end.
    public var hasMore: Bool {
        nextRequest != nil && state.isLoaded
    }

    /// True while the first page loads or a refresh is in flight.
    public var isBusy: Bool {
        state.isLoading || isRefreshing
    }

    /// Loads the first page. Ignored while the first page is loading or a refresh is in flight;
    /// when items are already loaded it is the same as `refresh` (no spinner over a visible list).
    /// Cancellation goes back to `.idle`; a failure is `.failed`.
    public func load(_ fetch: @escaping @Sendable (PageRequest) async throws -> Page) async {
        guard !isBusy else { return }
        if state.isLoaded {
            await reloadKeepingItems(fetch)
            return
        }
        state = .loading
        clearErrors()
        if nextRequest != nil { nextRequest = nil }
        let first = first
        switch await runner.run({ try await fetch(first) }) {
        case .success(let page):
            showFirst(page)
        case .failure(let error):
            state = .failed(error)
        case .cancelled:
            state = .idle
        case .superseded:
            break
        }
    }

    /// Shows a first page the app already has (a cached copy) without a request, where nothing is
    /// loaded or loading; the next `load` then refreshes it with the items staying visible.
    public func showCached(firstPage page: Page) {
        guard !isBusy, !state.isLoaded else { return }
        clearErrors()
        showFirst(page)
    }

    /// Loads the first page again after a failure; the same as `load`.
    public func retry(_ fetch: @escaping @Sendable (PageRequest) async throws -> Page) async {
        await load(fetch)
    }

    /// Reloads from the first page while the current items stay visible (`isRefreshing`), then
    /// replaces them. A `loadMore` in flight is cancelled, since its page would belong to the old
    /// list. On failure the items are kept and `refreshError` is set. Without items yet it is
    /// the same as `load`.
    public func refresh(_ fetch: @escaping @Sendable (PageRequest) async throws -> Page) async {
        await load(fetch)
    }

    /// Appends the next page. Ignored before the first page has loaded, at the end, and while a
    /// page, a refresh or another `loadMore` is in flight. A failure keeps the items and sets
    /// `loadMoreError` (call again to retry); cancellation keeps them without an error.
    public func loadMore(_ fetch: @escaping @Sendable (PageRequest) async throws -> Page) async {
        guard state.isLoaded, let request = nextRequest, !isLoadingMore, !isRefreshing else { return }
        isLoadingMore = true
        if loadMoreError != nil { loadMoreError = nil }
        switch await runner.run({ try await fetch(request) }) {
        case .success(let page):
            let all = items + itemsOf(page)
            lastPage = page
            nextRequest = following(page, current: request, itemCount: all.count)
            state = .loaded(all)
            isLoadingMore = false
        case .failure(let error):
            loadMoreError = error
            isLoadingMore = false
        case .cancelled:
            isLoadingMore = false
        case .superseded:
            break
        }
    }

    /// Cancels whatever is in flight: a first-page load goes back to `.idle`; a refresh or
    /// `loadMore` keeps the items. The cancelled call returns without touching the state again.
    public func cancel() {
        guard runner.isRunning else { return }
        runner.cancel()
        if isLoadingMore { isLoadingMore = false }
        if isRefreshing { isRefreshing = false }
        if state.isLoading {
            state = .idle
        }
    }

    /// Cancels anything in flight and forgets every page, e.g. when a filter changes.
    public func reset() {
        runner.cancel()
        if isLoadingMore { isLoadingMore = false }
        if isRefreshing { isRefreshing = false }
        clearErrors()
        if lastPage != nil { lastPage = nil }
        if nextRequest != nil { nextRequest = nil }
        if !state.isIdle { state = .idle }
    }

    // MARK: Private

    private func reloadKeepingItems(_ fetch: @escaping @Sendable (PageRequest) async throws -> Page) async {
        if isLoadingMore {
            runner.cancel()
            isLoadingMore = false
        }
        isRefreshing = true
        clearErrors()
        let first = first
        switch await runner.run({ try await fetch(first) }) {
        case .success(let page):
            showFirst(page)
            isRefreshing = false
        case .failure(let error):
            refreshError = error
            isRefreshing = false
        case .cancelled:
            isRefreshing = false
        case .superseded:
            break
        }
    }

    private func showFirst(_ page: Page) {
        let items = itemsOf(page)
        lastPage = page
        seenCursors = []
        nextRequest = following(page, current: first, itemCount: items.count)
        state = .loaded(items)
    }

    private func following(_ page: Page, current: PageRequest, itemCount: Int) -> PageRequest? {
        guard let next = nextAfter(page, current, itemCount), next != current else { return nil }
        if case .cursor(let token) = next {
            // An empty cursor means "from the start", and a cursor seen before leads back to a
            // page already loaded: either would loop over the same pages for ever.
            guard !token.isEmpty, seenCursors.insert(token).inserted else { return nil }
        }
        return next
    }

    private func clearErrors() {
        if loadMoreError != nil { loadMoreError = nil }
        if refreshError != nil { refreshError = nil }
    }
}
