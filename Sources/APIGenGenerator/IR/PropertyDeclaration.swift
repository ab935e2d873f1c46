/// One stored property of a generated struct.
///
/// Its fields live in one shared box (`Storage`), as `Schema`'s do: rendering a model walks its
/// properties several times (initializer, decoder, encoder, stored values), and copying a box is one
/// retain where copying the fields was one per field.
public struct PropertyDeclaration: Sendable {
    private struct Fields: Sendable {
        var name: Identifier
        var key: String
        var type: SwiftType
        var isRequired: Bool
        var defaultValue: Literal?
        var initializerDefault: Literal?
        var isIndirect: Bool = false
        var isWholeValue: Bool = false
        var isReadOnly: Bool = false
        var isPatchNullable: Bool = false
        var isNullable: Bool = false
        var constant: String?
        var constraints: [ValueConstraint] = []
        var holdsModels: Bool = false
        var fixedValue: Literal?
        var deprecationMessage: String?
        var documentation: Documentation
    }

    /// Sendable as a value is: a box is shared only while nobody writes, and written only once
    /// unique.
    private final class Storage: @unchecked Sendable {
        /// Written only through `PropertyDeclaration.fields`, which first makes the box unique, so
        /// no two accesses can overlap: the per-read runtime check would only cost time.
        @exclusivity(unchecked) var fields: Fields

        init(_ fields: Fields) {
            self.fields = fields
        }
    }

    private var storage: Storage

    /// The fields for writing: the box is copied first when another value shares it.
    private var fields: Fields {
        _read { yield storage.fields }
        _modify {
            if !isKnownUniquelyReferenced(&storage) {
                storage = Storage(storage.fields)
            }
            yield &storage.fields
        }
    }

    public init(name: Identifier, key: String, type: SwiftType, isRequired: Bool, documentation: Documentation) {
        storage = Storage(Fields(name: name, key: key, type: type, isRequired: isRequired, documentation: documentation))
    }

    /// The Swift name, escaped where it is printed.
    public var name: Identifier {
        get { storage.fields.name }
        set { fields.name = newValue }
    }
    /// The JSON key.
    public var key: String {
        get { storage.fields.key }
        set { fields.key = newValue }
    }
    public var type: SwiftType {
        get { storage.fields.type }
        set { fields.type = newValue }
    }
    /// Required keys are decoded with `decode`, others with `decodeIfPresent`.
    public var isRequired: Bool {
        get { storage.fields.isRequired }
        set { fields.isRequired = newValue }
    }
    /// The value used when the key is absent (from the schema's `default` or `const`).
    public var defaultValue: Literal? {
        get { storage.fields.defaultValue }
        set { fields.defaultValue = newValue }
    }
    /// The memberwise initializer's default where `defaultValue` is nil: the discriminator value
    /// that selects this struct in its union (`DiscriminatorValues.known`). Decoding and
    /// encoding do not use it.
    public var initializerDefault: Literal? {
        get { storage.fields.initializerDefault }
        set { fields.initializerDefault = newValue }
    }
    /// Stored behind `Indirect`: the property closes a cycle of value types, or holds a large value.
    public var isIndirect: Bool {
        get { storage.fields.isIndirect }
        set { fields.isIndirect = newValue }
    }
    /// Read from and written into the whole object rather than under a key: the alternative a
    /// union inside an allOf (or beside properties) is, whose keys sit beside the struct's own.
    public var isWholeValue: Bool {
        get { storage.fields.isWholeValue }
        set { fields.isWholeValue = newValue }
    }
    /// readOnly: sent by the server only, so left out of what the client sends.
    public var isReadOnly: Bool {
        get { storage.fields.isReadOnly }
        set { fields.isReadOnly = newValue }
    }
    /// `Nullable<T>?`: absent, null and a value are three different things to send.
    public var isPatchNullable: Bool {
        get { storage.fields.isPatchNullable }
        set { fields.isPatchNullable = newValue }
    }
    /// The schema allows `null`.
    public var isNullable: Bool {
        get { storage.fields.isNullable }
        set { fields.isNullable = newValue }
    }
    /// The one string the schema allows (`const`, or an `enum` of one value): decoding any other
    /// fails, which is how a union tells alternatives apart by such a value.
    public var constant: String? {
        get { storage.fields.constant }
        set { fields.constant = newValue }
    }
    /// What `validationProblems(at:)` checks; empty unless the client validates requests.
    public var constraints: [ValueConstraint] {
        get { storage.fields.constraints }
        set { fields.constraints = newValue }
    }
    /// Whether the value holds models that check themselves (a struct, or a list or map of them).
    public var holdsModels: Bool {
        get { storage.fields.holdsModels }
        set { fields.holdsModels = newValue }
    }
    /// The one value of another kind the schema allows (`const: 2`, `enum: [2]`, `allOf: [$ref:
    /// Kind], enum: [2]`, `const: true`), as a literal of `type`: decoding any other fails, as for
    /// `constant`, but it is no default (`maxRetries: {type: integer, const: 3}` stays an `Int?`).
    public var fixedValue: Literal? {
        get { storage.fields.fixedValue }
        set { fields.fixedValue = newValue }
    }
    /// The schema says `deprecated: true`: the property is `@available(*, deprecated)`, and
    /// generated code reads and writes its storage, so that only the app's uses warn.
    public var deprecationMessage: String? {
        get { storage.fields.deprecationMessage }
        set { fields.deprecationMessage = newValue }
    }
    public var documentation: Documentation {
        get { storage.fields.documentation }
        set { fields.documentation = newValue }
    }

    /// Kept in `_name` storage behind an accessor: boxed (`isIndirect`), or deprecated.
    public var hasStorage: Bool {
        isIndirect || deprecationMessage != nil
    }

    /// A URL (whose text `URL` may give back differently, and which may come as `""`), or
    /// optional and either nullable or defaulted: what it received is kept in `KeyPresence`.
    public var tracksPresence: Bool {
        !isPatchNullable && (type.unwrapped == .url || !isRequired && (defaultValue != nil || isNullable))
    }
}
