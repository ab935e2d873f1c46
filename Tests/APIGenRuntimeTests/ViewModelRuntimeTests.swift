import APIGenRuntime
import Foundation
import Observation
import ObservationRecording
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `Loadable`, `RemoteQuery` and the preview client: the state layer of generated read models,
/// driven through `APIClient` + `MockTransport` and observed with `withObservationTracking`.
@MainActor
final class ViewModelRuntimeTests: XCTestCase {
    // MARK: Loadable

    func testLoadableAccessors() {
        let loaded = Loadable<[Int]>.loaded([1, 2])
        XCTAssertEqual(loaded.value, [1, 2])
        XCTAssertNil(loaded.error)
        XCTAssertTrue(loaded.isLoaded)
        XCTAssertFalse(loaded.isLoading || loaded.isIdle || loaded.isFailed)
        XCTAssertNil(loaded.userMessage)
        XCTAssertEqual(loaded.map { $0.count }, .loaded(2))

        let failed = Loadable<[Int]>.failed(APIError.transport(URLError(.notConnectedToInternet)))
        XCTAssertTrue(failed.isFailed)
        XCTAssertNil(failed.value)
        XCTAssertEqual(failed.userMessage, "You appear to be offline.")
        XCTAssertTrue(failed.map { $0.count }.isFailed)
        XCTAssertEqual(Loadable<[Int]>.loading.map { $0.count }, .loading)
        XCTAssertEqual(Loadable<[Int]>.idle.map { $0.count }, .idle)
        XCTAssertTrue(Loadable<Int>.idle.isIdle)
        XCTAssertTrue(Loadable<Int>.loading.isLoading)
    }

    func testEmptyIsOnlyALoadedEmptyCollection() {
        XCTAssertTrue(Loadable<[Int]>.loaded([]).isEmpty)
        XCTAssertTrue(Loadable<String>.loaded("").isEmpty)
        XCTAssertFalse(Loadable<[Int]>.loaded([1]).isEmpty)
        XCTAssertFalse(Loadable<[Int]>.idle.isEmpty)
        XCTAssertFalse(Loadable<[Int]>.loading.isEmpty)
        XCTAssertFalse(Loadable<[Int]>.failed(CancellationError()).isEmpty)
    }

    func testFailuresCompareByMessageAndDescription() {
        let badQuery = Loadable<Int>.failed(APIError.server(status: 400, reason: "Bad query", body: Data()))
        let sameBadQuery = Loadable<Int>.failed(APIError.server(status: 400, reason: "Bad query", body: Data("x".utf8)))
        let otherReason = Loadable<Int>.failed(APIError.server(status: 400, reason: "Too long", body: Data()))
        let offline = Loadable<Int>.failed(URLError(.notConnectedToInternet))
        XCTAssertEqual(badQuery, sameBadQuery)
        XCTAssertNotEqual(badQuery, otherReason)
        XCTAssertNotEqual(badQuery, offline)
        XCTAssertNotEqual(badQuery, .loading)
        XCTAssertNotEqual(Loadable<Int>.loaded(1), .loaded(2))
        XCTAssertNotEqual(Loadable<Int>.idle, .loading)

        let set: Set<Loadable<Int>> = [badQuery, sameBadQuery, otherReason, .idle, .loading, .loaded(1), .loaded(1)]
        XCTAssertEqual(set.count, 5)
    }

    func testLoadableIsSendableWhenItsValueIs() async {
        let state: Loadable<[TestPet]> = .loaded(vmPets)
        let count = await Task.detached { state.value?.count }.value
        XCTAssertEqual(count, 2)
    }

    // MARK: RemoteQuery through APIClient

    func testLoadGoesFromIdleThroughLoadingToLoaded() async {
        let mock = MockTransport(["listPets": .json(vmPets)])
        let client = viewModelClient(mock)
        let query = RemoteQuery<[TestPet]>()
        let states = ObservedValues { describe(query.state) }

        await query.load { try await client.send(ViewModelTestAPI.listPets(limit: 2)) }

        XCTAssertEqual(states.values, ["idle", "loading", "loaded(\(vmPets))"])
        XCTAssertEqual(query.state, .loaded(vmPets))
        XCTAssertEqual(query.value, vmPets)
        XCTAssertFalse(query.state.isEmpty)
        XCTAssertEqual(mock.requests.count, 1)
        XCTAssertEqual(mock.lastRequest.flatMap { queryValue("limit", in: $0) }, "2")
    }

    func testAnEmptyListIsLoadedAndEmpty() async {
        let client = viewModelClient(MockTransport(["listPets": .json([TestPet]())]))
        let query = RemoteQuery<[TestPet]>()
        let states = ObservedValues { describe(query.state) }

        await query.load { try await client.send(ViewModelTestAPI.listPets()) }

        XCTAssertEqual(states.values, ["idle", "loading", "loaded([])"])
        XCTAssertTrue(query.state.isLoaded)
        XCTAssertTrue(query.state.isEmpty)
    }

