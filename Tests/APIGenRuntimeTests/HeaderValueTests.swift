import APIGenRuntime
import Foundation
import XCTest

/// Response headers read as the types the spec declares for them.
final class HeaderValueTests: XCTestCase {
    private let fields: HTTPFields = [
        "x-rate-limit-remaining": " 42 ",
        "Location": "https://example.com/pets/7",
        "Last-Modified": "Wed, 21 Oct 2026 07:28:00 GMT",
        "X-Expires-At": "2026-10-21T07:28:00Z",
        "X-Flags": "true",
        "X-Ids": "1, 2,3",
        "X-Request-Id": "3F2504E0-4F89-41D3-9A0C-0305E82C3301",
        "X-Bad-Number": "forty",
    ]

    func testEachTypeReadsItsForm() {
        XCTAssertEqual(fields.value(Int.self, for: "X-Rate-Limit-Remaining"), 42)
        XCTAssertEqual(fields.value(Int64.self, for: "X-Rate-Limit-Remaining"), 42)
        XCTAssertEqual(fields.value(Double.self, for: "X-Rate-Limit-Remaining"), 42)
        XCTAssertEqual(fields.value(URL.self, for: "location")?.path, "/pets/7")
        let date = Date(timeIntervalSince1970: 1_792_567_680)
        XCTAssertEqual(fields.value(Date.self, for: "Last-Modified"), date)
        XCTAssertEqual(fields.value(Date.self, for: "X-Expires-At"), date)
        XCTAssertEqual(fields.value(Bool.self, for: "X-Flags"), true)
        XCTAssertEqual(fields.value([Int].self, for: "X-Ids"), [1, 2, 3])
        XCTAssertEqual(fields.value(UUID.self, for: "X-Request-Id")?.uuidString, "3F2504E0-4F89-41D3-9A0C-0305E82C3301")
        XCTAssertEqual(fields.value(String.self, for: "X-Bad-Number"), "forty")
    }

    func testAbsentOrMalformedIsNil() {
        XCTAssertNil(fields.value(Int.self, for: "X-Bad-Number"))
        XCTAssertNil(fields.value(Int.self, for: "X-Missing"))
        XCTAssertNil(fields.value(Bool.self, for: "X-Ids"))
        XCTAssertNil(fields.value([Int].self, for: "X-Flags"))
        XCTAssertNil(fields.value(Date.self, for: "X-Bad-Number"))
        let big: HTTPFields = ["X-Big": "99999999999"]
        XCTAssertNil(big.value(Int32.self, for: "X-Big"))
        XCTAssertEqual(big.value(Int64.self, for: "X-Big"), 99_999_999_999)
    }
}
