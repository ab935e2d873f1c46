import APIGenRuntime
import Foundation
import XCTest

/// Each `PagingRule`, walked by `PagedQuery` over pages served from memory: the requests it
/// makes, and where it stops (a request past the end fails, as a server's 404 would).
@MainActor
final class PagingRuleTests: XCTestCase {
    struct Page: Sendable {
        var items: [Int]
        var count: Int = 5
        var pages: Int64? = 3
        var hasMore: Bool? = nil
        var next: URL? = nil
        var cursor: String? = nil
        var nextPage: Int? = nil
        var after: Date? = nil
    }

    private struct PastTheEnd: Error {}

    /// Loads every page `rule` offers from `pages` (by request); the requests made.
    private func walk(_ rule: PagingRule<Page>, _ pages: [PageRequest: Page]) async -> (requests: [PageRequest], items: [Int], failed: Bool) {
        let made = Recorded()
        let query = PagedQuery(rule: rule, items: \Page.items)
        let fetch: @Sendable (PageRequest) async throws -> Page = { request in
            await made.append(request)
            guard let page = pages[request] else { throw PastTheEnd() }
            return page
        }
        await query.load(fetch)
        var rounds = 0
        while query.hasMore, rounds < 10 {
            await query.loadMore(fetch)
            rounds += 1
        }
        return (await made.requests, query.items, query.loadMoreError != nil)
    }

    private actor Recorded {
        var requests: [PageRequest] = []
        func append(_ request: PageRequest) { requests.append(request) }
    }

    func testPageNumbersEndAtAnEmptyPageByDefault() async {
        let result = await walk(.pageNumbers(), [.page(1): Page(items: [1, 2]), .page(2): Page(items: [3]), .page(3): Page(items: [])])
        XCTAssertEqual(result.requests, [.page(1), .page(2), .page(3)])
        XCTAssertEqual(result.items, [1, 2, 3])
        XCTAssertFalse(result.failed)
    }

    func testPageNumbersEndAtANullLinkAtTheTotalOrAtTheLastPage() async {
        let linked = await walk(
            .pageNumbers(while: .link(\.next)),
            [.page(1): Page(items: [1, 2], next: URL(string: "https://h/p?page=2")), .page(2): Page(items: [3])])
        XCTAssertEqual(linked.requests, [.page(1), .page(2)])
        let counted = await walk(
            .pageNumbers(while: .total(\.count)),
            [.page(1): Page(items: [1, 2]), .page(2): Page(items: [3, 4]), .page(3): Page(items: [5])])
        XCTAssertEqual(counted.requests, [.page(1), .page(2), .page(3)])
        XCTAssertFalse(counted.failed)
        let numbered = await walk(
            .pageNumbers(from: 0, while: .totalPages(\.pages)),
            [.page(0): Page(items: [1]), .page(1): Page(items: [2]), .page(2): Page(items: [3])])
        XCTAssertEqual(numbered.requests, [.page(0), .page(1), .page(2)])
        XCTAssertFalse(numbered.failed)
    }

    func testAFlagEndsWhereItIsFalseOrAbsent() async {
        let result = await walk(
            .pageNumbers(while: .flag(\.hasMore)), [.page(1): Page(items: [1], hasMore: true), .page(2): Page(items: [2])])
        XCTAssertEqual(result.requests, [.page(1), .page(2)])
        XCTAssertFalse(result.failed)
    }

    func testOffsetsAdvanceByTheStepAndEndAtAShortPage() async {
        let result = await walk(
            .offsets(step: 2), [.offset(0): Page(items: [1, 2]), .offset(2): Page(items: [3, 4]), .offset(4): Page(items: [5])])
        XCTAssertEqual(result.requests, [.offset(0), .offset(2), .offset(4)])
        XCTAssertEqual(result.items, [1, 2, 3, 4, 5])
        XCTAssertFalse(result.failed)
        let unsized = await walk(.offsets(from: 1), [.offset(1): Page(items: [1, 2]), .offset(3): Page(items: [])])
        XCTAssertEqual(unsized.requests, [.offset(1), .offset(3)])
    }

    func testCursorsFollowThePageUntilNoneOrAnEmptyOne() async {
        let tokens = await walk(
            .cursors(.text(\.cursor)), [.cursor(""): Page(items: [1], cursor: "b"), .cursor("b"): Page(items: [2], cursor: "")])
        XCTAssertEqual(tokens.requests, [.cursor(""), .cursor("b")])
        let day = Date(timeIntervalSince1970: 1_714_555_800)
        let dates = await walk(
            .cursors(.dateTime(\.after)), [.cursor(""): Page(items: [1], after: day), .cursor(APIJSON.formatDateTime(day)): Page(items: [2])])
        XCTAssertEqual(dates.requests, [.cursor(""), .cursor("2024-05-01T09:30:00Z")])
        let nextPages = await walk(.nextPage(\.nextPage), [.page(1): Page(items: [1], nextPage: 4), .page(4): Page(items: [2])])
        XCTAssertEqual(nextPages.requests, [.page(1), .page(4)])
    }
}
