/// The `PagedQuery` a paged view model hands its base: where the first page starts, where a
/// page's items are, and the closure giving the next request (it sees `page`, `current` and
/// `itemCount`, the items loaded so far).
struct PagedQueryGenerator {
    typealias Paging = ViewModelDeclaration.Paging

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
        case .page: return ".page(\(paging.parameter.defaultValue.map(SwiftLiteral.code(for:)) ?? "1"))"
        case .offset: return ".offset(\(paging.parameter.defaultValue.map(SwiftLiteral.code(for:)) ?? "0"))"
        case .cursor: return ".cursor(\"\")"
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
        case (_, .linkHeader):
            return ["PageRequest.following(page.next, parameter: \(SwiftLiteral.string(paging.parameter.key)), current: current)"]
        case (_, .nextPageField(let next)):
            let value = read(next, paging)
            return [value.isOptional ? "\(mappable(value.text, paging)).map { .page(Int($0)) }" : ".page(Int(\(value.text)))"]
        case (_, .totalPages(let total)):
            return [pageNumber, "return number < \(integer(total, paging)) ? .page(number + 1) : nil"]
        case (.page, .hasMore(let more)):
            return [pageNumber, "return \(condition(more, paging)) ? .page(number + 1) : nil"]
        case (.page, _):
            return [pageNumber, received, "return received > 0 ? .page(number + 1) : nil"]
        case (_, .totalCount(let total)):
            return [
                offset, received, "return received > 0 && offset + received < \(integer(total, paging)) ? .offset(offset + received) : nil",
            ]
        case (.offset, .hasMore(let more)):
            return [offset, received, "return \(condition(more, paging)) ? .offset(offset + received) : nil"]
        case (_, .cursorField(let cursor, let more)):
            let token = self.token(cursor, paging)
            return [more.map { "\(condition($0, paging)) ? \(token) : nil" } ?? token]
        case (_, .hasMore), (_, .untilEmpty):
            return [offset, received, "return received > 0 ? .offset(offset + received) : nil"]
        }
    }

    /// The next cursor: a token as it is, the cursor parameter of a next-page URL, a UUID's text.
    private func token(_ cursor: Paging.Member, _ paging: Paging) -> String {
        let value = read(cursor, paging)
        switch cursor.type {
        case .url:
            return "PageRequest.cursor(fromNext: \(value.text), parameter: \(SwiftLiteral.string(paging.parameter.key)))"
        case .scalar(.uuid):
            return value.isOptional
                ? "\(mappable(value.text, paging)).map { .cursor($0.uuidString.lowercased()) }"
                : ".cursor(\(value.text).uuidString.lowercased())"
        default:
            return value.isOptional ? "\(mappable(value.text, paging)).map { .cursor($0) }" : ".cursor(\(value.text))"
        }
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
