import APIGenRuntime
import BooksAPI
import EpisodesAPI
import FeedAPI
import Foundation
import ReadingProgressAPI
import RemotePostsAPI
import XCTest

/// Every operation of the app-pattern specs, sent by the generated builders to a server that
/// validates each request (parameters of every style, every body type) against the spec.
final class AppPatternEndToEndTests: XCTestCase {
    func testBooksSearchWithEveryQueryStyle() async throws {
        let client = try client(for: "books.yaml", pathPrefix: "/api")
        let results = try await client.send(BooksAPI.API.searchBooks(
            q: "swift concurrency", author: "Mattt", language: "eng", page: 2, limit: 10, sort: .newest,
            fields: ["title", "authors"], subjects: ["swift", "ios"], published: SearchBooksPublished(from: 2015, to: 2024)
        ))
        XCTAssertEqual(results.numFound, 2)
        XCTAssertEqual(results.docs.count, 2)
        XCTAssertNil(results.docs[1].rating)
        let book = try await client.send(BooksAPI.API.getBook(isbn: "9781950325023"))
        XCTAssertFalse(book.title.isEmpty)
        let author = try await client.send(BooksAPI.API.getAuthor(authorID: "OL7115219A"))
        XCTAssertFalse(author.name.isEmpty)
    }

    func testBooksServerRejectsAnEmptyQueryWithItsReason() async throws {
        let client = try client(for: "books.yaml", pathPrefix: "/api")
        let error = try await apiError { _ = try await client.send(BooksAPI.API.searchBooks(q: "")) }
        XCTAssertEqual(error?.status, 400)
        XCTAssertTrue(error?.userMessage.contains("should be non-empty") == true, String(describing: error?.userMessage))
    }

    func testEpisodesPagingAndCursor() async throws {
        let client = try client(for: "episodes.yaml", pathPrefix: "/v1")
        let page = try await client.send(EpisodesAPI.API.listEpisodes(page: 1, perPage: 20))
        XCTAssertFalse(page.items.isEmpty)
        let episode = try await client.send(EpisodesAPI.API.getEpisode(episodeID: UUID(uuidString: "3F2504E0-4F89-11D3-9A0C-0305E82C3301")!))
        XCTAssertFalse(episode.title.isEmpty)
        let show = try await client.send(EpisodesAPI.API.listShowEpisodes(showID: "swift-by-sundell", cursor: "abc", limit: 5))
        XCTAssertNotNil(show.episodes)
    }

    func testFeedEveryOperationAndBodyType() async throws {
        let client = try client(for: "feed.yaml", pathPrefix: "/v1", authentication: .apiKey("feed-key"))
        let feed = try await client.send(FeedAPI.API.getFeed(page: 1, pageSize: 20))
        XCTAssertFalse(feed.posts.isEmpty)
        let post = try await client.send(FeedAPI.API.createPost(body: NewPost(text: "Hello", imageURL: URL(string: "https://example.com/a.png"), visibility: .followers)))
        XCTAssertFalse(post.id.isEmpty)
        _ = try await client.send(FeedAPI.API.getPost(postID: post.id))
        let liked = try await client.send(FeedAPI.API.likePost(postID: post.id))
        XCTAssertTrue(liked.liked)
        _ = try await client.send(FeedAPI.API.unlikePost(postID: post.id))
        let comment = try await client.send(FeedAPI.API.addComment(postID: post.id, body: NewComment(text: "Nice & true = yes")))
        XCTAssertFalse(comment.text.isEmpty)
        let media = try await client.send(FeedAPI.API.uploadMedia(body: MediaUpload(file: FilePart(data: Data([0x89, 0x50, 0x4E, 0x47]), fileName: "photo.png"), caption: "A photo")))
        XCTAssertFalse(media.id.isEmpty)
        try await client.send(FeedAPI.API.setAvatar(body: Data([0x89, 0x50, 0x4E, 0x47])))
        _ = try await client.send(FeedAPI.API.getAvatar())
        let ticket = try await client.send(FeedAPI.API.reportPost(postID: post.id, body: "This post is spam."))
        XCTAssertFalse(ticket.isEmpty)
        try await client.send(FeedAPI.API.deletePost(postID: post.id))
    }

