import APIGenRuntime
import Foundation
import Observation
import ObservationRecording
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `PagedQuery`: items accumulate across pages, `loadMore` stops at the end, refresh keeps the
/// old items visible, and a failed page keeps what was loaded.
@MainActor
final class ViewModelRuntimeTestsPaging: XCTestCase {
    nonisolated private static let allPets = (1...5).map { TestPet(id: $0, name: "Pet \($0)") }

    /// A server paging `allPets` by `offset` and `limit`.
    private func offsetServer() -> MockTransport {
        MockTransport(["listPets": MockResponse { request in
            let offset = Int(queryValue("offset", in: request) ?? "0") ?? 0
            let limit = Int(queryValue("limit", in: request) ?? "2") ?? 2
            let slice = Array(Self.allPets.dropFirst(offset).prefix(limit))
            return (HTTPResponse(status: 200, headers: ["Content-Type": "application/json"]), try JSONEncoder().encode(slice))
        }])
    }

    /// Offset paging, two per page, as a generated model would set it up.
    private func offsetPages() -> PagedQuery<[TestPet], TestPet> {
        PagedQuery(
            first: .offset(0),
            items: { page in page },
            next: { page, current, _ in current.advanced(received: page.count, pageSize: 2) }
        )
    }

    private func offsetFetch(_ client: APIClient, delay: UInt64 = 0) -> @Sendable (PageRequest) async throws -> [TestPet] {
        { request in
            if delay > 0 {
                try await Task.sleep(nanoseconds: delay)
            }
            var offset = 0
            if case .offset(let number) = request { offset = number }
            return try await client.send(ViewModelTestAPI.listPets(offset: offset, limit: 2))
        }
    }

    private func ids(_ state: Loadable<[TestPet]>) -> String {
        describe(state.map { $0.map(\.id) })
    }

    func testLoadMoreAppendsAndStopsAtTheEnd() async {
        let mock = offsetServer()
        let fetch = offsetFetch(viewModelClient(mock))
        let pages = offsetPages()
        let states = ObservedValues { self.ids(pages.state) }
        let loadingMore = ObservedValues { pages.isLoadingMore }
        XCTAssertFalse(pages.hasMore, "nothing to load more before the first page")

        await pages.load(fetch)
        XCTAssertEqual(pages.items.map(\.id), [1, 2])
        XCTAssertTrue(pages.hasMore)
        XCTAssertEqual(pages.nextRequest, .offset(2))
        XCTAssertEqual(pages.lastPage?.map(\.id), [1, 2])

        await pages.loadMore(fetch)
        XCTAssertEqual(pages.items.map(\.id), [1, 2, 3, 4])
        XCTAssertTrue(pages.hasMore)

        await pages.loadMore(fetch)
        XCTAssertEqual(pages.items.map(\.id), [1, 2, 3, 4, 5])
        XCTAssertFalse(pages.hasMore, "a short page is the last")
        XCTAssertNil(pages.nextRequest)

        await pages.loadMore(fetch)
        await pages.loadMore(fetch)

        XCTAssertEqual(mock.requests.count, 3, "loadMore at the end sends nothing")
        XCTAssertEqual(mock.requests.map { queryValue("offset", in: $0) }, ["0", "2", "4"])
        XCTAssertEqual(states.values, ["idle", "loading", "loaded([1, 2])", "loaded([1, 2, 3, 4])", "loaded([1, 2, 3, 4, 5])"])
        XCTAssertEqual(loadingMore.values, [false, true, false, true, false])
    }

    func testCursorPagesFollowTheResponsesToken() async {
        let mock = MockTransport(["petPages": .sequence([
            .json(PetPage(items: Array(Self.allPets.prefix(2)), next: "c2")),
            .json(PetPage(items: [Self.allPets[2]], next: nil)),
        ])])
        let client = viewModelClient(mock)
        let pages = PagedQuery<PetPage, TestPet>(
            first: .cursor(""),
            items: { $0.items },
            next: { page, _, _ in page.next.map(PageRequest.cursor) }
        )
        let fetch: @Sendable (PageRequest) async throws -> PetPage = { request in
            var cursor: String?
            if case .cursor(let token) = request, !token.isEmpty { cursor = token }
            return try await client.send(ViewModelTestAPI.petPage(cursor: cursor))
        }

        await pages.load(fetch)
        await pages.loadMore(fetch)
        await pages.loadMore(fetch)

        XCTAssertEqual(pages.items.map(\.id), [1, 2, 3])
        XCTAssertFalse(pages.hasMore)
        XCTAssertEqual(pages.lastPage?.next, nil)
        XCTAssertEqual(mock.requests.map { queryValue("cursor", in: $0) }, [nil, "c2"])
    }

