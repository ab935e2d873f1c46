/// A reference to a Swift type in generated code.
public indirect enum SwiftType: Hashable, Sendable {
    /// A type by name: a builtin (`String`), a runtime type (`JSONValue`), a generated
    /// top-level type (`Pet`) or a nested one (`Pet.Status`).
    case named(String)
    /// A value type of the standard library or Foundation that a JSON scalar decodes into.
    case scalar(Scalar)
    /// A runtime's generic type applied to arguments (`ResponseStream<Pet>`).
    case generic(String, [SwiftType])
    case array(SwiftType)
    case dictionary(SwiftType)
    case optional(SwiftType)

    public static let string = SwiftType.scalar(.string)
    public static let int = SwiftType.scalar(.int)
    public static let double = SwiftType.scalar(.double)
    public static let bool = SwiftType.scalar(.bool)
    public static let jsonValue = SwiftType.named("JSONValue")
    public static let data = SwiftType.scalar(.data)
    public static let url = SwiftType.scalar(.url)
    public static let filePart = SwiftType.named("FilePart")

    /// Whether the type is `name` or is built from it (`[Tree]`, `[String: Tree]?`).
    public func mentions(_ name: String) -> Bool {
        switch self {
        case .named(let named): return named == name
        case .scalar: return false
        case .generic(_, let arguments): return arguments.contains { $0.mentions(name) }
        case .array(let inner), .dictionary(let inner), .optional(let inner): return inner.mentions(name)
        }
    }

    /// Swift source for the type.
    public var code: String {
        switch self {
        case .named(let name): return name
        case .scalar(let scalar): return scalar.rawValue
        case .generic(let name, let arguments): return "\(name)<\(arguments.map(\.code).joined(separator: ", "))>"
        case .array(let element): return "[\(element.code)]"
        case .dictionary(let value): return "[String: \(value.code)]"
        case .optional(let wrapped):
            return "\(wrapped.code)?"
        }
    }

    /// Swift source for the type as written inside the type `scope` (`Pet.Owner`): nested
    /// types of the enclosing types are named without their qualifier, as people write them.
    /// Nested names never repeat along one chain of enclosing types, so this stays unambiguous.
    public func code(in scope: String) -> String {
        guard !scope.isEmpty else { return code }
        switch self {
        case .named(let name):
            // Generated names are ASCII and compare as bytes; other text by characters.
            if let shortened = Self.shortenedASCII(name, in: scope) {
                return shortened ?? name
            }
            // Only nested types (`Pet.Owner`) can be shortened.
            guard name.utf8.contains(UInt8(ascii: ".")) else { return name }
            var prefix = Substring(scope)
            while !prefix.isEmpty {
                if name.hasPrefix(prefix + "."), name.count > prefix.count + 1 {
                    return String(name.dropFirst(prefix.count + 1))
                }
                guard let dot = prefix.lastIndex(of: ".") else { break }
                prefix = prefix[..<dot]
            }
            return name
        case .scalar(let scalar): return scalar.rawValue
        case .generic(let name, let arguments): return "\(name)<\(arguments.map { $0.code(in: scope) }.joined(separator: ", "))>"
        case .array(let element): return "[\(element.code(in: scope))]"
        case .dictionary(let value): return "[String: \(value.code(in: scope))]"
        case .optional(let wrapped): return "\(wrapped.code(in: scope))?"
        }
    }

    /// The shortened name, or `.some(nil)` when it stays as it is; nil when either text is not
    /// ASCII.
    private static func shortenedASCII(_ name: String, in scope: String) -> String?? {
        var name = name
        var scope = scope
        return name.withUTF8 { name -> String?? in
            guard name.reduce(0, |) < 0x80 else { return nil }
            // Only nested types (`Pet.Owner`) can be shortened.
            guard name.contains(UInt8(ascii: ".")) else { return .some(nil) }
            return scope.withUTF8 { scope -> String?? in
                guard scope.reduce(0, |) < 0x80 else { return nil }
                var end = scope.count
                while end > 0 {
                    if name.count > end + 1, name[end] == UInt8(ascii: "."), name[..<end].elementsEqual(scope[..<end]) {
                        return String(decoding: UnsafeBufferPointer(rebasing: name[(end + 1)...]), as: UTF8.self)
                    }
                    guard let dot = scope[..<end].lastIndex(of: UInt8(ascii: ".")) else { break }
                    end = dot
                }
                return .some(nil)
            }
        }
    }

    /// Whether the type (not optional) is one of the integer types models use.
    public var isInteger: Bool {
        if case .scalar(let scalar) = self { return scalar.isInteger }
        return false
    }

    /// The scalar the type is (not optional), or nil.
    public var scalarKind: Scalar? {
        if case .scalar(let scalar) = self { return scalar }
        return nil
    }

    public var isOptional: Bool {
        if case .optional = self { return true }
        return false
    }

    /// The type without its outer optional.
    public var unwrapped: SwiftType {
        if case .optional(let wrapped) = self { return wrapped }
        return self
    }

    public var optional: SwiftType {
        isOptional ? self : .optional(self)
    }
}

/// The value types JSON scalars decode into, each named once: consumers switch on the kind
/// instead of comparing type names.
public enum Scalar: String, Hashable, Sendable, CaseIterable {
    case string = "String"
    case int = "Int"
    case int32 = "Int32"
    case int64 = "Int64"
    case double = "Double"
    case decimal = "Decimal"
    case bool = "Bool"
    case date = "Date"
    case calendarDate = "CalendarDate"
    case uuid = "UUID"
    case url = "URL"
    case data = "Data"

    public var isInteger: Bool {
        self == .int || self == .int32 || self == .int64
    }

    /// A number with a fraction: `Double` or `Decimal`.
    public var isFractional: Bool {
        self == .double || self == .decimal
    }
}
