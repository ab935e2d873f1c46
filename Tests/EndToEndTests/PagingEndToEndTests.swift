import APIGenRuntime
import FeaturesAPI
import Foundation
import LoopbackServers
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The paged view models of `Specs/features.yaml` against `Tests/Support/paging_server.py`, which
/// answers a page past the end with a 404: a model that asks one page too many ends with
/// `loadMoreError`. Five people, two to a page.
@MainActor
final class PagingEndToEndTests: XCTestCase {
    private let everyone = ["ada", "grace", "linus", "barbara", "ken"]

    /// A client of a fresh server, recording the requests it sends; the server stops with the test.
    private func client() throws -> (APIClient, RecordingTransport) {
        let server = try LoopbackServer(script: "paging_server.py")
        addTeardownBlock { server.stop() }
        let recorder = RecordingTransport()
        return (APIClient(baseURL: server.baseURL, transport: recorder, retry: RetryPolicy(maxAttempts: 1), timeout: 10), recorder)
    }

    /// Loads every page the model offers.
    private func loadAll<Page: Sendable>(_ model: PagedViewModel<Page, Contributor>) async -> [String] {
        await model.load()
        var rounds = 0
        while model.hasMore, rounds < 10 {
            await model.loadMore()
            rounds += 1
        }
        XCTAssertNil(model.loadMoreError)
        return (model.state.value ?? []).map(\.login)
    }

    /// Django REST's `next` is null on the last page: no fourth page is asked for.
    func testPageNumbersEndWhereTheNextLinkIsNull() async throws {
        let (client, recorder) = try client()
        let logins = await loadAll(ListArticlesModel(client: client))
        XCTAssertEqual(logins, everyone)
        XCTAssertEqual(recorder.queries("page"), ["1", "2", "3"])
    }

    /// A `count` of all items ends page-number paging once that many are loaded.
    func testPageNumbersEndWhenTheCountIsReached() async throws {
        let (client, recorder) = try client()
        let logins = await loadAll(ListTopicsModel(client: client))
        XCTAssertEqual(logins, everyone)
        XCTAssertEqual(recorder.queries("page").count, 3)
    }

    /// Offsets advance by `limit`, and a page shorter than it is the last: no empty request.
    func testOffsetsAdvanceByTheLimitAndEndAtAShortPage() async throws {
        let (client, recorder) = try client()
        let logins = await loadAll(ListEventsModel(client: client, limit: 2))
        XCTAssertEqual(logins, everyone)
        XCTAssertEqual(recorder.queries("offset"), ["0", "2", "4"])
    }

    /// A date-time cursor travels as its RFC 3339 text and comes back a `Date`.
    func testADateTimeCursorPages() async throws {
        let (client, recorder) = try client()
        let logins = await loadAll(ListChangesModel(client: client))
        XCTAssertEqual(logins, everyone)
        XCTAssertEqual(recorder.queries("after"), [nil, "2024-05-02T09:30:00Z", "2024-05-04T09:30:00Z"])
    }

    /// No parameter walks the pages: each next request takes the query of the `Link` header's
    /// `rel="next"` link.
    func testALinkHeaderPagesWithoutAPageParameter() async throws {
        let (client, recorder) = try client()
        let logins = await loadAll(ListReleasesModel(client: client, perPage: 2))
        XCTAssertEqual(logins, everyone)
        XCTAssertEqual(recorder.queries("token"), [nil, "bWlk", "ZW5k"])
        XCTAssertEqual(recorder.queries("per_page"), ["2", "2", "2"])
    }

    /// Page numbers until a page past the end answers 204 with no body.
    func testPageNumbersEndAtAnAbsentPage() async throws {
        let (client, recorder) = try client()
        let logins1 = await loadAll(ListContributorsModel(client: client))
        XCTAssertEqual(logins1, everyone)
        XCTAssertEqual(recorder.queries("page"), ["1", "2", "3", "4"])
    }

    /// A cursor read from the next-page link, and a token that is empty on the last page.
    func testCursorsFromALinkOrATokenEndWhereThePageSaysSo() async throws {
        let (client, recorder) = try client()
        let logins2 = await loadAll(ListContributorLinksModel(client: client))
        XCTAssertEqual(logins2, everyone)
        XCTAssertEqual(recorder.queries("cursor"), [nil, "bWlk", "ZW5k"])
        let logins3 = await loadAll(ListContributorTokensModel(client: client))
        XCTAssertEqual(logins3, everyone)
        XCTAssertEqual(recorder.queries("after").suffix(3), [nil, "bWlk", "ZW5k"])
    }

    /// Offsets by the limit up to the page's total, and page numbers by the Link header.
    func testATotalOrALinkHeaderEndsThePages() async throws {
        let (client, recorder) = try client()
        let logins4 = await loadAll(ListContributorOffsetsModel(client: client, limit: 2))
        XCTAssertEqual(logins4, everyone)
        XCTAssertEqual(recorder.queries("offset"), ["0", "2", "4"])
        let logins5 = await loadAll(ListStargazersModel(client: client, perPage: 2))
        XCTAssertEqual(logins5, everyone)
        XCTAssertEqual(recorder.queries("page").suffix(3), ["1", "2", "3"])
    }
}

/// Sends through `URLSessionTransport` and keeps every request's URL.
final class RecordingTransport: HTTPTransport, @unchecked Sendable {
    private let inner = URLSessionTransport()
    private let lock = NSLock()
    private var urls: [URL] = []

    func send(_ request: HTTPRequest) async throws -> (HTTPResponse, Data) {
        lock.withLock { urls.append(request.url) }
        return try await inner.send(request)
    }

    /// The value of query item `name` in each request sent, in order (nil where it is absent).
    func queries(_ name: String) -> [String?] {
        lock.withLock { urls }.map { url in
            URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == name }?.value
        }
    }
}
