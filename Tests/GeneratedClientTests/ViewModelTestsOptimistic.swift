import APIGenRuntime
import FeedAPI
import Foundation
import PetstoreAPI
import XCTest

/// The optimistic writes generated on read view models: the feed's `likePost` and `deletePost`
/// (a paged list) and the pet list's `deletePet` (a list read whole) change the item on screen
/// at once, and undo exactly that change when the request fails.
@MainActor
final class ViewModelTestsOptimistic: XCTestCase {
    private func loadedFeed(_ mock: MockTransport) async -> (GetFeedModel, [Post]) {
        var posts = Array(Post.samples.prefix(3))
        for index in posts.indices {
            posts[index].id = "p\(index)"
            posts[index].likeCount = 10 * index
            posts[index].likedByMe = false
        }
        mock.respond(to: "getFeed", with: .json(FeedPage(posts: posts, nextPage: nil)))
        let model = GetFeedModel(client: mockClient(mock))
        await model.load()
        XCTAssertEqual(model.state, .loaded(posts))
        return (model, posts)
    }

    func testALikeShowsAtOnceAndIsUndoneExactlyWhenTheServerFails() async {
        let mock = MockTransport(["likePost": MockResponse.reason("Something broke.", status: 500).delayed(by: 0.05)])
        let (model, posts) = await loadedFeed(mock)
        let like = Task {
            await model.likePost(postID: "p1") { post in
                post.likedByMe = true
                post.likeCount += 1
            }
        }
        await waitFor("the like to be sent") { model.updates.isPending }
        XCTAssertEqual(model.state.value?[1].likeCount, 11, "the like shows before the server answers")
        XCTAssertEqual(model.state.value?[1].likedByMe, true)
        let result = await like.value
        guard case .failure = result else { return XCTFail("expected the failure, got \(result)") }
        XCTAssertEqual(model.state, .loaded(posts), "undone exactly, the other posts untouched")
        XCTAssertEqual(model.updates.errorMessage, "Something broke.")
        XCTAssertFalse(model.updates.isPending)
        XCTAssertEqual(mock.lastRequest?.url.path, "/v1/posts/p1/like")
    }

    func testALikeTheServerAcceptsStays() async throws {
        let mock = MockTransport(["likePost": .json(LikeResult(liked: true, likeCount: 42))])
        let (model, posts) = await loadedFeed(mock)
        let result = await model.likePost(postID: "p2") { $0.likedByMe = true }
        XCTAssertEqual(try result.get().likeCount, 42)
        XCTAssertEqual(model.state.value?[2].likedByMe, true)
        XCTAssertEqual(model.state.value?[0], posts[0])
        XCTAssertNil(model.updates.errorMessage)
    }

    func testADeleteRemovesAtOnceAndPutsThePostBackWhereItWas() async {
        let mock = MockTransport(["deletePost": MockResponse.offline.delayed(by: 0.05)])
        let (model, posts) = await loadedFeed(mock)
        let delete = Task { await model.deletePost(postID: "p1") }
        await waitFor("the delete to be sent") { model.updates.isPending }
        XCTAssertEqual(model.state, .loaded([posts[0], posts[2]]), "gone at once")
        _ = await delete.value
        XCTAssertEqual(model.state, .loaded(posts), "back at its place")
        XCTAssertEqual(model.updates.errorMessage, Messages.offline)

        mock.respond(to: "deletePost", with: .status(204))
        _ = await model.deletePost(postID: "p0")
        XCTAssertEqual(model.state, .loaded([posts[1], posts[2]]))
        XCTAssertNil(model.updates.errorMessage)
    }

    func testConcurrentWritesUndoOnlyTheirOwnChange() async {
        let mock = MockTransport(["getFeed": .status(500)])
        let (model, posts) = await loadedFeed(mock)
        mock.respond(
            to: "likePost",
            with: MockResponse { request in
                try await Task.sleep(nanoseconds: 30_000_000)
                let failing = request.url.path.contains("/p0/")
                return (HTTPResponse(status: failing ? 500 : 200), Data(#"{"liked": true, "likeCount": 1}"#.utf8))
            })
        async let first = model.likePost(postID: "p0") { $0.likedByMe = true }
        async let second = model.likePost(postID: "p2") { $0.likedByMe = true }
        _ = await (first, second)
        XCTAssertEqual(model.state.value?[0], posts[0], "the failed like is undone")
        XCTAssertEqual(model.state.value?[2].likedByMe, true, "the other one stays")
    }

    func testACancelledWriteIsUndoneWithoutAnErrorMessage() async {
        let mock = MockTransport(["likePost": MockResponse.json(LikeResult(liked: true, likeCount: 1)).delayed(by: 5)])
        let (model, posts) = await loadedFeed(mock)
        let like = Task { await model.likePost(postID: "p0") { $0.likedByMe = true } }
        await waitFor("the like to be sent") { model.updates.isPending }
        like.cancel()
        _ = await like.value
        XCTAssertEqual(model.state, .loaded(posts))
        XCTAssertNil(model.updates.errorMessage, "a cancel is not a failure")
    }

    func testAListReadWholeDeletesOptimisticallyToo() async {
        let pets = [Pet(name: "Rex", id: 1), Pet(name: "Tom", id: 2), Pet(name: "Kit", id: 3)]
        let mock = MockTransport(["listPets": .json(pets), "deletePet": MockResponse.reason("Pet is adopted.", status: 409).delayed(by: 0.05)])
        let model = ListPetsModel(client: mockClient(mock))
        await model.load()
        let delete = Task { await model.deletePet(petID: 2) }
        await waitFor("the delete to be sent") { model.updates.isPending }
        XCTAssertEqual(model.state, .loaded([pets[0], pets[2]]))
        _ = await delete.value
        XCTAssertEqual(model.state, .loaded(pets))
        XCTAssertEqual(model.updates.errorMessage, "Pet is adopted.")
    }
}
