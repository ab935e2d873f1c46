/// Hands out unique names within one scope (a module's top level, a type's members, an enum's
/// cases). A name already taken gets the lowest free numeric suffix: `url`, `url2`. Callers ask
/// in document order, so the result is deterministic.
///
/// A nested type's scope starts as a copy of its parent's, which at the top level of a large
/// spec holds thousands of names. Names therefore live in two sets: `base`, which copies share
/// (Swift sets are copy-on-write), and `recent`, the few taken since. Only `recent` is written
/// until it grows large relative to `base`, so copying a scope and claiming a few names in the
/// copy never duplicates the big set.
public struct NameScope: Sendable {
    private var base: Set<String>
    private var recent: Set<String> = []

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
        recent.contains(name) || base.contains(name)
    }

    public mutating func reserve(_ name: String) {
        _ = insert(name)
    }

    /// Moves recent names into the shared set, so that copies made next share all of them.
    /// Cheap while no copy shares `base`; call it on a long-lived scope before copying it.
    public mutating func consolidate() {
        guard !recent.isEmpty else { return }
        base.formUnion(recent)
        recent = []
    }

    /// Adds `name`; false when it was taken.
    private mutating func insert(_ name: String) -> Bool {
        guard !base.contains(name) else { return false }
        // Most scopes are a type's members: room for them up front saves growing the set
        // (and rehashing every name) at 1, 2, 4 and 8 names.
        if recent.isEmpty { recent.reserveCapacity(16) }
        guard recent.insert(name).inserted else { return false }
        // Folding in costs a copy of `base` when it is shared, so do it rarely: amortised,
        // each name is then copied a bounded number of times.
        if recent.count > max(16, base.count / 8) {
            consolidate()
        }
        return true
    }
}
