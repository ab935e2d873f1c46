/// The `PagedQuery` a paged view model hands its base: where the first page starts, where a
/// page's items are, and the closure giving the next request (it sees `page`, `current` and
/// `itemCount`, the items loaded so far).
struct PagedQueryGenerator {
    typealias Paging = ViewModelDeclaration.Paging

    /// The initializer's name for the page-size parameter (`Paging.limit`), which the `next`
    /// closure captures.
    var limit: String?

    func render(_ paging: Paging, into printer: inout Printer) {
        printer.line("pages: PagedQuery(")
        printer.indented { printer in
            printer.line("first: \(first(paging)),")
            printer.line("items: { page in \(items(paging)) },")
            let next = self.next(paging)
            if next.count == 1 {
                printer.line("next: { page, current, itemCount in \(next[0]) }")
            } else {
                printer.line("next: { page, current, itemCount in")
                printer.indented { printer in
                    for statement in next { printer.line(SourceText(statement)) }
                }
                printer.line("}")
            }
        }
        printer.line(")")
    }

    /// The first request: the parameter's default page or offset, else the first one. A cursor
    /// starts empty, which stands for "from the start".
    func first(_ paging: Paging) -> String {
        switch paging.style {
        case .page: return ".page(\(paging.parameter?.defaultValue.map(SwiftLiteral.code(for:)) ?? "1"))"
        case .offset: return ".offset(\(paging.parameter?.defaultValue.map(SwiftLiteral.code(for:)) ?? "0"))"
        case .cursor, .link: return ".cursor(\"\")"
        }
    }

    /// The decoded response inside the closures' `page`.
    private func response(_ paging: Paging) -> String {
        paging.isLinked ? "page.value" : "page"
    }

    private func items(_ paging: Paging) -> String {
        switch paging.items {
        case .wholePage: return paging.pageIsOptional ? "\(response(paging)) ?? []" : response(paging)
        case .member(let list):
            let value = read(list, paging)
            return value.isOptional ? "\(value.text) ?? []" : value.text
        }
    }

    /// The statements of the `next` closure, one per line.
    private func next(_ paging: Paging) -> [String] {
        // `itemCount` counts every item loaded so far; `received` is this page's.
        let received = "let received = (\(items(paging))).count"
        switch (paging.style, paging.next) {
        case (.link, _):
            return ["page.next.map { .cursor($0.absoluteString) }"]
        case (_, .linkHeader):
            return ["PageRequest.following(page.next, parameter: \(SwiftLiteral.string(key(paging))), current: current)"]
        case (_, .nextPageField(let next)):
            let value = read(next, paging)
            return [value.isOptional ? "\(mappable(value.text, paging)).map { .page(Int($0)) }" : ".page(Int(\(value.text)))"]
        case (_, .totalPages(let total)):
            return [pageNumber, "return number < \(integer(total, paging)) ? .page(number + 1) : nil"]
        case (.page, .hasMore(let more)):
            return [pageNumber, "return \(condition(more, paging)) ? .page(number + 1) : nil"]
        case (.page, .nextLink(let link)):
            return [pageNumber] + linkGuard(link, paging) + [received, "return received > 0 ? .page(number + 1) : nil"]
        case (.page, .totalCount(let total)):
            // `itemCount` holds this page's items too: the pages end once it reaches the total.
            return [pageNumber, received, "return received > 0 && itemCount < \(integer(total, paging)) ? .page(number + 1) : nil"]
        case (.page, _):
            return [pageNumber, received, "return received > 0 ? .page(number + 1) : nil"]
        case (_, .cursorField(let cursor, let more)):
            let token = self.token(cursor, paging)
            return [more.map { "\(condition($0, paging)) ? \(token) : nil" } ?? token]
        case (_, .totalCount(let total)):
            return offsetStatements(paging, received: received, condition: "offset + \(step(paging)) < \(integer(total, paging))")
        case (.offset, .hasMore(let more)):
            return offsetStatements(paging, received: received, condition: condition(more, paging))
        case (_, .hasMore), (_, .untilEmpty), (_, .nextLink):
            return offsetStatements(paging, received: received, condition: nil)
        }
    }

