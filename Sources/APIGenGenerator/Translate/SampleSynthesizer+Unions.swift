import APIGenOpenAPI

/// The samples of unions: the discriminator naming the branch a sample was built from, and the
/// alternative an object that holds a union is also.
extension SampleSynthesizer {
    /// Makes the discriminator select a union's branch in its sample: a value that selects
    /// another branch or none (a synthesized string, or the first value of an enum every
    /// branch shares) becomes the branch's own; one that selects this branch is kept.
    func name(
        _ member: SchemaID, by discriminator: Schema.Discriminator, in members: inout [SpecValue.Member]
    ) {
        let key = discriminator.propertyName
        func values(_ alternative: SchemaID) -> [String] {
            DiscriminatorValues.values(
                for: alternative, discriminator: discriminator, table: table, shapes: shapes, componentNames: componentNames)
        }
        guard let selector = values(member).first else { return }
        guard let index = members.firstIndex(where: { $0.key == key }) else {
            members.insert(.init(key: key, value: .string(selector)), at: 0)
            return
        }
        if case .string(let current) = members[index].value, values(member).contains(current) {
            return
        }
        members[index].value = .string(selector)
    }

    /// The first of `union`'s alternatives that has a sample, its keys added beside the object's
    /// own (the struct decodes the alternative from the same object); false when none has one.
    func addAlternative(
        of union: SchemaID, to members: inout [SpecValue.Member], variant: Int, depth: Int, path: inout SchemaMarks
    ) -> Bool {
        for alternative in SchemaShape.alternatives(of: table[union], in: table) {
            guard case .object(var extra)? = sample(alternative, variant: variant, hint: "", depth: depth + 1, path: &path) else {
                continue
            }
            if let discriminator = table[union].discriminator {
                name(alternative, by: discriminator, in: &extra)
            }
            members += extra.filter { member in !members.contains { $0.key == member.key } }
            return true
        }
        return false
    }
}
