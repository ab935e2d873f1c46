@_spi(Generated) import APIGenRuntime
import FeaturesAPI
import Foundation
import XCTest

/// Request bodies in media types other than JSON, as the builders send them.
final class RequestBodyTests: XCTestCase {
    func testAFormUnionBodySendsTheFieldsOfTheAlternativeItHolds() throws {
        let grant = ClientCredentialsGrant(clientID: "app", scope: "read write")
        let request = API.requestToken(body: .clientCredentialsGrant(grant))
        guard case .form(let form)? = request.body else { return XCTFail("not a form: \(String(describing: request.body))") }
        XCTAssertEqual(String(decoding: form.encoded(), as: UTF8.self), "client_id=app&grant_type=client_credentials&scope=read%20write")
    }

    func testAMultipartUnionBodySendsBytesOfTheAlternativeItHoldsAsAFilePart() throws {
        let photo = PhotoUpload(photo: Data([0xFF, 0xD8, 0x00]), caption: "Tree")
        let request = API.addAttachment(body: .photoUpload(photo))
        guard case .multipart(let form)? = request.body else { return XCTFail("not multipart: \(String(describing: request.body))") }
        XCTAssertEqual(form.parts.map(\.name), ["caption", "kind", "photo"])
        let file = try XCTUnwrap(form.parts.last)
        XCTAssertEqual(file.data, Data([0xFF, 0xD8, 0x00]), "the bytes themselves, not their base64 text")
        XCTAssertEqual(file.contentType, "application/octet-stream")
        XCTAssertEqual(file.fileName, "photo")
        XCTAssertNil(form.parts[1].contentType, "a scalar is a text field")
    }

    func testAJSONLinesBodySendsOneItemPerLine() async throws {
        let sinks = [Sink(id: "sink_A1b2C3d4", uid: "first"), Sink(id: "sink_E5f6G7h8", uid: "second")]
        let request = API.importSinks(body: sinks)
        let client = APIClient(baseURL: URL(string: "https://api.example.com")!, transport: MockTransport(.status(204)))
        let built = try await client.makeHTTPRequest(request)
        XCTAssertEqual(built.headers["Content-Type"], "application/x-ndjson")
        let lines = try XCTUnwrap(built.body.map { String(decoding: $0, as: UTF8.self) }).split(separator: "\n")
        XCTAssertEqual(lines.count, 2)
        XCTAssertEqual(try lines.map { try JSONDecoder().decode(Sink.self, from: Data($0.utf8)) }, sinks)
    }
}
