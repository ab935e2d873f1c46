/// One stored property of a generated struct.
///
/// Its fields live in one shared box (`Storage`), as `Schema`'s do: rendering a model walks its
/// properties several times (initializer, decoder, encoder, stored values), and copying a box is one
/// retain where copying the fields was one per field.
@dynamicMemberLookup
public struct PropertyDeclaration: Sendable {
    /// The property's facts, read and written as members of the declaration (`property.key`).
    public struct Fields: Sendable {
        /// The Swift name, escaped where it is printed.
        public var name: Identifier
        /// The JSON key.
        public var key: String
        public var type: SwiftType
        /// Required keys are decoded with `decode`, others with `decodeIfPresent`.
        public var isRequired: Bool
        /// The value used when the key is absent (from the schema's `default` or `const`).
        public var defaultValue: Literal?
        /// The memberwise initializer's default where `defaultValue` is nil: the discriminator value
        /// that selects this struct in its union (`DiscriminatorValues.known`). Decoding and
        /// encoding do not use it.
        public var initializerDefault: Literal?
        /// Stored behind `Indirect`: the property closes a cycle of value types, or holds a large value.
        public var isIndirect: Bool = false
        /// Read from and written into the whole object rather than under a key: the alternative a
        /// union inside an allOf (or beside properties) is, whose keys sit beside the struct's own.
        public var isWholeValue: Bool = false
        /// readOnly: sent by the server only, so left out of what the client sends.
        public var isReadOnly: Bool = false
        /// `Nullable<T>?`: absent, null and a value are three different things to send.
        public var isPatchNullable: Bool = false
        /// The schema allows `null`.
        public var isNullable: Bool = false
        /// The one string the schema allows (`const`, or an `enum` of one value): decoding any other
        /// fails, which is how a union tells alternatives apart by such a value.
        public var constant: String?
        /// What `validationProblems(at:)` checks; empty unless the client validates requests.
        public var constraints: [ValueConstraint] = []
        /// Whether the value holds models that check themselves (a struct, or a list or map of them).
        public var holdsModels: Bool = false
        /// The one value of another kind the schema allows (`const: 2`, `enum: [2]`, `allOf: [$ref:
        /// Kind], enum: [2]`, `const: true`), as a literal of `type`: decoding any other fails, as for
        /// `constant`, but it is no default (`maxRetries: {type: integer, const: 3}` stays an `Int?`).
        public var fixedValue: Literal?
        /// The schema says `deprecated: true`: the property is `@available(*, deprecated)`, and
        /// generated code reads and writes its storage, so that only the app's uses warn.
        public var deprecationMessage: String?
        public var documentation: Documentation
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

    /// A field, read from the shared box and written into a box of this value's own.
    public subscript<Value>(dynamicMember field: WritableKeyPath<Fields, Value>) -> Value {
        get { storage.fields[keyPath: field] }
        set { fields[keyPath: field] = newValue }
    }

    /// Kept in `_name` storage behind an accessor: boxed (`isIndirect`), or deprecated.
    public var hasStorage: Bool {
        self.isIndirect || self.deprecationMessage != nil
    }

    /// A URL (whose text `URL` may give back differently, and which may come as `""`), or
    /// optional and either nullable or defaulted: what it received is kept in `KeyPresence`.
    public var tracksPresence: Bool {
        !self.isPatchNullable && (self.type.unwrapped == .url || !self.isRequired && (self.defaultValue != nil || self.isNullable))
    }
}
