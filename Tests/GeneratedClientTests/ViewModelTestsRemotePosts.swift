import APIGenRuntime
import Foundation
import ObservationRecording
import RemotePostsAPI
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The remote-content pattern (Specs/posts.yaml): a view that loads on appear and cancels on
/// disappear, showing initial / in progress / success / failure, for each failure a person can
/// meet.
@MainActor
final class ViewModelTestsRemotePosts: XCTestCase {
    private let posts = Post.samples

    func testPostsLoadOnAppear() async {
        let mock = MockTransport(["listPosts": .json(posts)])
        let model = ListPostsModel(client: mockClient(mock), userID: 1)
        let states = ObservedValues { model.state }

        await model.load()

        XCTAssertEqual(states.values, [.idle, .loading, .loaded(posts)])
        XCTAssertEqual(mock.lastRequest?.url.path, "/v1/posts")
        XCTAssertEqual(query(of: mock.lastRequest), ["userId": "1"])
    }

    func testWithoutAFilterNoQueryIsSent() async {
        let mock = MockTransport(["listPosts": .json([Post]())])
        let model = ListPostsModel(client: mockClient(mock))
        await model.load()
        XCTAssertEqual(model.state, .loaded([]))
        XCTAssertTrue(model.state.isEmpty)
        XCTAssertNil(mock.lastRequest?.url.query)
    }

    func testChangingTheFilterAndLoadingAgainUsesIt() async {
        let mock = MockTransport(["listPosts": byQuery { [posts] query in
            .json(posts.filter { "\($0.userID)" == query["userId"] })
        }])
        let model = ListPostsModel(client: mockClient(mock), userID: 2)
        await model.load()
        XCTAssertEqual(model.state, .loaded([posts[1]]))
        model.userID = 3
        await model.load()
        XCTAssertEqual(model.state, .loaded([posts[2]]))
        XCTAssertEqual(mock.requests.map { query(of: $0)["userId"] }, ["2", "3"])
    }

    func testDetailScreensLoadByTheirPaths() async {
        let mock = MockTransport([
            "getPost": .json(posts[0]), "listPostComments": .json(Comment.samples), "getUser": .json(User.sample),
        ])
        let client = mockClient(mock)
        let post = GetPostModel(client: client, id: 1)
        let comments = ListPostCommentsModel(client: client, id: 1)
        let user = GetUserModel(client: client, id: 1)
        await post.load()
        await comments.load()
        await user.load()
        XCTAssertEqual(post.state, .loaded(posts[0]))
        XCTAssertEqual(comments.state, .loaded(Comment.samples))
        XCTAssertEqual(user.state, .loaded(User.sample))
        XCTAssertEqual(mock.requests.map(\.url.path), ["/v1/posts/1", "/v1/posts/1/comments", "/v1/users/1"])
    }

    // MARK: Failures

    /// Loads a post whose request gets `response` and returns the states the view went through.
    private func statesLoadingPost(answeredWith response: MockResponse) async -> [String] {
        let model = GetPostModel(client: mockClient(MockTransport(["getPost": response])), id: 1)
        let states = ObservedValues { stateName(model.state) }
        await model.load()
        return states.values
    }

