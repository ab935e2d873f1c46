import Foundation

/// How the pages of a list follow each other, as data: the first request, and what in a page
/// names the next one or says that none follows. Generated paged view models print one
/// (`.pageNumbers(while: .link(\.next))`); `PagedQuery(rule:items:)` walks it.
public struct PagingRule<Page: Sendable>: Sendable {
    /// The request for the first page.
    public let first: PageRequest
    /// The request after `page`, fetched with `current`: nil at the end.
    let next: @Sendable (_ page: Page, _ current: PageRequest, _ received: Int, _ loaded: Int) -> PageRequest?

    /// Page numbers from `first`, while `more` says another follows.
    public static func pageNumbers(from first: Int = 1, while more: PageSignal<Page> = .items) -> Self {
        Self(first: .page(first)) { page, current, received, loaded in
            // Pages loaded so far, whatever number the first one has.
            guard case .page(let number) = current, received > 0, more.follows(page, number - first + 1, loaded) else { return nil }
            return .page(number + 1)
        }
    }

    /// The page number a page names (`nextPage`), none on the last page.
    public static func nextPage<Number: BinaryInteger & SendableMetatype>(
        _ number: KeyPath<Page, Number?> & Sendable, from first: Int = 1
    ) -> Self {
        Self(first: .page(first)) { page, _, _, _ in page[keyPath: number].map { .page(Int(clamping: $0)) } }
    }

    /// Offsets from `first`, each `step` items on where the request sets a page size (and a page
    /// shorter than that is the last), else by the items received; while `more` says another follows.
    public static func offsets(from first: Int = 0, step: Int? = nil, while more: PageSignal<Page> = .items) -> Self {
        Self(first: .offset(first)) { page, current, received, loaded in
            guard case .offset(let offset) = current, received > 0, more.follows(page, 0, loaded) else { return nil }
            if let step, received < step { return nil }
            return .offset(offset + (step ?? received))
        }
    }

    /// The cursors pages name (`nextCursor`), while `more` says another follows; an absent or
    /// empty one is the end.
    public static func cursors(_ cursor: PageCursor<Page>, while more: PageSignal<Page> = .always) -> Self {
        Self(first: .cursor("")) { page, _, _, loaded in
            guard more.follows(page, 0, loaded), let token = cursor.token(page), !token.isEmpty else { return nil }
            return .cursor(token)
        }
    }
}

extension PagingRule {
    /// The `rel="next"` link of the response's `Link` header, read for the paging parameter
    /// `parameter` the way `first` pages (a number, an offset or a cursor).
    public static func linkHeader<Value>(parameter: String, first: PageRequest) -> Self where Page == LinkedPage<Value> {
        Self(first: first) { page, current, _, _ in PageRequest.following(page.next, parameter: parameter, current: current) }
    }

    /// The `rel="next"` link itself, for an operation no parameter pages: the next request takes
    /// its query (`Request.following(_:)`).
    public static func links<Value>() -> Self where Page == LinkedPage<Value> {
        Self(first: .cursor("")) { page, _, _, _ in page.next.map { .cursor($0.absoluteString) } }
    }
}

/// What in a page says whether another follows.
public struct PageSignal<Page>: Sendable {
    /// Whether a page follows `page`, the `pages`th page loaded (0 for other paging), after
    /// `loaded` items in all.
    let follows: @Sendable (_ page: Page, _ pages: Int, _ loaded: Int) -> Bool

    /// A page follows one with items (checked by every rule).
    public static var items: Self { Self { _, _, _ in true } }

    /// As long as the cursor goes on.
    public static var always: Self { Self { _, _, _ in true } }

    /// While the page links to a next one (Django REST's `next`): not null, not empty.
    public static func link(_ next: KeyPath<Page, URL?> & Sendable) -> Self {
        Self { page, _, _ in page[keyPath: next] != nil }
    }

    /// While the page links to a next one written as text: not null, not empty.
    public static func link(_ next: KeyPath<Page, String?> & Sendable) -> Self {
        Self { page, _, _ in !(page[keyPath: next] ?? "").isEmpty }
    }

    /// While the page's link to the next one is not empty.
    public static func link(_ next: KeyPath<Page, String> & Sendable) -> Self {
        Self { page, _, _ in !page[keyPath: next].isEmpty }
    }

    /// While the flag (`hasMore`) is true; false or absent ends the pages.
    public static func flag(_ more: KeyPath<Page, Bool?> & Sendable) -> Self {
        Self { page, _, _ in page[keyPath: more] == true }
    }

