import APIGenYAML

/// Which part of a document to generate (`filter:` in apigen.yaml, `--tag`, `--operation`,
/// `--path`, `--schema` on the command line), in the shape of swift-openapi-generator's
/// `filter`, so its users can bring theirs.
///
/// An operation is kept when its tag, its `operationId` or its path is listed; schemas are
/// kept when a kept operation or webhook reaches them, or when they are listed, together with
/// every schema they reach. The rest of the document is dropped before translation, so a
/// filtered client compiles only what it declares.
public struct DocumentFilter: Sendable {
    /// One listed name, with where it was written, for the warning when nothing matches it.
    public struct Entry: Sendable, Hashable {
        public var value: String
        public var location: SourceLocation?
        public var pointer: String?

        public init(_ value: String, location: SourceLocation? = nil, pointer: String? = nil) {
            self.value = value
            self.location = location
            self.pointer = pointer
        }
    }

    public var tags: [Entry] = []
    public var operations: [Entry] = []
    /// Paths as written in the spec (`/pets/{petId}`).
    public var paths: [Entry] = []
    /// Component schema names (`Pet`).
    public var schemas: [Entry] = []
    /// Leaves out deprecated operations and component schemas, and the schemas only they use.
    public var skipsDeprecated = false

    public init(tags: [Entry] = [], operations: [Entry] = [], paths: [Entry] = [], schemas: [Entry] = []) {
        self.tags = tags
        self.operations = operations
        self.paths = paths
        self.schemas = schemas
    }

    /// No entry at all: the whole document is generated.
    public var isEmpty: Bool {
        !selects && !skipsDeprecated
    }

    /// Whether entries name what to keep; without any, everything is kept (deprecated parts aside).
    private var selects: Bool {
        !(tags.isEmpty && operations.isEmpty && paths.isEmpty && schemas.isEmpty)
    }

    /// Appends the entries of `other` (the command line's to the config file's).
    public mutating func merge(_ other: DocumentFilter) {
        tags += other.tags
        operations += other.operations
        paths += other.paths
        schemas += other.schemas
        skipsDeprecated = skipsDeprecated || other.skipsDeprecated
    }

    /// The document with only the kept operations, webhooks and named schemas, and a warning
    /// for each entry that matches nothing (a typo would otherwise silently drop everything).
    public func apply(to document: OpenAPIDocument) -> (document: OpenAPIDocument, warnings: [Diagnostic]) {
        var filtered = document
        let tagNames = Set(tags.map(\.value))
        let operationIds = Set(operations.map(\.value))
        let pathNames = Set(paths.map(\.value))
        func isKept(_ operation: Operation) -> Bool {
            if skipsDeprecated, operation.deprecated { return false }
            guard selects else { return true }
            return operation.tags.contains(where: tagNames.contains) || operation.operationId.map(operationIds.contains) == true
                || pathNames.contains(operation.path)
        }
        filtered.operations = document.operations.filter(isKept)
        filtered.webhooks = document.webhooks.filter(isKept)

        var roots: [SchemaID] = []
        for operation in filtered.operations + filtered.webhooks {
            roots += Self.schemas(of: operation)
        }
        var warnings: [Diagnostic] = []
        let table = document.schemas
        if !selects {
            roots += undeprecatedComponents(of: document)
        }
        for entry in schemas {
            let matches = table.components.filter { $0.name == entry.value }
            if matches.isEmpty {
                warnings.append(Self.unmatched(entry, "no component schema is named '\(entry.value)'"))
            }
            roots += matches.map(\.schema)
        }
        let kept = SchemaReach(table).reachable(from: roots)
        filtered.schemas.components = table.components.filter { kept.contains($0.schema) }
        filtered.schemas.referenceNames = table.referenceNames.filter { kept.contains($0.key) }

        let all = document.operations + document.webhooks
        for entry in tags where !all.contains(where: { $0.tags.contains(entry.value) }) {
            warnings.append(Self.unmatched(entry, "no operation has the tag '\(entry.value)'"))
        }
        for entry in operations where !all.contains(where: { $0.operationId == entry.value }) {
            warnings.append(Self.unmatched(entry, "no operation has the operationId '\(entry.value)'"))
        }
        for entry in paths where !all.contains(where: { $0.path == entry.value }) {
            warnings.append(Self.unmatched(entry, "no operation has the path '\(entry.value)'"))
        }
        return (filtered, warnings)
    }

    /// The component schemas kept without a selection: those not deprecated that nothing
    /// deprecated uses (a schema only a deprecated operation or schema uses goes with it, unless
    /// a kept operation uses it too).
    private func undeprecatedComponents(of document: OpenAPIDocument) -> [SchemaID] {
        let table = document.schemas
        let reach = SchemaReach(table)
        var deprecatedRoots = (document.operations + document.webhooks).filter(\.deprecated).flatMap(Self.schemas(of:))
        deprecatedRoots += table.components.map(\.schema).filter { table[$0].deprecated || table[table.resolved($0)].deprecated }
        let usedByDeprecated = skipsDeprecated ? reach.reachable(from: deprecatedRoots) : []
        return table.components.map(\.schema).filter { !usedByDeprecated.contains($0) }
    }

    /// Every schema an operation names: parameters, bodies, responses, headers and callbacks.
    static func schemas(of operation: Operation) -> [SchemaID] {
        var found = operation.parameters.compactMap(\.schema)
        let media = (operation.requestBody?.content ?? []) + operation.responses.flatMap(\.content)
        found += media.flatMap { [$0.schema, $0.itemSchema].compactMap { $0 } }
        found += operation.responses.flatMap { $0.headers.compactMap(\.schema) }
        for callback in operation.callbacks {
            for request in callback.operations { found += schemas(of: request) }
        }
        return found
    }

    private static func unmatched(_ entry: Entry, _ message: String) -> Diagnostic {
        .warning("filter: \(message); the entry keeps nothing", at: entry.location, pointer: entry.pointer)
    }
}

/// The schemas a value of some schemas may hold: what a filtered client must keep, and which
/// way each schema's values travel.
public struct SchemaReach {
    let table: SchemaTable
    /// The component schemas that extend each schema through `allOf`: where a base with a
    /// discriminator is used, a value may be any of them.
    private var extensions: [SchemaID: [SchemaID]] = [:]

    public init(_ table: SchemaTable) {
        self.table = table
        for component in table.components {
            let id = table.resolved(component.schema)
            for part in table[id].allOf {
                extensions[table.resolved(part), default: []].append(component.schema)
            }
        }
    }

    /// `roots` and everything they reach, through references and every subschema.
    public func reachable(from roots: [SchemaID]) -> Set<SchemaID> {
        var found: Set<SchemaID> = []
        var pending = roots
        while let next = pending.popLast() {
            guard found.insert(next).inserted else { continue }
            // Passed borrowed from the table: a schema is a large struct, not worth a copy.
            enqueueParts(of: table[next], id: next, into: &pending)
        }
        return found
    }

    private func enqueueParts(of schema: Schema, id: SchemaID, into pending: inout [SchemaID]) {
        if let target = schema.reference { pending.append(target) }
        pending += schema.allOf
        pending += schema.oneOf
        pending += schema.anyOf
        for property in schema.properties { pending.append(property.schema) }
        if let items = schema.items { pending.append(items) }
        if let content = schema.contentSchema { pending.append(content) }
        if case .schema(let values) = schema.additionalProperties { pending.append(values) }
        if let discriminator = schema.discriminator {
            for entry in discriminator.mapping { pending.append(entry.schema) }
            pending += extensions[id] ?? []
        }
    }
}
