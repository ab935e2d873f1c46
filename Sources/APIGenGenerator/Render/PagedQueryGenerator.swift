/// The `PagedQuery` a paged view model hands its base, as data: its `PagingRule` (where the
/// first page starts, what in a page names the next one or ends the pages) and the key path of
/// a page's items.
struct PagedQueryGenerator {
    typealias Paging = ViewModelDeclaration.Paging

    /// The initializer's name for the page-size parameter (`Paging.limit`), the offsets' step.
    var limit: String?
    /// The page type as the base class names it (`LinkedPage<…>` for `Link`-header paging).
    var pageType: String

    func render(_ paging: Paging, into printer: inout Printer) {
        printer.line("pages: PagedQuery(")
        printer.indented { printer in
            printer.line(SourceText("rule: \(rule(paging)),"))
            printer.line(SourceText("items: \(items(paging))"))
        }
        printer.line(")")
    }

    /// `\Page.results`: the root spelled out, as an optional page's chain needs it.
    private func items(_ paging: Paging) -> String {
        switch paging.items {
        case .wholePage: return "\\\(pageType).\(paging.isLinked ? "value" : "self")"
        case .member(let list): return "\\\(pageType).\(prefix(paging))\(list.name)"
        }
    }

    /// The page's members as a key path reaches them: through the linked page's value, and
    /// optional-chained where the page may be absent.
    private func prefix(_ paging: Paging) -> String {
        (paging.isLinked ? "value" : "") + (paging.pageIsOptional ? "?." : (paging.isLinked ? "." : ""))
    }

    private func path(_ member: Paging.Member, _ paging: Paging) -> String {
        "\\.\(prefix(paging))\(member.name)"
    }

    /// Whether a member reads as optional through the key path (itself, or an absent page).
    private func isOptional(_ member: Paging.Member, _ paging: Paging) -> Bool {
        member.isOptional || paging.pageIsOptional
    }

    func rule(_ paging: Paging) -> String {
        let start = first(paging)
        switch (paging.style, paging.next) {
        case (.link, _):
            return ".links()"
        case (_, .linkHeader):
            return ".linkHeader(parameter: \(SwiftLiteral.string(paging.parameter?.key ?? "")), first: \(firstRequest(paging, start)))"
        case (_, .nextPageField(let next)) where isOptional(next, paging):
            return ".nextPage(\(path(next, paging))\(start.map { ", from: \($0)" } ?? ""))"
        case (_, .cursorField(let cursor, let more)):
            return ".cursors(\(self.cursor(cursor, paging))\(more.map { ", while: .flag(\(path($0, paging)))" } ?? ""))"
        case (.page, let next):
            return pageNumbers(start, signal(next, paging))
        case (_, let next):
            var arguments = start.map { ["from: \($0)"] } ?? []
            if let step = step(paging) { arguments.append("step: \(step)") }
            if let signal = signal(next, paging) { arguments.append("while: \(signal)") }
            return ".offsets(\(arguments.joined(separator: ", ")))"
        }
    }

    /// The first request as a `PageRequest`: the page number, offset or empty cursor.
    private func firstRequest(_ paging: Paging, _ start: String?) -> String {
        switch paging.style {
        case .page: return ".page(\(start ?? "1"))"
        case .offset: return ".offset(\(start ?? "0"))"
        case .cursor, .link: return ".cursor(\"\")"
        }
    }

    private func pageNumbers(_ start: String?, _ signal: String?) -> String {
        let arguments = (start.map { ["from: \($0)"] } ?? []) + (signal.map { ["while: \($0)"] } ?? [])
        return ".pageNumbers(\(arguments.joined(separator: ", ")))"
    }

    /// What in the page says another follows; nil where only a page with items does.
    private func signal(_ next: Paging.Next, _ paging: Paging) -> String? {
        switch next {
        case .totalPages(let total): return ".totalPages(\(path(total, paging)))"
        case .totalCount(let total): return ".total(\(path(total, paging)))"
        case .hasMore(let more): return ".flag(\(path(more, paging)))"
        case .nextLink(let link) where link.type == .string || isOptional(link, paging): return ".link(\(path(link, paging)))"
        case .nextLink, .nextPageField, .cursorField, .untilEmpty, .linkHeader: return nil
        }
    }

    /// The next cursor: a token as it is, the cursor parameter of a next-page URL, a UUID's or
    /// a date-time's text.
    private func cursor(_ cursor: Paging.Member, _ paging: Paging) -> String {
        let path = self.path(cursor, paging)
        switch cursor.type {
        case .url: return ".link(\(path), parameter: \(SwiftLiteral.string(paging.parameter?.key ?? "")))"
        case .scalar(.uuid): return ".uuid(\(path))"
        case .scalar(.date): return ".dateTime(\(path))"
        default: return ".text(\(path))"
        }
    }

    /// The first page number or offset where the parameter's default is not the usual one.
    private func first(_ paging: Paging) -> String? {
        guard let value = paging.parameter?.defaultValue.map(SwiftLiteral.code(for:)) else { return nil }
        switch paging.style {
        case .page: return value == "1" ? nil : value
        case .offset: return value == "0" ? nil : value
        case .cursor, .link: return nil
        }
    }

    /// The offsets' step: the page size the request sets, as an `Int`.
    private func step(_ paging: Paging) -> String? {
        guard let limit, let parameter = paging.limit else { return nil }
        if parameter.type.unwrapped == .int { return limit }
        return parameter.type.isOptional ? "\(limit).map(Int.init)" : "Int(\(limit))"
    }
}