    /// While the flag (`hasMore`) is true.
    public static func flag(_ more: KeyPath<Page, Bool> & Sendable) -> Self {
        Self { page, _, _ in page[keyPath: more] }
    }

    /// While fewer items are loaded than the page's count of all items (`total`, `count`).
    public static func total<Count: BinaryInteger & SendableMetatype>(_ total: KeyPath<Page, Count?> & Sendable) -> Self {
        Self { page, _, loaded in page[keyPath: total].map { loaded < Int(clamping: $0) } ?? false }
    }

    /// While fewer items are loaded than the page's count of all items (`total`, `count`).
    public static func total<Count: BinaryInteger & SendableMetatype>(_ total: KeyPath<Page, Count> & Sendable) -> Self {
        Self { page, _, loaded in loaded < Int(clamping: page[keyPath: total]) }
    }

    /// While fewer pages are loaded than the page's count of pages (`totalPages`).
    public static func totalPages<Count: BinaryInteger & SendableMetatype>(_ total: KeyPath<Page, Count> & Sendable) -> Self {
        Self { page, pages, _ in pages < Int(clamping: page[keyPath: total]) }
    }

    /// While fewer pages are loaded than the page's count of pages (`totalPages`).
    public static func totalPages<Count: BinaryInteger & SendableMetatype>(_ total: KeyPath<Page, Count?> & Sendable) -> Self {
        Self { page, pages, _ in page[keyPath: total].map { pages < Int(clamping: $0) } ?? false }
    }
}

/// Where a page names the next cursor, and how it becomes the cursor's text.
public struct PageCursor<Page>: Sendable {
    let token: @Sendable (Page) -> String?

    /// A token as the page writes it.
    public static func text(_ next: KeyPath<Page, String?> & Sendable) -> Self {
        Self { $0[keyPath: next] }
    }

    /// A token the page always writes (empty on the last page).
    public static func text(_ next: KeyPath<Page, String> & Sendable) -> Self {
        Self { $0[keyPath: next] }
    }

    /// A next-page link holding the cursor as its parameter `parameter` (else the whole link).
    public static func link(_ next: KeyPath<Page, URL?> & Sendable, parameter: String) -> Self {
        Self { cursorText(fromNext: $0[keyPath: next], parameter: parameter) }
    }

    private static func cursorText(fromNext link: URL?, parameter: String) -> String? {
        guard case .cursor(let token)? = PageRequest.cursor(fromNext: link, parameter: parameter) else { return nil }
        return token
    }

    /// A UUID, as lower-case text.
    public static func uuid(_ next: KeyPath<Page, UUID?> & Sendable) -> Self {
        Self { $0[keyPath: next]?.uuidString.lowercased() }
    }

    /// A UUID the page always names, as lower-case text.
    public static func uuid(_ next: KeyPath<Page, UUID> & Sendable) -> Self {
        Self { $0[keyPath: next].uuidString.lowercased() }
    }

    /// A next-page link the page always holds, with the cursor as its parameter `parameter`.
    public static func link(_ next: KeyPath<Page, URL> & Sendable, parameter: String) -> Self {
        Self { cursorText(fromNext: $0[keyPath: next], parameter: parameter) }
    }

    /// A date-time, as RFC 3339 text.
    public static func dateTime(_ next: KeyPath<Page, Date?> & Sendable) -> Self {
        Self { $0[keyPath: next].map(APIJSON.formatDateTime) }
    }

    /// A date-time the page always names, as RFC 3339 text.
    public static func dateTime(_ next: KeyPath<Page, Date> & Sendable) -> Self {
        Self { APIJSON.formatDateTime($0[keyPath: next]) }
    }
}

extension PagedQuery {
    /// Pages that follow `rule`, their items at `items` (`\.results`; `\.self` for a page that
    /// is the array).
    public convenience init(rule: PagingRule<Page>, items: KeyPath<Page, [Item]> & Sendable, state: Loadable<[Item]> = .idle) {
        self.init(
            first: rule.first, items: { $0[keyPath: items] },
            next: { page, current, loaded in rule.next(page, current, page[keyPath: items].count, loaded) }, state: state)
    }

    /// Pages that may be absent (a 204) or hold no list: an absent list is an empty page.
    public convenience init(rule: PagingRule<Page>, items: KeyPath<Page, [Item]?> & Sendable, state: Loadable<[Item]> = .idle) {
        self.init(
            first: rule.first, items: { $0[keyPath: items] ?? [] },
            next: { page, current, loaded in rule.next(page, current, (page[keyPath: items] ?? []).count, loaded) }, state: state)
    }
}
