import APIGenOpenAPI

/// Which `default` a schema gives, and which of them mean something where they are used: decided
/// here for the struct's properties, the builders' parameters and the samples. `DefaultValues`
/// then spells a usable one as a literal of the Swift type.
enum DefaultRules {
    /// Where a default is used.
    enum Use {
        /// A model's property: every value is one, `""` included; `null`, `{}` and `[]` on a
        /// structured type say nothing and are left out without a warning.
        case property
        /// A builder's optional parameter: an empty string, sent as `name=`, is a value most
        /// servers reject, and absent it means the same; a union's value has no literal a
        /// signature can hold.
        case parameter
        /// A sample: `null` and `""` say nothing about a value, a readable sample does.
        case sample
    }

    /// The schema whose `default` applies to `id`: its own, else the one it refers to.
    static func owner(of id: SchemaID, in table: SchemaTable) -> SchemaID? {
        if table[id].defaultValue != nil { return id }
        let resolved = table.resolved(id)
        return table[resolved].defaultValue != nil ? resolved : nil
    }

    /// The default of `id` that means something for `use`, or nil.
    static func value(of id: SchemaID, for use: Use, in table: SchemaTable) -> SpecValue? {
        guard let owner = owner(of: id, in: table), let value = table[owner].defaultValue else { return nil }
        switch use {
        case .property: return value
        case .parameter: return value == .string("") ? nil : value
        case .sample: return value == .null || value == .string("") ? nil : value
        }
    }

    /// Whether a property's default that has no literal of its type is worth a warning: not
    /// `null`, `{}` or `[]`, which only say "empty".
    static func warnsWhenUnusable(_ value: SpecValue) -> Bool {
        !(value == .null || value == .object([]) || value == .array([]))
    }

    /// Whether `literal` can stand in a builder's signature for `use` (a union's decoded JSON
    /// cannot).
    static func isSpellable(_ literal: Literal, for use: Use) -> Bool {
        if case .decodedJSON = literal { return use != .parameter }
        return true
    }
}
