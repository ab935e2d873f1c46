import APIGenRuntime
import Foundation
import XCTest

/// `Request.followingLinks()` reads the `rel="next"` link of a `Link` header (RFC 8288), and
/// `PageRequest.following` turns that link into the next page, offset or cursor.
final class LinkedPageTests: XCTestCase {
    private let client = APIClient(baseURL: URL(string: "https://api.example.com")!, transport: MockTransport(.status(500)), retry: .none)

    /// The `next` link a response with `link` as its `Link` header gives.
    private func next(_ link: String?) async throws -> URL? {
        let headers: HTTPFields = link.map { ["Link": $0] } ?? [:]
        let mock = MockTransport(.json([TestPet(id: 1, name: "Rex")], headers: headers))
        let client = APIClient(baseURL: URL(string: "https://api.example.com")!, transport: mock, retry: .none)
        let request = Request<[TestPet]>(method: .get, path: "/pets", operationID: "listPets", response: .json)
        let page = try await client.send(request.followingLinks())
        XCTAssertEqual(page.value, [TestPet(id: 1, name: "Rex")])
        return page.next
    }

    func testTheNextLinkIsFoundAmongTheOthers() async throws {
        let github = #"<https://api.github.com/repositories/1/contributors?page=2>; rel="next", <https://api.github.com/repositories/1/contributors?page=9>; rel="last""#
        let found = try await next(github)
        XCTAssertEqual(found?.absoluteString, "https://api.github.com/repositories/1/contributors?page=2")
        let last = try await next(#"<https://h/p?page=1>; rel="first", <https://h/p?page=3>; rel="prev""#)
        XCTAssertNil(last, "no next link: the last page")
        let none = try await next(nil)
        XCTAssertNil(none)
    }

    func testRelationsAreCaseInsensitiveListsAndParametersMayBeQuotedOrNot() async throws {
        let several = try await next(#"<https://h/p?page=2>; rel="prefetch NEXT""#)
        XCTAssertEqual(several?.absoluteString, "https://h/p?page=2")
        let unquoted = try await next("<https://h/p?page=4>; REL=next")
        XCTAssertEqual(unquoted?.absoluteString, "https://h/p?page=4")
        // A comma inside a quoted parameter does not start a new link.
        let titled = try await next(#"<https://h/p?page=1>; title="one, two"; rel="prev", <https://h/p?page=3>; rel="next""#)
        XCTAssertEqual(titled?.absoluteString, "https://h/p?page=3")
        let relative = try await next(#"</pets?after=xyz>; rel="next""#)
        XCTAssertEqual(relative?.absoluteString, "/pets?after=xyz")
    }

    func testMalformedHeadersGiveNoLink() async throws {
        for header in ["<https://h/p?page=2; rel=\"next\"", "rel=\"next\"", "", "<>; rel=next, garbage", "https://h/p; rel=next"] {
            let found = try await next(header)
            XCTAssertNil(found, header)
        }
    }

    func testTheLinkedRequestIsTheSameRequest() async throws {
        var request = Request<TestPet>.pet(7, method: .post)
        request.addQuery("fields", "name")
        request.headers["X-Trace"] = "t1"
        request.isIdempotent = true
        request.server = APIServer(url: URL(string: "https://other.example.com")!)
        let original = try await client.makeHTTPRequest(request)
        let linked = try await client.makeHTTPRequest(request.followingLinks())
        XCTAssertEqual(linked, original)
        XCTAssertTrue(request.followingLinks().isIdempotent)
        XCTAssertEqual(request.followingLinks().operationID, "showPet")
    }

    func testTheNextRequestIsTheLinksPagingParameter() {
        let link = URL(string: "https://h/items?per_page=50&page=3&after=c2&offset=100")
        XCTAssertEqual(PageRequest.following(link, parameter: "page", current: .page(2)), .page(3))
        XCTAssertEqual(PageRequest.following(link, parameter: "offset", current: .offset(50)), .offset(100))
        XCTAssertEqual(PageRequest.following(link, parameter: "after", current: .cursor("")), .cursor("c2"))
        XCTAssertNil(PageRequest.following(link, parameter: "cursor", current: .cursor("")), "the link lacks the parameter")
        XCTAssertNil(PageRequest.following(link, parameter: "after", current: .page(1)), "not a page number")
        XCTAssertNil(PageRequest.following(nil, parameter: "page", current: .page(1)))
        XCTAssertNil(PageRequest.following(URL(string: "https://h/items?after="), parameter: "after", current: .cursor("a")))
    }
}
