import APIGenRuntime
import BooksAPI
import EpisodesAPI
import FeedAPI
import Foundation
import Observation
import ObservationRecording
import ReadingProgressAPI
import RemotePostsAPI
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Generated view models against the connexion mock server, which validates every request
/// against its spec: states observed with `withObservationTracking`, paging, submits, a request
/// the server rejects, and a server that is not there.
@MainActor
final class ViewModelEndToEndTests: XCTestCase {
    /// A client for `Specs/<spec>` on the mock server that logs the URL of every request.
    private func loggingClient(
        _ spec: String,
        pathPrefix: String,
        authentication: Authentication? = nil
    ) throws -> (APIClient, RequestLog) {
        let server = try MockServer.shared(spec: spec, pathPrefix: pathPrefix)
        let log = RequestLog()
        let client = APIClient(baseURL: server.baseURL, authentication: authentication, middlewares: [log], retry: .none, timeout: 10)
        return (client, log)
    }

    func testAReadModelLoadsFromTheServer() async throws {
        let (client, log) = try loggingClient("episodes.yaml", pathPrefix: "/v1")
        let model = EpisodesAPI.GetEpisodeModel(client: client, episodeID: UUID(uuidString: "3F2504E0-4F89-11D3-9A0C-0305E82C3301")!)
        let states = ObservedValues { stateText(model.state) }

        await model.load()

        XCTAssertEqual(states.values, ["idle", "loading", "loaded"])
        XCTAssertEqual(model.state.value?.title.isEmpty, false)
        XCTAssertEqual(log.urls.map(\.path), ["/v1/episodes/3f2504e0-4f89-11d3-9a0c-0305e82c3301"])
    }

    func testAPagedModelLoadsTheNextPage() async throws {
        let (client, log) = try loggingClient("episodes.yaml", pathPrefix: "/v1")
        let model = EpisodesAPI.ListEpisodesModel(client: client, perPage: 10)
        let states = ObservedValues { stateText(model.state) }

        await model.load()
        XCTAssertEqual(states.values, ["idle", "loading", "loaded"])
        let firstPage = try XCTUnwrap(model.state.value)
        XCTAssertFalse(firstPage.isEmpty)
        XCTAssertTrue(model.hasMore, "the spec's example page has a nextPage")
        await model.loadMore()

        XCTAssertEqual(log.urls.map { queryItems($0) }, [["page": "1", "perPage": "10"], ["page": "2", "perPage": "10"]])
        XCTAssertEqual(model.state.value?.count, firstPage.count * 2, "the second page is appended")
        XCTAssertNil(model.state.error)
    }

    func testTheFeedPagesWithItsKey() async throws {
        let (client, log) = try loggingClient("feed.yaml", pathPrefix: "/v1", authentication: .apiKey("feed-key"))
        let model = FeedAPI.GetFeedModel(client: client)
        await model.load()
        XCTAssertTrue(model.state.isLoaded, model.state.userMessage ?? "")
        if model.hasMore {
            await model.loadMore()
            XCTAssertEqual(log.urls.last.map { queryItems($0)["page"] }, "2")
        }
        XCTAssertNil(model.state.error)
    }

    func testWriteModelsSubmit() async throws {
        let (feed, _) = try loggingClient("feed.yaml", pathPrefix: "/v1", authentication: .apiKey("feed-key"))
        let create = FeedAPI.CreatePostModel(client: feed)
        let submitting = ObservedValues { create.isSubmitting }
        let created = await create.submit(body: NewPost(text: "Hello from a view model", visibility: .followers))
        XCTAssertTrue(created, create.errorMessage ?? "")
        XCTAssertEqual(submitting.values, [false, true, false])
        XCTAssertNotNil(create.response)

        let (reading, _) = try loggingClient("reading.yaml", pathPrefix: "/api/v1", authentication: .bearer("token"))
        let update = ReadingProgressAPI.UpdateProgressModel(client: reading)
        let updated = await update.submit(bookID: "b1", xDeviceID: "iphone-15", body: ProgressUpdate(currentPage: 12, status: .reading))
        XCTAssertTrue(updated, update.errorMessage ?? "")
        XCTAssertNotNil(update.response)
        let edit = ReadingProgressAPI.UpdateNoteModel(client: reading)
        let noteID = UUID(uuidString: "6B0E2F1C-9A4D-4E8B-B3C7-5D2A1F0E9C8B")!
        let edited = await edit.submit(noteID: noteID, body: NoteUpdate(text: "Better point", highlight: .null))
        XCTAssertTrue(edited, edit.errorMessage ?? "")
        let delete = ReadingProgressAPI.DeleteNoteModel(client: reading)
        let deleted = await delete.submit(noteID: noteID)
        XCTAssertTrue(deleted, delete.errorMessage ?? "")
    }

    func testARejectedReadFailsWithTheServersReason() async throws {
        let (client, _) = try loggingClient("books.yaml", pathPrefix: "/api")
        let model = BooksAPI.SearchBooksModel(client: client, q: "")
        let states = ObservedValues { stateText(model.state) }

        await model.load()

        let error = try XCTUnwrap(model.state.error as? APIError)
        XCTAssertEqual(error.status, 400)
        guard case .server(_, let reason, _, _) = error else { return XCTFail("expected a server error, got \(error)") }
        XCTAssertTrue(reason.contains("should be non-empty"), reason)
        XCTAssertEqual(model.state.userMessage, reason)
        XCTAssertEqual(states.values, ["idle", "loading", "failed: \(reason)"])
    }

    func testARejectedWriteShowsTheServersReason() async throws {
        let (client, _) = try loggingClient("reading.yaml", pathPrefix: "/api/v1", authentication: .bearer("token"))
        let model = ReadingProgressAPI.UpdateProgressModel(client: client)
        // `currentPage` has a minimum of 0.
        let succeeded = await model.submit(bookID: "b1", xDeviceID: "iphone-15", body: ProgressUpdate(currentPage: -1))
        XCTAssertFalse(succeeded)
        let message = try XCTUnwrap(model.errorMessage)
        XCTAssertTrue(message.contains("-1 is less than the minimum of 0"), message)
        XCTAssertNil(model.response)
        XCTAssertTrue(model.canSubmit)
    }

    func testAnUnreachableServerFailsWithAReadableMessage() async throws {
        let port = try PetstoreEndToEndTests.closedPort()
        let client = APIClient(baseURL: URL(string: "http://127.0.0.1:\(port)")!, retry: .none, timeout: 5)
        let model = RemotePostsAPI.ListPostsModel(client: client, userID: 1)
        let states = ObservedValues { stateText(model.state) }

        await model.load()

        XCTAssertEqual(states.values, ["idle", "loading", "failed: Can't reach the server."])
    }
}

/// Records the URL of every request a client sends.
private final class RequestLog: Middleware, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [URL] = []

    var urls: [URL] {
        lock.withLock { recorded }
    }

    func intercept(
        _ request: HTTPRequest,
        operationID: String,
        next: @Sendable (HTTPRequest) async throws -> (HTTPResponse, Data)
    ) async throws -> (HTTPResponse, Data) {
        lock.withLock { recorded.append(request.url) }
        return try await next(request)
    }
}

private func queryItems(_ url: URL) -> [String: String] {
    var result: [String: String] = [:]
    for item in URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? [] {
        result[item.name] = item.value ?? ""
    }
    return result
}

private func stateText<Value>(_ state: Loadable<Value>) -> String {
    switch state {
    case .idle: return "idle"
    case .loading: return "loading"
    case .loaded: return "loaded"
    case .failed(let error): return "failed: \(error.userMessage)"
    }
}

