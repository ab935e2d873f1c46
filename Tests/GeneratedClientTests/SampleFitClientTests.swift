import APIGenRuntime
import FeaturesAPI
import Foundation
import XCTest

/// Examples and bounds the Swift types cannot hold (an Int32 of 3000000000, February 30th, a
/// fraction for an Int32) are replaced in the samples: reading one does not stop the app.
final class SampleFitClientTests: XCTestCase {
    func testSampleOfExamplesTheTypesCannotHoldDecodes() throws {
        let reading = SensorReading.sample
        XCTAssertEqual(reading.count, 1)
        XCTAssertEqual(reading.day, CalendarDate(year: 2024, month: 5, day: 1))
        XCTAssertEqual(try decode(SensorReading.self, try encodeToString(reading)), reading)
    }

    /// Examples that decode but break their own schema (a value the enum does not list, text
    /// past its maxLength) are not samples either: a server would refuse them.
    func testSampleOfExamplesThatBreakTheirSchemaKeepsIt() throws {
        let reading = SensorReading.sample
        XCTAssertEqual(reading.unit, .celsius)
        XCTAssertLessThanOrEqual(reading.label?.count ?? 0, 8)
        XCTAssertNotNil(reading.label)
    }
}
