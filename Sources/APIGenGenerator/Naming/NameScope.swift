/// Hands out unique names within one scope (a module's top level, a type's members, an enum's
/// cases). A name already taken gets the lowest free numeric suffix: `url`, `url2`. Callers ask
/// in document order, so the result is deterministic.
///
/// A nested type's scope starts as a copy of its parent's, which at the top level of a large
/// spec holds thousands of names. Names therefore live in two parts: `base`, which copies share
/// (Swift sets are copy-on-write), and the few taken since. Only the latter is written until it
/// grows large relative to `base`, so copying a scope and claiming a few names in the copy never
/// duplicates the big set. Most scopes are a type's handful of members: the first names taken
/// since sit in a small array (`recent`), compared directly, which spares a second hash per
/// claim and the allocation of a set per scope; only further ones go into `recentOverflow`.
public struct NameScope: Sendable {
    private var base: Set<String>
    private var recent: [String] = []
    private var recentOverflow: Set<String> = []

    /// How many names `recent` holds before further ones go into `recentOverflow`.
    private static let recentCapacity = 16

    public init(reserved: Set<String> = []) {
        base = reserved
    }

    public mutating func claim(_ proposed: String) -> String {
        if insert(proposed) {
            return proposed
        }
        // `v1` + 2 would read as `v12`: separate a suffix from a trailing digit.
        let separator = proposed.last?.isNumber == true ? "_" : ""
        var suffix = 2
        while !insert("\(proposed)\(separator)\(suffix)") {
            suffix += 1
        }
        return "\(proposed)\(separator)\(suffix)"
    }

    public func contains(_ name: String) -> Bool {
        isRecent(name) || base.contains(name)
    }

    public mutating func reserve(_ name: String) {
        _ = insert(name)
    }

    /// Moves recent names into the shared set, so that copies made next share all of them.
    /// Cheap while no copy shares `base`; call it on a long-lived scope before copying it.
    public mutating func consolidate() {
        guard !recent.isEmpty else { return }
        base.formUnion(recent)
        base.formUnion(recentOverflow)
        recent = []
        recentOverflow = []
    }

    private func isRecent(_ name: String) -> Bool {
        // Comparing the lengths first is cheap and settles most pairs of different names.
        let length = name.utf8.count
        for taken in recent where taken.utf8.count == length && taken == name {
            return true
        }
        return !recentOverflow.isEmpty && recentOverflow.contains(name)
    }

    /// Adds `name`; false when it was taken.
    private mutating func insert(_ name: String) -> Bool {
        guard !base.contains(name), !isRecent(name) else { return false }
        if recent.count < Self.recentCapacity {
            // Room for a type's members up front saves growing the array at 1, 2, 4 and 8 names.
            if recent.isEmpty { recent.reserveCapacity(Self.recentCapacity) }
            recent.append(name)
        } else {
            recentOverflow.insert(name)
        }
        // Folding in costs a copy of `base` when it is shared, so do it rarely: amortised,
        // each name is then copied a bounded number of times.
        if recent.count + recentOverflow.count > max(16, base.count / 8) {
            consolidate()
        }
        return true
    }
}
