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
            // A body streamed from disk is read back here only to check what went out.
            let bytes = try request.body ?? request.bodyFile.map { try Data(contentsOf: $0) } ?? Data()
            let body = String(decoding: bytes, as: UTF8.self)
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

        _ = try await client.send(API.addComment(postID: "p_1001", body: comment))
        XCTAssertEqual(sent.last?.contentType, "application/json")
        XCTAssertEqual(sent.last?.body, #"{"text":"Nice & true = yes"}"#)
        XCTAssertEqual(sent.last?.status, 201)

        _ = try await client.send(API.addComment(postID: "p_1001", form: comment))
        XCTAssertEqual(sent.last?.contentType, "application/x-www-form-urlencoded")
        XCTAssertEqual(sent.last?.body, "text=Nice%20%26%20true%20%3D%20yes")
        XCTAssertEqual(sent.last?.status, 201)

        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let media = try await client.send(API.uploadMedia(data: png))
        XCTAssertFalse(media.id.isEmpty)
        XCTAssertEqual(sent.last?.contentType, "image/png")
        XCTAssertEqual(sent.last?.status, 201)
    }

    /// A photo from disk, with its own file name and content type, uploaded with progress; the
    /// server validates the multipart body against `MediaUpload`.
    func testAFileFromDiskIsUploadedWithItsNameTypeAndProgress() async throws {
        let sent = Sent()
        let client = try feed(sent)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apigen-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let photo = folder.appendingPathComponent("IMG_0042.HEIC")
        try Data((0..<2_000_000).map { UInt8($0 % 256) }).write(to: photo)
        let reports = Reports()
        let upload = MediaUpload(file: FilePart(contentsOf: photo, contentType: "image/heic"), caption: "Beach")
        let media = try await client.send(API.uploadMedia(body: upload)) { reports.append($0) }
        XCTAssertFalse(media.id.isEmpty)
        let body = try XCTUnwrap(sent.last)
        XCTAssertEqual(body.status, 201)
        XCTAssertTrue(body.contentType.hasPrefix("multipart/form-data; boundary="))
        XCTAssertTrue(body.body.contains(#"name="file"; filename="IMG_0042.HEIC""#), "the file's own name")
        XCTAssertTrue(body.body.contains("Content-Type: image/heic\r\n"), "the file's own type")
        XCTAssertTrue(body.body.contains("Beach"))
        let last = try XCTUnwrap(reports.all.last)
        XCTAssertGreaterThan(last.bytesToSend, 2_000_000)
        XCTAssertEqual(last.uploadFraction, 1)
        XCTAssertGreaterThan(reports.all.count, 2, "progress came in steps")
    }

    private final class Reports: @unchecked Sendable {
        // Safe: `values` is only touched while holding `lock`.
        private let lock = NSLock()
        private var values: [TransferProgress] = []

        func append(_ progress: TransferProgress) { lock.withLock { values.append(progress) } }
        var all: [TransferProgress] { lock.withLock { values } }
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
