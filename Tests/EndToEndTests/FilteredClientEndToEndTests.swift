import APIGenRuntime
import FeedMediaAPI
import Foundation
import XCTest

/// `Generated/FeedMediaAPI` is feed.yaml filtered to its `media` tag and one more operation
/// (`Specs/FeedMedia/apigen.yaml`). Against connexion serving the whole of feed.yaml, every
/// operation it kept works, with the schemas it kept: the filter dropped nothing they need.
final class FilteredClientEndToEndTests: XCTestCase {
    func testTheKeptOperationsWorkAgainstTheWholeAPI() async throws {
        let client = try client(for: "feed.yaml", pathPrefix: "/v1", authentication: .apiKey("feed-key"))
        let media = try await client.send(
            FeedMediaAPI.API.uploadMedia(body: FeedMediaAPI.MediaUpload(file: FilePart(data: Data([0x89, 0x50, 0x4E, 0x47]), fileName: "photo.png"), caption: "A photo")))
        XCTAssertFalse(media.id.isEmpty)
        try await client.send(FeedMediaAPI.API.setAvatar(body: Data([0x89, 0x50, 0x4E, 0x47])))
        let avatar = try await client.send(FeedMediaAPI.API.getAvatar())
        XCTAssertFalse(avatar.isEmpty)
        // A polymorphic list: the kept base brought its subtypes along.
        let notifications = try await client.send(FeedMediaAPI.API.listNotifications())
        guard notifications.count == 3, case .likeNotification(let like) = notifications[0],
            case .followNotification(let follow) = notifications[1]
        else {
            return XCTFail("expected a like and a follow first, got \(notifications)")
        }
        XCTAssertEqual(like.likedBy, "marina")
        XCTAssertEqual(follow.follower.username, "sam")
    }

    func testAKeptOperationsErrorsStayTyped() async throws {
        let client = try client(for: "feed.yaml", pathPrefix: "/v1")
        let error = try await apiError { _ = try await client.send(FeedMediaAPI.API.getAvatar()) }
        XCTAssertEqual(error?.status, 401)
    }
}
