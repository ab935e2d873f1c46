import APIGenRuntime
import Foundation
import LibraryAPI
import XCTest

/// Specs/library.yaml, an OpenAPI 3.2 document: the `QUERY` method, `additionalOperations`, a
/// `querystring` parameter, and media types kept in components.
final class OpenAPI32Tests: XCTestCase {
    private let books = #"[{"isbn":"9780261103573","title":"The Fellowship of the Ring"}]"#

    private func client(_ mock: MockTransport) -> APIClient {
        APIClient(server: API.Servers.main(), transport: mock, authentication: .bearer("t"), retry: .none)
    }

    func testQuerySendsItsSearchInTheBodyAndMayBeRetried() async throws {
        let mock = MockTransport(.json(text: books))
        let found = try await client(mock).send(API.searchBooks(body: BookSearch(text: "ring")))
        let sent = try XCTUnwrap(mock.lastRequest)
        XCTAssertEqual(sent.method.rawValue, "QUERY")
        XCTAssertEqual(sent.url.absoluteString, "https://library.example.com/v1/books")
        let body = try JSONSerialization.jsonObject(with: try XCTUnwrap(sent.body)) as? [String: Any]
        XCTAssertEqual(body?["text"] as? String, "ring")
        XCTAssertTrue(API.searchBooks(body: BookSearch()).isIdempotent, "QUERY is safe to repeat")
        // The response's media type is a `$ref` into `components/mediaTypes`.
        XCTAssertEqual(found.map(\.title), ["The Fellowship of the Ring"])
        XCTAssertEqual(found.first?.available, true, "the schema's default")
    }

    /// `security: [{library: [read]}]`: the token provider is asked for a token of those scopes.
    func testTheOperationsOAuth2ScopesReachTheTokenProvider() async throws {
        let mock = MockTransport(.json(text: books))
        let client = APIClient(
            server: API.Servers.main(), transport: mock,
            authentication: .bearer(scoped: { scopes in "token-" + scopes.joined(separator: ",") }), retry: .none)
        _ = try await client.send(API.searchBooks(body: BookSearch(text: "ring")))
        XCTAssertEqual(mock.lastRequest?.headers["Authorization"], "Bearer token-read")
    }

    func testAnAdditionalOperationIsSentWithItsOwnMethodAndNeverRetried() async throws {
        let mock = MockTransport(.status(204))
        try await client(mock).send(API.purgeBooks())
        XCTAssertEqual(mock.lastRequest?.method.rawValue, "PURGE")
        XCTAssertFalse(API.purgeBooks().isIdempotent, "nothing is known of a method the API adds")
    }

    func testAQuerystringParameterIsTheWholeQuery() async throws {
        let mock = MockTransport(.json(text: books))
        _ = try await client(mock).send(API.listBooks(filter: BookFilter(author: "Tolkien", limit: 5)))
        let url = try XCTUnwrap(mock.lastRequest?.url)
        XCTAssertEqual(url.query, "author=Tolkien&limit=5")
        _ = try await client(mock).send(API.listBooks())
        XCTAssertNil(mock.lastRequest?.url.query)
    }
}
