import APIGenRuntime
import EpisodesAPI
import Foundation
import Observation
import ObservationRecording
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The episode list pattern (Specs/episodes.yaml): a page-number pager (`ListEpisodesModel`,
/// `nextPage`), a cursor pager (`ListShowEpisodesModel`, `nextCursor`) and a detail screen
/// (`GetEpisodeModel`), through `MockTransport`, with every state observed in order.
@MainActor
final class ViewModelTestsEpisodes: XCTestCase {
    private let episodes = Episode.samples

    private func page(_ items: [Episode], page: Int = 1, next: Int? = nil) -> EpisodePage {
        EpisodePage(items: items, page: page, totalPages: 3, nextPage: next)
    }

    // MARK: Loading

    func testListGoesFromIdleThroughLoadingToLoaded() async {
        let mock = MockTransport(["listEpisodes": .json(page(episodes))])
        let model = ListEpisodesModel(client: mockClient(mock), perPage: 3)
        let states = ObservedValues { model.state }

        await model.load()

        XCTAssertEqual(states.values, [.idle, .loading, .loaded(episodes)])
        XCTAssertFalse(model.state.isEmpty)
        XCTAssertFalse(model.hasMore, "no nextPage: the end")
        XCTAssertEqual(mock.requests.count, 1)
        XCTAssertEqual(mock.lastRequest?.url.path, "/v1/episodes")
        XCTAssertEqual(query(of: mock.lastRequest), ["page": "1", "perPage": "3"])
    }

    func testParametersAreObservedLikeAnObservableMacroClass() async {
        let mock = MockTransport(["listEpisodes": .json(page(episodes))])
        let model = ListEpisodesModel(client: mockClient(mock), perPage: 3)
        let perPage = ObservedValues { model.perPage }
        let state = ObservedValues { stateName(model.state) }

        model.perPage = 5
        model.perPage = 7
        XCTAssertEqual(perPage.values, [3, 5, 7])
        XCTAssertEqual(state.values, ["idle"], "a parameter change is not a state change")
        await model.load()
        XCTAssertEqual(perPage.values, [3, 5, 7], "loading does not touch the parameters")
        XCTAssertEqual(query(of: mock.lastRequest)["perPage"], "7", "the request uses the current value")
        let observable: any Observable = model
        XCTAssertTrue(observable is ListEpisodesModel)
    }

    func testAnEmptyListIsLoadedAndEmpty() async {
        let mock = MockTransport(["listEpisodes": .json(text: #"{"items": [], "page": 1, "totalPages": 0, "nextPage": null}"#)])
        let model = ListEpisodesModel(client: mockClient(mock))
        let states = ObservedValues { stateName(model.state) }

        await model.load()

        XCTAssertEqual(states.values, ["idle", "loading", "loaded"])
        XCTAssertEqual(model.state, .loaded([]))
        XCTAssertTrue(model.state.isEmpty)
        XCTAssertFalse(model.hasMore)
    }

    func testDetailLoadsOneEpisodeByItsPath() async {
        let episode = episodes[1]
        let mock = MockTransport(["getEpisode": .json(episode)])
        let model = GetEpisodeModel(client: mockClient(mock), episodeID: episode.id)
        let states = ObservedValues { model.state }

        await model.load()

        XCTAssertEqual(states.values, [.idle, .loading, .loaded(episode)])
        XCTAssertEqual(mock.lastRequest?.url.path, "/v1/episodes/\(episode.id.uuidString.lowercased())")
    }

    // MARK: Failures

    func testAServerReasonIsWhatThePersonReads() async {
        let mock = MockTransport(["listEpisodes": .reason("perPage must be at most 100.")])
        let model = ListEpisodesModel(client: mockClient(mock), perPage: 500)
        let states = ObservedValues { stateName(model.state) }

        await model.load()

        XCTAssertEqual(states.values, ["idle", "loading", "failed: perPage must be at most 100."])
        XCTAssertEqual(model.state.userMessage, "perPage must be at most 100.")
        XCTAssertEqual((model.state.error as? APIError)?.status, 400)
        XCTAssertFalse(model.hasMore)
    }

    func testAnUndecodableResponseFails() async {
        // `title` must be a string.
        let mock = MockTransport(["getEpisode": .json(text: #"{"id": "3f2504e0-4f89-41d3-9a0c-0305e82c3302", "title": 7}"#)])
        let model = GetEpisodeModel(client: mockClient(mock), episodeID: episodes[0].id)
        let states = ObservedValues { stateName(model.state) }

        await model.load()

        XCTAssertEqual(states.values, ["idle", "loading", "failed: \(Messages.unexpected)"])
    }

    func testOfflineFails() async {
        let mock = MockTransport(["listEpisodes": .offline])
        let model = ListEpisodesModel(client: mockClient(mock))
        let states = ObservedValues { stateName(model.state) }

        await model.load()

        XCTAssertEqual(states.values, ["idle", "loading", "failed: \(Messages.offline)"])
    }

    func testRetryAfterAFailureLoads() async {
        let mock = MockTransport(["listEpisodes": .sequence([.offline, .json(page(episodes))])])
        let model = ListEpisodesModel(client: mockClient(mock))
        let states = ObservedValues { stateName(model.state) }

        await model.load()
        XCTAssertTrue(model.state.isFailed)
        await model.retry()

        XCTAssertEqual(states.values, ["idle", "loading", "failed: \(Messages.offline)", "loading", "loaded"])
        XCTAssertEqual(model.state, .loaded(episodes))
        XCTAssertEqual(mock.requests.count, 2)
    }

    // MARK: Cancellation and repeated calls

    func testCancellingTheLoadingTaskGoesBackToIdleNotFailed() async {
        let mock = MockTransport(["getEpisode": MockResponse.json(episodes[0]).delayed(by: 60)])
        let model = GetEpisodeModel(client: mockClient(mock), episodeID: episodes[0].id)
        let states = ObservedValues { stateName(model.state) }

        let started = Date()
        let task = Task { await model.load() }
        await waitFor("loading") { model.state.isLoading }
        task.cancel()
        await task.value

        XCTAssertEqual(states.values, ["idle", "loading", "idle"])
        // Far below the 60 s delay, so a busy machine cannot make it fail.
        XCTAssertLessThan(Date().timeIntervalSince(started), 30, "the delayed answer was awaited")
        // A later load starts afresh.
        mock.respond(to: "getEpisode", with: .json(episodes[0]))
        await model.load()
        XCTAssertEqual(model.state, .loaded(episodes[0]))
    }

    func testCancellingAPagedLoadGoesBackToIdle() async {
        let mock = MockTransport(["listEpisodes": MockResponse.json(page(episodes)).delayed(by: 5)])
        let model = ListEpisodesModel(client: mockClient(mock))
        let states = ObservedValues { stateName(model.state) }

        let task = Task { await model.load() }
        await waitFor("loading") { model.state.isLoading }
        task.cancel()
        await task.value

        XCTAssertEqual(states.values, ["idle", "loading", "idle"])
        XCTAssertFalse(model.hasMore)
    }

    func testASecondLoadWhileLoadingIsIgnored() async {
        let mock = MockTransport(["listEpisodes": MockResponse.json(page(episodes)).delayed(by: 0.05)])
        let model = ListEpisodesModel(client: mockClient(mock))
        let states = ObservedValues { stateName(model.state) }

        let first = Task { await model.load() }
        await waitFor("loading") { model.state.isLoading }
        await model.load()  // returns at once
        XCTAssertTrue(model.state.isLoading)
        await model.refresh()  // also ignored while the first page loads
        await first.value

        XCTAssertEqual(states.values, ["idle", "loading", "loaded"])
        XCTAssertEqual(mock.requests(for: "listEpisodes").count, 1)
    }

    func testASecondDetailLoadWhileLoadingIsIgnored() async {
        let mock = MockTransport(["getEpisode": MockResponse.json(episodes[0]).delayed(by: 0.05)])
        let model = GetEpisodeModel(client: mockClient(mock), episodeID: episodes[0].id)

        let first = Task { await model.load() }
        await waitFor("loading") { model.state.isLoading }
        await model.load()
        await model.retry()
        await first.value

        XCTAssertEqual(model.state, .loaded(episodes[0]))
        XCTAssertEqual(mock.requests.count, 1)
    }

    // MARK: Refresh

    func testRefreshKeepsTheOldEpisodeVisible() async {
        var renamed = episodes[0]
        renamed.title = "Renamed"
        let mock = MockTransport(["getEpisode": .json(episodes[0])])
        let model = GetEpisodeModel(client: mockClient(mock), episodeID: episodes[0].id)
        await model.load()
        mock.respond(to: "getEpisode", with: MockResponse.json(renamed).delayed(by: 0.05))
        let states = ObservedValues { model.state }
        let refreshing = ObservedValues { model.isRefreshing }

        let refresh = Task { await model.refresh() }
        await waitFor("refreshing") { model.isRefreshing }
        XCTAssertEqual(model.state, .loaded(episodes[0]), "the old value stays while reloading")
        await refresh.value

        XCTAssertEqual(states.values, [.loaded(episodes[0]), .loaded(renamed)])
        XCTAssertEqual(collapsed(refreshing.values), [false, true, false])
    }

    func testAFailedRefreshKeepsTheValueAndSaysWhy() async {
        let mock = MockTransport(["getEpisode": .json(episodes[0])])
        let model = GetEpisodeModel(client: mockClient(mock), episodeID: episodes[0].id)
        await model.load()
        mock.respond(to: "getEpisode", with: .offline)

        await model.refresh()

        XCTAssertEqual(model.state, .loaded(episodes[0]))
        XCTAssertEqual(model.refreshError?.userMessage, Messages.offline)
        XCTAssertFalse(model.isRefreshing)
    }

    func testRefreshingAListReplacesItsPagesWithTheFirst() async {
        let mock = MockTransport(["listEpisodes": byQuery { [episodes] query in
            query["page"] == "1" ? .json(EpisodePage(items: [episodes[0]], page: 1, totalPages: 2, nextPage: 2))
                : .json(EpisodePage(items: [episodes[1]], page: 2, totalPages: 2))
        }])
        let model = ListEpisodesModel(client: mockClient(mock))
        await model.load()
        await model.loadMore()
        XCTAssertEqual(model.state, .loaded([episodes[0], episodes[1]]))
        mock.respond(to: "listEpisodes", with: MockResponse.json(page([episodes[2]], next: 2)).delayed(by: 0.05))
        let states = ObservedValues { model.state }

        let refresh = Task { await model.refresh() }
        await waitFor("refreshing") { model.isRefreshing }
        XCTAssertEqual(model.state, .loaded([episodes[0], episodes[1]]), "old items stay while reloading")
        await refresh.value

        XCTAssertEqual(states.values, [.loaded([episodes[0], episodes[1]]), .loaded([episodes[2]])])
        XCTAssertTrue(model.hasMore)
        XCTAssertEqual(query(of: mock.lastRequest)["page"], "1")
    }

    // MARK: Paging

    func testLoadMoreAppendsPagesByNumberAndStopsAtTheEnd() async {
        let mock = MockTransport(["listEpisodes": byQuery { [episodes] query in
            switch query["page"] {
            case "1": return .json(EpisodePage(items: [episodes[0]], page: 1, totalPages: 3, nextPage: 2))
            case "2": return .json(EpisodePage(items: [episodes[1]], page: 2, totalPages: 3, nextPage: 3))
            case "3": return .json(EpisodePage(items: [episodes[2]], page: 3, totalPages: 3))
            default: return .reason("no such page", status: 404)
            }
        }])
        let model = ListEpisodesModel(client: mockClient(mock), perPage: 1)
        let states = ObservedValues { model.state }

        await model.load()
        XCTAssertTrue(model.hasMore)
        await model.loadMore()
        XCTAssertTrue(model.hasMore)
        XCTAssertEqual(model.lastPage?.page, 2)
        await model.loadMore()
        XCTAssertFalse(model.hasMore, "page 3 has no nextPage")
        await model.loadMore()  // at the end: no request

        XCTAssertEqual(states.values, [
            .idle, .loading, .loaded([episodes[0]]), .loaded(Array(episodes[0...1])), .loaded(episodes),
        ])
        XCTAssertEqual(mock.requests.map { query(of: $0) }, [
            ["page": "1", "perPage": "1"], ["page": "2", "perPage": "1"], ["page": "3", "perPage": "1"],
        ])
        XCTAssertFalse(model.isLoadingMore)
    }

    func testLoadMoreShowsItsFlagWhileThePageLoads() async {
        let mock = MockTransport(["listEpisodes": byQuery { [episodes] query in
            query["page"] == "1" ? .json(EpisodePage(items: [episodes[0]], page: 1, totalPages: 2, nextPage: 2))
                : MockResponse.json(EpisodePage(items: [episodes[1]], page: 2, totalPages: 2)).delayed(by: 0.05)
        }])
        let model = ListEpisodesModel(client: mockClient(mock))
        await model.load()
        let loadingMore = ObservedValues { model.isLoadingMore }

        let more = Task { await model.loadMore() }
        await waitFor("loading more") { model.isLoadingMore }
        XCTAssertEqual(model.state, .loaded([episodes[0]]))
        await model.loadMore()  // ignored while a page loads
        await more.value

        XCTAssertEqual(collapsed(loadingMore.values), [false, true, false])
        XCTAssertEqual(model.state, .loaded([episodes[0], episodes[1]]))
        XCTAssertEqual(mock.requests.count, 2)
    }

    func testLoadMoreBeforeTheFirstPageDoesNothing() async {
        let mock = MockTransport(["listEpisodes": .json(page(episodes, next: 2))])
        let model = ListEpisodesModel(client: mockClient(mock))
        await model.loadMore()
        XCTAssertTrue(model.state.isIdle)
        XCTAssertTrue(mock.requests.isEmpty)
    }

    func testCursorPagerSendsTheCursorItWasGivenAndStopsWithoutOne() async {
        let mock = MockTransport(["listShowEpisodes": byQuery { [episodes] query in
            switch query["cursor"] {
            case nil: return .json(ShowEpisodes(episodes: [episodes[0]], nextCursor: "eyJvZmZzZXQiOjF9"))
            case "eyJvZmZzZXQiOjF9": return .json(ShowEpisodes(episodes: [episodes[1], episodes[2]], nextCursor: nil))
            default: return .reason("unknown cursor")
            }
        }])
        let model = ListShowEpisodesModel(client: mockClient(mock), showID: "swift-by-sundell", limit: 2)
        let states = ObservedValues { stateName(model.state) }

        await model.load()
        XCTAssertEqual(model.state, .loaded([episodes[0]]))
        XCTAssertTrue(model.hasMore)
        await model.loadMore()
        XCTAssertFalse(model.hasMore)
        await model.loadMore()

        XCTAssertEqual(model.state, .loaded(episodes))
        XCTAssertEqual(collapsed(states.values), ["idle", "loading", "loaded"])
        XCTAssertEqual(mock.requests.map(\.url.path), ["/v1/shows/swift-by-sundell/episodes", "/v1/shows/swift-by-sundell/episodes"])
        XCTAssertEqual(mock.requests.map { query(of: $0) }, [["limit": "2"], ["cursor": "eyJvZmZzZXQiOjF9", "limit": "2"]])
    }

    func testCursorPagerStopsWhenTheServerRepeatsTheCursor() async {
        let mock = MockTransport(["listShowEpisodes": .json(ShowEpisodes(episodes: [episodes[0]], nextCursor: "same"))])
        let model = ListShowEpisodesModel(client: mockClient(mock), showID: "s")
        await model.load()
        await model.loadMore()
        XCTAssertFalse(model.hasMore, "the same cursor again would loop forever")
        await model.loadMore()
        XCTAssertEqual(mock.requests.count, 2)
    }
}
