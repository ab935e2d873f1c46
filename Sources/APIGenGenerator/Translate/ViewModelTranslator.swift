import APIGenOpenAPI

/// A view model per operation: reads (GET, or operations marked `x-apigen-read: true`) get a
/// loadable state, paginated reads accumulate pages, writes get a submission state.
struct ViewModelTranslator {
    let types: SchemaTypes
    /// The translated model declarations, to read property types from.
    let declarations: [TypeDeclaration]
    /// Where each name is first declared in `declarations`: paging asks about every property of
    /// every page type, and a scan of thousands of declarations per question added up.
    private let firstDeclaration: [String: Int]
    var table: SchemaTable { types.table }

    init(types: SchemaTypes, declarations: [TypeDeclaration]) {
        self.types = types
        self.declarations = declarations
        var firstDeclaration: [String: Int] = [:]
        firstDeclaration.reserveCapacity(declarations.count)
        for (index, declaration) in declarations.enumerated() where firstDeclaration[declaration.name] == nil {
            firstDeclaration[declaration.name] = index
        }
        self.firstDeclaration = firstDeclaration
    }

    func viewModels(for operations: [TranslatedOperation], tags: Set<String>?) -> [ViewModelDeclaration] {
        var result: [ViewModelDeclaration] = []
        for translated in operations {
            let (operation, declaration) = (translated.operation, translated.declaration)
            if let tags, tags.isDisjoint(with: operation.tags) { continue }
            let name = types.claimTopLevelName(SwiftName.typeName(declaration.name.plain) + "Model")
            let isRead = operation.method == .get || operation.extensions["x-apigen-read"] == .bool(true)
            let kind: ViewModelDeclaration.Kind
            if case .stream(let stream) = declaration.response.decoding {
                kind = .stream(element: stream.elementType)
            } else if isRead, declaration.body == nil {
                kind = paging(translated.entry, declaration).map(ViewModelDeclaration.Kind.paged) ?? .query
            } else {
                kind = .submission
            }
            var model = ViewModelDeclaration(name: name, operation: declaration, kind: kind)
            model.parameterNames = Self.parameterNames(declaration)
            result.append(model)
        }
        return result
    }

    /// A parameter named like a member or local of the view model (`state`, `client`, `request`)
    /// or like a keyword (`@Observable` cannot track a `` `class` `` property) is kept under a
    /// free name (`state2`), and passed on under its label. Built once, not per view model.
    static let reservedNames = GeneratedMembers.viewModel.union(SwiftName.keywords)

    /// The property and storage names of the builder's parameters.
    private static func parameterNames(_ operation: OperationDeclaration) -> ViewModelDeclaration.ParameterNames {
        var scope = NameScope(reserved: reservedNames)
        var names = ViewModelDeclaration.ParameterNames()
        for parameter in operation.parameters {
            names.property[parameter.name] = scope.claim(parameter.name.plain)
        }
        for parameter in operation.parameters {
            // One leading underscore: `_2fa` is stored as `_2fa2`, not `__2fa`, which Swift style reserves.
            let property = names.property[parameter.name]!
            names.storage[parameter.name] = scope.claim("_" + property.drop { $0 == "_" })
        }
        return names
    }

    // MARK: Paging

