import Foundation

/// Any JSON value: the Swift type for free-form schemas (no `type`, `{}`, `additionalProperties: true`).
///
/// Typed rather than `Any` so that models stay `Codable`, `Hashable` and `Sendable`. Integers and
/// floating-point numbers are kept apart (`1` is `.int`, `1.5` is `.double`) so ids survive a round
/// trip exactly; JSON itself does not distinguish `1` from `1.0`, so neither does equality:
/// `.int(1) == .double(1.0)`. A whole number written as `1.0` or `1e3` may decode as `.int`.
public enum JSONValue: Sendable {
    /// JSON `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A whole number that fits in `Int64`.
    case int(Int64)
    /// Any other number.
    case double(Double)
    /// A string.
    case string(String)
    /// An array, in order.
    case array([JSONValue])
    /// An object; the order of its members is not kept.
    case object([String: JSONValue])
}

// MARK: - Accessors

extension JSONValue {
    /// The member named `key` of an object; nil when this is not an object or has no such member.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members[key]
    }

    /// The element at `index` of an array; nil when this is not an array or the index is out of range.
    public subscript(index: Int) -> JSONValue? {
        guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
        return elements[index]
    }

    /// The text of a `.string`; nil for every other kind.
    public var stringValue: String? {
        guard case .string(let value) = self else { return nil }
        return value
    }

    /// The integer for `.int`, and for a `.double` that is a whole number within `Int64`'s range.
    public var intValue: Int64? {
        switch self {
        case .int(let value): value
        case .double(let value): Int64(exactly: value)
        default: nil
        }
    }

    /// The number as a `Double`, for both `.int` and `.double`.
    public var doubleValue: Double? {
        switch self {
        case .int(let value): Double(value)
        case .double(let value): value
        default: nil
        }
    }

    /// The flag of a `.bool`; nil for every other kind.
    public var boolValue: Bool? {
        guard case .bool(let value) = self else { return nil }
        return value
    }

    /// The elements of an `.array`; nil for every other kind.
    public var arrayValue: [JSONValue]? {
        guard case .array(let value) = self else { return nil }
        return value
    }

    /// The members of an `.object`; nil for every other kind.
    public var objectValue: [String: JSONValue]? {
        guard case .object(let value) = self else { return nil }
        return value
    }

    /// Whether this is JSON `null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The member `key` of an object decoded as `Value` with `APIJSON.makeDecoder()`; nil when
    /// there is none or it does not decode. Generated unions read their base's fields from a
    /// kind they do not know with it.
    @_spi(Generated)
    public func decodedMember<Value: Decodable>(_ key: String, as type: Value.Type = Value.self) -> Value? {
        guard let member = self[key], let data = try? JSONEncoder().encode(member) else { return nil }
        return try? APIJSON.makeDecoder().decode(Value.self, from: data)
    }
}

// MARK: - Equality

extension JSONValue: Hashable {
    /// Structural equality, except that numbers compare by value across `.int` and `.double`.
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.int(let a), .int(let b)): a == b
        case (.double(let a), .double(let b)): a == b
        case (.int(let a), .double(let b)), (.double(let b), .int(let a)): Int64(exactly: b) == a
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)): a == b
        default: false
        }
    }

    /// Hashes the value so that equal values hash alike: a whole `.double` hashes like the equal `.int`.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null:
            hasher.combine(0)
        case .bool(let value):
            hasher.combine(1)
            hasher.combine(value)
        case .int(let value):
            hasher.combine(2)
            hasher.combine(value)
        case .double(let value):
            // Whole numbers hash like the equal `.int` so that `==` and hashing agree.
            if let integer = Int64(exactly: value) {
                hasher.combine(2)
                hasher.combine(integer)
            } else {
                hasher.combine(3)
                hasher.combine(value)
            }
        case .string(let value):
            hasher.combine(4)
            hasher.combine(value)
        case .array(let value):
            hasher.combine(5)
            hasher.combine(value)
        case .object(let value):
            hasher.combine(6)
            hasher.combine(value)
        }
    }
}

// MARK: - Codable

extension JSONValue: Codable {
    /// Objects and arrays are read through their own containers, so an error deep inside is
    /// reported once with its path instead of being retried as every other kind. Scalars are
    /// tried in the order nil, Bool, Int64, Double, String: `JSONDecoder` refuses to read a
    /// number as `Bool` or `true` as a number (the tests pin this down), which keeps kinds apart.
    public init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: AnyCodingKey.self) {
            var members: [String: JSONValue] = [:]
            members.reserveCapacity(object.allKeys.count)
            for key in object.allKeys {
                members[key.stringValue] = try object.decode(JSONValue.self, forKey: key)
            }
            self = .object(members)
            return
        }
        if var array = try? decoder.unkeyedContainer() {
            var items: [JSONValue] = []
            items.reserveCapacity(array.count ?? 0)
            while !array.isAtEnd {
                items.append(try array.decode(JSONValue.self))
            }
            self = .array(items)
            return
        }
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "Expected a JSON value (null, boolean, number, string, array or object)"
            )
        }
    }

    /// Writes the JSON this value stands for.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}

// MARK: - Literals

extension JSONValue: ExpressibleByNilLiteral {
    /// `nil` stands for JSON `null`: `let value: JSONValue = nil`.
    public init(nilLiteral: ()) { self = .null }
}

extension JSONValue: ExpressibleByBooleanLiteral {
    /// A `.bool` from a literal: `let value: JSONValue = true`.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension JSONValue: ExpressibleByIntegerLiteral {
    /// An `.int` from a literal: `let value: JSONValue = 42`.
    public init(integerLiteral value: Int64) { self = .int(value) }
}

extension JSONValue: ExpressibleByFloatLiteral {
    /// A `.double` from a literal: `let value: JSONValue = 1.5`.
    public init(floatLiteral value: Double) { self = .double(value) }
}

extension JSONValue: ExpressibleByStringLiteral {
    /// A `.string` from a literal: `let value: JSONValue = "dog"`.
    public init(stringLiteral value: String) { self = .string(value) }
}

extension JSONValue: ExpressibleByArrayLiteral {
    /// An `.array` from a literal: `let value: JSONValue = [1, "two", nil]`.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
}

extension JSONValue: ExpressibleByDictionaryLiteral {
    /// A repeated key keeps its last value, as a JSON parser would.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}

// MARK: - Description

extension JSONValue: CustomStringConvertible {
    /// Compact JSON with object keys sorted, so the text is stable for logs and test expectations.
    /// Non-finite doubles, which JSON cannot express, are written as `null`.
    public var description: String {
        var output = ""
        write(to: &output)
        return output
    }

    private func write(to output: inout String) {
        switch self {
        case .null:
            output += "null"
        case .bool(let value):
            output += value ? "true" : "false"
        case .int(let value):
            output += String(value)
        case .double(let value):
            output += value.isFinite ? "\(value)" : "null"
        case .string(let value):
            Self.writeQuoted(value, to: &output)
        case .array(let elements):
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += "," }
                element.write(to: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { output += "," }
                Self.writeQuoted(key, to: &output)
                output += ":"
                members[key]?.write(to: &output)
            }
            output += "}"
        }
    }

    private static func writeQuoted(_ string: String, to output: inout String) {
        output += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            case let control where control.value < 0x20:
                let hex = String(control.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
