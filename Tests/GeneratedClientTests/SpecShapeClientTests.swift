import APIGenRuntime
import FeaturesAPI
import Foundation
import XCTest

/// Shapes real specs write that JSON Schema and HTTP read one way: a path key with a query or a
/// fragment, keys that go together only in some combinations, a part that marks a property
/// read-only.
final class SpecShapeClientTests: XCTestCase {
    func testAPathKeysQueryIsSentAndItsFragmentIsNot() {
        let previews = API.listPreviews()
        XCTAssertEqual(previews.path, "/previews")
        XCTAssertEqual(previews.query.map(\.name), ["channel"])
        XCTAssertEqual(previews.query.map(\.value), ["beta"])
        XCTAssertEqual(API.streamPreviews().path, "/previews")
    }

    func testSamplesMeetExactlyOneOfTheirKeyCombinations() throws {
        let resources = try encodeToString(SearchResources.sample)
        XCTAssertTrue(resources.contains("store_ids") != resources.contains("\"stores\""), resources)
        let image = try encodeToString(ImageReference.sample)
        XCTAssertTrue(image.contains("image_url") != image.contains("file_id"), image)
    }

    func testAPartMarkingAPropertyReadOnlyKeepsItOutOfRequests() throws {
        let change = VolumeChange(label: "data", size: 30)
        XCTAssertEqual(try encodeAsRequestBody(change), #"{"label":"data"}"#)
        XCTAssertEqual(try encodeToString(change), #"{"label":"data","size":30}"#)
    }

    func testAReferenceBesidePropertiesKeepsBoth() throws {
        let rename = try decode(VolumeRename.self, #"{"label":"data","name":"archive","size":30}"#)
        XCTAssertEqual(rename.name, "archive")
        XCTAssertEqual(rename.label, "data")
        XCTAssertEqual(try encodeToString(rename), #"{"label":"data","name":"archive","size":30}"#)
    }

    /// A union whose alternatives are aliases of `Data` and `URL` reads base64 text and a link
    /// (their own `init(from:)` would read an array of bytes and an object), and its sample
    /// decodes: reading it in a preview does not stop the app.
    func testAUnionOfDataAndURLAliasesReadsTheirJSONForms() throws {
        let bytes = try decode(AudioUpload.self, #"{"file":"c2FtcGxl"}"#)
        XCTAssertEqual(bytes.file, .fileBytes(Data("sample".utf8)))
        let link = try decode(AudioUpload.self, #"{"file":"https://example.com/a.wav"}"#)
        XCTAssertEqual(link.file, .fileLink(URL(string: "https://example.com/a.wav")!))
        XCTAssertEqual(try encodeToString(bytes), #"{"file":"c2FtcGxl"}"#)
        XCTAssertEqual(try decode(AudioUpload.self, try encodeToString(AudioUpload.sample)), AudioUpload.sample)
    }
}