    private static let pageKeys: Set<String> = ["page", "pageNumber", "page_number", "pageNo", "pageIndex"]
    static let offsetKeys: Set<String> = ["offset", "skip", "start"]
    private static let cursorKeys: Set<String> = [
        "cursor", "after", "pageToken", "page_token", "starting_after", "continuation", "continuationToken", "next_token", "nextToken",
        "page_cursor", "since",
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
    private static let nextLinkKeys: Set<String> = ["next", "next_url", "nextUrl", "next_page_url", "nextPageUrl", "nextLink"]
    private static let limitKeys: Set<String> = ["limit", "per_page", "perPage", "page_size", "pageSize", "size", "max_results"]

    /// Recognises the common shapes: a `page`, `offset` or `cursor` query parameter, and a
    /// response that is an array or has one array of items plus a next page, total or token.
    private func paging(_ entry: OperationEntry, _ declaration: OperationDeclaration) -> ViewModelDeclaration.Paging? {
        guard let responseSchema = entry.firstJSONSchema else { return nil }
        // Without a parameter, a declared `Link` header still pages: the request follows the link.
        guard let (style, parameter) = pagingParameter(entry, declaration) ?? (entry.declaresLinkHeader ? (.link, nil) : nil) else {
            return nil
        }
        guard let (itemType, items, members) = itemsOf(responseSchema, responseType: declaration.response.type) else { return nil }
        typealias Member = ViewModelDeclaration.Paging.Member
        func member(_ keys: Set<String>, _ kind: JSONType) -> Member? {
            members.first { member in
                guard keys.contains(member.key), case .primitive(let found) = types.shapes[table.resolved(member.schema)] else {
                    return false
                }
                return found == kind
            }?.member
        }
        let hasMore = member(Self.hasMoreKeys, .boolean)
        // Where the body says nothing of the next page, a declared `Link` header does.
        let withoutField: ViewModelDeclaration.Paging.Next? =
            entry.declaresLinkHeader ? .linkHeader : hasMore.map(ViewModelDeclaration.Paging.Next.hasMore)
        let next: ViewModelDeclaration.Paging.Next
        switch style {
        case .page:
            if let nextPage = member(Self.nextPageKeys, .integer) {
                next = .nextPageField(nextPage)
            } else if let total = member(Self.totalPageKeys, .integer) {
                next = .totalPages(total)
            } else if let link = member(Self.nextLinkKeys, .string) {
                next = .nextLink(link)
            } else if let total = member(Self.totalKeys, .integer) {
                next = .totalCount(total)
            } else {
                next = withoutField ?? .untilEmpty
            }
        case .offset:
            if let total = member(Self.totalKeys, .integer) {
                next = .totalCount(total)
            } else {
                next = withoutField ?? .untilEmpty
            }
        case .cursor:
            // A token, a next-page URL (Django REST's `next`), a UUID or a date-time; bytes are no cursor.
            if let cursor = member(Self.nextCursorKeys, .string), [.string, .url, .scalar(.uuid), .scalar(.date)].contains(cursor.type) {
                next = .cursorField(cursor, hasMore: hasMore)
            } else if entry.declaresLinkHeader {
                next = .linkHeader
            } else {
                return nil
            }
        case .link:
            next = .linkHeader
        }
        var paging = ViewModelDeclaration.Paging(style: style, parameter: parameter, itemType: itemType, items: items, next: next)
        paging.pageIsOptional = declaration.response.type.isOptional
        paging.limit = style == .offset ? Self.pageSize(declaration) : nil
        return paging
    }

    /// The query parameter that walks the pages and how: the one `x-apigen-paging` names, else
    /// the first whose name and type say page, cursor or offset.
    private func pagingParameter(
        _ entry: OperationEntry, _ declaration: OperationDeclaration
    ) -> (ViewModelDeclaration.Paging.Style, OperationParameter?)? {
        let query = declaration.parameters.filter { $0.location == .query }
        switch PagingOverride(entry.operation, query: query) {
        case .none:
            return nil
        case .parameter(let found, let chosen):
            return (chosen, found)
        case .invalid(let reason):
            types.warning("x-apigen-paging \(reason); paging is detected as without it", at: entry.operation.source)
        case .detect:
            break
        }
        if let found = query.first(where: { Self.pageKeys.contains($0.key) && $0.type.unwrapped.isInteger }) {
            return (.page, found)
        } else if let found = query.first(where: { Self.cursorKeys.contains($0.key) && $0.type.unwrapped == .string }) {
            return (.cursor, found)
        } else if let found = query.first(where: { Self.offsetKeys.contains($0.key) && $0.type.unwrapped.isInteger }) {
            return (.offset, found)
        } else if let found = query.first(where: { isDateCursor($0) }) {
            return (.cursor, found)
        }
        return nil
    }

    /// The query parameter that sets the page size (`limit`, `per_page`…), if any.
    private static func pageSize(_ declaration: OperationDeclaration) -> OperationParameter? {
        declaration.parameters.first { $0.location == .query && limitKeys.contains($0.key) && $0.type.unwrapped.isInteger }
    }

    /// A date-time (`after`, `since`), which travels as the cursor's text; the last choice, as a
    /// time filter beside a page or offset is no cursor.
    private func isDateCursor(_ parameter: OperationParameter) -> Bool {
        Self.cursorKeys.contains(parameter.key) && parameter.type.unwrapped == .scalar(.date) && parameter.type.isOptional
    }

    /// The declared type of a top-level struct's property.
    private func propertyType(_ typeName: String, _ property: Identifier) -> SwiftType? {
        guard let index = firstDeclaration[typeName], case .structure(let structure) = declarations[index].kind else { return nil }
        return structure.properties.first { $0.name == property }?.type
    }

    /// The item type, where the items are in a page, and the page's members.
    private func itemsOf(_ schema: SchemaID, responseType: SwiftType) -> (
        SwiftType, ViewModelDeclaration.Paging.Items, [(key: String, schema: SchemaID, member: ViewModelDeclaration.Paging.Member)]
    )? {
        if case .array(let element) = responseType.unwrapped {
            return (element, .wholePage, [])
        }
        guard case .named(let pageType) = responseType.unwrapped else { return nil }
        // Optionality comes from the declared property: a property with a default is not optional.
        let described = types.structMembers(of: schema).map { member in
            let type = propertyType(pageType, member.name)
            return (
                key: member.key, schema: member.schema,
                member: ViewModelDeclaration.Paging.Member(
                    name: member.name, isOptional: type?.isOptional ?? true, type: type?.unwrapped ?? .jsonValue)
            )
        }
        let arrays = described.filter { if case .array = types.shapes[table.resolved($0.schema)] { return true } else { return false } }
        guard
            let list = Self.itemKeys.lazy.compactMap({ key in arrays.first { $0.key == key } }).first
                ?? (arrays.count == 1 ? arrays[0] : nil)
        else {
            return nil
        }
        guard let listType = propertyType(pageType, list.member.name), case .array(let itemType) = listType.unwrapped else {
            return nil
        }
        return (itemType, .member(list.member), described)
    }
}

/// The operation's `x-apigen-paging`: `false` (no paging), or `{parameter: name, style: page |
/// offset | cursor}` naming the query parameter that pages when its name is not one apigen
/// knows; the style defaults to the name's, else to the type's (an integer pages by number, a
/// string by cursor).
enum PagingOverride {
    case detect
    case none
    case parameter(OperationParameter, ViewModelDeclaration.Paging.Style)
    /// The value is not one of those: why, for the warning.
    case invalid(String)