    func testAFailedPageKeepsTheItemsAndCanBeRetried() async {
        let mock = MockTransport(["petPages": .sequence([
            .json(PetPage(items: Array(Self.allPets.prefix(2)), next: "c2")),
            .json(text: #"{"message": "Server exploded"}"#, status: 500),
            .json(PetPage(items: [Self.allPets[2]], next: nil)),
        ])])
        let client = viewModelClient(mock)
        let pages = PagedQuery<PetPage, TestPet>(first: .cursor(""), items: { $0.items }, next: { page, _, _ in page.next.map(PageRequest.cursor) })
        let fetch: @Sendable (PageRequest) async throws -> PetPage = { request in
            guard case .cursor(let token) = request, !token.isEmpty else {
                return try await client.send(ViewModelTestAPI.petPage(cursor: nil))
            }
            return try await client.send(ViewModelTestAPI.petPage(cursor: token))
        }

        await pages.load(fetch)
        await pages.loadMore(fetch)
        XCTAssertEqual(pages.items.map(\.id), [1, 2], "the loaded items stay")
        XCTAssertTrue(pages.state.isLoaded)
        XCTAssertEqual(pages.loadMoreError?.userMessage, "Server exploded")
        XCTAssertTrue(pages.hasMore)
        XCTAssertFalse(pages.isLoadingMore)

        await pages.loadMore(fetch)
        XCTAssertEqual(pages.items.map(\.id), [1, 2, 3])
        XCTAssertNil(pages.loadMoreError)
        XCTAssertEqual(mock.requests.map { queryValue("cursor", in: $0) }, [nil, "c2", "c2"])
    }

    func testRefreshKeepsTheItemsVisibleUntilTheFirstPageArrives() async {
        let client = viewModelClient(offsetServer())
        let pages = offsetPages()
        await pages.load(offsetFetch(client))
        await pages.loadMore(offsetFetch(client))
        let states = ObservedValues { self.ids(pages.state) }

        let refresh = Task { await pages.refresh(self.offsetFetch(client, delay: 30_000_000)) }
        await waitUntil("refreshing") { pages.isRefreshing }
        XCTAssertEqual(pages.items.map(\.id), [1, 2, 3, 4], "old items stay while refreshing")
        await pages.loadMore(offsetFetch(client))
        XCTAssertEqual(pages.items.count, 4, "loadMore waits for the refresh")
        await refresh.value

        XCTAssertFalse(pages.isRefreshing)
        XCTAssertEqual(pages.items.map(\.id), [1, 2])
        XCTAssertEqual(pages.nextRequest, .offset(2), "paging starts over after the new first page")
        XCTAssertEqual(states.values, ["loaded([1, 2, 3, 4])", "loaded([1, 2])"])
    }

    func testASecondLoadMoreWhileOneIsInFlightIsIgnored() async {
        let mock = offsetServer()
        let client = viewModelClient(mock)
        let pages = offsetPages()
        await pages.load(offsetFetch(client))

        let more = Task { await pages.loadMore(self.offsetFetch(client, delay: 30_000_000)) }
        await waitUntil("loading more") { pages.isLoadingMore }
        await pages.loadMore(offsetFetch(client))
        XCTAssertTrue(pages.isLoadingMore, "the second call returns at once")
        await more.value

        XCTAssertEqual(mock.requests.map { queryValue("offset", in: $0) }, ["0", "2"])
        XCTAssertEqual(pages.items.map(\.id), [1, 2, 3, 4])
    }

    func testRefreshCancelsALoadMoreInFlight() async {
        let client = viewModelClient(offsetServer())
        let pages = offsetPages()
        await pages.load(offsetFetch(client))

        let more = Task { await pages.loadMore(self.offsetFetch(client, delay: 10_000_000_000)) }
        await waitUntil("loading more") { pages.isLoadingMore }
        await pages.refresh(offsetFetch(client))
        await more.value

        XCTAssertFalse(pages.isLoadingMore)
        XCTAssertEqual(pages.items.map(\.id), [1, 2], "the cancelled page is never appended")
        XCTAssertNil(pages.loadMoreError)
    }

    func testCancellingTheFirstPageGoesBackToIdle() async {
        let client = viewModelClient(offsetServer())
        let pages = offsetPages()
        let states = ObservedValues { self.ids(pages.state) }

        let load = Task { await pages.load(self.offsetFetch(client, delay: 10_000_000_000)) }
        await waitUntil("loading") { pages.state.isLoading }
        load.cancel()
        await load.value

        XCTAssertEqual(states.values, ["idle", "loading", "idle"])
        XCTAssertFalse(pages.hasMore)
    }

    func testCancellingLoadMoreKeepsTheItemsWithoutAnError() async {
        let client = viewModelClient(offsetServer())
        let pages = offsetPages()
        await pages.load(offsetFetch(client))

        let more = Task { await pages.loadMore(self.offsetFetch(client, delay: 10_000_000_000)) }
        await waitUntil("loading more") { pages.isLoadingMore }
        more.cancel()
        await more.value

        XCTAssertEqual(pages.items.map(\.id), [1, 2])
        XCTAssertFalse(pages.isLoadingMore)
        XCTAssertNil(pages.loadMoreError)
        XCTAssertTrue(pages.hasMore)

        pages.reset()
        XCTAssertEqual(pages.state, .idle)
        XCTAssertNil(pages.lastPage)
    }

    func testANextRequestThatDoesNotMoveEndsPaging() async {
        let pages = PagedQuery<[Int], Int>(first: .cursor("same"), items: { $0 }, next: { _, current, _ in current })
        await pages.load { _ in [1] }
        XCTAssertEqual(pages.state, .loaded([1]))
        XCTAssertFalse(pages.hasMore)
    }

    func testPageRequestAdvances() {
        XCTAssertEqual(PageRequest.page(1).advanced(received: 20, pageSize: 20), .page(2))
        XCTAssertEqual(PageRequest.page(3).advanced(received: 5), .page(4))
        XCTAssertNil(PageRequest.page(3).advanced(received: 5, pageSize: 20))
        XCTAssertNil(PageRequest.page(3).advanced(received: 0))
        XCTAssertEqual(PageRequest.offset(40).advanced(received: 20, pageSize: 20), .offset(60))
        XCTAssertNil(PageRequest.cursor("x").advanced(received: 20))
    }
}
