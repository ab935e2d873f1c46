import APIGenRuntime
import FeaturesAPI
import Foundation
import XCTest

/// Renamed properties and types: Swift names on one side, the API's JSON keys on the other.
final class NamingTests: XCTestCase {
    private let renamedJSON = #"""
    {"created_at": "2024-01-01T12:00:00Z", "user-id": 7, "class": "economy",
     "self": "https://features.example.com/v1/renamed", "Type": "renamed", "default": false,
     "2fa_enabled": true, "$ref_like": "#/not/a/ref", "url": "https://example.com/lower",
     "URL": "https://example.com/UPPER", "is_active": true, "protocol": "https", "init": "init",
     "_links": {"next": "https://example.com/next"}}
    """#

    func testRenamedPropertiesDecodeFromTheirJSONKeys() throws {
        let value = try decode(RenamedProperties.self, renamedJSON)
        XCTAssertEqual(value.createdAt, utcDate(2024, 1, 1, 12))
        XCTAssertEqual(value.userID, 7)
        XCTAssertEqual(value.class, "economy")
        XCTAssertEqual(value.self2, URL(string: "https://features.example.com/v1/renamed"))
        XCTAssertEqual(value.type, "renamed")
        XCTAssertEqual(value.default, false)
        XCTAssertEqual(value._2faEnabled, true)
        XCTAssertEqual(value.refLike, "#/not/a/ref")
        XCTAssertEqual(value.url, URL(string: "https://example.com/lower"))
        XCTAssertEqual(value.url2, URL(string: "https://example.com/UPPER"))
        XCTAssertEqual(value.isActive, true)
        XCTAssertEqual(value.protocol, "https")
        XCTAssertEqual(value.init2, "init")
        XCTAssertEqual(value.links, ["next": URL(string: "https://example.com/next")!])
    }

    func testRenamedPropertiesEncodeToTheirJSONKeys() throws {
        let value = try assertRoundTrip(RenamedProperties.self, renamedJSON)
        let encoded = try encodeToJSONValue(value)
        let keys = Set(encoded.objectValue?.keys.map { $0 } ?? [])
        XCTAssertEqual(keys, [
            "created_at", "user-id", "class", "self", "Type", "default", "2fa_enabled", "$ref_like",
            "url", "URL", "is_active", "protocol", "init", "_links",
        ])
    }

    func testURLAndURLAreDifferentKeys() throws {
        let onlyLower = try decode(RenamedProperties.self, #"{"created_at": "2024-01-01T12:00:00Z", "user-id": 1, "class": "c", "url": "https://l.example"}"#)
        XCTAssertEqual(onlyLower.url, URL(string: "https://l.example"))
        XCTAssertNil(onlyLower.url2)
        let onlyUpper = try decode(RenamedProperties.self, #"{"created_at": "2024-01-01T12:00:00Z", "user-id": 1, "class": "c", "URL": "https://u.example"}"#)
        XCTAssertNil(onlyUpper.url)
        XCTAssertEqual(onlyUpper.url2, URL(string: "https://u.example"))
        XCTAssertEqual(try encodeToJSONValue(onlyUpper)["URL"], .string("https://u.example"))
        XCTAssertNil(try encodeToJSONValue(onlyUpper)["url"])
    }

    func testSwiftNamesAreNotAcceptedAsJSONKeys() throws {
        // The Swift names (createdAt, userId) are not the wire names: required keys are still missing.
        assertKeyNotFound(RenamedProperties.self, #"{"createdAt": "2024-01-01T12:00:00Z", "userId": 7, "class": "c"}"#, path: "created_at")
        assertKeyNotFound(RenamedProperties.self, #"{"created_at": "2024-01-01T12:00:00Z", "userId": 7, "class": "c"}"#, path: "user-id")
        assertKeyNotFound(RenamedProperties.self, #"{"created_at": "2024-01-01T12:00:00Z", "user-id": 7}"#, path: "class")
        let typeLower = try decode(RenamedProperties.self, #"{"created_at": "2024-01-01T12:00:00Z", "user-id": 7, "class": "c", "type": "t"}"#)
        XCTAssertNil(typeLower.type, "the JSON key is \"Type\", not \"type\"")
    }

    func testMemberwiseInitWithKeywordLabels() throws {
        let value = RenamedProperties(createdAt: utcDate(2024, 1, 1), userID: 1, class: "first", default: true, protocol: "ftp")
        XCTAssertEqual(
            try encodeToString(value),
            #"{"class":"first","created_at":"2024-01-01T00:00:00Z","default":true,"protocol":"ftp","user-id":1}"#
        )
    }

    func testSnakeAndKebabCaseSchemas() throws {
        let profile = try assertRoundTrip(UserProfile.self, #"""
        {"user_id": 12345, "display_name": "Ada Lovelace", "date_of_birth": "1815-12-10",
         "order_items": [{"sku": "SPR-001", "quantity": 2, "unit_price": 9.99}, {"sku": "FLA-002", "quantity": 1}]}
        """#)
        XCTAssertEqual(profile.userID, 12345)
        XCTAssertEqual(profile.displayName, "Ada Lovelace")
        XCTAssertEqual(profile.orderItems?[0], OrderItem(sku: "SPR-001", quantity: 2, unitPrice: 9.99))
        XCTAssertEqual(profile.orderItems?[1].unitPrice, nil)
        assertKeyNotFound(UserProfile.self, #"{"userId": 1, "display_name": "A"}"#, path: "user_id")
        assertKeyNotFound(UserProfile.self, #"{"user_id": 1, "display_name": "A", "order_items": [{"quantity": 1}]}"#, path: "order_items[0].sku")
    }

    func testSchemasNamedLikeSwiftAndFoundationTypes() throws {
        let names = try assertRoundTrip(SwiftNames.self, #"""
        {"data": {"name": "blob.bin", "payload": "AAEC"},
         "date": {"year": 2024, "month": 2, "day": 29},
         "error": {"code": 404, "message": "Not found."},
         "type": "composite",
         "result": {"ok": true, "data": {"name": "x"}, "error": {"message": "m"}, "day": {"year": 1, "month": 1, "day": 1},
                    "at": "2024-02-29T12:00:00Z", "type": "primitive"},
         "profile": {"user_id": 1, "display_name": "A"},
         "item": {"sku": "S", "quantity": 1},
         "timestamp": "2024-02-29T12:00:00Z"}
        """#)
        XCTAssertEqual(names.data, DataModel(name: "blob.bin", payload: Data([0, 1, 2])))
        XCTAssertEqual(names.date, DateModel(year: 2024, month: 2, day: 29))
        XCTAssertEqual(names.error, ErrorModel(code: 404, message: "Not found."))
        XCTAssertEqual(names.type, .composite)
        XCTAssertEqual(names.result?.ok, true)
        XCTAssertEqual(names.result?.type, .primitive)
        XCTAssertEqual(names.result?.at, utcDate(2024, 2, 29, 12))
        XCTAssertEqual(names.timestamp, utcDate(2024, 2, 29, 12))
        XCTAssertEqual(names.item?.quantity, 1)
    }

    func testTrickyTextSurvivesRoundTrip() throws {
        let json = #"""
        {"greeting": "Hello, \"world\" \\o/", "carriageReturn": "a\rb", "edgeCase": "back\\slash", "emptyDescription": ""}
        """#
        let tricky = try assertRoundTrip(Tricky.self, json)
        XCTAssertEqual(tricky.greeting, #"Hello, "world" \o/"#)
        XCTAssertEqual(tricky.carriageReturn, "a\rb")
        XCTAssertEqual(tricky.edgeCase, .backSlash)
        XCTAssertEqual(tricky.emptyDescription, "")
    }
}
