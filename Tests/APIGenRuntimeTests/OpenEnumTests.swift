import APIGenRuntime
import Foundation
import XCTest

// Enums exactly as the generator emits them: no members beyond cases, init(rawValue:) and rawValue.

private enum PetStatus: OpenEnum {
    case available
    case sold
    case unknown(String)

    public init(rawValue: String) {
        switch rawValue {
        case "available": self = .available
        case "sold": self = .sold
        default: self = .unknown(rawValue)
        }
    }

    public var rawValue: String {
        switch self {
        case .available: "available"
        case .sold: "sold"
        case .unknown(let value): value
        }
    }
}

private enum Priority: OpenEnum {
    case low
    case high
    case unknown(Int)

    public init(rawValue: Int) {
        switch rawValue {
        case 1: self = .low
        case 2: self = .high
        default: self = .unknown(rawValue)
        }
    }

    public var rawValue: Int {
        switch self {
        case .low: 1
        case .high: 2
        case .unknown(let value): value
        }
    }
}

private enum ErrorCode: OpenEnum {
    case notFound
    case unknown(Int32)

    public init(rawValue: Int32) {
        switch rawValue {
        case 404: self = .notFound
        default: self = .unknown(rawValue)
        }
    }

    public var rawValue: Int32 {
        switch self {
        case .notFound: 404
        case .unknown(let value): value
        }
    }
}

private enum Version: OpenEnum {
    case big
    case unknown(Int64)

    public init(rawValue: Int64) {
        switch rawValue {
        case 5_000_000_000: self = .big
        default: self = .unknown(rawValue)
        }
    }

    public var rawValue: Int64 {
        switch self {
        case .big: 5_000_000_000
        case .unknown(let value): value
        }
    }
}

private enum Ratio: OpenEnum {
    case half
    case unknown(Double)

    public init(rawValue: Double) {
        switch rawValue {
        case 0.5: self = .half
        default: self = .unknown(rawValue)
        }
    }

    public var rawValue: Double {
        switch self {
        case .half: 0.5
        case .unknown(let value): value
        }
    }
}

final class OpenEnumTests: XCTestCase {
    private func roundTrip<T: Codable>(_ value: T) throws -> (json: String, decoded: T) {
        let data = try APIJSON.makeEncoder().encode(value)
        return (String(decoding: data, as: UTF8.self), try APIJSON.makeDecoder().decode(T.self, from: data))
    }

    func testKnownAndUnknownStringValues() throws {
        let statuses = try JSONDecoder().decode([PetStatus].self, from: Data(#"["available", "pending", "sold", ""]"#.utf8))
        XCTAssertEqual(statuses, [.available, .unknown("pending"), .sold, .unknown("")])
        guard case .unknown(let raw) = statuses[1] else { return XCTFail("pending should be unknown") }
        XCTAssertEqual(raw, "pending")

        let (json, decoded) = try roundTrip(statuses)
        XCTAssertEqual(json, #"["available","pending","sold",""]"#)
        XCTAssertEqual(decoded.map(\.rawValue), ["available", "pending", "sold", ""])
    }

    func testIntegerAndDoubleRawValues() throws {
        XCTAssertEqual(try JSONDecoder().decode([Priority].self, from: Data("[1, 2, 99]".utf8)), [.low, .high, .unknown(99)])
        XCTAssertEqual(try roundTrip([Priority.low, .unknown(-3)]).json, "[1,-3]")
        XCTAssertEqual(try JSONDecoder().decode([ErrorCode].self, from: Data("[404, 500]".utf8)), [.notFound, .unknown(500)])
        XCTAssertEqual(try roundTrip([Version.big, .unknown(7)]).decoded, [.big, .unknown(7)])
        XCTAssertEqual(try roundTrip(Version.big).json, "5000000000")
        XCTAssertEqual(try JSONDecoder().decode([Ratio].self, from: Data("[0.5, 0.25]".utf8)), [.half, .unknown(0.25)])
    }

    func testEqualityAndHashingFollowRawValue() {
        // Synthesised equality would say these differ; the protocol compares raw values.
        XCTAssertEqual(PetStatus.unknown("sold"), PetStatus.sold)
        XCTAssertNotEqual(PetStatus.unknown("Sold"), PetStatus.sold)
        XCTAssertNotEqual(PetStatus.available, PetStatus.sold)
        XCTAssertEqual(Set<PetStatus>([.sold, .unknown("sold"), .available, .unknown("x"), .unknown("x")]).count, 3)
        var lhs = Hasher()
        lhs.combine(PetStatus.unknown("sold"))
        var rhs = Hasher()
        rhs.combine(PetStatus.sold)
        XCTAssertEqual(lhs.finalize(), rhs.finalize())
        XCTAssertEqual(Priority.unknown(2), Priority.high)
    }

    func testWrongJSONTypeThrows() {
        XCTAssertThrowsError(try JSONDecoder().decode([PetStatus].self, from: Data("[1]".utf8))) { error in
            guard case DecodingError.typeMismatch = error else {
                return XCTFail("unexpected error \(error)")
            }
        }
        XCTAssertThrowsError(try JSONDecoder().decode([Priority].self, from: Data(#"["1"]"#.utf8)))
        XCTAssertThrowsError(try JSONDecoder().decode([ErrorCode].self, from: Data("[3000000000]".utf8)))
        XCTAssertThrowsError(try JSONDecoder().decode([PetStatus].self, from: Data("[null]".utf8)))
    }

    func testOptionalEnumPropertyInModel() throws {
        struct Pet: Codable, Hashable, Sendable {
            var status: PetStatus?
        }
        XCTAssertEqual(try JSONDecoder().decode(Pet.self, from: Data(#"{"status":"lost"}"#.utf8)).status, .unknown("lost"))
        XCTAssertNil(try JSONDecoder().decode(Pet.self, from: Data("{}".utf8)).status)
        XCTAssertEqual(try roundTrip(Pet(status: .unknown("lost"))).json, #"{"status":"lost"}"#)
    }
}