    /// A polymorphic list (a base with a discriminator, extended by allOf) and a union told apart
    /// by a one-value enum, as the server sends the spec's examples.
    func testFeedNotificationsAndModerationKeepEveryKindsFields() async throws {
        let client = try client(for: "feed.yaml", pathPrefix: "/v1", authentication: .apiKey("feed-key"))
        let notifications = try await client.send(FeedAPI.API.listNotifications())
        guard notifications.count == 3, case .likeNotification(let like) = notifications[0],
            case .followNotification(let follow) = notifications[1], case .unknown(let badge) = notifications[2]
        else {
            return XCTFail("expected a like, a follow and an unknown kind, got \(notifications)")
        }
        XCTAssertEqual(like.likedBy, "marina")
        XCTAssertEqual(follow.follower.username, "sam")
        XCTAssertEqual(badge, .object(["kind": "badge", "id": "n_1", "badge": "early-bird"]))
        // The base's fields, read the same way from every kind, the unknown one included.
        XCTAssertEqual(notifications.map(\.id), ["n_3", "n_2", "n_1"])
        let decision = try await client.send(FeedAPI.API.getModeration(postID: "p_1001"))
        guard case .removal(let removal) = decision else { return XCTFail("expected a removal, got \(decision)") }
        XCTAssertEqual(removal.reason, "Spam")
        XCTAssertEqual(removal.appealUntil, Date(timeIntervalSince1970: 1_717_243_200))
    }

    func testFeedWithoutAKeyIsUnauthorized() async throws {
        let client = try client(for: "feed.yaml", pathPrefix: "/v1")
        let error = try await apiError { _ = try await client.send(FeedAPI.API.getFeed()) }
        XCTAssertEqual(error?.status, 401)
    }

    func testReadingProgressWithHeaderCookieAndPatch() async throws {
        let client = try client(for: "reading.yaml", pathPrefix: "/api/v1", authentication: .bearer("token"))
        let progress = try await client.send(ReadingProgressAPI.API.getProgress(bookID: "b1", session: "s-123"))
        XCTAssertGreaterThan(progress.totalPages, 0)
        let updated = try await client.send(ReadingProgressAPI.API.updateProgress(bookID: "b1", xDeviceID: "iphone-15", body: ProgressUpdate(currentPage: 12, status: .reading)))
        XCTAssertGreaterThan(updated.totalPages, 0)
        let notes = try await client.send(ReadingProgressAPI.API.listNotes(bookID: "b1", since: Date(timeIntervalSince1970: 1_700_000_000)))
        XCTAssertNotNil(notes.first)
        let note = try await client.send(ReadingProgressAPI.API.createNote(bookID: "b1", body: NewNote(page: 3, text: "Good point", tags: ["idea"])))
        _ = try await client.send(ReadingProgressAPI.API.updateNote(noteID: note.id, body: NoteUpdate(text: "Better point", highlight: .null)))
        try await client.send(ReadingProgressAPI.API.deleteNote(noteID: note.id))
    }

    func testRemotePosts() async throws {
        let client = try client(for: "posts.yaml", pathPrefix: "")
        let posts = try await client.send(RemotePostsAPI.API.listPosts(userID: 1))
        XCTAssertFalse(posts.isEmpty)
        _ = try await client.send(RemotePostsAPI.API.getPost(id: 1))
        _ = try await client.send(RemotePostsAPI.API.listPostComments(id: 1))
        let user = try await client.send(RemotePostsAPI.API.getUser(id: 1))
        XCTAssertEqual(user.address?.city.isEmpty, false)
    }
}
