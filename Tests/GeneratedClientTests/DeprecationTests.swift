import APIGenRuntime
import FeaturesAPI
import Foundation
import XCTest

/// `Widget.legacyCode` is `deprecated: true` in features.yaml, and `LegacyWidget` is a
/// deprecated schema. The deprecated property still decodes, encodes and takes part in `==`
/// (generated code goes through its storage, so the client builds without warnings), and the
/// app's own uses are reached here through `DeprecatedUses`, which keeps their warnings out of
/// the test build.
final class DeprecationTests: XCTestCase {
    private let json = #"""
        {"id": "0b0f7c7e-8a57-4c3b-9d5e-2f8b1b6a7d11", "name": "Sprocket", "legacyCode": "W-1"}
        """#

    func testADeprecatedPropertyStillDecodesEncodesAndCompares() throws {
        let widget = try decode(Widget.self, json)
        let uses: any DeprecatedUses = DeprecatedUsesOfFeatures()
        XCTAssertEqual(uses.legacyCode(of: widget), "W-1")
        XCTAssertEqual(try encodeToJSONValue(widget)["legacyCode"], "W-1")

        var changed = widget
        uses.setLegacyCode("W-2", of: &changed)
        XCTAssertNotEqual(changed, widget, "the deprecated property takes part in ==")
        XCTAssertNotEqual(changed.hashValue, widget.hashValue)
        XCTAssertEqual(try encodeToJSONValue(changed)["legacyCode"], "W-2")
        uses.setLegacyCode("W-1", of: &changed)
        XCTAssertEqual(changed, widget)
    }

    func testADeprecatedSchemasInitializerStillBuildsTheValue() throws {
        let uses: any DeprecatedUses = DeprecatedUsesOfFeatures()
        let made = uses.legacyWidget(code: "W-0042")
        XCTAssertEqual(made, try decode(LegacyWidget.self, #"{"code": "W-0042"}"#))
    }
}

/// The app's side of the deprecations: each call would warn in a test that is not itself deprecated.
private protocol DeprecatedUses {
    func legacyCode(of widget: Widget) -> String?
    func setLegacyCode(_ code: String, of widget: inout Widget)
    func legacyWidget(code: String) -> LegacyWidget
}

private struct DeprecatedUsesOfFeatures: DeprecatedUses {
    @available(*, deprecated)
    func legacyCode(of widget: Widget) -> String? { widget.legacyCode }

    @available(*, deprecated)
    func setLegacyCode(_ code: String, of widget: inout Widget) { widget.legacyCode = code }

    @available(*, deprecated)
    func legacyWidget(code: String) -> LegacyWidget { LegacyWidget(code: code) }
}
