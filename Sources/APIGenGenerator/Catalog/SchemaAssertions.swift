import APIGenOpenAPI
import Foundation

/// The assertions of one schema level that a decoder does not enforce but a validator does:
/// enum membership (the models keep unknown values), lengths, `pattern`, bounds, item and
/// member counts. `ExampleChecker` applies them to an example before it becomes a sample, so a
/// spec's example that breaks its own schema is not handed to previews and tests as valid.
enum SchemaAssertions {
    /// The keyword `value` breaks at this level, or nil.
    static func brokenKeyword(_ value: SpecValue, schema: Schema) -> String? {
        if let listed = schema.enumValues, !listed.isEmpty, !listed.contains(where: { sameValue($0, value) }) {
            return "enum"
        }
        if !fitsType(value, schema.types) { return "type" }
        switch value {
        case .string(let text): return textKeyword(text, schema: schema)
        case .int(let number): return numberKeyword(Double(number), schema: schema)
        case .double(let number): return numberKeyword(number, schema: schema)
        case .array(let elements): return arrayKeyword(elements, schema: schema)
        case .object(let members):
            if let least = schema.minProperties, members.count < least { return "minProperties" }
            if let most = schema.maxProperties, members.count > most { return "maxProperties" }
            let forbidden = schema.notRequired
            if !forbidden.isEmpty, forbidden.allSatisfy({ name in members.contains { $0.key == name } }) { return "not" }
            return nil
        case .null, .bool: return nil
        }
    }

    /// Whether the value's JSON type is one `type` lists (none listed: any). The generated type
    /// checks the kind where it decides the type; `type` beside a union does not
    /// (`oneOf: [boolean, {enum: [auto]}], type: boolean` admits only booleans).
    static func fitsType(_ value: SpecValue, _ types: JSONTypes) -> Bool {
        guard !types.isEmpty else { return true }
        switch value {
        case .string: return types.contains(.string)
        case .int: return types.contains(.integer) || types.contains(.number)
        case .double(let number): return types.contains(.number) || types.contains(.integer) && number == number.rounded()
        case .bool: return types.contains(.boolean)
        case .array: return types.contains(.array)
        case .object: return types.contains(.object)
        case .null: return types.contains(.null)
        }
    }

    /// JSON values compare numbers by value: `1` is listed by `1.0`.
    static func sameValue(_ left: SpecValue, _ right: SpecValue) -> Bool {
        switch (left, right) {
        case (.int(let a), .double(let b)), (.double(let b), .int(let a)): return Double(a) == b
        default: return left == right
        }
    }

    private static func textKeyword(_ text: String, schema: Schema) -> String? {
        // JSON Schema counts characters as code points.
        let length = text.unicodeScalars.count
        if let least = schema.minLength, length < least { return "minLength" }
        if let most = schema.maxLength, length > most { return "maxLength" }
        if let pattern = schema.pattern, !matches(text, pattern: pattern) { return "pattern" }
        return nil
    }

    private static func numberKeyword(_ number: Double, schema: Schema) -> String? {
        if let least = schema.minimum, number < least { return "minimum" }
        if let most = schema.maximum, number > most { return "maximum" }
        if let step = schema.multipleOf, (number / step).rounded() != number / step { return "multipleOf" }
        return nil
    }

    private static func arrayKeyword(_ elements: [SpecValue], schema: Schema) -> String? {
        if let least = schema.minItems, elements.count < least { return "minItems" }
        if let most = schema.maxItems, elements.count > most { return "maxItems" }
        if schema.uniqueItems {
            for (index, element) in elements.enumerated() where elements[..<index].contains(where: { sameValue($0, element) }) {
                return "uniqueItems"
            }
        }
        return nil
    }

    /// Whether `pattern` matches somewhere in `text`, as ECMA-262's `test` does. A pattern that
    /// cannot be compiled says nothing, so it is taken as matched.
    private static func matches(_ text: String, pattern: String) -> Bool {
        PatternMatch.accepts(text, pattern: pattern) ?? true
    }
}
