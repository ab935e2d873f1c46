import APIGenRuntime
import BooksAPI
import EpisodesAPI
import FeaturesAPI
import FeedAPI
import Foundation
import PetstoreAPI
import ReadingProgressAPI
import XCTest

/// Required keys, optional keys (absent and `null`), `default` values, and the memberwise init.
final class RequiredOptionalDefaultTests: XCTestCase {
    private let widgetID = UUID(uuidString: "0b0f7c7e-8a57-4c3b-9d5e-2f8b1b6a7d11")!

    // MARK: Required keys

    func testRequiredKeysDecode() throws {
        let author = try decode(Author.self, #"{"id": "OL7115219A", "name": "Mattt"}"#)
        XCTAssertEqual(author, Author(id: "OL7115219A", name: "Mattt"))

        let widget = try decode(Widget.self, #"{"id": "0b0f7c7e-8a57-4c3b-9d5e-2f8b1b6a7d11", "name": "Sprocket"}"#)
        XCTAssertEqual(widget.id, widgetID)
        XCTAssertEqual(widget.name, "Sprocket")
    }

    func testMissingRequiredKeyAtTheTopLevel() {
        assertKeyNotFound(Author.self, #"{"id": "OL7115219A"}"#, path: "name")
        assertKeyNotFound(Widget.self, #"{"name": "Sprocket"}"#, path: "id")
        assertKeyNotFound(PetstoreAPI.Pet.self, #"{"name": "Rex"}"#, path: "id")
        assertKeyNotFound(PetstoreAPI.Pet.self, #"{"id": 1}"#, path: "name")
    }

    func testMissingRequiredKeyInsideAnArrayElementNamesTheIndex() {
        let json = #"""
        {"numFound": 2, "docs": [
            {"isbn": "9781950325023", "title": "Flight School Guide to Swift Codable"},
            {"isbn": "9780000000002"}
        ]}
        """#
        assertKeyNotFound(SearchResults.self, json, path: "docs[1].title")
    }

    func testMissingRequiredKeyTwoArraysDeep() {
        let json = #"""
        {"numFound": 1, "docs": [
            {"isbn": "1", "title": "A", "authors": [{"id": "a1", "name": "Ada"}, {"id": "a2"}]}
        ]}
        """#
        assertKeyNotFound(SearchResults.self, json, path: "docs[0].authors[1].name")
    }

    func testMissingRequiredKeyInNestedObjects() {
        let post = #"""
        {"posts": [{"id": "p1", "author": {"id": "u1", "username": "marina"}, "text": "hi",
                    "createdAt": "2024-06-02T05:41:17Z", "likeCount": 0, "likedByMe": false,
                    "commentCount": 0, "attachments": []}],
         "nextPage": null}
        """#
        assertKeyNotFound(FeedPage.self, post, path: "posts[0].author.displayName")

        let order = #"{"id": 1, "state": "paid", "lines": [{"sku": "SPR-001", "quantity": 2}, {"sku": "X"}]}"#
        assertKeyNotFound(Order.self, order, path: "lines[1].quantity")

        let address = #"{"id": 1, "state": "paid", "lines": [], "shippingAddress": {"line1": "1 Infinite Loop", "city": "Cupertino"}}"#
        assertKeyNotFound(Order.self, address, path: "shippingAddress.country")
    }

    func testWrongTypeReportsThePath() {
        let json = #"{"numFound": 1, "docs": [{"isbn": "1", "title": "A", "pageCount": "many"}]}"#
        let error = assertDecodingFails(SearchResults.self, json, at: "docs[0].pageCount")
        guard case .typeMismatch = error else {
            return XCTFail("Expected typeMismatch, got \(String(describing: error))")
        }
    }

    func testNullForARequiredNonNullableKeyFails() {
        let error = assertDecodingFails(Author.self, #"{"id": "a", "name": null}"#, at: "name")
        XCTAssertNotNil(error)
    }

    // MARK: Optional keys

    func testOptionalKeysAbsentOrNullAreNil() throws {
        let absent = try decode(Book.self, #"{"isbn": "1", "title": "A"}"#)
        let null = try decode(Book.self, #"""
        {"isbn": "1", "title": "A", "subtitle": null, "authors": null, "firstPublishYear": null,
         "coverId": null, "languages": null, "rating": null, "publishDate": null, "pageCount": null,
         "subjects": null}
        """#)
        for book in [absent, null] {
            XCTAssertNil(book.subtitle)
            XCTAssertNil(book.authors)
            XCTAssertNil(book.firstPublishYear)
            XCTAssertNil(book.coverID)
            XCTAssertNil(book.languages)
            XCTAssertNil(book.rating)
            XCTAssertNil(book.publishDate)
            XCTAssertNil(book.pageCount)
            XCTAssertNil(book.subjects)
        }
        XCTAssertEqual(absent, null)
        XCTAssertEqual(absent, Book(isbn: "1", title: "A"))
    }

    func testOptionalKeysPresentDecode() throws {
        let book = try decode(Book.self, #"""
        {"isbn": "1", "title": "A", "subtitle": "B", "authors": [{"id": "a", "name": "Ada", "bio": null}],
         "firstPublishYear": 2018, "coverId": 8739161, "languages": ["eng"], "rating": 4.6,
         "publishDate": "2018-11-01", "pageCount": 152, "subjects": ["Swift"]}
        """#)
        XCTAssertEqual(book.subtitle, "B")
        XCTAssertEqual(book.authors, [Author(id: "a", name: "Ada", bio: nil)])
        XCTAssertEqual(book.firstPublishYear, 2018)
        XCTAssertEqual(book.coverID, 8_739_161)
        XCTAssertEqual(book.languages, ["eng"])
        XCTAssertEqual(book.rating, 4.6)
        XCTAssertEqual(book.publishDate, CalendarDate(year: 2018, month: 11, day: 1))
        XCTAssertEqual(book.pageCount, 152)
        XCTAssertEqual(book.subjects, ["Swift"])
    }

    func testAbsentOptionalKeysAreNotEncoded() throws {
        try assertEncodes(Book(isbn: "1", title: "A"), as: #"{"isbn": "1", "title": "A"}"#)
        XCTAssertEqual(try encodeToString(Author(id: "a", name: "Ada")), #"{"id":"a","name":"Ada"}"#)
    }

    func testNullableRequiredKeyDecodesNull() throws {
        // `nextPage` is required and nullable: the last page says `null`.
        let page = try decode(FeedPage.self, #"{"posts": [], "nextPage": null}"#)
        XCTAssertNil(page.nextPage)
        XCTAssertEqual(page.posts, [])
        let more = try decode(EpisodePage.self, #"{"items": [], "page": 1, "totalPages": 7, "nextPage": 2}"#)
        XCTAssertEqual(more.nextPage, 2)
        let note = try decode(ReadingProgressAPI.Note.self, #"""
        {"id": "6b0e2f1c-9a4d-4e8b-b3c7-5d2a1f0e9c8b", "bookId": "bk", "page": 1, "text": "t",
         "highlight": null, "tags": [], "createdAt": "2024-04-12T21:20:44Z"}
        """#)
        XCTAssertNil(note.highlight)
    }

    // MARK: Defaults

    func testDefaultsAppliedWhenKeysAreMissing() throws {
        let widget = try decode(Widget.self, #"{"id": "0b0f7c7e-8a57-4c3b-9d5e-2f8b1b6a7d11", "name": "Sprocket"}"#)
        XCTAssertEqual(widget.label, "Untitled")
        XCTAssertEqual(widget.count, 10)
        XCTAssertEqual(widget.ratio, 0.5)
        XCTAssertEqual(widget.enabled, true)
        XCTAssertEqual(widget.status, .inProgress)
        XCTAssertEqual(widget.priority, .two)
        XCTAssertEqual(widget.size, .medium)
        XCTAssertEqual(widget.tags, ["new", "featured"])
        XCTAssertEqual(widget.aliases, [])
        XCTAssertEqual(widget.settings, ["theme": "dark"])
        XCTAssertNil(try encodeToJSONValue(widget)["legacyCode"], "deprecated, read in DeprecationTests")
    }

    func testDefaultsNotAppliedWhenKeysArePresent() throws {
        let widget = try decode(Widget.self, #"""
        {"id": "0b0f7c7e-8a57-4c3b-9d5e-2f8b1b6a7d11", "name": "Sprocket", "label": "", "count": 0,
         "ratio": 0, "enabled": false, "status": "done", "priority": -1, "size": "small",
         "tags": [], "aliases": ["a"], "settings": {}, "legacyCode": "W-1"}
        """#)
        XCTAssertEqual(widget.label, "")
        XCTAssertEqual(widget.count, 0)
        XCTAssertEqual(widget.ratio, 0)
        XCTAssertEqual(widget.enabled, false)
        XCTAssertEqual(widget.status, .done)
        XCTAssertEqual(widget.priority, .minusOne)
        XCTAssertEqual(widget.size, .small)
        XCTAssertEqual(widget.tags, [])
        XCTAssertEqual(widget.aliases, ["a"])
        XCTAssertEqual(widget.settings, [:])
        XCTAssertEqual(try encodeToJSONValue(widget)["legacyCode"], "W-1", "deprecated, read in DeprecationTests")
    }

    func testAbsentDefaultsStayAbsentWhenEncodedBack() throws {
        var widget = try decode(Widget.self, #"{"id": "0b0f7c7e-8a57-4c3b-9d5e-2f8b1b6a7d11", "name": "Sprocket", "count": 10}"#)
        XCTAssertEqual(widget.label, "Untitled")
        // What came is what goes back: absent keys stay absent, a default sent explicitly stays.
        try assertEncodes(widget, as: #"{"id": "0b0f7c7e-8a57-4c3b-9d5e-2f8b1b6a7d11", "name": "Sprocket", "count": 10}"#)
        // A value changed after decoding is sent.
        widget.label = "Renamed"
        try assertEncodes(widget, as: #"{"id": "0b0f7c7e-8a57-4c3b-9d5e-2f8b1b6a7d11", "name": "Sprocket", "count": 10, "label": "Renamed"}"#)
        // Presence is not part of the value: it equals the same widget built in code.
        widget.label = "Untitled"
        XCTAssertEqual(widget, Widget(id: widget.id, name: "Sprocket"))
    }

    func testDefaultsOfAModelBuiltInCodeAreSent() throws {
        let widget = Widget(id: UUID(uuidString: "0b0f7c7e-8a57-4c3b-9d5e-2f8b1b6a7d11")!, name: "Sprocket")
        try assertEncodes(widget, as: #"""
        {"id": "0b0f7c7e-8a57-4c3b-9d5e-2f8b1b6a7d11", "name": "Sprocket", "label": "Untitled", "count": 10,
         "ratio": 0.5, "enabled": true, "status": "in-progress", "priority": 2, "size": "medium",
         "tags": ["new", "featured"], "aliases": [], "settings": {"theme": "dark"}, "threshold": 0.25}
        """#)
    }

    func testANullableDefaultEncodesBackAsItCame() throws {
        let id = #""id": "0b0f7c7e-8a57-4c3b-9d5e-2f8b1b6a7d11", "name": "W""#
        let null = try decode(Widget.self, "{\(id), \"threshold\": null}")
        XCTAssertEqual(null.threshold, 0.25)
        XCTAssertEqual(try encodeToJSONValue(null)["threshold"], .null)
        XCTAssertNil(try encodeToJSONValue(decode(Widget.self, "{\(id)}"))["threshold"])
        XCTAssertEqual(try encodeToJSONValue(decode(Widget.self, "{\(id), \"threshold\": 0.5}"))["threshold"], .double(0.5))
    }

    func testDefaultsInOtherSpecs() throws {
        let episode = try decode(Episode.self, #"""
        {"id": "3f2c8a4e-5b1d-4c7a-9e0f-1a2b3c4d5e6f", "title": "T", "duration": 1,
         "publishedAt": "2024-03-18T06:00:00Z", "season": 1, "number": 1, "kind": "full"}
        """#)
        XCTAssertEqual(episode.explicit, false)
        let explicit = try decode(Episode.self, #"""
        {"id": "3f2c8a4e-5b1d-4c7a-9e0f-1a2b3c4d5e6f", "title": "T", "duration": 1,
         "publishedAt": "2024-03-18T06:00:00Z", "season": 1, "number": 1, "kind": "full", "explicit": true}
        """#)
        XCTAssertEqual(explicit.explicit, true)

        XCTAssertEqual(try decode(NewPost.self, #"{"text": "hi"}"#).visibility, .public)
        XCTAssertEqual(try decode(NewPost.self, #"{"text": "hi", "visibility": "followers"}"#).visibility, .followers)
        XCTAssertEqual(try decode(Problem.self, #"{"title": "T", "status": 500}"#).type, "about:blank")
        XCTAssertEqual(try decode(Problem.self, #"{"type": "https://x.example/p", "title": "T", "status": 500}"#).type, "https://x.example/p")
        XCTAssertEqual(try decode(NewNote.self, #"{"page": 1, "text": "t"}"#).tags, [])
        XCTAssertEqual(try decode(OrderItem.self, #"{"sku": "S"}"#).quantity, 1)
        XCTAssertEqual(try decode(OrderItem.self, #"{"sku": "S", "quantity": 5}"#).quantity, 5)
        XCTAssertEqual(try decode(Dog.self, #"{"name": "Rex", "breed": "Collie"}"#).goodBoy, true)
        XCTAssertEqual(try decode(Dog.self, #"{"name": "Rex", "breed": "Collie", "goodBoy": false}"#).goodBoy, false)
    }

    func testStringDefaultWithQuotesAndBackslashes() throws {
        let tricky = try decode(Tricky.self, "{}")
        XCTAssertEqual(tricky.greeting, #"Say "hi" \ and \(name) */"#)
        XCTAssertEqual(try decode(Tricky.self, #"{"greeting": "yo"}"#).greeting, "yo")
        XCTAssertEqual(Tricky().greeting, #"Say "hi" \ and \(name) */"#)
    }

    // MARK: Memberwise init

    func testMemberwiseInitWithOnlyRequiredArgumentsUsesDefaults() throws {
        let widget = Widget(id: widgetID, name: "Sprocket")
        XCTAssertEqual(widget.label, "Untitled")
        XCTAssertEqual(widget.count, 10)
        XCTAssertEqual(widget.ratio, 0.5)
        XCTAssertEqual(widget.enabled, true)
        XCTAssertEqual(widget.status, .inProgress)
        XCTAssertEqual(widget.priority, .two)
        XCTAssertEqual(widget.size, .medium)
        XCTAssertEqual(widget.tags, ["new", "featured"])
        XCTAssertEqual(widget.aliases, [])
        XCTAssertEqual(widget.settings, ["theme": "dark"])
        XCTAssertNil(try encodeToJSONValue(widget)["legacyCode"], "deprecated, read in DeprecationTests")
        // The init and the decoder agree on every default.
        XCTAssertEqual(widget, try decode(Widget.self, #"{"id": "0b0f7c7e-8a57-4c3b-9d5e-2f8b1b6a7d11", "name": "Sprocket"}"#))
    }

    func testMemberwiseInitDefaultsElsewhere() throws {
        let book = Book(isbn: "1", title: "A")
        XCTAssertNil(book.subtitle)
        XCTAssertNil(book.authors)
        XCTAssertEqual(NewPost(text: "hi").visibility, .public)
        XCTAssertEqual(Problem(title: "T", status: 400).type, "about:blank")
        XCTAssertEqual(NewNote(page: 1, text: "t").tags, [])
        XCTAssertEqual(OrderItem(sku: "S").quantity, 1)
        XCTAssertEqual(Dog(name: "Rex", breed: "Collie").goodBoy, true)
        XCTAssertNil(Dog(name: "Rex", breed: "Collie").sound)
        XCTAssertEqual(
            Episode(
                id: UUID(), title: "T", duration: 1, publishedAt: Date(timeIntervalSince1970: 0),
                season: 1, number: 1, kind: .full
            ).explicit,
            false
        )
        // `const` properties default to their only value.
        XCTAssertEqual(Circle(radius: 1).shapeType, "circle")
        XCTAssertEqual(Square(side: 1).shapeType, "square")
        XCTAssertEqual(Triangle(base: 1, height: 2).shapeType, "Triangle")
        XCTAssertEqual(ImageAttachment(url: URL(string: "https://e.x/i.png")!).type, "image")
        XCTAssertEqual(LinkAttachment(url: URL(string: "https://e.x")!).type, "link")
        let constants = Constants()
        XCTAssertEqual(constants.apiVersion, "v2")
        XCTAssertEqual(constants.kind, "constants")
        XCTAssertNil(constants.maxRetries)
        try assertEncodes(constants, as: #"{"apiVersion": "v2", "kind": "constants"}"#)
        XCTAssertEqual(Labels(name: "release").additionalProperties, [:])
    }
}
