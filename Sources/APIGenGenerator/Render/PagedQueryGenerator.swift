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

    private func items(_ paging: Paging) -> String {
        switch paging.items {
        case .wholePage: return "page"
        case .member(let list): return list.isOptional ? "page.\(list.name) ?? []" : "page.\(list.name)"
        }
    }

    /// The statements of the `next` closure, one per line.
    private func next(_ paging: Paging) -> [String] {
        // `itemCount` counts every item loaded so far; `received` is this page's.
        let received = "let received = (\(items(paging))).count"
        switch (paging.style, paging.next) {
        case (_, .nextPageField(let next)):
            return [next.isOptional ? "page.\(next.name).map { .page(Int($0)) }" : ".page(Int(page.\(next.name)))"]
        case (_, .totalPages(let total)):
            return [pageNumber, "return number < \(integer(total)) ? .page(number + 1) : nil"]
        case (.page, .hasMore(let more)):
            return [pageNumber, "return \(condition(more)) ? .page(number + 1) : nil"]
        case (.page, _):
            return [pageNumber, received, "return received > 0 ? .page(number + 1) : nil"]
        case (_, .totalCount(let total)):
            return [offset, received, "return received > 0 && offset + received < \(integer(total)) ? .offset(offset + received) : nil"]
        case (.offset, .hasMore(let more)):
            return [offset, received, "return \(condition(more)) ? .offset(offset + received) : nil"]
        case (_, .cursorField(let cursor, let more)):
            let token = cursor.isOptional ? "page.\(cursor.name).map { .cursor($0) }" : ".cursor(page.\(cursor.name))"
            return [more.map { "\(condition($0)) ? \(token) : nil" } ?? token]
        case (_, .hasMore), (_, .untilEmpty):
            return [offset, received, "return received > 0 ? .offset(offset + received) : nil"]
        }
    }

    private let pageNumber = "guard case .page(let number) = current else { return nil }"
    private let offset = "guard case .offset(let offset) = current else { return nil }"

    private func integer(_ member: Paging.Member) -> String {
        member.isOptional ? "Int(page.\(member.name) ?? 0)" : "Int(page.\(member.name))"
    }

    private func condition(_ member: Paging.Member) -> String {
        member.isOptional ? "page.\(member.name) == true" : "page.\(member.name)"
    }
}
