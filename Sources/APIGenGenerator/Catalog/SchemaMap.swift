import APIGenOpenAPI

/// A value per schema, stored at `SchemaID.index`: translation asks about the same schemas
/// tens of thousands of times, and indexing an array costs less than hashing into a dictionary.
/// Grows on demand, so it needs no schema count up front.
struct SchemaMap<Value> {
    private var values: [Value?] = []

    init() {}

    subscript(id: SchemaID) -> Value? {
        get {
            id.index < values.count ? values[id.index] : nil
        }
        set {
            if id.index >= values.count {
                guard newValue != nil else { return }
                values.append(contentsOf: repeatElement(nil, count: id.index + 1 - values.count))
            }
            values[id.index] = newValue
        }
    }
}
