import APIGenOpenAPI

/// A view model per operation: reads (GET, or operations marked `x-apigen-read: true`) get a
/// loadable state, paginated reads accumulate pages, writes get a submission state.
struct ViewModelTranslator {
    let models: ModelTranslator
    /// The translated model declarations, to read property types from.
    let declarations: [TypeDeclaration]
    /// Where each name is first declared in `declarations`: paging asks about every property of
    /// every page type, and a scan of thousands of declarations per question added up.
    private let firstDeclaration: [String: Int]
    var table: SchemaTable { models.table }

    init(models: ModelTranslator, declarations: [TypeDeclaration]) {
        self.models = models
        self.declarations = declarations
        var firstDeclaration: [String: Int] = [:]
        firstDeclaration.reserveCapacity(declarations.count)
        for (index, declaration) in declarations.enumerated() where firstDeclaration[declaration.name] == nil {
            firstDeclaration[declaration.name] = index
        }
        self.firstDeclaration = firstDeclaration
    }

    func viewModels(for operations: [Operation], declarations: [OperationDeclaration], tags: Set<String>?) -> [ViewModelDeclaration] {
        var result: [ViewModelDeclaration] = []
        for (operation, declaration) in zip(operations, declarations) {
            if let tags, tags.isDisjoint(with: operation.tags) { continue }
            let name = models.claimTopLevelName(SwiftName.typeName(declaration.name) + "Model")
            let isRead = operation.method == .get || operation.extensions["x-apigen-read"] == .bool(true)
            let kind: ViewModelDeclaration.Kind
            if isRead, declaration.body == nil {
                kind = paging(operation, declaration).map(ViewModelDeclaration.Kind.paged) ?? .query
            } else {
                kind = .submission
            }
            result.append(ViewModelDeclaration(name: name, operation: declaration, kind: kind))
        }
        return result
    }

    // MARK: Paging

    private static let pageKeys: Set<String> = ["page", "pageNumber", "page_number", "pageNo", "pageIndex"]
    private static let offsetKeys: Set<String> = ["offset", "skip", "start"]
    private static let cursorKeys: Set<String> = [
        "cursor", "after", "pageToken", "page_token", "starting_after", "continuation", "continuationToken", "next_token", "nextToken",
        "page_cursor",
    ]
    private static let itemKeys = [
        "items", "data", "results", "docs", "entries", "records", "elements", "values", "list", "content", "nodes",
    ]
    private static let nextPageKeys: Set<String> = ["nextPage", "next_page"]
    private static let totalPageKeys: Set<String> = ["totalPages", "total_pages", "pageCount", "page_count", "pages"]
    private static let hasMoreKeys: Set<String> = ["hasMore", "has_more", "hasNext", "has_next", "hasNextPage", "has_next_page", "more"]
    private static let nextCursorKeys: Set<String> = [
        "nextCursor", "next_cursor", "nextPageToken", "next_page_token", "cursor", "next", "continuationToken", "next_token", "nextToken",
        "after", "endCursor",
    ]
    private static let totalKeys: Set<String> = ["total", "totalCount", "total_count", "totalResults", "total_results", "count"]

