/// Hands out unique names within one scope (a module's top level, a type's members, an enum's
/// cases). A name already taken gets the lowest free numeric suffix: `url`, `url2`. Callers ask
/// in document order, so the result is deterministic.
public struct NameScope: Sendable {
    private var taken: Set<String>

    public init(reserved: Set<String> = []) {
        taken = reserved
    }

    public mutating func claim(_ proposed: String) -> String {
        if taken.insert(proposed).inserted {
            return proposed
        }
        // `v1` + 2 would read as `v12`: separate a suffix from a trailing digit.
        let separator = proposed.last?.isNumber == true ? "_" : ""
        var suffix = 2
        while !taken.insert("\(proposed)\(separator)\(suffix)").inserted {
            suffix += 1
        }
        return "\(proposed)\(separator)\(suffix)"
    }

    public func contains(_ name: String) -> Bool {
        taken.contains(name)
    }

    public mutating func reserve(_ name: String) {
        taken.insert(name)
    }
}
