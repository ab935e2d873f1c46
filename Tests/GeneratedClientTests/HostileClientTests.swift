import APIGenRuntime
import Foundation
import HostileAPI
import XCTest

/// The client generated from Specs/hostile.yaml: names the spec tries to break Swift with become
/// plain Swift names, and the wire names and strings behind them stay exactly the spec's.
final class HostileClientTests: XCTestCase {
    private let json = #"""
    {"class": "c", "self": "s", "Self": "S", "Type": "t", "init": "i", "": "empty", "value": "v",
     "_": "u", "__": "uu", "🐶": "dog", "名前": "name", "Café": "cafe", "user-id": "dash",
     "user_id": "snake", "userId": "camel", "UserID": "upper", "USER_ID": "shout",
     "\"; func pwned() { \"": "code", "a\\b": "backslash", "$ref": "ref", "init(from:)": "from",
     "#endif": "endif", "1": 1, "2fa": true, "CodingKeys": "keys"}
    """#

    func testPropertiesKeepTheirJSONKeys() throws {
        let value = try decode(Class.self, json)
        XCTAssertEqual(value.class, "c")
        XCTAssertEqual(value.self2, "s")
        XCTAssertEqual(value.self3, "S")
        XCTAssertEqual(value.type, "t")
        XCTAssertEqual(value.init2, "i")
        XCTAssertEqual(value.value3, "empty")
        XCTAssertEqual(value.value4, "v")
        XCTAssertEqual(value.value, "u")
        XCTAssertEqual(value.value2, "uu")
        XCTAssertEqual(value.value5, "dog")
        XCTAssertEqual(value.value6, "name")
        XCTAssertEqual(value.caf, "cafe")
        // Five spellings of one name: one rule for the initialism, then numbered in order.
        XCTAssertEqual(value.userID, "camel")
        XCTAssertEqual(value.userID2, "snake")
        XCTAssertEqual(value.userID3, "upper")
        XCTAssertEqual(value.userID4, "dash")
        XCTAssertEqual(value.userID5, "shout")
        XCTAssertEqual(value.funcPwned, "code")
        XCTAssertEqual(value.aB, "backslash")
        XCTAssertEqual(value.ref, "ref")
        XCTAssertEqual(value.initFrom, "from")
        XCTAssertEqual(value.endif, "endif")
        XCTAssertEqual(value._1, 1)
        XCTAssertEqual(value._2fa, true)
        XCTAssertEqual(value.codingKeys, "keys")
        // Absent, so the spec's default: quotes, backslashes and `\(` kept as text.
        XCTAssertEqual(value.default, #"de"fault\(pwned())\"#)
        let keys = Set(try encodeToJSONValue(value).objectValue?.keys.map { $0 } ?? [])
        XCTAssertTrue(keys.isSuperset(of: ["", "🐶", "user-id", "USER_ID", #""; func pwned() { ""#, #"a\b"#, "$ref"]), "\(keys)")
        XCTAssertFalse(keys.contains("default"), "absent when decoded, so absent when encoded back")
    }

    func testEnumValuesKeepTheirText() throws {
        let values = ["", "1", "2", "-1", "A", "a", #"quote"d"#, #"back\slash"#, #"\(pwned())"#, "#endif", ##""#"##, "case", "default", "unknown", "Unknown", "rawValue", "init", "self", "🐶", "null", " ", "  "]
        var seen: Set<Init> = []
        for text in values {
            let value = Init(rawValue: text)
            XCTAssertEqual(value.rawValue, text)
            if case .unknown = value { XCTFail("'\(text)' is one of the spec's values") }
            XCTAssertTrue(seen.insert(value).inserted, "'\(text)' shares a case with another value")
            XCTAssertEqual(try decode(Init.self, try encodeToString(value)), value)
        }
        XCTAssertEqual(Init(rawValue: #"quote"d"#), .quoteD)
        XCTAssertEqual(Init(rawValue: "unknown"), .unknown2)
        XCTAssertEqual(Init(rawValue: "something else"), .unknown("something else"))
        XCTAssertEqual(ClassType(rawValue: ""), .empty)
        XCTAssertEqual(ClassType(rawValue: "a"), .a)
        XCTAssertEqual(ClassType(rawValue: "A"), .a2)
    }

    func testRequestsSendTheSpecsNamesAndDefaults() {
        let request = API.class(class: "x/y", self2: 7, type: .a2, aBCDE: "1", request2: "r", client: "c", xEvilHeaderPwned: "h", cookie: "k")
        XCTAssertEqual(request.operationID, "class")
        XCTAssertEqual(request.path, "/class/x%2Fy/7/A")
        // Query items are held percent-encoded.
        XCTAssertEqual(request.query.map { $0.name.removingPercentEncoding }, ["init", #"a&b=c"d\(e)"#, "2fa", "🐶", "request", "client"])
        XCTAssertEqual(request.query.first?.value.removingPercentEncoding, #"in"it\(pwned())\"#)
        XCTAssertEqual(request.headers[#"X-Evil"Header\(pwned())"#], "h")
        XCTAssertEqual(request.cookies.map(\.name), [#"🍪"cookie"#])
        XCTAssertEqual(API.initFuncPwnedLetX(body: Kind()).operationID, #"init() {} ; func pwned() { let x = ""#)
    }

    func testServersAndSecuritySchemesKeepTheirText() {
        XCTAssertEqual(API.Security.apiKeyPwned.name, #"api"key\(pwned())"#)
        XCTAssertEqual(API.Security.apiKeyPwned.kind, .apiKey(name: #"X-Key"\(pwned())"#, location: .header))
        XCTAssertEqual(API.hostileAPI().security, [[API.Security.apiKeyPwned]])
        // The variable's default is percent-encoded into the URL; the template's own odd
        // characters are encoded by `URL(string:)`.
        XCTAssertEqual(API.Servers.default.url.host, "example.com")
        XCTAssertEqual(API.Servers.server2().url.absoluteString, "http://localhost:8080/#%22%23%23%22%23%23%23")
    }
}
