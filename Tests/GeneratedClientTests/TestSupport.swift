import APIGenRuntime
import Foundation
import XCTest

// Helpers shared by the tests that run the checked-in generated models (Generated/*) on real JSON,
// always through the runtime's own coders, exactly as a generated client does.

/// Decodes `json` as `T` with `APIJSON.makeDecoder()`.
func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
    try APIJSON.makeDecoder().decode(T.self, from: Data(json.utf8))
}

/// Encodes `value` with `APIJSON.makeEncoder()` (sorted keys, unescaped slashes) as a string.
func encodeToString<T: Encodable>(_ value: T) throws -> String {
    String(decoding: try APIJSON.makeEncoder().encode(value), as: UTF8.self)
}

/// Encodes `value` as a request's JSON body is encoded (`RequestBody.encoded(with:)`), as a string.
func encodeAsRequestBody<T: Encodable & Sendable>(_ value: T) throws -> String {
    String(decoding: try RequestBody.json(value).encoded(with: APIJSON.makeEncoder()).data, as: UTF8.self)
}

/// Parses any JSON text into a `JSONValue`, for comparisons that ignore formatting and key order.
func jsonValue(_ json: String, file: StaticString = #filePath, line: UInt = #line) throws -> JSONValue {
    do {
        return try JSONDecoder().decode(JSONValue.self, from: Data(json.utf8))
    } catch {
        XCTFail("Not valid JSON: \(json)", file: file, line: line)
        throw error
    }
}

/// Encodes `value` and returns it as a `JSONValue` object, so single members can be inspected.
func encodeToJSONValue<T: Encodable>(_ value: T) throws -> JSONValue {
    try JSONDecoder().decode(JSONValue.self, from: APIJSON.makeEncoder().encode(value))
}

/// Asserts that encoding `value` gives JSON equal to `expected` (as JSON values: member order,
/// whitespace and `1` vs `1.0` do not matter; a missing or extra member does).
func assertEncodes<T: Encodable>(
    _ value: T,
    as expected: String,
    file: StaticString = #filePath,
    line: UInt = #line
) throws {
    let actual = try encodeToString(value)
    XCTAssertEqual(try jsonValue(actual), try jsonValue(expected), "encoded as \(actual)", file: file, line: line)
}

/// Decodes `json`, encodes the result and decodes that again: the value must survive unchanged, and
/// the re-encoded JSON must equal the input as a JSON value. Returns the decoded value.
@discardableResult
func assertRoundTrip<T: Codable & Equatable>(
    _ type: T.Type,
    _ json: String,
    file: StaticString = #filePath,
    line: UInt = #line
) throws -> T {
    let value = try decode(T.self, json)
    let encoded = try encodeToString(value)
    let again = try decode(T.self, encoded)
    XCTAssertEqual(again, value, "value changed in a round trip through \(encoded)", file: file, line: line)
    XCTAssertEqual(try jsonValue(encoded), try jsonValue(json), "re-encoded as \(encoded)", file: file, line: line)
    return value
}

/// Renders a coding path the way a person reads it: `docs[1].authors[0].name`.
func renderCodingPath(_ path: [any CodingKey]) -> String {
    var result = ""
    for key in path {
        if let index = key.intValue {
            result += "[\(index)]"
        } else {
            result += result.isEmpty ? key.stringValue : ".\(key.stringValue)"
        }
    }
    return result
}

/// Asserts that decoding `json` as `T` throws `DecodingError.keyNotFound` for the key at `path`
/// (the container's coding path followed by the missing key), e.g. `docs[1].title`.
func assertKeyNotFound<T: Decodable>(
    _ type: T.Type,
    _ json: String,
    path expectedPath: String,
    file: StaticString = #filePath,
    line: UInt = #line
) {
    do {
        let value = try decode(T.self, json)
        XCTFail("Expected keyNotFound at \(expectedPath), decoded \(value)", file: file, line: line)
    } catch DecodingError.keyNotFound(let key, let context) {
        XCTAssertEqual(renderCodingPath(context.codingPath + [key]), expectedPath, file: file, line: line)
    } catch {
        XCTFail("Expected keyNotFound at \(expectedPath), got \(error)", file: file, line: line)
    }
}

/// Asserts that decoding `json` as `T` fails with a `DecodingError` whose coding path is `path`,
/// and returns the error for further checks.
@discardableResult
func assertDecodingFails<T: Decodable>(
    _ type: T.Type,
    _ json: String,
    at expectedPath: String,
    file: StaticString = #filePath,
    line: UInt = #line
) -> DecodingError? {
    do {
        let value = try decode(T.self, json)
        XCTFail("Expected a decoding error at \(expectedPath), decoded \(value)", file: file, line: line)
        return nil
    } catch let error as DecodingError {
        let path: String
        switch error {
        case .keyNotFound(let key, let context): path = renderCodingPath(context.codingPath + [key])
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            path = renderCodingPath(context.codingPath)
        @unknown default: path = "?"
        }
        XCTAssertEqual(path, expectedPath, "\(error)", file: file, line: line)
        return error
    } catch {
        XCTFail("Expected a DecodingError at \(expectedPath), got \(error)", file: file, line: line)
        return nil
    }
}

/// The UTC instant for a date and time, built without any formatter.
func utcDate(
    _ year: Int, _ month: Int, _ day: Int,
    _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0,
    milliseconds: Int = 0
) -> Date {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(secondsFromGMT: 0)!
    let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    return calendar.date(from: components)!.addingTimeInterval(Double(milliseconds) / 1000)
}
