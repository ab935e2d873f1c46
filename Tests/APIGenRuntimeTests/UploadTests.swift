@_spi(Generated) import APIGenRuntime
import Foundation
import LoopbackServers
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Files in multipart bodies (`FilePart`): their names and content types, bodies streamed from
/// disk, and upload and download progress, against a scripted transport and a real socket.
final class UploadTests: XCTestCase {
    private struct Received: Decodable, Sendable {
        var size: Int
        var sha256: String
        var fileNames: [String]
        var contentTypes: [String]
        var contentType: String
    }

    private func upload(_ form: MultipartBody) -> Request<Received> {
        var request = Request<Received>(method: .post, path: "/upload", operationID: "upload", response: .json)
        request.body = .multipart(form)
        return request
    }

    private func temporaryFile(size: Int, name: String = "clip.mov") throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apigen-upload-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        try Data((0..<size).map { UInt8($0 % 253) }).write(to: url)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return url
    }

    func testAFilePartCarriesItsNameAndContentTypeAndFallsBackToTheSpecs() {
        var form = MultipartBody(boundary: "b")
        form.appendFile("photo", FilePart(data: Data("png".utf8), fileName: "cat.png", contentType: "image/png"), contentType: "image/jpeg")
        form.appendFile("scan", FilePart(data: Data("raw".utf8)), contentType: "image/heic")
        form.appendFile("pages", [FilePart(data: Data("1".utf8), fileName: "1.txt"), FilePart(data: Data("2".utf8), fileName: "2.txt")])
        form.appendFile("none", nil as FilePart?)
        let text = String(decoding: form.encoded(), as: UTF8.self)
        XCTAssertTrue(text.contains("name=\"photo\"; filename=\"cat.png\"\r\nContent-Type: image/png\r\n\r\npng\r\n"), text)
        XCTAssertTrue(text.contains("name=\"scan\"; filename=\"file\"\r\nContent-Type: image/heic\r\n\r\nraw\r\n"), text)
        XCTAssertTrue(text.contains("filename=\"1.txt\"\r\nContent-Type: application/octet-stream\r\n\r\n1\r\n"), text)
        XCTAssertTrue(text.contains("filename=\"2.txt\""), text)
        XCTAssertFalse(text.contains("\"none\""))
        XCTAssertFalse(form.readsFiles)
    }

    /// A union as generated code writes one: the alternative it holds is encoded alone.
    private enum Model: Encodable {
        case name(String)
        case settings([String: Int])
        case list([JSONValue])

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .name(let text): try container.encode(text)
            case .settings(let values): try container.encode(values)
            case .list(let items): try container.encode(items)
            }
        }
    }

    func testAUnionPartIsTextForAScalarAndJSONForAStructure() {
        var form = MultipartBody(boundary: "b")
        form.append("model", Model.name("whisper-1"))
        form.append("settings", Model.settings(["level": 2]))
        form.append("tags", Model.list([.string("a"), .string("b")]))
        form.append("rows", Model.list([.object(["x": .int(1)])]))
        let text = String(decoding: form.encoded(), as: UTF8.self)
        XCTAssertTrue(text.contains("name=\"model\"\r\n\r\nwhisper-1\r\n"), "a string is sent as it is, unquoted: \(text)")
        XCTAssertTrue(text.contains("name=\"settings\"\r\nContent-Type: application/json\r\n\r\n{\"level\":2}\r\n"), text)
        XCTAssertTrue(text.contains("name=\"tags\"\r\n\r\na\r\n"), "an array of scalars is a part per item: \(text)")
        XCTAssertTrue(text.contains("name=\"rows\"\r\nContent-Type: application/json\r\n\r\n[{\"x\":1}]\r\n"), text)
    }

    func testAUnionBodysMembersArePartsByWhatTheyHold() {
        var form = MultipartBody(boundary: "b")
        form.appendMembers(of: Model.settings(["level": 2]))
        form.appendMembers(of: JSONValue.object(["category": .string("beverage"), "sizes": .array([.int(1), .int(2)])]))
        let text = String(decoding: form.encoded(), as: UTF8.self)
        XCTAssertTrue(text.contains("name=\"level\"\r\n\r\n2\r\n"), text)
        XCTAssertTrue(text.contains("name=\"category\"\r\n\r\nbeverage\r\n"), text)
        XCTAssertTrue(text.contains("name=\"sizes\"\r\n\r\n1\r\n"), text)
    }

    /// A union's alternative written as generated models write it: a keyed container, bytes
    /// among its members.
    private struct Photo: Encodable {
        var caption: String
        var photo: Data
        var scan: FilePart?
        var tags: [String]

        func encode(to encoder: any Encoder) throws {
            var writer = PropertyWriter(encoder)
            writer.encode(caption, "caption")
            writer.encode(photo, "photo")
            writer.encodeIfPresent(scan, "scan")
            writer.encode(tags, "tags")
            try writer.finish()
        }
    }

    private enum Attachment: Encodable {
        case photo(Photo)

        func encode(to encoder: any Encoder) throws {
            switch self {
            case .photo(let value): try value.encode(to: encoder)
            }
        }
    }

    func testBytesAmongAUnionBodysMembersAreFileParts() throws {
        var form = MultipartBody(boundary: "b")
        let scan = FilePart(data: Data("%PDF".utf8), fileName: "scan.pdf", contentType: "application/pdf")
        form.appendMembers(of: Attachment.photo(Photo(caption: "Tree", photo: Data([0xFF, 0x00]), scan: scan, tags: ["a", "b"])))
        XCTAssertEqual(form.parts.map(\.name), ["caption", "photo", "scan", "tags", "tags"])
        XCTAssertEqual(form.parts[1].data, Data([0xFF, 0x00]), "the bytes, not their base64 text")
        XCTAssertEqual(form.parts[1].contentType, "application/octet-stream")
        XCTAssertEqual(form.parts[2].fileName, "scan.pdf")
        XCTAssertEqual(form.parts[2].contentType, "application/pdf")
        XCTAssertEqual(form.parts[3].data, Data("a".utf8))
    }

    func testAUnionFormBodysMembersAreFields() {
        var form = FormBody()
        form.appendMembers(of: JSONValue.object(["grant_type": .string("client_credentials"), "scope": .string("catalog read"), "ids": .array([.int(1), .int(2)])]))
        form.appendMembers(of: JSONValue.string("not an object"))
        XCTAssertEqual(String(decoding: form.encoded(), as: UTF8.self), "grant_type=client_credentials&ids=1&ids=2&scope=catalog%20read")
    }

    func testAFileOnDiskIsStreamedFromATemporaryBodyFileThatIsRemovedAfterwards() async throws {
        let video = try temporaryFile(size: 3_000_000)
        var form = MultipartBody(boundary: "b")
        form.append("caption", "Clip")
        form.appendFile("video", FilePart(contentsOf: video, contentType: "video/quicktime"))
        XCTAssertTrue(form.readsFiles)
        let seen = Recorder<HTTPRequest>()
        let mock = MockTransport { request in
            seen.append(request)
            let sent = try Data(contentsOf: try XCTUnwrap(request.bodyFile))
            let names = sent.count > 3_000_000 && String(decoding: sent.prefix(300), as: UTF8.self).contains("filename=\"clip.mov\"")
            return (HTTPResponse(status: 200), Data(#"{"size": \#(sent.count), "sha256": "", "fileNames": \#(names ? #"["clip.mov"]"# : "[]"), "contentTypes": [], "contentType": ""}"#.utf8))
        }
        let client = APIClient(baseURL: testBaseURL, transport: mock, retry: .none)
        let received = try await client.send(upload(form))
        XCTAssertEqual(received.fileNames, ["clip.mov"])
        XCTAssertEqual(received.size, form.encoded().count)
        let request = try XCTUnwrap(seen.all.last)
        XCTAssertNil(request.body, "the body is never held in memory")
        let file = try XCTUnwrap(request.bodyFile)
        XCTAssertFalse(FileManager.default.fileExists(atPath: file.path), "the temporary body file is removed once answered")
        XCTAssertTrue(FileManager.default.fileExists(atPath: video.path), "the app's own file is left alone")
    }

    func testAnUnreadableFileIsAnInvalidRequest() async throws {
        var form = MultipartBody()
        form.appendFile("video", FilePart(contentsOf: URL(fileURLWithPath: "/nonexistent/clip.mov")))
        let client = APIClient(baseURL: testBaseURL, transport: MockTransport(.status(200)), retry: .none)
        let error = await thrownError { try await client.send(self.upload(form)) }
        guard case .invalidRequest(let message)? = error as? APIError else { return XCTFail("got \(String(describing: error))") }
        XCTAssertTrue(message.contains("upload"), message)
    }

    func testProgressWithAMockEndsComplete() async throws {
        let reports = Recorder<TransferProgress>()
        let client = APIClient(baseURL: testBaseURL, transport: MockTransport(.json(text: #"{"id": 1, "name": "Rex"}"#)), retry: .none)
        var request = Request<TestPet>.pet()
        request.body = .data(Data(count: 100), contentType: "application/octet-stream")
        _ = try await client.send(request) { progress in reports.append(progress) }
        let last = try XCTUnwrap(reports.all.last)
        XCTAssertEqual(last, TransferProgress(bytesSent: 100, bytesToSend: 100, bytesReceived: 24, bytesToReceive: 24))
        XCTAssertEqual(last.uploadFraction, 1)
        XCTAssertEqual(last.downloadFraction, 1)
    }

    func testUploadAndDownloadProgressOverARealSocket() async throws {
        let server = try LoopbackServer(script: "fault_server.py")
        defer { server.stop() }
        let client = APIClient(baseURL: server.baseURL, retry: .none, timeout: 30)
        let video = try temporaryFile(size: 8_000_000, name: "holiday.mov")
        var form = MultipartBody()
        form.appendFile("video", FilePart(contentsOf: video, contentType: "video/quicktime"))
        let expected = form.encoded()
        let reports = Recorder<TransferProgress>()
        let received = try await client.send(upload(form)) { progress in reports.append(progress) }
        XCTAssertEqual(received.size, expected.count)
        XCTAssertEqual(received.fileNames, ["holiday.mov"])
        XCTAssertEqual(received.contentTypes, ["video/quicktime"])
        XCTAssertTrue(received.contentType.hasPrefix("multipart/form-data; boundary="))
        let uploads = reports.all.map(\.bytesSent)
        XCTAssertGreaterThan(Set(uploads).count, 3, "progress came in steps while sending: \(uploads.prefix(20))")
        XCTAssertEqual(uploads, uploads.sorted(), "upload progress never goes back")
        XCTAssertEqual(uploads.last, Int64(expected.count))

        let downloadReports = Recorder<TransferProgress>()
        var download = Request<Data>(method: .get, path: "/bytes", operationID: "bytes", response: .data)
        download.addQuery("size", 5_000_000)
        let bytes = try await client.send(download) { progress in downloadReports.append(progress) }
        XCTAssertEqual(bytes.count, 5_000_000)
        let downloads = downloadReports.all.filter { $0.bytesToReceive != nil }
        XCTAssertGreaterThan(downloads.count, 2, "progress came in steps while receiving")
        XCTAssertEqual(downloads.first?.bytesToReceive, 5_000_000, "the size is known from Content-Length")
        XCTAssertEqual(downloads.map(\.bytesReceived), downloads.map(\.bytesReceived).sorted())
        XCTAssertEqual(downloads.last?.downloadFraction, 1)
    }
}