    func testServerReasonIsTheUserMessage() async {
        let client = viewModelClient(MockTransport(["listPets": .json(text: #"{"message": "Bad query"}"#, status: 400)]))
        let query = RemoteQuery<[TestPet]>()
        let states = ObservedValues { describe(query.state) }

        await query.load { try await client.send(ViewModelTestAPI.listPets()) }

        XCTAssertEqual(states.values, ["idle", "loading", "failed(Bad query)"])
        XCTAssertEqual(query.state.userMessage, "Bad query")
        XCTAssertEqual((query.state.error as? APIError)?.status, 400)
    }

    func testUndecodableResponseSaysUnexpectedResponse() async {
        let client = viewModelClient(MockTransport(["listPets": .json(text: #"[{"id": "one"}]"#)]))
        let query = RemoteQuery<[TestPet]>()

        await query.load { try await client.send(ViewModelTestAPI.listPets()) }

        XCTAssertTrue(query.state.isFailed)
        XCTAssertEqual(query.state.userMessage, "The server sent an unexpected response.")
        guard case .decoding = query.state.error as? APIError else {
            return XCTFail("expected a decoding error, got \(String(describing: query.state.error))")
        }
    }

    func testOfflineSaysOffline() async {
        let client = viewModelClient(MockTransport(["listPets": .failure(URLError(.notConnectedToInternet))]))
        let query = RemoteQuery<[TestPet]>()

        await query.load { try await client.send(ViewModelTestAPI.listPets()) }

        XCTAssertEqual(query.state.userMessage, "You appear to be offline.")
    }

    func testRetryAfterAFailureLoads() async {
        let mock = MockTransport(["listPets": .sequence([.failure(URLError(.notConnectedToInternet)), .json(vmPets)])])
        let client = viewModelClient(mock)
        let query = RemoteQuery<[TestPet]>()
        let states = ObservedValues { describe(query.state) }
        let fetch: @Sendable () async throws -> [TestPet] = { try await client.send(ViewModelTestAPI.listPets()) }

        await query.load(fetch)
        XCTAssertTrue(query.state.isFailed)
        await query.retry(fetch)

        XCTAssertEqual(states.values, ["idle", "loading", "failed(You appear to be offline.)", "loading", "loaded(\(vmPets))"])
        XCTAssertEqual(mock.requests.count, 2)
    }

    func testCancellingTheCallersTaskGoesBackToIdleNotFailed() async {
        let mock = MockTransport(["listPets": MockResponse.json(vmPets).delayed(by: 60)])
        let client = viewModelClient(mock)
        let query = RemoteQuery<[TestPet]>()
        let states = ObservedValues { describe(query.state) }
        let started = Date()

        // What SwiftUI does with `.task { await model.load() }` when the view disappears.
        let task = Task { await query.load { try await client.send(ViewModelTestAPI.listPets()) } }
        await waitUntil("loading") { query.state.isLoading && mock.requests.count == 1 }
        task.cancel()
        await task.value

        XCTAssertEqual(states.values, ["idle", "loading", "idle"])
        XCTAssertEqual(query.state, .idle)
        XCTAssertLessThan(Date().timeIntervalSince(started), 30, "the request should stop when the task is cancelled, not after the 60 s delay")

        // The next load starts afresh.
        mock.respond(to: "listPets", with: .json(vmOtherPets))
        await query.load { try await client.send(ViewModelTestAPI.listPets()) }
        XCTAssertEqual(query.state, .loaded(vmOtherPets))
    }

    func testCancelGoesBackToIdleAndTheLateAnswerIsDropped() async {
        let query = RemoteQuery<Int>()
        let states = ObservedValues { describe(query.state) }
        let task = Task {
            await query.load {
                // Ignores cancellation, like a transport that answers anyway.
                await withCheckedContinuation { continuation in
                    DispatchQueue.global().asyncAfter(deadline: .now() + 0.05) { continuation.resume() }
                }
                return 1
            }
        }
        await waitUntil("loading") { query.state.isLoading }
        query.cancel()
        XCTAssertEqual(query.state, .idle)
        await query.load { 2 }
        await task.value

        XCTAssertEqual(query.state, .loaded(2))
        XCTAssertEqual(states.values, ["idle", "loading", "idle", "loading", "loaded(2)"])
    }

    func testCancellationErrorsFromTheFetchAreNotFailures() async {
        let query = RemoteQuery<Int>()
        await query.load { throw CancellationError() }
        XCTAssertEqual(query.state, .idle)
        await query.load { throw URLError(.cancelled) }
        XCTAssertEqual(query.state, .idle)
        await query.load { throw APIError.transport(URLError(.cancelled)) }
        XCTAssertEqual(query.state, .idle)
        await query.load { throw URLError(.timedOut) }
        XCTAssertEqual(query.state.userMessage, "The request timed out.")
    }

    func testASecondLoadWhileLoadingIsIgnored() async {
        let mock = MockTransport(["listPets": MockResponse.json(vmPets).delayed(by: 0.05)])
        let client = viewModelClient(mock)
        let query = RemoteQuery<[TestPet]>()
        let states = ObservedValues { describe(query.state) }
        let fetch: @Sendable () async throws -> [TestPet] = { try await client.send(ViewModelTestAPI.listPets()) }

        let first = Task { await query.load(fetch) }
        await waitUntil("loading") { query.state.isLoading }
        await query.load(fetch)
        XCTAssertTrue(query.state.isLoading, "the second call returns at once, while the first is still loading")
        await query.retry(fetch)
        await query.refresh(fetch)
        await first.value

        XCTAssertEqual(mock.requests.count, 1)
        XCTAssertEqual(states.values, ["idle", "loading", "loaded(\(vmPets))"])
    }

    func testRefreshKeepsTheOldValueVisible() async {
        let mock = MockTransport(["listPets": .sequence([.json(vmPets), MockResponse.json(vmOtherPets).delayed(by: 0.05)])])
        let client = viewModelClient(mock)
        let query = RemoteQuery<[TestPet]>()
        let states = ObservedValues { describe(query.state) }
        let refreshing = ObservedValues { query.isRefreshing }
        let fetch: @Sendable () async throws -> [TestPet] = { try await client.send(ViewModelTestAPI.listPets()) }

        await query.load(fetch)
        let refresh = Task { await query.refresh(fetch) }
        await waitUntil("refreshing") { query.isRefreshing }
        XCTAssertEqual(query.state, .loaded(vmPets), "the old value stays on screen while refreshing")
        XCTAssertTrue(query.isBusy)
        await refresh.value

        XCTAssertEqual(query.state, .loaded(vmOtherPets))
        XCTAssertEqual(states.values, ["idle", "loading", "loaded(\(vmPets))", "loaded(\(vmOtherPets))"])
        XCTAssertEqual(refreshing.values, [false, true, false])
        XCTAssertNil(query.refreshError)
    }

    func testAFailedRefreshKeepsTheValueAndSaysWhy() async {
        let mock = MockTransport(["listPets": .sequence([.json(vmPets), .json(text: #"{"message": "Try later"}"#, status: 503)])])
        let client = viewModelClient(mock)
        let query = RemoteQuery<[TestPet]>()
        let fetch: @Sendable () async throws -> [TestPet] = { try await client.send(ViewModelTestAPI.listPets()) }

        await query.load(fetch)
        await query.refresh(fetch)

        XCTAssertEqual(query.state, .loaded(vmPets))
        XCTAssertFalse(query.isRefreshing)
        XCTAssertEqual(query.refreshError?.userMessage, "Try later")
    }

    func testCancellingARefreshKeepsTheValueWithoutAnError() async {
        let query = RemoteQuery<Int>(.loaded(1))
        let refresh = Task {
            await query.refresh {
                try await Task.sleep(nanoseconds: 10_000_000_000)
                return 2
            }
        }
        await waitUntil("refreshing") { query.isRefreshing }
        refresh.cancel()
        await refresh.value

        XCTAssertEqual(query.state, .loaded(1))
        XCTAssertFalse(query.isRefreshing)
        XCTAssertNil(query.refreshError)
    }

    func testLoadingAgainWhenLoadedUpdatesWithoutASpinner() async {
        let query = RemoteQuery<Int>()
        let states = ObservedValues { describe(query.state) }
        let refreshing = ObservedValues { query.isRefreshing }
        await query.load { 1 }
        await query.load { 2 }
        XCTAssertEqual(states.values, ["idle", "loading", "loaded(1)", "loaded(2)"])
        XCTAssertEqual(refreshing.values, [false, true, false])
    }

    func testRefreshWithoutAValueLoads() async {
        let query = RemoteQuery<Int>()
        let states = ObservedValues { describe(query.state) }
        await query.refresh { 7 }
        XCTAssertEqual(states.values, ["idle", "loading", "loaded(7)"])
    }

    func testResetAndSet() async {
        let query = RemoteQuery<Int>()
        query.set(3)
        XCTAssertEqual(query.state, .loaded(3))
        query.reset()
        XCTAssertEqual(query.state, .idle)
    }

    // MARK: Preview client

    func testPreviewClientAnswersByOperationID() async throws {
        let client = APIClient.preview(["listPets": .json(vmPets)], delay: 0.01)
        XCTAssertEqual(client.baseURL.absoluteString, "https://preview.invalid")
        let query = RemoteQuery<[TestPet]>()
        await query.load { try await client.send(ViewModelTestAPI.listPets()) }
        XCTAssertEqual(query.state, .loaded(vmPets))

        let missing = RemoteQuery<TestPet>()
        await missing.load { try await client.send(ViewModelTestAPI.createPet(name: "Rex")) }
        XCTAssertEqual((missing.state.error as? APIError)?.status, 404)
        XCTAssertEqual(missing.state.userMessage, "No preview response for createPet.")
    }
}
