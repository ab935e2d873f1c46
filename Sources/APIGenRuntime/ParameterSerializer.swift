import Foundation

/// Writes parameter values the way OpenAPI's `style` and `explode` describe
/// (RFC 6570 in spirit): scalars as text, arrays and objects by style.
@_spi(Generated)
public enum ParameterSerializer {
    /// A value reduced to what styles work on.
    public enum Value: Sendable, Equatable {
        /// One value as text.
        case scalar(String)
        /// The items of an array as text, in order.
        case array([String])
        /// The members of an object as text, sorted by key.
        case object([(key: String, value: String)])

        /// Whether both are the same kind with the same texts in the same order.
        public static func == (lhs: Value, rhs: Value) -> Bool {
            switch (lhs, rhs) {
            case (.scalar(let a), .scalar(let b)): return a == b
            case (.array(let a), .array(let b)): return a == b
            case (.object(let a), .object(let b)): return a.elementsEqual(b) { $0.key == $1.key && $0.value == $1.value }
            default: return false
            }
        }
    }

    /// Scalars directly; anything else through JSON, so enums, dates (RFC 3339), UUIDs and
    /// generated structs are written the way they are in bodies. nil for a null value.
    public static func serialize<Wrapped: Encodable>(_ value: Wrapped) -> Value? {
        switch value {
        case let text as String: return .scalar(text)
        case let flag as Bool: return .scalar(flag ? "true" : "false")
        case let number as Int: return .scalar(String(number))
        case let number as Int32: return .scalar(String(number))
        case let number as Int64: return .scalar(String(number))
        case let date as Date: return .scalar(APIJSON.formatDateTime(date))
        case let uuid as UUID: return .scalar(uuid.uuidString.lowercased())
        case let url as URL: return .scalar(url.absoluteString)
        default: break
        }
        guard let json = json(value) else { return nil }
        switch json {
        case .null: return nil
        case .array(let items): return .array(items.compactMap(scalarText))
        case .object(let members):
            return .object(members.sorted { $0.key < $1.key }.compactMap { key, value in scalarText(value).map { (key, $0) } })
        default: return scalarText(json).map(Value.scalar)
        }
    }

    /// The value as the JSON a body would carry.
    static func json<Wrapped: Encodable>(_ value: Wrapped) -> JSONValue? {
        guard let data = try? APIJSON.makeRequestEncoder().encode(LowercasedUUIDs.encodable(value)) else { return nil }
        return try? JSONDecoder().decode(JSONValue.self, from: data)
    }

    /// The members of `value` as JSON, in the order of their names; none for nil or a value
    /// that is not an object (a union's alternative or a free-form object sent member by member).
    static func members<Wrapped: Encodable>(of value: Wrapped?) -> [(key: String, value: JSONValue)] {
        guard let value, case .object(let members)? = json(value) else { return [] }
        return members.sorted { $0.key < $1.key }.map { (key: $0.key, value: $0.value) }
    }

    /// Text for a JSON scalar; nested structures are written as compact JSON.
    static func scalarText(_ value: JSONValue) -> String? {
        switch value {
        case .null: return nil
        case .bool(let flag): return flag ? "true" : "false"
        case .int(let number): return String(number)
        case .double(let number): return number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
        case .string(let text): return text
        case .array, .object: return value.description
        }
    }

    /// Query items, percent-encoded, for one parameter.
    public static func queryItems(name: String, value: Value, style: ParameterStyle, explode: Bool, allowReserved: Bool) -> [(
        name: String, value: String
    )] {
        let encodedName = percentEncode(name, allowReserved: false)
        func encode(_ text: String) -> String {
            percentEncode(text, allowReserved: allowReserved)
        }
        switch value {
        case .scalar(let text):
            return [(encodedName, encode(text))]
        case .array(let items):
            switch style {
            case .form where explode, .deepObject:
                return items.map { (encodedName, encode($0)) }
            case .form:
                return [(encodedName, items.map(encode).joined(separator: ","))]
            case .spaceDelimited:
                return [(encodedName, items.map(encode).joined(separator: "%20"))]
            case .pipeDelimited:
                return [(encodedName, items.map(encode).joined(separator: "%7C"))]
            }
        case .object(let members):
            switch style {
            case .deepObject:
                return members.map { (percentEncode("\(name)[\($0.key)]", allowReserved: false), encode($0.value)) }
            case .form where explode:
                return members.map { (percentEncode($0.key, allowReserved: false), encode($0.value)) }
            case .form:
                return [(encodedName, members.flatMap { [encode($0.key), encode($0.value)] }.joined(separator: ","))]
            case .spaceDelimited:
                return [(encodedName, members.flatMap { [encode($0.key), encode($0.value)] }.joined(separator: "%20"))]
            case .pipeDelimited:
                return [(encodedName, members.flatMap { [encode($0.key), encode($0.value)] }.joined(separator: "%7C"))]
            }
        }
    }

    /// Style `simple` (paths and headers): `a,b,c`; objects `k,v,k2,v2`, or `k=v,k2=v2` exploded.
    public static func simple(_ value: Value, explode: Bool, encode: Bool) -> String {
        func text(_ raw: String) -> String {
            encode ? percentEncode(raw, allowReserved: false) : raw
        }
        switch value {
        case .scalar(let raw):
            return text(raw)
        case .array(let items):
            return items.map(text).joined(separator: ",")
        case .object(let members):
            return members.map { explode ? "\(text($0.key))=\(text($0.value))" : "\(text($0.key)),\(text($0.value))" }.joined(
                separator: ",")
        }
    }

    /// Percent-encodes everything but RFC 3986's unreserved characters (and, with
    /// `allowReserved`, its reserved ones), as UTF-8.
    public static func percentEncode(_ text: String, allowReserved: Bool) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if isUnreserved(byte) || (allowReserved && isReserved(byte)) {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                result += "%"
                result += String(byte >> 4, radix: 16, uppercase: true)
                result += String(byte & 0x0F, radix: 16, uppercase: true)
            }
        }
        return result
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
            || byte == 0x2D || byte == 0x2E || byte == 0x5F || byte == 0x7E
    }

    private static func isReserved(_ byte: UInt8) -> Bool {
        ":/?#[]@!$&'()*+,;=".utf8.contains(byte)
    }
}
