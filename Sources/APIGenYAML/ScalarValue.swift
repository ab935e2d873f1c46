/// What a scalar means under the YAML 1.2 core schema (which JSON is a subset of).
/// Only plain scalars can be null, booleans or numbers: `"10"` stays a string.
public enum ScalarValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
}

extension YAMLDocument {
    public func scalarValue(_ node: YAMLNode) -> ScalarValue? {
        guard let text = scalar(node) else { return nil }
        guard isPlainScalar(node) else { return .string(text) }
        return ScalarValue.resolvePlain(text)
    }
}

extension ScalarValue {
    static func resolvePlain(_ text: String) -> ScalarValue {
        // Every keyword below is at most five bytes and starts with one of a few: other
        // scalars (most of them) skip the twenty-odd string comparisons.
        if text.utf8.count <= 5, text.utf8.first.map(mayStartKeyword) ?? true, let keyword = resolveKeyword(text) {
            return keyword
        }
        return resolveNumber(text)
    }

    private static func mayStartKeyword(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "~"), UInt8(ascii: "n"), UInt8(ascii: "N"), UInt8(ascii: "t"), UInt8(ascii: "T"),
            UInt8(ascii: "f"), UInt8(ascii: "F"), UInt8(ascii: "."), UInt8(ascii: "+"), UInt8(ascii: "-"):
            return true
        default:
            return false
        }
    }

    private static func resolveKeyword(_ text: String) -> ScalarValue? {
        switch text {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .double(.infinity)
        case "-.inf", "-.Inf", "-.INF": return .double(-.infinity)
        case ".nan", ".NaN", ".NAN": return .double(.nan)
        default: return nil
        }
    }

    private static func resolveNumber(_ text: String) -> ScalarValue {
        guard let first = text.utf8.first,
            first == UInt8(ascii: "-") || first == UInt8(ascii: "+") || first == UInt8(ascii: ".")
                || (first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9"))
        else {
            return .string(text)
        }
        if let value = Int64(text) {
            return .int(value)
        }
        if text.hasPrefix("0x"), let value = Int64(text.dropFirst(2), radix: 16) {
            return .int(value)
        }
        if text.hasPrefix("0o"), let value = Int64(text.dropFirst(2), radix: 8) {
            return .int(value)
        }
        if isDecimalNumber(text), let value = Double(text) {
            return .double(value)
        }
        return .string(text)
    }

    /// `Double("0x1p3")` and friends accept more than YAML does; keep to `[-+]digits[.digits][e[-+]digits]`.
    private static func isDecimalNumber(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        var index = 0
        func skipSign() {
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
        }
        func digits() -> Int {
            let start = index
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
            return index - start
        }
        skipSign()
        var mantissaDigits = digits()
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            mantissaDigits += digits()
        }
        guard mantissaDigits > 0 else { return false }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            skipSign()
            guard digits() > 0 else { return false }
        }
        return index == bytes.count
    }
}
