import APIGenYAML

/// The schema parsed from each node, by file and node index: every schema, property and `$ref`
/// target asks, and indexing an array costs less than hashing a `SourceRef`. Grows on demand,
/// as files of a multi-file spec are loaded while parsing.
struct NodeSchemaIDs {
    /// Schema index per node, -1 where none was parsed (Int32 keeps it a quarter the size of
    /// an optional ID; a file's nodes are far fewer than Int32.max).
    private var byFile: [[Int32]] = []

    subscript(ref: SourceRef) -> SchemaID? {
        get {
            guard ref.file < byFile.count, ref.node.index < byFile[ref.file].count else { return nil }
            let index = byFile[ref.file][ref.node.index]
            return index < 0 ? nil : SchemaID(Int(index))
        }
        set {
            if ref.file >= byFile.count {
                byFile.append(contentsOf: repeatElement([], count: ref.file + 1 - byFile.count))
            }
            if ref.node.index >= byFile[ref.file].count {
                byFile[ref.file].append(contentsOf: repeatElement(-1, count: ref.node.index + 1 - byFile[ref.file].count))
            }
            byFile[ref.file][ref.node.index] = newValue.map { Int32($0.index) } ?? -1
        }
    }
}
