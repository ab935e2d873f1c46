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

/// A set of `JSONType`s as a bit mask: schemas are asked about their types tens of thousands of
/// times on a large spec, and a `Set` hashes on every question. Iterates in declaration order.
public struct JSONTypes: SetAlgebra, Sequence, Hashable, Sendable {
    public typealias Element = JSONType

    @usableFromInline var bits: UInt8

    @inlinable public init() {
        bits = 0
    }

    @inlinable init(bits: UInt8) {
        self.bits = bits
    }

    @inlinable static func bit(_ type: JSONType) -> UInt8 {
        switch type {
        case .string: return 1 << 0
        case .integer: return 1 << 1
        case .number: return 1 << 2
        case .boolean: return 1 << 3
        case .object: return 1 << 4
        case .array: return 1 << 5
        case .null: return 1 << 6
        }
    }

    @inlinable public var isEmpty: Bool { bits == 0 }
    public var count: Int { bits.nonzeroBitCount }

    @inlinable public func contains(_ member: JSONType) -> Bool {
        bits & Self.bit(member) != 0
    }

    public func union(_ other: JSONTypes) -> JSONTypes { JSONTypes(bits: bits | other.bits) }
    public func intersection(_ other: JSONTypes) -> JSONTypes { JSONTypes(bits: bits & other.bits) }
    public func symmetricDifference(_ other: JSONTypes) -> JSONTypes { JSONTypes(bits: bits ^ other.bits) }
    public mutating func formUnion(_ other: JSONTypes) { bits |= other.bits }
    public mutating func formIntersection(_ other: JSONTypes) { bits &= other.bits }
    public mutating func formSymmetricDifference(_ other: JSONTypes) { bits ^= other.bits }

    @discardableResult
    public mutating func insert(_ newMember: JSONType) -> (inserted: Bool, memberAfterInsert: JSONType) {
        let inserted = !contains(newMember)
        bits |= Self.bit(newMember)
        return (inserted, newMember)
    }

    @discardableResult
    public mutating func remove(_ member: JSONType) -> JSONType? {
        guard contains(member) else { return nil }
        bits &= ~Self.bit(member)
        return member
    }

    @discardableResult
    public mutating func update(with newMember: JSONType) -> JSONType? {
        insert(newMember).inserted ? nil : newMember
    }

    /// The first member in declaration order, found without iterating.
    public var first: JSONType? {
        guard bits != 0 else { return nil }
        return JSONType.allCases[bits.trailingZeroBitCount]
    }

    public struct Iterator: IteratorProtocol {
        var remaining: JSONTypes

        public mutating func next() -> JSONType? {
            guard let type = remaining.first else { return nil }
            remaining.remove(type)
            return type
        }
    }

    public func makeIterator() -> Iterator {
        Iterator(remaining: self)
    }
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

    /// The stored keywords, kept in one shared box (`Storage`): translation copies schemas
    /// often, and copying a box is one retain where copying the fields was one per field.
    @usableFromInline
    struct Fields: Sendable {
        @usableFromInline var source: SourceRef
        @usableFromInline var reference: SchemaID?
        @usableFromInline var referenceText: String?
        @usableFromInline var types: JSONTypes = []
        @usableFromInline var format: String?
        @usableFromInline var title: String?
        @usableFromInline var description: String?
        @usableFromInline var nullable: Bool = false
        @usableFromInline var deprecated: Bool = false
        @usableFromInline var readOnly: Bool = false
        @usableFromInline var writeOnly: Bool = false
        @usableFromInline var properties: [Property] = []
        @usableFromInline var required: [String] = []
        @usableFromInline var notRequired: [String] = []
        @usableFromInline var additionalProperties: AdditionalProperties = .unspecified
        @usableFromInline var items: SchemaID?
        @usableFromInline var prefixItems: [SchemaID] = []
        @usableFromInline var propertyNames: SchemaID?
        @usableFromInline var contentSchema: SchemaID?
        @usableFromInline var allOf: [SchemaID] = []
        @usableFromInline var oneOf: [SchemaID] = []
        @usableFromInline var anyOf: [SchemaID] = []
        @usableFromInline var discriminator: Discriminator?
        @usableFromInline var enumValues: [SpecValue]?
        @usableFromInline var enumNames: [String]?
        @usableFromInline var constValue: SpecValue?
        @usableFromInline var defaultValue: SpecValue?
        @usableFromInline var examples: [SpecValue] = []
        @usableFromInline var minimum: Double?
        @usableFromInline var maximum: Double?
        @usableFromInline var multipleOf: Double?
        @usableFromInline var minLength: Int?
        @usableFromInline var maxLength: Int?
        @usableFromInline var minItems: Int?
        @usableFromInline var minProperties: Int?
        @usableFromInline var maxProperties: Int?
        @usableFromInline var uniqueItems = false
        @usableFromInline var maxItems: Int?
        @usableFromInline var pattern: String?

        init(source: SourceRef) {
            self.source = source
        }
    }

    /// Sendable as a value is: a box is shared only while nobody writes, and written only once
    /// unique.
    @usableFromInline
    final class Storage: @unchecked Sendable {
        /// Written only through `Schema.fields`, which first makes the box unique, so no two
        /// accesses can overlap: the per-read runtime check would only cost time.
        @exclusivity(unchecked) @usableFromInline var fields: Fields

        init(_ fields: Fields) {
            self.fields = fields
        }
    }

    @usableFromInline var storage: Storage

    /// The fields for writing: the box is copied first when another schema value shares it,
    /// so a box is only ever written through its one reference.
    @usableFromInline var fields: Fields {
        _read { yield storage.fields }
        _modify {
            if !isKnownUniquelyReferenced(&storage) {
                storage = Storage(storage.fields)
            }
            yield &storage.fields
        }
    }

    public init(source: SourceRef) {
        storage = Storage(Fields(source: source))
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

    /// Adds a schema the spec does not write out (a gathered Swagger body, a repair) and names it.
    mutating func append(_ schema: Schema) -> SchemaID {
        schemas.append(schema)
        return SchemaID(schemas.count - 1)
    }
    /// Declared component schemas (`#/components/schemas`, Swagger's `#/definitions`) in
    /// document order; other schemas reached by `$ref` get names from `referenceNames`.
    public internal(set) var components: [(name: String, schema: SchemaID)] = []
    /// Schemas that a `$ref` points at, with the name its pointer or file suggests
    /// (`models/droplet.yml` → `droplet`, `#/components/schemas/Pet/$defs/Tag` → `Tag`).
    public internal(set) var referenceNames: [SchemaID: String] = [:]
    /// The free-form schemas made for names `required` lists and no property declares
    /// (`UndeclaredRequired`): their properties are optional in Swift.
    public internal(set) var undeclaredProperties: Set<SchemaID> = []

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

    /// How many schemas have a name: the components and the schemas other files hold, which
    /// a spec split into files (DigitalOcean's) declares instead of components.
    public var namedCount: Int {
        Set(components.map(\.schema)).union(referenceNames.keys.map(resolved)).count
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
