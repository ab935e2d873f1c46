/// The schema's fields, read from the shared box and written through `fields`, which copies the
/// box first where another schema value shares it.
extension Schema {
    /// Where the schema is written: a `$ref` to another schema is followed through `reference`.
    @inlinable public var source: SourceRef {
        get { storage.fields.source }
        set { fields.source = newValue }
    }
    /// Set when this schema is `$ref: ...` (other keywords beside a 3.0 `$ref` are ignored).
    @inlinable public var reference: SchemaID? {
        get { storage.fields.reference }
        set { fields.reference = newValue }
    }
    /// The `$ref` text as written, for messages.
    @inlinable public var referenceText: String? {
        get { storage.fields.referenceText }
        set { fields.referenceText = newValue }
    }
    /// Empty when the schema does not say (any type).
    @inlinable public var types: JSONTypes {
        get { storage.fields.types }
        set { fields.types = newValue }
    }
    @inlinable public var format: String? {
        get { storage.fields.format }
        set { fields.format = newValue }
    }
    @inlinable public var title: String? {
        get { storage.fields.title }
        set { fields.title = newValue }
    }
    @inlinable public var description: String? {
        get { storage.fields.description }
        set { fields.description = newValue }
    }
    @inlinable public var nullable: Bool {
        get { storage.fields.nullable }
        set { fields.nullable = newValue }
    }
    @inlinable public var deprecated: Bool {
        get { storage.fields.deprecated }
        set { fields.deprecated = newValue }
    }
    @inlinable public var readOnly: Bool {
        get { storage.fields.readOnly }
        set { fields.readOnly = newValue }
    }
    @inlinable public var writeOnly: Bool {
        get { storage.fields.writeOnly }
        set { fields.writeOnly = newValue }
    }
    @inlinable public var properties: [Property] {
        get { storage.fields.properties }
        set { fields.properties = newValue }
    }
    @inlinable public var required: [String] {
        get { storage.fields.required }
        set { fields.required = newValue }
    }
    @inlinable public var additionalProperties: AdditionalProperties {
        get { storage.fields.additionalProperties }
        set { fields.additionalProperties = newValue }
    }
    @inlinable public var items: SchemaID? {
        get { storage.fields.items }
        set { fields.items = newValue }
    }
    /// The names `not: {required: [a, b]}` forbids together: a value holds some of them, never all.
    @inlinable public var notRequired: [String] {
        get { storage.fields.notRequired }
        set { fields.notRequired = newValue }
    }

    /// A 3.1 tuple's leading elements, in order; the Swift type holds free-form values.
    @inlinable public var prefixItems: [SchemaID] {
        get { storage.fields.prefixItems }
        set { fields.prefixItems = newValue }
    }

    /// The schema every key of an object's members keeps.
    @inlinable public var propertyNames: SchemaID? {
        get { storage.fields.propertyNames }
        set { fields.propertyNames = newValue }
    }

    /// How many items an array must have at least, and at most.
    @inlinable public var minItems: Int? {
        get { storage.fields.minItems }
        set { fields.minItems = newValue }
    }
    @inlinable public var minProperties: Int? {
        get { storage.fields.minProperties }
        set { fields.minProperties = newValue }
    }
    /// The most members an object may have.
    @inlinable public var maxProperties: Int? {
        get { storage.fields.maxProperties }
        set { fields.maxProperties = newValue }
    }
    /// Every item differs from the others (`uniqueItems: true`).
    @inlinable public var uniqueItems: Bool {
        get { storage.fields.uniqueItems }
        set { fields.uniqueItems = newValue }
    }
    @inlinable public var maxItems: Int? {
        get { storage.fields.maxItems }
        set { fields.maxItems = newValue }
    }
    /// Case names for `enum`'s values, in order (`x-enum-varnames`, `x-enumNames`).
    @inlinable public var enumNames: [String]? {
        get { storage.fields.enumNames }
        set { fields.enumNames = newValue }
    }
    /// What a string holds when it is encoded JSON (`contentMediaType: application/json`), such
    /// as an event's `data`.
    @inlinable public var contentSchema: SchemaID? {
        get { storage.fields.contentSchema }
        set { fields.contentSchema = newValue }
    }
    @inlinable public var allOf: [SchemaID] {
        get { storage.fields.allOf }
        set { fields.allOf = newValue }
    }
    @inlinable public var oneOf: [SchemaID] {
        get { storage.fields.oneOf }
        set { fields.oneOf = newValue }
    }
    @inlinable public var anyOf: [SchemaID] {
        get { storage.fields.anyOf }
        set { fields.anyOf = newValue }
    }
    @inlinable public var discriminator: Discriminator? {
        get { storage.fields.discriminator }
        set { fields.discriminator = newValue }
    }
    @inlinable public var enumValues: [SpecValue]? {
        get { storage.fields.enumValues }
        set { fields.enumValues = newValue }
    }
    @inlinable public var constValue: SpecValue? {
        get { storage.fields.constValue }
        set { fields.constValue = newValue }
    }
    @inlinable public var defaultValue: SpecValue? {
        get { storage.fields.defaultValue }
        set { fields.defaultValue = newValue }
    }
    @inlinable public var examples: [SpecValue] {
        get { storage.fields.examples }
        set { fields.examples = newValue }
    }
    @inlinable public var minimum: Double? {
        get { storage.fields.minimum }
        set { fields.minimum = newValue }
    }
    @inlinable public var maximum: Double? {
        get { storage.fields.maximum }
        set { fields.maximum = newValue }
    }
    @inlinable public var multipleOf: Double? {
        get { storage.fields.multipleOf }
        set { fields.multipleOf = newValue }
    }

    @inlinable public var minLength: Int? {
        get { storage.fields.minLength }
        set { fields.minLength = newValue }
    }
    @inlinable public var maxLength: Int? {
        get { storage.fields.maxLength }
        set { fields.maxLength = newValue }
    }
    @inlinable public var pattern: String? {
        get { storage.fields.pattern }
        set { fields.pattern = newValue }
    }
}
