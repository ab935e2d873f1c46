import APIGenOpenAPI

/// Compact JSON text for a spec value, for sample data embedded in generated code (which then
/// goes through `SwiftLiteral.string`). Written as UTF-8 bytes: samples of a large spec add up
/// to megabytes, and appending to a `String` piece by piece costs several times more.
enum JSONText {
    static func render(_ value: SpecValue) -> String {
        var out: [UInt8] = []
        write(value, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    private static func write(_ value: SpecValue, into out: inout [UInt8]) {
        switch value {
        case .null: append("null", to: &out)
        case .bool(let flag): append(flag ? "true" : "false", to: &out)
        case .int(let number): append(String(number), to: &out)
        case .double(let number): append(number.isFinite ? "\(number)" : "null", to: &out)
        case .string(let text): writeString(text, into: &out)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                write(item, into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                writeString(member.key, into: &out)
                out.append(UInt8(ascii: ":"))
                write(member.value, into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    private static func append(_ text: String, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { out.append(contentsOf: $0) }
    }

    /// Only ASCII characters are escaped, so the other bytes of the UTF-8 text are copied as
    /// they are, a run at a time between escapes.
    private static func writeString(_ text: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            var runStart = 0
            for index in bytes.indices {
                let byte = bytes[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                appendEscape(of: byte, to: &out)
                runStart = index + 1
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
        }
        out.append(UInt8(ascii: "\""))
    }

    private static func appendEscape(of byte: UInt8, to out: inout [UInt8]) {
        switch byte {
        case UInt8(ascii: "\""): append("\\\"", to: &out)
        case UInt8(ascii: "\\"): append("\\\\", to: &out)
        case UInt8(ascii: "\n"): append("\\n", to: &out)
        case UInt8(ascii: "\r"): append("\\r", to: &out)
        case UInt8(ascii: "\t"): append("\\t", to: &out)
        default:
            let hex = String(byte, radix: 16)
            append("\\u" + String(repeating: "0", count: 4 - hex.count) + hex, to: &out)
        }
    }
}
