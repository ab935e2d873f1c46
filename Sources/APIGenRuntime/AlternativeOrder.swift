/// The order in which a generated union without a discriminator tries its alternatives, for a
/// value that is an object: those that declare every key the object has first, so that an
/// alternative which would drop some of its keys (as `oneOf` alternatives that match loosely
/// do) is taken only when no better one decodes. Otherwise, and for values that are not
/// objects, the generated order stands.
@_spi(Generated)
public enum AlternativeOrder {
    /// The indices of `declaredKeys` (one entry per alternative, in the generated order; nil
    /// for one that keeps any key) with the alternatives that declare every key of the
    /// decoder's object first, each group in the generated order.
    public static func declaringEveryKey(_ decoder: any Decoder, _ declaredKeys: [Set<String>?]) -> [Int] {
        let all = Array(declaredKeys.indices)
        guard let container = try? decoder.container(keyedBy: AnyCodingKey.self) else { return all }
        let keys = container.allKeys
        let fits = declaredKeys.map { declared in declared.map { set in keys.allSatisfy { set.contains($0.stringValue) } } ?? true }
        guard fits.contains(false) else { return all }
        return all.filter { fits[$0] } + all.filter { !fits[$0] }
    }
}
