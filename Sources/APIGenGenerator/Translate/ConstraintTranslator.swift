import APIGenOpenAPI

/// The constraints a schema puts on a value the client sends, for `validatesRequests: true`:
/// decided from the schema's content (past references and wrappers) in one place, for struct
/// properties and parameters alike.
extension SchemaTypes {
    func constraints(of id: SchemaID) -> [ValueConstraint] {
        guard validatesRequests, let content = shapes.content(of: id, in: table) else { return [] }
        let schema = table[content]
        var constraints: [ValueConstraint] = []
        switch shapes[content] {
        case .primitive(.string), .constant:
            if let least = schema.minLength, least > 0 { constraints.append(.minLength(least)) }
            if let most = schema.maxLength { constraints.append(.maxLength(most)) }
            if let pattern = schema.pattern { constraints.append(.pattern(pattern)) }
        case .primitive(.integer), .primitive(.number):
            if let least = schema.minimum { constraints.append(.minimum(least)) }
            if let most = schema.maximum { constraints.append(.maximum(most)) }
        case .array:
            if let least = schema.minItems, least > 0 { constraints.append(.minItems(least)) }
            if let most = schema.maxItems { constraints.append(.maxItems(most)) }
        case .stringEnum, .integerEnum:
            constraints.append(.knownValue)
        default:
            break
        }
        return constraints
    }

    /// Whether a value of this schema holds generated structs that check themselves.
    func holdsModels(_ id: SchemaID) -> Bool {
        guard validatesRequests, let content = shapes.content(of: id, in: table) else { return false }
        switch shapes[content] {
        case .object: return true
        case .array(let items?), .dictionary(let items?):
            return shapes.content(of: items, in: table).map { if case .object = shapes[$0] { return true } else { return false } } ?? false
        default: return false
        }
    }
}
