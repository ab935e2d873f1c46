import APIGenOpenAPI

/// Memo of `SampleSynthesizer.sample`, shared by its copies. Indexed by schema rather than
/// hashed: each schema has only a few variant/depth pairs, and a short scan beats a hash.
final class SampleMemo {
    struct Entry {
        var variant: Int
        var depth: SampleDepth
        var value: SpecValue?
    }

    private var entries: [[Entry]]
    /// The walk's marks between walks (see `SampleSynthesizer.sample(for:variant:hint:)`).
    var path: SchemaMarks

    init(schemaCount: Int) {
        entries = Array(repeating: [], count: schemaCount)
        path = SchemaMarks(count: schemaCount)
    }

    /// `.some(nil)` when the sample is known not to exist; nil when not built yet.
    func value(_ id: SchemaID, variant: Int, depth: SampleDepth) -> SpecValue?? {
        for entry in entries[id.index] where entry.variant == variant && entry.depth == depth {
            return .some(entry.value)
        }
        return nil
    }

    /// A walk can store a key again on its way back up (a cut cycle stored nil first): the
    /// later value wins.
    func store(_ value: SpecValue?, for id: SchemaID, variant: Int, depth: SampleDepth) {
        if let slot = entries[id.index].firstIndex(where: { $0.variant == variant && $0.depth == depth }) {
            entries[id.index][slot].value = value
        } else {
            entries[id.index].append(Entry(variant: variant, depth: depth, value: value))
        }
    }

    /// Moves the marks out, so that the walk owns them without a copy.
    func takePath() -> SchemaMarks {
        var taken = SchemaMarks(count: 0)
        swap(&taken, &path)
        return taken
    }
}

/// The schemas on the current walk, one flag per schema: marking and unmarking happen at every
/// step, and an array index is cheaper than hashing into a set.
struct SchemaMarks {
    private var marks: [Bool]

    init(count: Int) {
        marks = Array(repeating: false, count: count)
    }

    /// Marks `id`; false when it was marked already.
    mutating func insert(_ id: SchemaID) -> Bool {
        if marks[id.index] { return false }
        marks[id.index] = true
        return true
    }

    mutating func remove(_ id: SchemaID) {
        marks[id.index] = false
    }
}

/// Memo of `SampleSynthesizer.fittingExample`, shared by its copies, and the values of the spec
/// that samples leave out because the Swift type cannot hold them.
final class FittingExamples {
    enum Fit {
        case unknown
        case none
        case fits(Int)
    }

    var fits: [Fit]
    /// In the order the walks met them, repeated when several walks did (a bound is read per
    /// variant): `SampleTranslator.warnAboutUnheldValues` warns once per place.
    var unheld: [UnheldValue] = []

    init(schemaCount: Int) {
        fits = Array(repeating: .unknown, count: schemaCount)
    }
}
