/// A Swift member name as the naming function made it (`createdAt`, `default`), kept plain in
/// the IR. It becomes code only when printed: interpolated into a line it is written escaped
/// (`` `default` ``), so escaping happens in one place, at print time, and no translator has to
/// remember whether a name it holds was escaped already.
public struct Identifier: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The name without backticks: for keys derived from it, `_name` storage and doc comments.
    public let plain: String
    /// Whether the name is a reserved word; looked up once, since a name is printed many times.
    private let isReserved: Bool

    public init(_ plain: String) {
        self.plain = plain
        isReserved = SwiftName.isReserved(plain)
    }

    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// As written in a declaration or an expression: backticks around a reserved word.
    public var code: String {
        isReserved ? "`\(plain)`" : plain
    }

    /// As written for an argument label in a call, where only `inout` needs backticks.
    public var argumentLabel: String {
        plain == "inout" ? "`inout`" : plain
    }

    public var description: String {
        code
    }
}
