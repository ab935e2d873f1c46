import APIGenOpenAPI

/// Samples of properties that allOf parts only assert over (`MergedObject.overlays`): the
/// property keeps one part's type, and its sample must meet the other parts too.
extension SampleSynthesizer {
    /// `value`, a sample of `base`, made to meet `overlays`: a key an overlay requires is added
    /// with a sample of the schema `base` declares for it, and an array's items meet the
    /// overlay's `items` (`rules: {items: {required: [action]}}` beside an array of rules).
    func meeting(
        _ overlays: [SchemaID], _ value: SpecValue, base: SchemaID, variant: Int, depth: SampleDepth, path: inout SchemaMarks
    ) -> SpecValue {
        var value = value
        let baseID = table.resolved(base)
        for overlay in overlays.map(table.resolved) {
            switch value {
            case .array(var items):
                guard let itemOverlay = table[overlay].items, let baseItems = table[baseID].items else { continue }
                for index in items.indices {
                    items[index] = meeting([itemOverlay], items[index], base: baseItems, variant: variant, depth: depth.inner, path: &path)
                }
                value = .array(items)
            case .object(var members):
                let declared = shapes.mergedObject(baseID, table: table).properties
                for name in table[overlay].required where !members.contains(where: { $0.key == name }) {
                    guard let property = declared.first(where: { $0.name == name }),
                        let sample = sample(property.schema, variant: variant, hint: name, depth: depth.inner, path: &path)
                    else { continue }
                    members.append(.init(key: name, value: sample))
                }
                value = .object(members)
            default:
                continue
            }
        }
        return value
    }
}
