import APIGenRuntime
import FeaturesAPI
import FeedAPI
import Foundation
import PetstoreAPI
import ReadingProgressAPI
import XCTest

/// readOnly / writeOnly properties, and PATCH bodies that tell "absent" from `null`.
final class ReadWritePatchTests: XCTestCase {
    // MARK: readOnly

    func testReadOnlyPropertiesAreDecodedAndKeptButNeverSent() throws {
        let json = #"{"createdAt":"2024-01-01T00:00:00Z","email":"someone@example.com","id":17}"#
        let account = try decode(Account.self, json)
        XCTAssertEqual(account.id, 17)
        XCTAssertEqual(account.createdAt, utcDate(2024, 1, 1))
        XCTAssertEqual(account.email, "someone@example.com")
        XCTAssertNil(account.password, "writeOnly: a response does not carry it")
        // A received model encodes back to what was received (an app caching it keeps its id)…
        XCTAssertEqual(try encodeToString(account), json)
        // …but a request body leaves out what only the server writes.
        XCTAssertEqual(try encodeAsRequestBody(account), #"{"email":"someone@example.com"}"#)
    }

    func testReadOnlyPropertiesSetByHandAreStillNotSent() throws {
        let account = Account(id: 99, email: "a@example.com", password: "correct horse battery staple", createdAt: Date())
        XCTAssertEqual(try encodeAsRequestBody(account), #"{"email":"a@example.com","password":"correct horse battery staple"}"#)
        // A JSON part of a multipart body is sent too.
        var multipart = MultipartBody()
        multipart.appendJSON("account", account)
        XCTAssertFalse(String(decoding: multipart.encoded(), as: UTF8.self).contains(#""id""#))
    }

    func testRequiredReadOnlyPropertiesAreOptionalSoARequestBodyCanOmitThem() throws {
        // `id` and `createdAt` are required, but only in responses: a client-built value has none.
        let body = Account(email: "a@example.com", password: "hunter22")
        XCTAssertNil(body.id)
        XCTAssertNil(body.createdAt)
        XCTAssertEqual(try encodeAsRequestBody(body), #"{"email":"a@example.com","password":"hunter22"}"#)
        // And a request body (no id, no createdAt) decodes, e.g. in a mock server.
        let decoded = try decode(Account.self, #"{"email": "a@example.com", "password": "hunter22"}"#)
        XCTAssertEqual(decoded, body)
    }

    func testReadOnlyInOtherSpecs() throws {
        let pet = try decode(PetstoreAPI.Pet.self, #"{"id": 42, "name": "Rex", "createdAt": "2024-05-01T09:30:00Z"}"#)
        XCTAssertEqual(pet.createdAt, utcDate(2024, 5, 1, 9, 30))
        XCTAssertNotNil(try encodeToJSONValue(pet)["createdAt"], "kept when not sent")
        XCTAssertFalse(try encodeAsRequestBody(pet).contains("createdAt"))
        XCTAssertEqual(try encodeToJSONValue(pet)["id"], .int(42))

        let progress = try decode(ReadingProgress.self, #"""
        {"bookId": "bk_2f9c", "currentPage": 142, "totalPages": 368, "percent": 38.6,
         "updatedAt": "2024-04-12T21:14:05Z", "status": "reading", "deviceId": "ipad-7F3A"}
        """#)
        XCTAssertEqual(progress.percent, 38.6)
        let encoded = try jsonValue(encodeAsRequestBody(progress))
        XCTAssertNil(encoded["percent"], "percent is computed by the server")
        XCTAssertEqual(encoded["currentPage"], .int(142))
        XCTAssertEqual(encoded["deviceId"], .string("ipad-7F3A"))
    }

    // MARK: writeOnly

    func testWriteOnlyPropertyIsDecodedWhenPresentAndEncoded() throws {
        let account = try decode(Account.self, #"{"email": "a@example.com", "password": "correct horse battery staple"}"#)
        XCTAssertEqual(account.password, "correct horse battery staple")
        XCTAssertEqual(try encodeToJSONValue(account)["password"], .string("correct horse battery staple"))
        XCTAssertNil(try decode(Account.self, #"{"email": "a@example.com", "password": null}"#).password)
        assertKeyNotFound(Account.self, #"{"password": "x"}"#, path: "email")
    }

    // MARK: PATCH bodies: Nullable<T>?

    func testPetUpdateEncodesAbsentNullAndValue() throws {
        XCTAssertEqual(try encodeToString(PetUpdate()), "{}")
        XCTAssertEqual(try encodeToString(PetUpdate(tag: nil)), "{}")
        XCTAssertEqual(try encodeToString(PetUpdate(tag: .null)), #"{"tag":null}"#)
        XCTAssertEqual(try encodeToString(PetUpdate(tag: .value("x"))), #"{"tag":"x"}"#)
        XCTAssertEqual(try encodeToString(PetUpdate(tag: Nullable(nil))), #"{"tag":null}"#)
        XCTAssertEqual(
            try encodeToString(PetUpdate(name: "Max", tag: .null, status: .sold)),
            #"{"name":"Max","status":"sold","tag":null}"#
        )
    }

    func testPetUpdateDecodesTheThreeStates() throws {
        XCTAssertNil(try decode(PetUpdate.self, "{}").tag)
        XCTAssertEqual(try decode(PetUpdate.self, #"{"tag": null}"#).tag, .null)
        XCTAssertEqual(try decode(PetUpdate.self, #"{"tag": "x"}"#).tag, .value("x"))
        assertDecodingFails(PetUpdate.self, #"{"tag": 5}"#, at: "tag")
    }

    func testPetUpdateRoundTripsEachState() throws {
        for update in [PetUpdate(), PetUpdate(tag: .null), PetUpdate(tag: .value("x")), PetUpdate(name: "Max", tag: .value(""))] {
            XCTAssertEqual(try decode(PetUpdate.self, try encodeToString(update)), update)
        }
        XCTAssertNotEqual(PetUpdate(), PetUpdate(tag: .null), "absent and null are different updates")
    }

    func testOrdinaryOptionalInAPatchBodyIsOmittedNotNulled() throws {
        // `name` is not nullable: nil means "leave unchanged", so it is never sent as null.
        XCTAssertEqual(try encodeToString(PetUpdate(name: nil, tag: .value("x"))), #"{"tag":"x"}"#)
    }

    func testNoteUpdateEncodesAbsentNullAndValue() throws {
        XCTAssertEqual(try encodeToString(NoteUpdate()), "{}")
        XCTAssertEqual(try encodeToString(NoteUpdate(highlight: .null)), #"{"highlight":null}"#)
        XCTAssertEqual(
            try encodeToString(NoteUpdate(highlight: .value("The map is not the territory."))),
            #"{"highlight":"The map is not the territory."}"#
        )
        XCTAssertEqual(
            try encodeToString(NoteUpdate(page: 143, text: "t", highlight: .null, tags: [])),
            #"{"highlight":null,"page":143,"tags":[],"text":"t"}"#
        )
    }

    func testNoteUpdateDecodesTheThreeStates() throws {
        let absent = try decode(NoteUpdate.self, #"{"page": 143}"#)
        XCTAssertNil(absent.highlight)
        XCTAssertEqual(absent.page, 143)
        XCTAssertEqual(try decode(NoteUpdate.self, #"{"highlight": null}"#).highlight, .null)
        XCTAssertEqual(try decode(NoteUpdate.self, #"{"highlight": "h"}"#).highlight, .value("h"))
        for json in ["{}", #"{"highlight": null}"#, #"{"highlight": "h", "tags": ["key-idea", "revisit"]}"#] {
            try assertRoundTrip(NoteUpdate.self, json)
        }
    }

    func testAPatchOfAModelTheClientAlsoReadsSendsARequestTypeOfItsOwn() async throws {
        // `Account` is answered and sent: its display name is a plain optional, and a null reads as nil
        // and is written back as received.
        let json = #"{"createdAt":"2024-01-01T00:00:00Z","displayName":null,"email":"a@example.com","id":17}"#
        let account = try decode(Account.self, json)
        XCTAssertNil(account.displayName)
        XCTAssertEqual(try encodeToString(account), json)
        // The PATCH body tells "leave it" from "remove it", and never carries what only the server writes.
        XCTAssertEqual(try encodeAsRequestBody(AccountPatch(email: "a@example.com")), #"{"email":"a@example.com"}"#)
        XCTAssertEqual(
            try encodeAsRequestBody(AccountPatch(email: "a@example.com", displayName: .null)), #"{"displayName":null,"email":"a@example.com"}"#)
        XCTAssertEqual(
            try encodeAsRequestBody(AccountPatch(email: "a@example.com", displayName: .value("Ada"))),
            #"{"displayName":"Ada","email":"a@example.com"}"#)

        let mock = MockTransport(.json(text: #"{"id":17,"email":"a@example.com","createdAt":"2024-01-01T00:00:00Z"}"#))
        let client = APIClient(server: FeaturesAPI.API.Servers.default, transport: mock, retry: .none)
        let changed = try await client.send(FeaturesAPI.API.updateAccount(accountID: 17, body: AccountPatch(email: "a@example.com", displayName: .null)))
        XCTAssertEqual(changed.id, 17)
        let sent = try XCTUnwrap(mock.lastRequest)
        XCTAssertEqual(sent.method, .patch)
        XCTAssertEqual(sent.url.path, "/v1/accounts/17")
        XCTAssertEqual(try jsonValue(String(decoding: try XCTUnwrap(sent.body), as: UTF8.self)), ["email": "a@example.com", "displayName": nil])
    }

    func testRequiredNullableKeysArePresentInBothDirections() throws {
        let encoded = String(decoding: try APIJSON.makeEncoder().encode(FeedPage(posts: [], nextPage: nil)), as: UTF8.self)
        XCTAssertEqual(encoded, #"{"nextPage":null,"posts":[]}"#)
        XCTAssertThrowsError(try APIJSON.makeDecoder().decode(FeedPage.self, from: Data(#"{"posts":[]}"#.utf8)))
        XCTAssertNil(try APIJSON.makeDecoder().decode(FeedPage.self, from: Data(#"{"posts":[],"nextPage":null}"#.utf8)).nextPage)
    }

    func testAdditionalPropertiesNeverOverwriteFixedOnes() throws {
        let labels = Labels(name: "release", additionalProperties: ["name": "other", "team": "ios"])
        let encoded = String(decoding: try APIJSON.makeEncoder().encode(labels), as: UTF8.self)
        XCTAssertEqual(encoded, #"{"name":"release","team":"ios"}"#)
    }
}
