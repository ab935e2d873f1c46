import APIGenRuntime
import FeedAPI
import Foundation
import XCTest

/// An operation that accepts several media types has a builder for each: `addComment(body:)`
/// sends JSON, `addComment(form:)` a web form, `uploadMedia(body:)` multipart and
/// `uploadMedia(data:)` the PNG bytes alone. connexion, serving feed.yaml, validates each
/// request against the media type it names.
final class ContentTypeEndToEndTests: XCTestCase {
    /// The Content-Type and body of each attempt, and the status it got.
    private final class Sent: Middleware, @unchecked Sendable {
        // Safe: `seen` is only touched while holding `lock`.
        private let lock = NSLock()
        private var seen: [(contentType: String, body: String, status: Int)] = []

        func intercept(
            _ request: HTTPRequest, operationID: String, next: @Sendable (HTTPRequest) async throws -> (HTTPResponse, Data)
        ) async throws -> (HTTPResponse, Data) {
            let exchange = try await next(request)
            let body = String(decoding: request.body ?? Data(), as: UTF8.self)
            lock.withLock { seen.append((request.headers["Content-Type"] ?? "", body, exchange.0.status)) }
            return exchange
        }

        var last: (contentType: String, body: String, status: Int)? {
            lock.withLock { seen.last }
        }
    }

    private func feed(_ sent: Sent) throws -> APIClient {
        let server = try MockServer.shared(spec: "feed.yaml", pathPrefix: "/v1")
        return APIClient(baseURL: server.baseURL, authentication: .apiKey("feed-key"), middlewares: [sent], retry: .none, timeout: 10)
    }

    func testEachMediaTypeHasItsBuilderAndTheServerAcceptsIt() async throws {
        let sent = Sent()
        let client = try feed(sent)
        let comment = NewComment(text: "Nice & true = yes")

        _ = try await client.send(API.addComment(postId: "p_1001", body: comment))
        XCTAssertEqual(sent.last?.contentType, "application/json")
        XCTAssertEqual(sent.last?.body, #"{"text":"Nice & true = yes"}"#)
        XCTAssertEqual(sent.last?.status, 201)

        _ = try await client.send(API.addComment(postId: "p_1001", form: comment))
        XCTAssertEqual(sent.last?.contentType, "application/x-www-form-urlencoded")
        XCTAssertEqual(sent.last?.body, "text=Nice%20%26%20true%20%3D%20yes")
        XCTAssertEqual(sent.last?.status, 201)

        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let media = try await client.send(API.uploadMedia(data: png))
        XCTAssertFalse(media.id.isEmpty)
        XCTAssertEqual(sent.last?.contentType, "image/png")
        XCTAssertEqual(sent.last?.status, 201)
    }

    /// The server does check: a form sent where only JSON is accepted is refused.
    func testTheServerRefusesAMediaTypeTheOperationDoesNotAccept() async throws {
        let sent = Sent()
        let client = try feed(sent)
        var request = API.createPost(body: NewPost(text: "Hello"))
        var form = FormBody()
        form.append("text", "Hello")
        request.body = .form(form)
        let error = try await apiError { _ = try await client.send(request) }
        XCTAssertEqual(sent.last?.contentType, "application/x-www-form-urlencoded")
        XCTAssertTrue([400, 415].contains(error?.status ?? 0), "got \(String(describing: error))")
    }
}