    /// Recognises the common shapes: a `page`, `offset` or `cursor` query parameter, and a
    /// response that is an array or has one array of items plus a next page, total or token.
    private func paging(_ operation: Operation, _ declaration: OperationDeclaration) -> ViewModelDeclaration.Paging? {
        guard let responseSchema = successSchema(operation) else { return nil }
        let query = declaration.parameters.filter { $0.location == .query }
        let style: ViewModelDeclaration.Paging.Style
        let parameter: OperationParameter
        if let found = query.first(where: { Self.pageKeys.contains($0.key) && isInteger($0.type) }) {
            (style, parameter) = (.page, found)
        } else if let found = query.first(where: { Self.cursorKeys.contains($0.key) && $0.type.unwrapped == .string }) {
            (style, parameter) = (.cursor, found)
        } else if let found = query.first(where: { Self.offsetKeys.contains($0.key) && isInteger($0.type) }) {
            (style, parameter) = (.offset, found)
        } else {
            return nil
        }
        guard let (itemType, items, members) = itemsOf(responseSchema, responseType: declaration.response.type) else { return nil }
        func member(_ keys: Set<String>, _ accept: (SchemaShape) -> Bool) -> (name: String, optional: Bool)? {
            members.first { keys.contains($0.key) && accept(models.shapes[table.resolved($0.schema)]) }.map { ($0.name, $0.optional) }
        }
        let integer: (SchemaShape) -> Bool = { if case .primitive(.integer) = $0 { return true } else { return false } }
        let string: (SchemaShape) -> Bool = { if case .primitive(.string) = $0 { return true } else { return false } }
        let boolean: (SchemaShape) -> Bool = { if case .primitive(.boolean) = $0 { return true } else { return false } }
        let hasMore = member(Self.hasMoreKeys, boolean).map { "page.\($0.name)\($0.optional ? " == true" : "")" }
        // `itemCount` counts every item loaded so far; `received` is this page's.
        let received = "let received = (\(items)).count"
        let next: [String]
        switch style {
        case .page:
            let number = "guard case .page(let number) = current else { return nil }"
            if let nextPage = member(Self.nextPageKeys, integer) {
                next = [nextPage.optional ? "page.\(nextPage.name).map { .page(Int($0)) }" : ".page(Int(page.\(nextPage.name)))"]
            } else if let total = member(Self.totalPageKeys, integer) {
                let pages = total.optional ? "Int(page.\(total.name) ?? 0)" : "Int(page.\(total.name))"
                next = [number, "return number < \(pages) ? .page(number + 1) : nil"]
            } else if let hasMore {
                next = [number, "return \(hasMore) ? .page(number + 1) : nil"]
            } else {
                next = [number, received, "return received > 0 ? .page(number + 1) : nil"]
            }
        case .offset:
            let offset = "guard case .offset(let offset) = current else { return nil }"
            if let total = member(Self.totalKeys, integer) {
                let count = total.optional ? "Int(page.\(total.name) ?? 0)" : "Int(page.\(total.name))"
                next = [offset, received, "return received > 0 && offset + received < \(count) ? .offset(offset + received) : nil"]
            } else if let hasMore {
                next = [offset, received, "return \(hasMore) ? .offset(offset + received) : nil"]
            } else {
                next = [offset, received, "return received > 0 ? .offset(offset + received) : nil"]
            }
        case .cursor:
            guard let cursor = member(Self.nextCursorKeys, string) else { return nil }
            let token = cursor.optional ? "page.\(cursor.name).map { .cursor($0) }" : ".cursor(page.\(cursor.name))"
            next = [hasMore.map { "\($0) ? \(token) : nil" } ?? token]
        }
        let first: String
        switch style {
        case .page: first = ".page(\(parameter.defaultValue.map(SwiftLiteral.code(for:)) ?? "1"))"
        case .offset: first = ".offset(\(parameter.defaultValue.map(SwiftLiteral.code(for:)) ?? "0"))"
        // The first request has no cursor: an empty one stands for "from the start".
        case .cursor: first = ".cursor(\"\")"
        }
        return .init(style: style, parameter: parameter, first: first, itemType: itemType, items: items, next: next)
    }

    /// The declared type of a top-level struct's property.
    private func propertyType(_ typeName: String, _ property: String) -> SwiftType? {
        guard let index = firstDeclaration[typeName], case .structure(let structure) = declarations[index].kind else { return nil }
        return structure.properties.first { $0.name == property }?.type
    }

    private func isInteger(_ type: SwiftType) -> Bool {
        ["Int", "Int32", "Int64"].contains(type.unwrapped.code)
    }

    private func successSchema(_ operation: Operation) -> SchemaID? {
        for response in operation.successResponses {
            if let media = MediaTypes.preferred(response.content, models.shapes, models.table),
                MediaTypes.kind(of: media, models.shapes, models.table) == .json, let schema = media.schema
            {
                return schema
            }
        }
        return nil
    }

    /// The item type, the closure body extracting items from a page, and the page's members.
    private func itemsOf(_ schema: SchemaID, responseType: SwiftType) -> (
        SwiftType, String, [(key: String, name: String, schema: SchemaID, optional: Bool)]
    )? {
        if case .array(let element) = responseType.unwrapped {
            return (element, "page", [])
        }
        guard case .named(let pageType) = responseType.unwrapped else { return nil }
        // Optionality comes from the declared property: a property with a default is not optional.
        let members = models.structMembers(of: schema)
        let described = members.map { member -> (key: String, name: String, schema: SchemaID, optional: Bool) in
            (member.key, member.name, member.schema, propertyType(pageType, member.name)?.isOptional ?? true)
        }
        let arrays = described.filter { if case .array = models.shapes[table.resolved($0.schema)] { return true } else { return false } }
        guard
            let list = Self.itemKeys.lazy.compactMap({ key in arrays.first { $0.key == key } }).first
                ?? (arrays.count == 1 ? arrays[0] : nil)
        else {
            return nil
        }
        guard let listType = propertyType(pageType, list.name), case .array(let itemType) = listType.unwrapped else {
            return nil
        }
        return (itemType, list.optional ? "page.\(list.name) ?? []" : "page.\(list.name)", described)
    }
}
