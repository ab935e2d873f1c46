/// Index of a schema in `SchemaTable`. Schemas form a graph (references, recursion), so they
/// live in one table and point at each other by index.
public struct SchemaID: Hashable, Comparable, Sendable {
    public let index: Int

    @inlinable
    public init(_ index: Int) {
        self.index = index
    }

    @inlinable
    public static func < (lhs: SchemaID, rhs: SchemaID) -> Bool {
        lhs.index < rhs.index
    }
}

/// JSON Schema's primitive types.
public enum JSONType: String, CaseIterable, Hashable, Sendable {
    case string
    case integer
    case number
    case boolean
    case object
    case array
    case null
}

/// One schema object, in one form for OpenAPI 3.0, 3.1 and Swagger 2.0.
public struct Schema: Sendable {
    public enum AdditionalProperties: Hashable, Sendable {
        /// Not said: JSON Schema allows anything, but generating a dictionary for every
        /// object would be noise, so generators treat this as "no extra properties".
        case unspecified
        case allowed(Bool)
        case schema(SchemaID)
    }

    public struct Property: Sendable {
        public var name: String
        public var schema: SchemaID

        public init(name: String, schema: SchemaID) {
            self.name = name
            self.schema = schema
        }
    }

    public struct Discriminator: Sendable {
        public var propertyName: String
        /// Discriminator value to the schema it selects, in document order.
        public var mapping: [(value: String, schema: SchemaID)]

        public init(propertyName: String, mapping: [(value: String, schema: SchemaID)]) {
            self.propertyName = propertyName
            self.mapping = mapping
        }
    }

    /// Where the schema is written: a `$ref` to another schema is followed through `reference`.
    public var source: SourceRef
    /// Set when this schema is `$ref: ...` (other keywords beside a 3.0 `$ref` are ignored).
    public var reference: SchemaID?
    /// The `$ref` text as written, for messages.
    public var referenceText: String?
    /// Empty when the schema does not say (any type).
    public var types: Set<JSONType> = []
    public var format: String?
    public var title: String?
    public var description: String?
    public var nullable = false
    public var deprecated = false
    public var readOnly = false
    public var writeOnly = false
    public var properties: [Property] = []
    public var required: [String] = []
    public var additionalProperties: AdditionalProperties = .unspecified
    public var items: SchemaID?
    public var allOf: [SchemaID] = []
    public var oneOf: [SchemaID] = []
    public var anyOf: [SchemaID] = []
    public var discriminator: Discriminator?
    public var enumValues: [SpecValue]?
    public var constValue: SpecValue?
    public var defaultValue: SpecValue?
    public var examples: [SpecValue] = []
    public var minimum: Double?
    public var maximum: Double?
    public var minLength: Int?
    public var maxLength: Int?
    public var pattern: String?

    public init(source: SourceRef) {
        self.source = source
    }

    /// True for `{}` and schemas that only annotate: they accept any JSON value.
    public var isUnconstrained: Bool {
        reference == nil && types.isEmpty && properties.isEmpty && items == nil && allOf.isEmpty
            && oneOf.isEmpty && anyOf.isEmpty && enumValues == nil && constValue == nil
            && additionalProperties == .unspecified
    }
}

/// All schemas of a spec, and the names of those declared as reusable components.
public struct SchemaTable: Sendable {
    public internal(set) var schemas: [Schema] = []
    /// Declared component schemas (`#/components/schemas`, Swagger's `#/definitions`) in
    /// document order; other schemas reached by `$ref` get names from `referenceNames`.
    public internal(set) var components: [(name: String, schema: SchemaID)] = []
    /// Schemas that a `$ref` points at, with the name its pointer or file suggests
    /// (`models/droplet.yml` → `droplet`, `#/components/schemas/Pet/$defs/Tag` → `Tag`).
    public internal(set) var referenceNames: [SchemaID: String] = [:]

    public init() {}

    /// Borrowing accessors: `table[id].readOnly` reads one field without copying the schema
    /// (a large struct of arrays), which translation does hundreds of thousands of times.
    public subscript(id: SchemaID) -> Schema {
        // Inlinable, so that other modules read a field in place rather than through a call.
        @inlinable _read { yield schemas[id.index] }
        _modify { yield &schemas[id.index] }
    }

    @inlinable
    public var count: Int {
        schemas.count
    }

    /// Follows `$ref` links to the schema that has content. Cycles of pure references are
    /// rejected by the loader, so this terminates.
    @inlinable
    public func resolved(_ id: SchemaID) -> SchemaID {
        var current = id
        var steps = 0
        while let next = schemas[current.index].reference, steps < schemas.count {
            current = next
            steps += 1
        }
        return current
    }
}
