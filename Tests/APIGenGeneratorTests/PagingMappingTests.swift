import APIGenGenerator
import XCTest

/// How a read operation's paging is recognised: a `Link` header naming the next page, and the
/// `x-apigen-paging` override.
final class PagingMappingTests: XCTestCase {
    /// An operation listing `Item`s with `parameters`, its 200 answering `schema` (YAML flow
    /// text) with `headers`, and `extra` lines added to the operation.
    private func spec(parameters: String, schema: String, headers: String = "", extra: String = "") -> String {
        """
        openapi: 3.1.0
        info: {title: T, version: "1"}
        paths:
          /items:
            get:
              operationId: listItems
              parameters: \(parameters)
        \(extra.isEmpty ? "" : "      " + extra)
              responses:
                '200':
                  description: ok
        \(headers.isEmpty ? "" : "          headers: " + headers)
                  content: {application/json: {schema: \(schema)}}
        components:
          schemas:
            Item: {type: object, properties: {name: {type: string}}}
        """
    }

    private let items = "{type: array, items: {$ref: '#/components/schemas/Item'}}"
    private let link = "{Link: {schema: {type: string}}}"

    func testADeclaredLinkHeaderPagesAnArrayByItsNextLink() throws {
        let (text, diagnostics) = try generate(spec(parameters: "[{name: page, in: query, schema: {type: integer}}]", schema: items, headers: link))
        XCTAssertEqual(diagnostics.items.map(\.description), [])
        assertContains(text, [
            "public final class ListItemsModel: PagedViewModel<LinkedPage<[Item]>, Item> {",
            #"rule: .linkHeader(parameter: "page", first: .page(1)),"#,
            "items: \\LinkedPage<[Item]>.value",
            "override public func makePageRequests() -> @Sendable (PageRequest) -> Request<LinkedPage<[Item]>> {",
            "return API.listItems(page: page).followingLinks()",
        ])
    }

    func testALinkHeaderPagesACursorThatTheBodyDoesNotHold() throws {
        let page = "{type: object, properties: {data: \(items)}}"
        let (text, _) = try generate(spec(parameters: "[{name: after, in: query, schema: {type: string}}]", schema: page, headers: link))
        assertContains(text, [
            "PagedViewModel<LinkedPage<ListItemsResponse>, Item>",
            #"rule: .linkHeader(parameter: "after", first: .cursor("")),"#,
            "items: \\LinkedPage<ListItemsResponse>.value.data",
        ])
        // Without the header such an operation is not paged: nothing says where the next page is.
        let (plain, _) = try generate(spec(parameters: "[{name: after, in: query, schema: {type: string}}]", schema: page))
        assertContains(plain, ["public final class ListItemsModel: QueryViewModel<ListItemsResponse> {"])
    }

    func testWhatTheBodySaysOfTheNextPageWinsOverTheHeader() throws {
        let page = "{type: object, properties: {data: \(items), nextPage: {type: integer}}}"
        let (text, _) = try generate(spec(parameters: "[{name: page, in: query, schema: {type: integer}}]", schema: page, headers: link))
        assertContains(text, ["PagedViewModel<ListItemsResponse, Item>", "rule: .nextPage(\\.nextPage),"])
        XCTAssertFalse(text.contains("followingLinks"))
    }

    func testTheOverrideTurnsPagingOffOrNamesTheParameter() throws {
        let (off, _) = try generate(
            spec(parameters: "[{name: page, in: query, schema: {type: integer}}]", schema: items, extra: "x-apigen-paging: false"))
        assertContains(off, ["public final class ListItemsModel: QueryViewModel<[Item]> {"])

        let (named, _) = try generate(
            spec(parameters: "[{name: p, in: query, schema: {type: integer, default: 0}}]", schema: items, extra: "x-apigen-paging: {parameter: p}"))
        assertContains(named, [
            "PagedViewModel<[Item], Item>",
            "rule: .pageNumbers(from: 0),",
            "if case .page(let number) = request { p = number }",
        ])

        let (offset, _) = try generate(
            spec(
                parameters: "[{name: from, in: query, schema: {type: integer}}]", schema: items,
                extra: "x-apigen-paging: {parameter: from, style: offset}"))
        assertContains(offset, ["rule: .offsets(),"])
    }

    func testAnOverrideThatDoesNotFitIsAWarningAndDetectionGoesOn() throws {
        let cases: [(String, String)] = [
            ("x-apigen-paging: yes", "must be false or a mapping"),
            ("x-apigen-paging: {style: page}", "needs `parameter`"),
            ("x-apigen-paging: {parameter: size}", "names `size`, which is not a query parameter"),
            ("x-apigen-paging: {parameter: page, style: cursor}", "names `page`, whose type does not fit a cursor"),
            ("x-apigen-paging: {parameter: page, style: pages}", "has a `style` other than"),
        ]
        for (extra, message) in cases {
            let (text, diagnostics) = try generate(
                spec(parameters: "[{name: page, in: query, schema: {type: integer}}]", schema: items, extra: extra))
            let warnings = diagnostics.items.map(\.description)
            XCTAssertEqual(warnings.count, 1, extra)
            XCTAssertTrue(warnings.first?.contains("warning: x-apigen-paging \(message)") == true, "\(extra): \(warnings)")
            XCTAssertTrue(warnings.first?.contains("/paths/~1items/get") == true, "located at the operation: \(warnings)")
            assertContains(text, ["PagedViewModel<[Item], Item>"])
        }
    }
}
