import APIGenGenerator
import XCTest

/// Spec values that once became code, broke the output or crashed the generator: each is now a
/// diagnostic, escaped, or range-checked.
final class SpecValueRegressionTests: XCTestCase {
    private func spec(paths: String = "{}", schemas: String = "{}", servers: String = "[]") -> String {
        """
        openapi: 3.1.0
        info: {title: T, version: "1"}
        servers: \(servers)
        paths: \(paths)
        components:
          schemas: \(schemas)
        """
    }

    private func query(style: String) -> String {
        #"{"/s": {get: {operationId: search, parameters: [{name: q, in: query, style: "\#(style)", schema: {type: array, items: {type: string}}}], responses: {"204": {description: ok}}}}}"#
    }

    func testQueryStyleIsAnEnumNotText() throws {
        let (text, diagnostics) = try generate(spec(paths: query(style: "form, explode: true); let injectedMarker = 1; _ = (")))
        XCTAssertFalse(codeOnly(text).contains("injectedMarker"))
        XCTAssertTrue(text.contains(#"request.addQuery("q", q)"#), text)
        let warning = try XCTUnwrap(diagnostics.items.first { $0.message.contains("has style") })
        XCTAssertEqual(warning.severity, .warning)
        XCTAssertNotNil(warning.location)
        XCTAssertEqual(warning.pointer, "/paths/~1s/get/parameters/0/style")
    }

    func testStylesAQueryCannotHaveAreLocatedWarnings() throws {
        for style in ["matrix", "simple", "label"] {
            let (text, diagnostics) = try generate(spec(paths: query(style: style)))
            XCTAssertFalse(text.contains("style: .\(style)"), style)
            let warning = try XCTUnwrap(diagnostics.items.first { $0.message.contains("style '\(style)'") }, style)
            XCTAssertTrue(warning.message.contains("'form' is used"), warning.message)
        }
        let (text, _) = try generate(spec(paths: query(style: "pipeDelimited")))
        XCTAssertTrue(text.contains(#"request.addQuery("q", q, style: .pipeDelimited, explode: false)"#), text)
    }

    func testOperationIDStaysInItsDocComment() throws {
        let paths = #"""
            {"/p": {get: {operationId: "get\nfunc injectedMarker() {}", responses: {
              "200": {description: a, content: {application/json: {schema: {type: string}}}},
              "201": {description: b, content: {application/json: {schema: {type: integer}}}}}}}}
            """#
        let (text, _) = try generate(spec(paths: paths))
        // The builder's Swift name, which the naming function made of the text.
        XCTAssertTrue(text.contains("/// The successful responses of `API.getFuncInjectedMarker`, by status."), text)
        XCTAssertFalse(codeOnly(text).contains("injectedMarker"))
    }

    func testServerVariablesAndNamesAreEscaped() throws {
        let servers = #"""
            [{url: "https://{region}.example.com", description: "Static server",
              variables: {region: {default: eu, enum: [eu, "us\nfunc injectedMarker() {}"]}}},
             {url: "https://b.example.com", description: class}, {url: "https://c.example.com", description: Protocol}]
            """#
        let (text, _) = try generate(spec(servers: servers))
        XCTAssertFalse(codeOnly(text).contains("injectedMarker"))
        XCTAssertTrue(text.contains("One of: `eu`, `us func injectedMarker() {}`."), text)
        XCTAssertTrue(text.contains("static func `static`(region: Region = .eu) -> APIServer"), text)
        XCTAssertTrue(text.contains("static func `class`() -> APIServer"), text)
        XCTAssertTrue(text.contains("static func `protocol`() -> APIServer"), text)
    }

    func testStatusKeysAreASCIIDigits() throws {
        for key in ["2½½", "2\u{200D}00", "٢٠٠"] {
            let paths = #"{"/p": {get: {operationId: p, responses: {"\#(key)": {description: x}}}}}"#
            let (_, diagnostics) = try generate(spec(paths: paths), expectingErrors: true)
            XCTAssertTrue(diagnostics.items.contains { $0.severity == .error && $0.message.contains("is not a status code") }, key)
        }
    }

    func testIntegerEnumsOutsideTheirFormat() throws {
        let (text, diagnostics) = try generate(spec(schemas: "{Big: {type: integer, format: int32, enum: [1, 3000000000]}, Min: {type: integer, enum: [-9223372036854775808, 9223372036854775807]}}"))
        XCTAssertTrue(text.contains("rawValue: Int64"), text)
        XCTAssertTrue(text.contains("3_000_000_000"), text)
        XCTAssertTrue(diagnostics.items.contains { $0.message.contains("outside the 32-bit range") })
        XCTAssertTrue(text.contains("case minusNineQuintillionTwoHundredTwentyThreeQuadrillion"), text)
    }

    func testHugeBoundsDoNotCrashOrBloatSamples() throws {
        let schemas = """
            {Bounds: {type: object, required: [a, b, c, d, e], properties: {
              a: {type: integer, minimum: 1e300}, b: {type: integer, maximum: -9.3e18},
              c: {type: string, minLength: 9223372036854775807}, d: {type: string, minLength: 4000000000000},
              e: {type: string, minLength: 1000000}}}}
            """
        let (text, _) = try generate(spec(schemas: schemas))
        XCTAssertLessThan(text.utf8.count, 200_000)
    }
}