    init(_ operation: Operation, query: [OperationParameter]) {
        guard let value = operation.extensions["x-apigen-paging"] else {
            self = .detect
            return
        }
        guard case .object(let members) = value else {
            self = value == .bool(false) ? .none : .invalid("must be false or a mapping with `parameter` (and `style`)")
            return
        }
        let fields = Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        guard case .string(let name) = fields["parameter"] else {
            self = .invalid("needs `parameter`, the name of the query parameter that pages")
            return
        }
        guard let found = query.first(where: { $0.key == name }) else {
            self = .invalid("names `\(SwiftLiteral.inlineDocumentation(name))`, which is not a query parameter of the operation")
            return
        }
        let type = found.type.unwrapped
        let style: ViewModelDeclaration.Paging.Style
        switch fields["style"] {
        case .string("page"): style = .page
        case .string("offset"): style = .offset
        case .string("cursor"): style = .cursor
        case nil: style = type == .string ? .cursor : (ViewModelTranslator.offsetKeys.contains(name) ? .offset : .page)
        default:
            self = .invalid("has a `style` other than `page`, `offset` or `cursor`")
            return
        }
        guard style == .cursor ? type == .string : type.isInteger else {
            self = .invalid(
                "names `\(SwiftLiteral.inlineDocumentation(name))`, whose type does not fit \(style == .cursor ? "a cursor (a string)" : "a page or offset (an integer)")"
            )
            return
        }
        self = .parameter(found, style)
    }
}