    func testEachFailureReadsWell() async {
        let notFound = await statesLoadingPost(answeredWith: .status(404))
        XCTAssertEqual(notFound, ["idle", "loading", "failed: Not Found"])
        let html = await statesLoadingPost(answeredWith: .text("<html><body>Bad gateway</body></html>", status: 502, contentType: "text/html"))
        XCTAssertEqual(html, ["idle", "loading", "failed: Bad Gateway"])
        let reason = await statesLoadingPost(answeredWith: .reason("Posts are read-only today.", status: 503))
        XCTAssertEqual(reason, ["idle", "loading", "failed: Posts are read-only today."])
        let notJSON = await statesLoadingPost(answeredWith: .text("<html>maintenance</html>", contentType: "text/html"))
        XCTAssertEqual(notJSON, ["idle", "loading", "failed: \(Messages.unexpected)"])
        let wrongShape = await statesLoadingPost(answeredWith: .json(text: "[]"))
        XCTAssertEqual(wrongShape, ["idle", "loading", "failed: \(Messages.unexpected)"])
        let offline = await statesLoadingPost(answeredWith: .offline)
        XCTAssertEqual(offline, ["idle", "loading", "failed: \(Messages.offline)"])
        let lost = await statesLoadingPost(answeredWith: .failure(URLError(.networkConnectionLost)))
        XCTAssertEqual(lost, ["idle", "loading", "failed: \(Messages.offline)"])
        let unreachable = await statesLoadingPost(answeredWith: .failure(URLError(.cannotConnectToHost)))
        XCTAssertEqual(unreachable, ["idle", "loading", "failed: \(Messages.cannotReach)"])
        let timedOut = await statesLoadingPost(answeredWith: .failure(URLError(.timedOut)))
        XCTAssertEqual(timedOut, ["idle", "loading", "failed: The request timed out."])
    }

    func testRetryAfterAFailureShowsProgressThenThePost() async {
        let mock = MockTransport(["getPost": .sequence([.failure(URLError(.cannotFindHost)), .json(posts[0])])])
        let model = GetPostModel(client: mockClient(mock), id: 1)
        let states = ObservedValues { stateName(model.state) }

        await model.load()
        await model.retry()

        XCTAssertEqual(states.values, ["idle", "loading", "failed: \(Messages.cannotReach)", "loading", "loaded"])
        XCTAssertEqual(model.state, .loaded(posts[0]))
    }

    // MARK: Appear and disappear

    func testDisappearingCancelsTheLoadAndAppearingAgainLoads() async {
        let mock = MockTransport(["getUser": MockResponse.json(User.sample).delayed(by: 5)])
        let model = GetUserModel(client: mockClient(mock), id: 1)
        let states = ObservedValues { stateName(model.state) }

        // `.task { await model.load() }`, then the view goes away.
        let appeared = Task { await model.load() }
        await waitFor("loading") { model.state.isLoading }
        // The request is on its way before the view goes: a busy machine may not have sent it yet.
        await waitFor("the request sent") { !mock.requests.isEmpty }
        appeared.cancel()
        await appeared.value
        XCTAssertTrue(model.state.isIdle)
        XCTAssertNil(model.state.error, "a cancelled load is not a failure")

        mock.respond(to: "getUser", with: .json(User.sample))
        await model.load()

        XCTAssertEqual(states.values, ["idle", "loading", "idle", "loading", "loaded"])
        XCTAssertEqual(mock.requests.count, 2)
    }

    func testAppearingAgainReloadsWithoutASpinner() async {
        var edited = posts[0]
        edited.title = "Edited"
        let mock = MockTransport(["getPost": .json(posts[0])])
        let model = GetPostModel(client: mockClient(mock), id: 1)
        await model.load()
        mock.respond(to: "getPost", with: MockResponse.json(edited).delayed(by: 0.05))
        let states = ObservedValues { model.state }

        let appeared = Task { await model.load() }
        await waitFor("reloading") { model.isRefreshing }
        XCTAssertEqual(model.state, .loaded(posts[0]))
        await appeared.value

        XCTAssertEqual(states.values, [.loaded(posts[0]), .loaded(edited)])
        XCTAssertFalse(model.isRefreshing)
    }

    func testCancellingARefreshKeepsTheValue() async {
        let mock = MockTransport(["listPostComments": .json(Comment.samples)])
        let model = ListPostCommentsModel(client: mockClient(mock), id: 1)
        await model.load()
        mock.respond(to: "listPostComments", with: MockResponse.json([Comment]()).delayed(by: 5))

        let refresh = Task { await model.refresh() }
        await waitFor("refreshing") { model.isRefreshing }
        refresh.cancel()
        await refresh.value

        XCTAssertEqual(model.state, .loaded(Comment.samples))
        XCTAssertFalse(model.isRefreshing)
        XCTAssertNil(model.refreshError)
    }
}
