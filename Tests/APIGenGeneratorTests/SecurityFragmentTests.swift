import XCTest

/// Security schemes and requirements: the namespace's `Security` enum and each request's
/// alternatives.
final class SecurityFragmentTests: XCTestCase {
    /// A scheme the runtime cannot send is left out with a warning at its own definition, and a
    /// requirement that needs it is dropped; the others are kept in document order.
    func testUnsupportedSchemeIsLeftOutWithAWarningAtItsDefinition() throws {
        let (text, diagnostics) = try generate(
            """
            openapi: 3.0.3
            info: {title: T, version: "1"}
            security: [{digest: []}, {key: []}]
            paths:
              /a:
                get:
                  operationId: getA
                  responses: {"204": {description: ok}}
            components:
              securitySchemes:
                digest: {type: http, scheme: digest}
                key: {type: apiKey, name: X-Key, in: header, description: The key.}
            """)
        XCTAssertEqual(
            declaration("Security", in: unnested(text, in: "extension API")),
            """
            /// The security schemes the API declares; requests name the ones they need.
            public nonisolated enum Security {
                /// The key.
                public static let key = SecurityScheme(name: "key", kind: .apiKey(name: "X-Key", location: .header))
            }
            """)
        assertContains(text, ["request.security = [[Security.key]]"])
        let warning = try XCTUnwrap(diagnostics.items.first { $0.message.contains("digest") })
        XCTAssertEqual(warning.pointer, "/components/securitySchemes/digest")
        XCTAssertEqual(warning.message, "http security scheme 'digest' is not supported; operations using it send no credentials")
    }
}

/// The body of the block that `header` opens in `text`, one level out, so that
/// `declaration(_:in:)` finds the declarations nested in it.
func unnested(_ text: String, in header: String) -> String {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    guard let start = lines.firstIndex(where: { $0.hasPrefix(header + " {") }) else { return "" }
    var body: [String] = []
    for line in lines[(start + 1)...] {
        if line == "}" { break }
        body.append(line.hasPrefix("    ") ? String(line.dropFirst(4)) : String(line))
    }
    return body.joined(separator: "\n")
}