    /// Offsets advance by the page size where the request sets one (else by the items received),
    /// and a page shorter than that size, or an empty one, is the last.
    private func offsetStatements(_ paging: Paging, received: String, condition: String?) -> [String] {
        var statements = [offset, received]
        if let limit, let parameter = paging.limit {
            if parameter.type.isOptional {
                statements += ["let pageSize = \(limit).map(Int.init)", "if let pageSize, received < pageSize { return nil }"]
            } else {
                statements += ["let pageSize = Int(\(limit))", "if received < pageSize { return nil }"]
            }
        }
        let more = ["received > 0"] + (condition.map { [$0] } ?? [])
        statements.append("return \(more.joined(separator: " && ")) ? .offset(offset + \(step(paging))) : nil")
        return statements
    }

    /// How far the next offset is: the page size, else the items received.
    private func step(_ paging: Paging) -> String {
        guard limit != nil, let parameter = paging.limit else { return "received" }
        return parameter.type.isOptional ? "(pageSize ?? received)" : "pageSize"
    }

    /// Ends page-number paging where the page links to no next page (absent, null or empty);
    /// a link the page always holds says nothing.
    private func linkGuard(_ link: Paging.Member, _ paging: Paging) -> [String] {
        let value = read(link, paging)
        switch (link.type == .string, value.isOptional) {
        case (true, true): return ["guard !(\(value.text) ?? \"\").isEmpty else { return nil }"]
        case (true, false): return ["guard !\(value.text).isEmpty else { return nil }"]
        case (false, true): return ["guard \(value.text) != nil else { return nil }"]
        case (false, false): return []
        }
    }

    /// The next cursor: a token as it is, the cursor parameter of a next-page URL, a UUID's text.
    private func token(_ cursor: Paging.Member, _ paging: Paging) -> String {
        let value = read(cursor, paging)
        switch cursor.type {
        case .url:
            return "PageRequest.cursor(fromNext: \(value.text), parameter: \(SwiftLiteral.string(key(paging))))"
        case .scalar(.uuid):
            return value.isOptional
                ? "\(mappable(value.text, paging)).map { .cursor($0.uuidString.lowercased()) }"
                : ".cursor(\(value.text).uuidString.lowercased())"
        case .scalar(.date):
            return value.isOptional
                ? "\(mappable(value.text, paging)).map { .cursor(APIJSON.formatDateTime($0)) }"
                : ".cursor(APIJSON.formatDateTime(\(value.text)))"
        default:
            return value.isOptional ? "\(mappable(value.text, paging)).map { .cursor($0) }" : ".cursor(\(value.text))"
        }
    }

    /// The query key of the paging parameter (every style but `.link` has one).
    private func key(_ paging: Paging) -> String {
        paging.parameter?.key ?? ""
    }

    private let pageNumber = "guard case .page(let number) = current else { return nil }"
    private let offset = "guard case .offset(let offset) = current else { return nil }"

    /// A member of the page as an expression, and whether it may be nil (the member is optional,
    /// or the page itself may be absent).
    private func read(_ member: Paging.Member, _ paging: Paging) -> (text: String, isOptional: Bool) {
        let page = response(paging)
        return (paging.pageIsOptional ? "\(page)?.\(member.name)" : "\(page).\(member.name)", member.isOptional || paging.pageIsOptional)
    }

    /// An optional chain in parentheses, so `.map` applies to its result, not to the member.
    private func mappable(_ text: String, _ paging: Paging) -> String {
        paging.pageIsOptional ? "(\(text))" : text
    }

    private func integer(_ member: Paging.Member, _ paging: Paging) -> String {
        let value = read(member, paging)
        return value.isOptional ? "Int(\(value.text) ?? 0)" : "Int(\(value.text))"
    }

    private func condition(_ member: Paging.Member, _ paging: Paging) -> String {
        let value = read(member, paging)
        return value.isOptional ? "\(value.text) == true" : value.text
    }
}
