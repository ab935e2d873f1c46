import APIGenRuntime
import Foundation
import Observation
import ObservationRecording
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A feed post's view model, as an app writes it around the generated client: liking is
/// optimistic.
@MainActor
@Observable
final class LikeablePostModel {
    var likeCount = 3
    var likedByMe = false
    let updates = OptimisticUpdater()
    private let client: APIClient

    init(client: APIClient) {
        self.client = client
    }

    @discardableResult
    func like() async -> Bool {
        let result = await updates.perform {
            likeCount += 1
            likedByMe = true
        } rollback: {
            likeCount -= 1
            likedByMe = false
        } send: { [client] in
            try await client.send(ViewModelTestAPI.likePost(id: 7))
        }
        if case .success = result { return true }
        return false
    }
}

/// `Submission` (write models) and `OptimisticUpdater`.
@MainActor
final class ViewModelRuntimeTestsSubmission: XCTestCase {
    func testSubmitShowsItsInFlightFlagAndKeepsTheResponse() async {
        let created = TestPet(id: 9, name: "Rex")
        let mock = MockTransport(["createPet": MockResponse.json(created, status: 201).delayed(by: 0.03)])
        let client = viewModelClient(mock)
        let submission = Submission<TestPet>()
        let flags = ObservedValues { submission.isSubmitting }
        XCTAssertTrue(submission.canSubmit)

        let submit = Task { await submission.submit { try await client.send(ViewModelTestAPI.createPet(name: "Rex")) } }
        await waitUntil("submitting") { submission.isSubmitting }
        XCTAssertFalse(submission.canSubmit)
        let second = await submission.submit { try await client.send(ViewModelTestAPI.createPet(name: "Rex")) }
        XCTAssertFalse(second, "a double tap is ignored")
        let succeeded = await submit.value

        XCTAssertTrue(succeeded)
        XCTAssertEqual(submission.response, created)
        XCTAssertNil(submission.errorMessage)
        XCTAssertTrue(submission.canSubmit)
        XCTAssertEqual(flags.values, [false, true, false])
        XCTAssertEqual(mock.requests.count, 1)
    }

    func testAFailedSubmitSetsTheErrorMessage() async {
        let mock = MockTransport(["createPet": .sequence([
            .json(text: #"{"message": "Name is required"}"#, status: 422),
            .json(TestPet(id: 1, name: "Rex"), status: 201),
        ])])
        let client = viewModelClient(mock)
        let submission = Submission<TestPet>()
        let messages = ObservedValues { submission.errorMessage }

        let failed = await submission.submit { try await client.send(ViewModelTestAPI.createPet(name: "")) }
        XCTAssertFalse(failed)
        XCTAssertEqual(submission.errorMessage, "Name is required")
        XCTAssertEqual((submission.lastError as? APIError)?.status, 422)
        XCTAssertNil(submission.response)
        XCTAssertFalse(submission.isSubmitting)

        let succeeded = await submission.submit { try await client.send(ViewModelTestAPI.createPet(name: "Rex")) }
        XCTAssertTrue(succeeded)
        XCTAssertNil(submission.errorMessage, "a new submit clears the old message")
        XCTAssertEqual(messages.values, [nil, "Name is required", nil])
    }

    func testACancelledSubmitIsNotAnError() async {
        let mock = MockTransport(["likePost": MockResponse.status(204).delayed(by: 10)])
        let client = viewModelClient(mock)
        let submission = Submission<Void>()

        let submit = Task { await submission.submit { try await client.send(ViewModelTestAPI.likePost(id: 1)) } }
        await waitUntil("submitting") { submission.isSubmitting }
        submit.cancel()
        let succeeded = await submit.value

        XCTAssertFalse(succeeded)
        XCTAssertNil(submission.errorMessage)
        XCTAssertFalse(submission.isSubmitting)

        let cancelled = Task { await submission.submit { try await client.send(ViewModelTestAPI.likePost(id: 1)) } }
        await waitUntil("submitting") { submission.isSubmitting }
        submission.cancel()
        XCTAssertTrue(submission.canSubmit)
        let result = await cancelled.value
        XCTAssertFalse(result)
        XCTAssertNil(submission.errorMessage)
    }

    func testAnOptimisticLikeIsRolledBackWhenTheServerFails() async {
        let mock = MockTransport(["likePost": MockResponse.json(text: #"{"message": "Could not like the post"}"#, status: 500).delayed(by: 0.03)])
        let post = LikeablePostModel(client: viewModelClient(mock))
        let counts = ObservedValues { post.likeCount }
        let liked = ObservedValues { post.likedByMe }

        let like = Task { await post.like() }
        await waitUntil("sending") { post.updates.isPending }
        XCTAssertEqual(post.likeCount, 4, "the like shows at once")
        XCTAssertTrue(post.likedByMe)
        let succeeded = await like.value

        XCTAssertFalse(succeeded)
        XCTAssertEqual(post.likeCount, 3)
        XCTAssertFalse(post.likedByMe)
        XCTAssertFalse(post.updates.isPending)
        XCTAssertEqual(post.updates.errorMessage, "Could not like the post")
        XCTAssertEqual(counts.values, [3, 4, 3])
        XCTAssertEqual(liked.values, [false, true, false])
        XCTAssertEqual(mock.requests(for: "likePost").count, 1)

        post.updates.clearError()
        XCTAssertNil(post.updates.errorMessage)
    }

    func testASuccessfulOptimisticLikeStays() async {
        let post = LikeablePostModel(client: viewModelClient(MockTransport(["likePost": .status(204)])))
        let succeeded = await post.like()
        XCTAssertTrue(succeeded)
        XCTAssertEqual(post.likeCount, 4)
        XCTAssertTrue(post.likedByMe)
        XCTAssertNil(post.updates.errorMessage)
    }

    func testACancelledOptimisticUpdateRollsBackSilently() async {
        let post = LikeablePostModel(client: viewModelClient(MockTransport(["likePost": MockResponse.status(204).delayed(by: 10)])))
        let like = Task { await post.like() }
        await waitUntil("sending") { post.updates.isPending }
        like.cancel()
        let succeeded = await like.value

        XCTAssertFalse(succeeded)
        XCTAssertEqual(post.likeCount, 3)
        XCTAssertFalse(post.likedByMe)
        XCTAssertNil(post.updates.errorMessage)
    }
}
