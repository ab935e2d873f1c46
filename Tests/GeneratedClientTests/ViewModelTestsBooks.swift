import APIGenRuntime
import BooksAPI
import Foundation
import ObservationRecording
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The books search pattern (Specs/books.yaml): `SearchBooksModel` searched, searched again with
/// a new `q`, filtered, paged, and failing with the API's own `{"error": …}` reason.
@MainActor
final class ViewModelTestsBooks: XCTestCase {
    private let books = Book.samples

    private func results(_ docs: [Book]) -> SearchResults {
        SearchResults(numFound: docs.count, start: 0, docs: docs)
    }

    /// Answers with `books[0]` for "swift", `books[1...2]` for "concurrency", nothing otherwise,
    /// and no books past page 1.
    private func catalogue() -> MockResponse {
        byQuery { [books] query in
            guard query["page"] == "1" else { return .json(SearchResults(numFound: 0, docs: [])) }
            switch query["q"] {
            case "swift": return .json(SearchResults(numFound: 1, docs: [books[0]]))
            case "concurrency": return .json(SearchResults(numFound: 2, docs: Array(books[1...2])))
            default: return .json(SearchResults(numFound: 0, docs: []))
            }
        }
    }

    func testSearchLoadsResultsWithItsQuery() async {
        let mock = MockTransport(["searchBooks": catalogue()])
        let model = SearchBooksModel(client: mockClient(mock), q: "swift")
        let states = ObservedValues { model.state }

        await model.load()

        XCTAssertEqual(states.values, [.idle, .loading, .loaded([books[0]])])
        XCTAssertEqual(model.lastPage?.numFound, 1)
        XCTAssertEqual(mock.lastRequest?.url.path, "/v1/books/search")
        XCTAssertEqual(query(of: mock.lastRequest), ["q": "swift", "page": "1", "limit": "20", "sort": "relevance"])
    }

    func testChangingTheQueryAndLoadingAgainShowsTheNewResults() async {
        let mock = MockTransport(["searchBooks": catalogue()])
        let model = SearchBooksModel(client: mockClient(mock), q: "swift")
        await model.load()
        let states = ObservedValues { model.state }

        model.q = "concurrency"
        await model.load()

        // The old results stay on screen until the new ones arrive: no spinner in between.
        XCTAssertEqual(states.values, [.loaded([books[0]]), .loaded(Array(books[1...2]))])
        XCTAssertEqual(mock.requests.map { query(of: $0)["q"] }, ["swift", "concurrency"])
        XCTAssertEqual(query(of: mock.lastRequest)["page"], "1")
    }

    func testTypingCancelsTheSearchInFlightAndTheLastQueryWins() async {
        let slow = MockResponse.json(SearchResults(numFound: 0, docs: [])).delayed(by: 5)
        let mock = MockTransport(["searchBooks": byQuery { [catalogue = catalogue()] query in
            query["q"] == "conc" ? slow : catalogue
        }])
        let model = SearchBooksModel(client: mockClient(mock), q: "swift")
        await model.load()

        // `.task(id: q)` cancels the previous search when the text changes.
        model.q = "conc"
        let stale = Task { await model.load() }
        await waitFor("the request for conc") { mock.requests.count == 2 }
        stale.cancel()
        await stale.value
        XCTAssertEqual(model.state, .loaded([books[0]]), "a cancelled reload keeps what was shown")
        XCTAssertFalse(model.isRefreshing)
        model.q = "concurrency"
        await model.load()

        XCTAssertEqual(mock.requests.map { query(of: $0)["q"] }, ["swift", "conc", "concurrency"])
        XCTAssertEqual(model.state, .loaded(Array(books[1...2])))
    }

    func testNoResultsIsLoadedAndEmpty() async {
        let mock = MockTransport(["searchBooks": catalogue()])
        let model = SearchBooksModel(client: mockClient(mock), q: "cobol")
        let states = ObservedValues { stateName(model.state) }

        await model.load()

        XCTAssertEqual(states.values, ["idle", "loading", "loaded"])
        XCTAssertTrue(model.state.isEmpty)
        XCTAssertFalse(model.hasMore)
    }

    func testTheAPIsErrorFieldIsTheMessage() async {
        let mock = MockTransport(["searchBooks": .json(ErrorResponse(error: "The search query must not be empty."), status: 400)])
        let model = SearchBooksModel(client: mockClient(mock), q: "")
        let states = ObservedValues { stateName(model.state) }

        await model.load()

        XCTAssertEqual(states.values, ["idle", "loading", "failed: The search query must not be empty."])
    }

    func testAMissingRequiredKeyIsAnUnexpectedResponse() async {
        // Every book needs a title.
        let mock = MockTransport(["searchBooks": .json(text: #"{"numFound": 1, "docs": [{"isbn": "9781950325023"}]}"#)])
        let model = SearchBooksModel(client: mockClient(mock), q: "swift")
        await model.load()
        XCTAssertEqual(model.state.userMessage, Messages.unexpected)
        guard case .decoding(let failure)? = model.state.error as? APIError else {
            return XCTFail("expected a decoding error, got \(String(describing: model.state.error))")
        }
        XCTAssertTrue(String(describing: failure).contains("title"), String(describing: failure))
    }

    func testFiltersAreSentInTheirStyles() async {
        let mock = MockTransport(["searchBooks": .json(results(books))])
        let model = SearchBooksModel(
            client: mockClient(mock), q: "swift", author: "Mattt", language: "eng", limit: 5, sort: .newest,
            fields: ["title", "authors"], subjects: ["swift", "ios"], published: SearchBooksPublished(from: 2015, to: 2024)
        )
        await model.load()
        XCTAssertEqual(query(of: mock.lastRequest), [
            "q": "swift", "author": "Mattt", "language": "eng", "page": "1", "limit": "5", "sort": "newest",
            "fields": "title|authors", "subjects": "swift ios", "published[from]": "2015", "published[to]": "2024",
        ])
    }

    func testLoadMoreAsksForTheNextPageUntilOneIsEmpty() async {
        let mock = MockTransport(["searchBooks": byQuery { [books] query in
            switch query["page"] {
            case "1": return .json(SearchResults(numFound: 3, start: 0, docs: Array(books[0...1])))
            case "2": return .json(SearchResults(numFound: 3, start: 2, docs: [books[2]]))
            default: return .json(SearchResults(numFound: 3, start: 3, docs: []))
            }
        }])
        let model = SearchBooksModel(client: mockClient(mock), q: "swift", limit: 2)

        await model.load()
        await model.loadMore()
        XCTAssertEqual(model.state, .loaded(books))
        XCTAssertTrue(model.hasMore)
        await model.loadMore()
        XCTAssertFalse(model.hasMore, "an empty page ends the results")
        await model.loadMore()

        XCTAssertEqual(model.state, .loaded(books))
        XCTAssertEqual(mock.requests.map { query(of: $0)["page"] }, ["1", "2", "3"])
        XCTAssertEqual(Set(mock.requests.map { query(of: $0)["q"] }), ["swift"])
    }
}
