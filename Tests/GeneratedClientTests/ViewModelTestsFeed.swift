import APIGenRuntime
import FeedAPI
import Foundation
import Observation
import ObservationRecording
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The social feed pattern (Specs/feed.yaml): the paged feed, composing a post (in-flight flag,
/// error message), and a like applied optimistically and rolled back when the server says no.
@MainActor
final class ViewModelTestsFeed: XCTestCase {
    private let posts = Post.samples

    // MARK: Feed

    func testFeedLoadsPagesUntilThereIsNoNextPage() async {
        let mock = MockTransport(["getFeed": byQuery { [posts] query in
            switch query["page"] {
            case "1": return .json(FeedPage(posts: [posts[0]], nextPage: 2))
            case "2": return .json(FeedPage(posts: [posts[1], posts[2]], nextPage: nil))
            default: return .reason("no such page", status: 404)
            }
        }])
        let model = GetFeedModel(client: mockClient(mock), pageSize: 2)
        let states = ObservedValues { model.state }

        await model.load()
        XCTAssertTrue(model.hasMore)
        await model.loadMore()
        XCTAssertFalse(model.hasMore)
        await model.loadMore()

        XCTAssertEqual(states.values, [.idle, .loading, .loaded([posts[0]]), .loaded(posts)])
        XCTAssertEqual(mock.requests.map { query(of: $0) }, [["page": "1", "pageSize": "2"], ["page": "2", "pageSize": "2"]])
        XCTAssertEqual(mock.lastRequest?.url.path, "/v1/feed")
    }

    func testAnEmptyFeedIsLoadedAndEmpty() async {
        let mock = MockTransport(["getFeed": .json(text: #"{"posts": [], "nextPage": null}"#)])
        let model = GetFeedModel(client: mockClient(mock))
        let states = ObservedValues { stateName(model.state) }
        await model.load()
        XCTAssertEqual(states.values, ["idle", "loading", "loaded"])
        XCTAssertTrue(model.state.isEmpty)
        XCTAssertFalse(model.hasMore)
    }

    func testAFeedPageThatFailsToLoadKeepsThePostsShown() async {
        let mock = MockTransport(["getFeed": byQuery { [posts] query in
            query["page"] == "1" ? .json(FeedPage(posts: [posts[0]], nextPage: 2)) : .offline
        }])
        let model = GetFeedModel(client: mockClient(mock))
        await model.load()
        await model.loadMore()
        XCTAssertEqual(model.state, .loaded([posts[0]]))
        XCTAssertTrue(model.hasMore, "loadMore can be tried again")
        XCTAssertFalse(model.isLoadingMore)
    }

    func testProblemJSONDetailIsTheMessage() async {
        let problem = #"{"type": "https://feed.example.com/problems/rate-limit", "title": "Slow down", "status": 429, "detail": "You can read the feed again in a minute."}"#
        let mock = MockTransport(["getFeed": .json(text: problem, status: 429, headers: ["Content-Type": "application/problem+json"])])
        let model = GetFeedModel(client: mockClient(mock))
        let states = ObservedValues { stateName(model.state) }
        await model.load()
        XCTAssertEqual(states.values, ["idle", "loading", "failed: You can read the feed again in a minute."])
    }

    // MARK: Compose

    func testSubmittingAPostShowsItsInFlightFlag() async throws {
        let mock = MockTransport(["createPost": MockResponse.json(posts[0], status: 201).delayed(by: 0.05)])
        let model = CreatePostModel(client: mockClient(mock))
        let submitting = ObservedValues { model.isSubmitting }
        let draft = NewPost(text: "First light over the bay this morning.", visibility: .followers)
        XCTAssertTrue(model.canSubmit)

        let submit = Task { await model.submit(body: draft) }
        await waitFor("submitting") { model.isSubmitting }
        XCTAssertFalse(model.canSubmit, "the button is disabled while the post is sent")
        let second = await model.submit(body: draft)
        XCTAssertFalse(second, "a double tap sends one request")
        let succeeded = await submit.value

        XCTAssertTrue(succeeded)
        XCTAssertEqual(collapsed(submitting.values), [false, true, false])
        XCTAssertTrue(model.canSubmit)
        XCTAssertNil(model.errorMessage)
        XCTAssertEqual(model.response, posts[0])
        XCTAssertEqual(mock.requests.count, 1)
        XCTAssertEqual(mock.lastRequest?.method, .post)
        XCTAssertEqual(try jsonBody(of: mock.lastRequest), try jsonValue(#"{"text": "First light over the bay this morning.", "visibility": "followers"}"#))
    }

    func testARejectedPostShowsTheServersReason() async {
        let mock = MockTransport(["createPost": .reason("The text can be at most 500 characters long.")])
        let model = CreatePostModel(client: mockClient(mock))
        let messages = ObservedValues { model.errorMessage }

        let succeeded = await model.submit(body: NewPost(text: String(repeating: "a", count: 501)))

        XCTAssertFalse(succeeded)
        XCTAssertEqual(model.errorMessage, "The text can be at most 500 characters long.")
        XCTAssertEqual(messages.values, [nil, "The text can be at most 500 characters long."])
        XCTAssertNil(model.response)
        XCTAssertFalse(model.isSubmitting)
        XCTAssertTrue(model.canSubmit)

        // Trying again clears the message when the submit starts, and succeeds.
        mock.respond(to: "createPost", with: .json(posts[0]))
        let again = await model.submit(body: NewPost(text: "Shorter."))
        XCTAssertTrue(again)
        XCTAssertNil(model.errorMessage)
        XCTAssertEqual(model.response, posts[0])
    }

    func testAProblemJSONRejectionShowsItsDetail() async {
        let problem = Problem(type: "https://feed.example.com/problems/validation", title: "Invalid post", status: 400, detail: "The text can be at most 500 characters long.")
        let mock = MockTransport(["createPost": .json(problem, status: 400, headers: ["Content-Type": "application/problem+json"])])
        let model = CreatePostModel(client: mockClient(mock))
        let succeeded = await model.submit(body: .sample)
        XCTAssertFalse(succeeded)
        XCTAssertEqual(model.errorMessage, "The text can be at most 500 characters long.")
    }

    func testSubmittingOfflineSaysSo() async {
        let mock = MockTransport(["addComment": .offline])
        let model = AddCommentModel(client: mockClient(mock))
        let succeeded = await model.submit(postID: "p_1", body: NewComment(text: "Nice"))
        XCTAssertFalse(succeeded)
        XCTAssertEqual(model.errorMessage, Messages.offline)
    }

    func testACancelledSubmitIsNotAnError() async {
        let mock = MockTransport(["deletePost": MockResponse.status(204).delayed(by: 5)])
        let model = DeletePostModel(client: mockClient(mock))
        let submit = Task { await model.submit(postID: "p_1") }
        await waitFor("submitting") { model.isSubmitting }
        // Cancelled once the request is in flight: on a busy machine it reaches the transport later.
        await waitFor("sent") { mock.lastRequest != nil }
        submit.cancel()
        let succeeded = await submit.value
        XCTAssertFalse(succeeded)
        XCTAssertNil(model.errorMessage)
        XCTAssertFalse(model.isSubmitting)
        XCTAssertEqual(mock.lastRequest?.method, .delete)
        XCTAssertEqual(mock.lastRequest?.url.path, "/v1/posts/p_1")
    }

    // MARK: Optimistic like

    func testALikeShowsAtOnceAndIsRolledBackWhenTheServerFails() async {
        let mock = MockTransport(["likePost": MockResponse.reason("Something broke.", status: 500).delayed(by: 0.05)])
        var post = posts[0]
        post.likeCount = 12
        post.likedByMe = false
        let screen = PostScreen(post: post, client: mockClient(mock))
        let likes = ObservedValues { "\(screen.post.likeCount) \(screen.post.likedByMe)" }
        let pending = ObservedValues { screen.updates.isPending }

        let like = Task { await screen.like() }
        await waitFor("the like to be sent") { screen.updates.isPending }
        XCTAssertEqual(screen.post.likeCount, 13, "the like shows before the server answers")
        XCTAssertTrue(screen.post.likedByMe)
        await like.value

        XCTAssertEqual(screen.post, post, "rolled back exactly")
        XCTAssertEqual(screen.errorMessage, "Something broke.")
        XCTAssertEqual(likes.values, ["12 false", "13 false", "13 true", "12 true", "12 false"])
        XCTAssertEqual(collapsed(pending.values), [false, true, false])
        XCTAssertEqual(mock.lastRequest?.method, .post)
        XCTAssertEqual(mock.lastRequest?.url.path, "/v1/posts/\(post.id)/like")
    }

    func testALikeTheServerAcceptsTakesTheServersCount() async {
        let mock = MockTransport(["likePost": .json(LikeResult(liked: true, likeCount: 20))])
        var post = posts[0]
        post.likeCount = 12
        post.likedByMe = false
        let screen = PostScreen(post: post, client: mockClient(mock))

        await screen.like()

        XCTAssertEqual(screen.post.likeCount, 20)
        XCTAssertTrue(screen.post.likedByMe)
        XCTAssertNil(screen.errorMessage)
    }

    func testALikeRolledBackOfflineSaysSoAndTheNextLikeClearsIt() async {
        let mock = MockTransport(["likePost": .offline])
        var post = posts[0]
        post.likeCount = 1
        post.likedByMe = false
        let screen = PostScreen(post: post, client: mockClient(mock))
        await screen.like()
        XCTAssertEqual(screen.post, post)
        XCTAssertEqual(screen.errorMessage, Messages.offline)

        mock.respond(to: "likePost", with: .json(LikeResult(liked: true, likeCount: 2)))
        await screen.like()
        XCTAssertEqual(screen.post.likeCount, 2)
        XCTAssertNil(screen.errorMessage)
    }
}

/// The screen model an app writes around a post: the like is applied at once with
/// `OptimisticUpdater` and `API.likePost`, and undone if the server does not confirm it.
@MainActor
@Observable
private final class PostScreen {
    var post: Post
    let updates = OptimisticUpdater()
    @ObservationIgnored private let client: APIClient

    init(post: Post, client: APIClient) {
        self.post = post
        self.client = client
    }

    var errorMessage: String? { updates.errorMessage }

    func like() async {
        guard !post.likedByMe else { return }
        let result = await updates.perform {
            post.likeCount += 1
            post.likedByMe = true
        } rollback: {
            post.likeCount -= 1
            post.likedByMe = false
        } send: { [client, id = post.id] in
            try await client.send(API.likePost(postID: id))
        }
        if case .success(let confirmed) = result {
            post.likeCount = confirmed.likeCount
            post.likedByMe = confirmed.liked
        }
    }
}
