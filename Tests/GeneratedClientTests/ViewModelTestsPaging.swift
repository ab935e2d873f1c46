import APIGenRuntime
import FeaturesAPI
import Foundation
import XCTest

/// Paging shapes of Specs/features.yaml that real specs use and that once broke: a page that may
/// be absent (204), a next-page link holding the cursor, and a last page with an empty token.
@MainActor
final class ViewModelTestsPaging: XCTestCase {
    private let people = ["ada", "grace", "linus"].map { Contributor(login: $0) }

    /// `[Contributor]?`: a 204 past the end is an empty page, which ends paging.
    func testAPageThatMayBeAbsentEndsAtTheEmptyOne() async {
        let mock = MockTransport(["listContributors": byQuery { [people] query in
            switch query["page"] {
            case "1": return .json([people[0], people[1]])
            case "2": return .json([people[2]])
            default: return .status(204)
            }
        }])
        let model = ListContributorsModel(client: mockClient(mock))
        await model.load()
        await model.loadMore()
        XCTAssertTrue(model.hasMore)
        await model.loadMore()
        XCTAssertFalse(model.hasMore)
        XCTAssertEqual(model.state, .loaded(people))
        XCTAssertEqual(mock.requests.map { query(of: $0)["page"] }, ["1", "2", "3"])
    }

    /// Django REST's `next` is a link; its `cursor` parameter is the next cursor.
    func testTheCursorIsReadFromTheNextLink() async {
        let mock = MockTransport(["listContributorLinks": byQuery { [people] query in
            switch query["cursor"] {
            case nil:
                return .json(ContributorLinkPage(results: [people[0]], next: URL(string: "https://api.example.com/v1/contributor-links?cursor=cD0y&x=1")))
            case "cD0y": return .json(ContributorLinkPage(results: [people[1]], next: nil))
            default: return .status(404)
            }
        }])
        let model = ListContributorLinksModel(client: mockClient(mock))
        await model.load()
        await model.loadMore()
        XCTAssertFalse(model.hasMore)
        XCTAssertEqual(model.state, .loaded([people[0], people[1]]))
        XCTAssertEqual(mock.requests.map { query(of: $0)["cursor"] }, [nil, "cD0y"])
        XCTAssertEqual(PageRequest.cursor(fromNext: URL(string: "https://h/p?page=2"), parameter: "cursor"), .cursor("https://h/p?page=2"))
    }

    /// An empty next token is the end, not "from the start" again; a token seen before ends too.
    func testAnEmptyOrRepeatedTokenEndsPaging() async {
        let mock = MockTransport(["listContributorTokens": byQuery { [people] query in
            switch query["after"] {
            case nil: return .json(ContributorTokenPage(items: [people[0]], nextCursor: "b"))
            case "b": return .json(ContributorTokenPage(items: [people[1]], nextCursor: ""))
            default: return .status(404)
            }
        }])
        let model = ListContributorTokensModel(client: mockClient(mock))
        await model.load()
        await model.loadMore()
        XCTAssertFalse(model.hasMore, "the empty token ends paging")
        XCTAssertEqual(model.state, .loaded([people[0], people[1]]))

        let looping = MockTransport(["listContributorTokens": byQuery { [people] query in
            switch query["after"] {
            case nil: return .json(ContributorTokenPage(items: [people[0]], nextCursor: "b"))
            case "b": return .json(ContributorTokenPage(items: [people[1]], nextCursor: "c"))
            default: return .json(ContributorTokenPage(items: [people[2]], nextCursor: "b"))
            }
        }])
        let again = ListContributorTokensModel(client: mockClient(looping))
        await again.load()
        await again.loadMore()
        await again.loadMore()
        XCTAssertFalse(again.hasMore, "a token that comes back ends paging")
        await again.loadMore()
        XCTAssertEqual(looping.requests.map { query(of: $0)["after"] }, [nil, "b", "c"])
    }

    /// GitHub style: the `Link` header names the next page; the last page has no `rel="next"`.
    func testTheLinkHeaderNamesTheNextPage() async {
        let mock = MockTransport(["listStargazers": byQuery { [people] query in
            let link = { (page: Int) -> HTTPFields in
                [
                    "Link": "<https://api.example.com/v1/stargazers?per_page=2&page=\(page)>; rel=\"next\", "
                        + "<https://api.example.com/v1/stargazers?per_page=2&page=3>; rel=\"last\""
                ]
            }
            switch query["page"] {
            case "1": return .json([people[0], people[1]], headers: link(2))
            case "2": return .json([people[2]], headers: link(3))
            // The last page links only back: paging ends although the page is not empty.
            case "3": return .json([people[0]], headers: ["Link": #"<https://api.example.com/v1/stargazers?page=2>; rel="prev""#])
            default: return .status(404)
            }
        }])
        let model = ListStargazersModel(client: mockClient(mock), perPage: 2)
        await model.load()
        XCTAssertEqual(model.lastPage?.next?.absoluteString, "https://api.example.com/v1/stargazers?per_page=2&page=2")
        await model.loadMore()
        XCTAssertTrue(model.hasMore)
        await model.loadMore()
        XCTAssertFalse(model.hasMore)
        await model.loadMore()
        XCTAssertEqual(model.state, .loaded(people + [people[0]]))
        XCTAssertEqual(mock.requests.map { query(of: $0)["page"] }, ["1", "2", "3"])
        XCTAssertEqual(mock.requests.map { query(of: $0)["per_page"] }, ["2", "2", "2"])
    }

    /// With the total known, paging stops once the items reach it: no request past the end.
    func testOffsetPagingStopsAtTheTotalWithoutAnExtraRequest() async {
        let mock = MockTransport(["listContributorOffsets": byQuery { [people] query in
            let offset = Int(query["offset"] ?? "0") ?? 0
            let limit = Int(query["limit"] ?? "2") ?? 2
            let slice = Array(people.dropFirst(offset).prefix(limit))
            return .json(ContributorOffsetPage(items: slice, total: people.count, kind: .sample2))
        }])
        let model = ListContributorOffsetsModel(client: mockClient(mock))
        await model.load()
        XCTAssertTrue(model.hasMore)
        await model.loadMore()
        XCTAssertFalse(model.hasMore, "3 of 3 received")
        await model.loadMore()
        XCTAssertEqual(model.state, .loaded(people))
        XCTAssertEqual(mock.requests.map { query(of: $0)["offset"] }, ["0", "2"])
        // An enum case named like the generated `sample` is renamed, and reads its raw value.
        XCTAssertEqual(model.lastPage?.kind, ContributorKind(rawValue: "Sample"))
        XCTAssertEqual(ContributorKind.sample2.rawValue, "Sample")
        XCTAssertNotNil(ContributorKind.sample)
    }

    /// A text response sent as a JSON string reads as the text, without its quotes.
    func testATextResponseSentAsJSONReadsAsTheText() async throws {
        for answer in [MockResponse.text("1.4.2"), .json(text: #""1.4.2""#)] {
            let client = mockClient(MockTransport(["getVersion": answer]))
            let version = try await client.send(API.getVersion())
            XCTAssertEqual(version, "1.4.2")
        }
    }
}
