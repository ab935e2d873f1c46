import APIGenRuntime
import BooksAPI
import EpisodesAPI
import FeaturesAPI
import FeedAPI
import Foundation
import PetstoreAPI
import ReadingProgressAPI
import RemotePostsAPI
import XCTest

/// The `example`/`examples` values written in Specs/*.yaml, copied here by hand as JSON, decoded with
/// the generated types (and round-tripped where the type keeps everything it reads). Objects marked
/// "from property examples" put together the examples of each property of a schema.
final class SpecExampleTests: XCTestCase {
    // MARK: features.yaml

    func testWidgetExamples() throws {
        let widget = try decode(Widget.self, #"""
        {"id": "0b0f7c7e-8a57-4c3b-9d5e-2f8b1b6a7d11", "name": "Sprocket", "label": "Left-hand sprocket",
         "count": 3, "ratio": 0.75, "enabled": true, "status": "in-progress", "priority": 2, "size": "large",
         "tags": ["new"], "aliases": [], "settings": {"theme": "light"}}
        """#)
        XCTAssertEqual(widget, Widget(
            id: UUID(uuidString: "0b0f7c7e-8a57-4c3b-9d5e-2f8b1b6a7d11")!, name: "Sprocket", label: "Left-hand sprocket",
            count: 3, ratio: 0.75, enabled: true, status: .inProgress, priority: .two, size: .large,
            tags: ["new"], aliases: [], settings: ["theme": "light"]
        ))
        let legacy = try decode(LegacyWidget.self, #"{"code": "W-0042", "title": "Sprocket"}"#)
        XCTAssertEqual(legacy.code, "W-0042")
        XCTAssertEqual(legacy.title, "Sprocket")
    }

    func testEnumExamples() throws {
        XCTAssertEqual(try decode([Status].self, #"["in-progress"]"#), [.inProgress])
        XCTAssertEqual(try decode([Priority].self, "[2]"), [.two])
        XCTAssertEqual(try decode([EdgeCaseEnum].self, #"["default"]"#), [.default])
        XCTAssertEqual(try decode([Kind].self, #"["composite"]"#), [.composite])
        XCTAssertEqual(try decode([UnitModel].self, #"["cm"]"#), [.cm])
        XCTAssertEqual(try decode([PetStatus].self, #"["available"]"#), [.available])
        XCTAssertEqual(try decode([ReadingStatus].self, #"["reading"]"#), [.reading])
        XCTAssertEqual(try decode([Visibility].self, #"["public"]"#), [.public])
        XCTAssertEqual(try decode([SearchSort].self, #"["relevance"]"#), [.relevance])
    }

    func testCompositionExamples() throws {
        let dog = try assertRoundTrip(Dog.self, #"{"name": "Rex", "sound": "woof", "breed": "Border Collie", "goodBoy": true}"#)
        XCTAssertEqual(dog, Dog(name: "Rex", sound: "woof", breed: "Border Collie"))
        let document = try decode(Document.self, #"{"id": "4e3c2b1a-0f9e-4d8c-b7a6-958473625140", "createdAt": "2024-01-01T09:00:00Z", "title": "Design notes"}"#)
        XCTAssertEqual(document.title, "Design notes")
        XCTAssertNil(document.updatedAt)
        XCTAssertEqual(try assertRoundTrip(Shape.self, #"{"shapeType": "circle", "radius": 2.5}"#), .circle(Circle(radius: 2.5)))
        XCTAssertEqual(try decode([StringOrInteger].self, #"["abc-123", 123]"#), [.string("abc-123"), .int64(123)])
        // From property examples.
        XCTAssertEqual(try decode(PaymentMethod.self, #"{"last4": "4242", "brand": "visa", "expires": "12/27"}"#), .card(Card(last4: "4242", brand: .visa, expires: "12/27")))
        XCTAssertEqual(try decode(PaymentMethod.self, #"{"iban": "DE89370400440532013000", "bic": "COBADEFFXXX"}"#), .bankTransfer(BankTransfer(iban: "DE89370400440532013000", bic: "COBADEFFXXX")))
        XCTAssertEqual(try decode(ContactMethod.self, #"{"email": "someone@example.com"}"#), ContactMethod(emailContact: EmailContact(email: "someone@example.com")))
        XCTAssertEqual(try decode(ContactMethod.self, #"{"phone": "+1 555 0100"}"#), ContactMethod(phoneContact: PhoneContact(phone: "+1 555 0100")))
        XCTAssertEqual(try decode(Location.self, #"{"lat": 52.52, "lon": 13.405}"#), .coordinates(Location.Coordinates(lat: 52.52, lon: 13.405)))
        XCTAssertEqual(try decode([Location].self, #"["Berlin"]"#), [.placeName("Berlin")])
    }

    func testMapAndFreeFormExamples() throws {
        XCTAssertEqual(try decode(Inventory.self, #"{"sprockets": 12, "flanges": 0}"#), ["sprockets": 12, "flanges": 0])
        let metadata = try decode(Metadata.self, #"{"source": "import", "attempts": 2, "flags": ["a", "b"]}"#)
        XCTAssertEqual(metadata, ["source": .string("import"), "attempts": .int(2), "flags": .array([.string("a"), .string("b")])])
        XCTAssertEqual(try decode(Labels.self, #"{"name": "release", "color": "green"}"#), Labels(name: "release", additionalProperties: ["color": "green"]))
        let dynamic = try decode(Dynamic.self, #"{"matrix": [[1, 0], [0, 1]], "cube": [[[1, 2], [3, 4]], [[5, 6], [7, 8]]], "groups": {"admins": ["ada", "grace"]}, "origin": {"x": 1, "y": 2}}"#)
        XCTAssertEqual(dynamic.matrix, [[1, 0], [0, 1]])
        XCTAssertEqual(dynamic.cube?[1][1], [7, 8])
        XCTAssertEqual(dynamic.groups, ["admins": ["ada", "grace"]])
        XCTAssertEqual(dynamic.origin, Point(x: 1, y: 2))
        XCTAssertEqual(try decode(MeasurementModel.self, #"{"unit": "cm", "readings": [{"value": 12.5, "unit": "cm"}]}"#).readings, [Reading(value: 12.5, unit: .cm)])
    }

    func testRecursionExamples() throws {
        XCTAssertEqual(
            try assertRoundTrip(TreeNode.self, #"{"value": "root", "children": [{"value": "leaf", "children": []}]}"#),
            TreeNode(value: "root", children: [TreeNode(value: "leaf", children: [])])
        )
        XCTAssertEqual(try assertRoundTrip(LinkedNode.self, #"{"value": 1, "next": {"value": 2}}"#), LinkedNode(value: 1, next: LinkedNode(value: 2)))
        // From property examples.
        let folder = try decode(Folder.self, #"{"name": "Documents", "files": [{"name": "notes.txt", "size": 2048}]}"#)
        XCTAssertEqual(folder, Folder(name: "Documents", files: [File(name: "notes.txt", size: 2048)]))
    }

    func testNullablesExamples() throws {
        // middleName has `examples: [null, Marie]`; the rest from property examples.
        let first = try decode(Nullables.self, #"""
        {"nickname": "Ace", "middleName": null, "age": 36, "score": 9.5, "aliases": ["A", "B"], "mood": "happy", "idOrName": 42}
        """#)
        XCTAssertEqual(first, Nullables(nickname: "Ace", age: 36, score: 9.5, aliases: ["A", "B"], mood: .happy, idOrName: .int(42)))
        XCTAssertEqual(try decode(Nullables.self, #"{"middleName": "Marie"}"#).middleName, "Marie")
    }

    func testBasicsExamplesFromPropertyExamples() throws {
        let order = try assertRoundTrip(Order.self, #"""
        {"id": 1001, "state": "paid",
         "shippingAddress": {"line1": "1 Infinite Loop", "line2": "Building 4", "city": "Cupertino", "country": "US"},
         "lines": [{"sku": "SPR-001", "quantity": 2}]}
        """#)
        XCTAssertEqual(order, Order(
            id: 1001, state: .paid,
            shippingAddress: Order.ShippingAddress(line1: "1 Infinite Loop", line2: "Building 4", city: "Cupertino", country: "US"),
            lines: [Order.Line(sku: "SPR-001", quantity: 2)]
        ))
        let account = try decode(Account.self, #"{"id": 17, "email": "someone@example.com", "password": "correct horse battery staple", "createdAt": "2024-01-01T00:00:00Z"}"#)
        XCTAssertEqual(account, Account(id: 17, email: "someone@example.com", password: "correct horse battery staple", createdAt: utcDate(2024, 1, 1)))
        XCTAssertEqual(try decode(FeaturesAPI.ErrorModel.self, #"{"code": 404, "message": "Not found."}"#), FeaturesAPI.ErrorModel(code: 404, message: "Not found."))
        XCTAssertEqual(try decode(Constants.self, #"{"apiVersion": "v2", "kind": "constants", "maxRetries": 3}"#), Constants(maxRetries: 3))
    }

    // MARK: petstore.yaml

    func testPetstoreExamples() throws {
        let pet = try decode(PetstoreAPI.Pet.self, #"{"id": 42, "name": "Rex", "tag": "dog", "status": "available", "createdAt": "2024-05-01T09:30:00Z"}"#)
        XCTAssertEqual(pet, PetstoreAPI.Pet(name: "Rex", tag: "dog", id: 42, status: .available, createdAt: utcDate(2024, 5, 1, 9, 30)))
        XCTAssertEqual(try decode(PetstoreAPI.ErrorModel.self, #"{"code": 401, "message": "Please sign in again."}"#), PetstoreAPI.ErrorModel(code: 401, message: "Please sign in again."))
        XCTAssertEqual(try decode(PetstoreAPI.ErrorModel.self, #"{"code": 404, "message": "No pet with id 42."}"#).code, 404)
        XCTAssertEqual(try decode(NewPet.self, #"{"name": "Rex", "tag": "dog"}"#), NewPet(name: "Rex", tag: "dog"))
        XCTAssertEqual(try decode(PetUpdate.self, #"{"name": "Max", "tag": "cat", "status": "available"}"#), PetUpdate(name: "Max", tag: .value("cat"), status: .available))
    }

    // MARK: books.yaml

    func testBooksSearchResponseExample() throws {
        let results = try decode(SearchResults.self, #"""
        {"numFound": 2, "start": 0, "docs": [
          {"isbn": "9781950325023", "title": "Flight School Guide to Swift Codable",
           "subtitle": "Encoding and decoding JSON and more",
           "authors": [{"id": "OL7115219A", "name": "Mattt", "bio": "Writer and developer, formerly of NSHipster."}],
           "firstPublishYear": 2018, "coverId": 8739161, "languages": ["eng"], "rating": 4.6,
           "publishDate": "2018-11-01", "pageCount": 152},
          {"isbn": "9780000000002", "title": "Notes on Swift Concurrency",
           "authors": [{"id": "OL0000001A", "name": "Anonymous", "bio": null}], "rating": null}
        ]}
        """#)
        XCTAssertEqual(results.numFound, 2)
        XCTAssertEqual(results.start, 0)
        XCTAssertEqual(results.docs.count, 2)
        XCTAssertEqual(results.docs[0].publishDate, CalendarDate(year: 2018, month: 11, day: 1))
        XCTAssertEqual(results.docs[0].authors?.first?.bio, "Writer and developer, formerly of NSHipster.")
        XCTAssertNil(results.docs[1].authors?.first?.bio)
        XCTAssertNil(results.docs[1].rating)
        XCTAssertNil(results.docs[1].subtitle)
        for message in ["The search query must not be empty.", "No book with ISBN 9781950325023.", "No author with id OL7115219A."] {
            XCTAssertEqual(try decode(BooksAPI.ErrorResponse.self, #"{"error": "\#(message)"}"#).error, message)
        }
    }

    // MARK: episodes.yaml

    func testEpisodesExamples() throws {
        for message in ["This episode is no longer available.", #"No show called \"swift-by-sundell\"."#, "perPage must be between 1 and 100."] {
            XCTAssertNoThrow(try decode(EpisodesAPI.ErrorResponse.self, #"{"message": "\#(message)"}"#))
        }
        XCTAssertEqual(try decode(EpisodesAPI.ErrorResponse.self, #"{"message": "No show called \"swift-by-sundell\"."}"#).message, #"No show called "swift-by-sundell"."#)
        // From property examples.
        let episode = try assertRoundTrip(Episode.self, #"""
        {"id": "3f2c8a4e-5b1d-4c7a-9e0f-1a2b3c4d5e6f", "title": "Structured concurrency in practice",
         "summary": "How task groups and async let change the way we load data.", "duration": 2730,
         "publishedAt": "2024-03-18T06:00:00Z", "artworkURL": "https://cdn.episodes.example.com/artwork/3f2c8a4e.jpg",
         "season": 2, "number": 14, "explicit": false, "kind": "full"}
        """#)
        let page = try decode(EpisodePage.self, #"{"items": [], "page": 1, "totalPages": 7, "nextPage": 2}"#)
        XCTAssertEqual(page, EpisodePage(items: [], page: 1, totalPages: 7, nextPage: 2))
        let show = try decode(ShowEpisodes.self, #"{"episodes": [\#(try encodeToString(episode))], "nextCursor": "eyJvZmZzZXQiOjQwfQ"}"#)
        XCTAssertEqual(show.episodes, [episode])
        XCTAssertEqual(show.nextCursor, "eyJvZmZzZXQiOjQwfQ")
    }

    // MARK: feed.yaml

    func testFeedProblemExamples() throws {
        let problems = [
            (#"{"type": "https://feed.example.com/problems/validation", "title": "Invalid post", "status": 400, "detail": "The text can be at most 500 characters long."}"#, 400),
            (#"{"type": "about:blank", "title": "Unauthorized", "status": 401, "detail": "A valid X-API-Key header is required."}"#, 401),
            (#"{"type": "about:blank", "title": "Not Found", "status": 404, "detail": "This post was deleted."}"#, 404),
            (#"{"type": "https://feed.example.com/problems/rate-limit", "title": "Slow down", "status": 429, "detail": "You can make 60 requests a minute. Try again in 30 seconds."}"#, 429),
            (#"{"type": "https://feed.example.com/problems/too-large", "title": "Photo too large", "status": 413, "detail": "Photos can be at most 10 MB."}"#, 413),
        ]
        for (json, status) in problems {
            let problem = try assertRoundTrip(Problem.self, json)
            XCTAssertEqual(problem.status, Int32(status))
        }
        XCTAssertEqual(try decode(LikeResult.self, #"{"liked": false, "likeCount": 11}"#), LikeResult(liked: false, likeCount: 11))
    }

    func testFeedPostExample() throws {
        // `attachments` has its own example; the rest from property examples.
        let post = try assertRoundTrip(FeedAPI.Post.self, #"""
        {"id": "p_7Hq2Xk",
         "author": {"id": "u_42", "username": "marina", "displayName": "Marina Costa", "avatarURL": "https://media.feed.example.com/avatars/u_42.jpg"},
         "text": "First light over the bay this morning.", "createdAt": "2024-06-02T05:41:17.512Z", "visibility": "public",
         "likeCount": 12, "likedByMe": true, "commentCount": 3,
         "attachments": [
           {"type": "image", "url": "https://media.feed.example.com/m_81fa3c.jpg", "width": 1600, "height": 1200,
            "altText": "The bay at sunrise, with two sailing boats."},
           {"type": "link", "url": "https://example.com/tides", "title": "Tide tables for the bay"}
         ]}
        """#)
        XCTAssertEqual(post.author.displayName, "Marina Costa")
        XCTAssertEqual(post.attachments, [
            .imageAttachment(ImageAttachment(url: URL(string: "https://media.feed.example.com/m_81fa3c.jpg")!, width: 1600, height: 1200, altText: "The bay at sunrise, with two sailing boats.")),
            .linkAttachment(LinkAttachment(url: URL(string: "https://example.com/tides")!, title: "Tide tables for the bay")),
        ])
        let media = try assertRoundTrip(Media.self, #"{"id": "m_81fa3c", "url": "https://media.feed.example.com/m_81fa3c.jpg", "contentType": "image/jpeg", "size": 482133, "caption": "The bay at sunrise"}"#)
        XCTAssertEqual(media.size, 482_133)
        XCTAssertEqual(try decode(NewPost.self, #"{"text": "First light over the bay this morning.", "imageURL": "https://media.feed.example.com/m_81fa3c.jpg", "visibility": "public"}"#).visibility, .public)
        XCTAssertEqual(try decode(FeedAPI.Comment.self, #"{"id": "c_19", "author": {"id": "u_42", "username": "marina", "displayName": "Marina Costa"}, "text": "Gorgeous!", "createdAt": "2024-06-02T06:03:00Z"}"#).text, "Gorgeous!")
    }

    // MARK: reading.yaml

    func testReadingExamples() throws {
        for reason in ["This book is not in your library.", "This note was deleted.", "Page 512 is past the end of this book (368 pages)."] {
            XCTAssertEqual(try decode(ReadingProgressAPI.ErrorResponse.self, #"{"reason": "\#(reason)"}"#).reason, reason)
        }
        // From property examples.
        let note = try assertRoundTrip(ReadingProgressAPI.Note.self, #"""
        {"id": "6b0e2f1c-9a4d-4e8b-b3c7-5d2a1f0e9c8b", "bookId": "bk_2f9c", "page": 142,
         "text": "This is the argument chapter 3 was building up to.", "highlight": "The map is not the territory.",
         "tags": ["key-idea", "quote"], "createdAt": "2024-04-12T21:20:44Z", "updatedAt": "2024-04-13T08:02:10Z"}
        """#)
        XCTAssertEqual(note.tags, ["key-idea", "quote"])
        let update = try decode(ProgressUpdate.self, #"{"currentPage": 150, "totalPages": 368, "status": "reading", "updatedAt": "2024-04-12T21:30:00Z"}"#)
        XCTAssertEqual(update, ProgressUpdate(currentPage: 150, totalPages: 368, status: .reading, updatedAt: utcDate(2024, 4, 12, 21, 30)))
        XCTAssertEqual(try decode(NewNote.self, #"{"page": 142, "text": "t", "highlight": "h", "tags": ["key-idea"]}"#).tags, ["key-idea"])
        XCTAssertEqual(try decode(NoteUpdate.self, #"{"page": 143, "text": "Chapter 3's argument, restated.", "highlight": "The map is not the territory.", "tags": ["key-idea", "revisit"]}"#).highlight, .value("The map is not the territory."))
    }

    // MARK: posts.yaml

    func testRemotePostsExamples() throws {
        let post = try assertRoundTrip(RemotePostsAPI.Post.self, #"""
        {"userId": 1, "id": 1, "title": "sunt aut facere repellat provident occaecati excepturi optio reprehenderit",
         "body": "quia et suscipit\nsuscipit recusandae consequuntur expedita et cum"}
        """#)
        XCTAssertTrue(post.body.contains("\n"))
        XCTAssertEqual(
            try decode(RemotePostsAPI.Comment.self, #"{"postId": 1, "id": 1, "name": "id labore ex et quam laborum", "email": "Eliseo@gardner.biz", "body": "laudantium enim quasi est quidem magnam voluptate ipsam eos"}"#).email,
            "Eliseo@gardner.biz"
        )
        let user = try assertRoundTrip(RemotePostsAPI.User.self, #"""
        {"id": 1, "name": "Leanne Graham", "username": "Bret", "email": "Sincere@april.biz",
         "address": {"street": "Kulas Light", "suite": "Apt. 556", "city": "Gwenborough", "zipcode": "92998-3874",
                     "geo": {"lat": "-37.3159", "lng": "81.1496"}},
         "phone": "1-770-736-8031 x56442", "website": "hildegard.org",
         "company": {"name": "Romaguera-Crona", "catchPhrase": "Multi-layered client-server neural-net", "bs": "harness real-time e-markets"}}
        """#)
        XCTAssertEqual(user.address?.geo, RemotePostsAPI.User.Address.Geo(lat: "-37.3159", lng: "81.1496"))
        XCTAssertEqual(user.company?.name, "Romaguera-Crona")
        assertKeyNotFound(RemotePostsAPI.User.self, #"{"id": 1, "name": "L", "username": "B", "email": "e", "address": {"street": "s", "city": "c", "geo": {"lat": "1"}}}"#, path: "address.geo.lng")
    }
}
