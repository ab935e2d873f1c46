import APIGenGenerator
import Foundation
import XCTest

/// Doc comments: spec text is escaped where it is printed and nowhere else, and generated
/// documentation names the Swift symbols an app calls.
final class DocumentationTests: XCTestCase {
    /// A line break in an `operationId` or a media type's name stays inside the comment: every
    /// line of the output that holds the marker is a `///` line.
    func testLineBreaksInNamesStayInComments() throws {
        let (text, _) = try generate(
            """
            openapi: 3.1.0
            info: {title: T, version: "1"}
            paths:
              /pets:
                post:
                  operationId: "x\\nlet injectedMarker = 1\\n//"
                  requestBody:
                    content:
                      "application/octet-stream\\nlet injectedMarker = 2\\n//": {schema: {type: string, format: binary}}
                      application/json: {schema: {type: object, properties: {a: {type: string}}}}
                  responses:
                    "200": {description: ok}
                  callbacks:
                    ready:
                      "{$request.body#/u}":
                        post:
                          requestBody: {content: {application/json: {schema: {type: string}}}}
                          responses: {"200": {description: ok}}
            """)
        let marked = text.split(separator: "\n").filter { $0.contains("injectedMarker") }
        XCTAssertFalse(marked.isEmpty)
        for line in marked where !line.trimmingCharacters(in: .whitespaces).hasPrefix("///") && !line.contains("\"") {
            XCTFail("spec text outside a comment or literal: \(line)")
        }
        assertContains(text, ["    /// Sends the body as `application/octet-stream", "    /// let injectedMarker = 2"])
    }

    /// Every doc comment the renderers write with an interpolation goes through
    /// `Printer.documentation`, which escapes; a `printer.line("/// …\(…)")` would not.
    func testRenderersInterpolateDocumentationOnlyThroughThePrinter() throws {
        let render = Repository.root.appendingPathComponent("Sources/APIGenGenerator/Render")
        for name in try FileManager.default.contentsOfDirectory(atPath: render.path) where name.hasSuffix(".swift") {
            let source = try String(contentsOf: render.appendingPathComponent(name), encoding: .utf8)
            for line in source.split(separator: "\n") where line.contains("line(\"///") && line.contains("\\(") {
                XCTFail("\(name): documentation printed around the escaping: \(line)")
            }
        }
    }

    /// Error, status and header types cite the builder (`API.showPetByID`), not the spec's
    /// `operationId`, which is no Swift symbol.
    func testDocsCiteTheBuilderNotTheOperationID() throws {
        let (text, _) = try generate(
            """
            openapi: 3.0.3
            info: {title: T, version: "1"}
            paths:
              /pets/{petId}:
                get:
                  operationId: showPetById
                  parameters: [{name: petId, in: path, required: true, schema: {type: integer}}]
                  responses:
                    "200":
                      description: ok
                      headers: {X-Rate-Limit: {schema: {type: integer}}}
                      content: {application/json: {schema: {type: object, properties: {a: {type: string}}}}}
                    "201": {description: made, content: {application/json: {schema: {type: string}}}}
                    "404": {description: missing, content: {application/json: {schema: {type: string}}}}
              /cats/{catId}:
                get:
                  operationId: showCatById
                  parameters: [{name: catId, in: path, required: true, schema: {type: integer}}]
                  responses:
                    "200": {description: ok}
                    "404": {description: missing, content: {application/json: {schema: {type: string}}}}
            """)
        assertContains(text, [
            "/// The successful responses of `API.showPetByID`, by status.",
            "/// The error responses `API.showPetByID` declares, read from the `APIError` it threw:",
            "/// The error responses `API.showCatByID` declares: the same as `API.showPetByID`'s.",
            "/// The headers `API.showPetByID`'s responses declare, typed:",
        ])
        XCTAssertFalse(text.contains("`showPetById`"))
    }

    /// Blank or white-space-only text adds no blank doc lines, and a parameter's description
    /// of several paragraphs keeps its paragraphs without trailing spaces.
    func testWhiteSpaceTextAddsNothing() throws {
        let (text, _) = try generate(
            """
            openapi: 3.0.3
            info: {title: T, version: "1", description: "   "}
            paths:
              /a:
                get:
                  operationId: getA
                  parameters:
                    - {name: q, in: query, description: "First.\\n\\nSecond.", schema: {type: string}}
                  responses: {"204": {description: ok}}
            """)
        assertContains(text, [
            "/// T\n///\n/// Every operation is a function",
            "    /// - Parameters:\n    ///   - q: First.\n    ///\n    ///     Second.\n",
        ])
        XCTAssertNil(text.range(of: "/// +\n", options: .regularExpression), "a doc line with trailing spaces")
    }
}
