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
    /// `required`: the keys the object itself requires.
    func addAlternative(
        of union: SchemaID, to members: inout [SpecValue.Member], required: Set<String>, variant: Int, depth: SampleDepth,
        path: inout SchemaMarks
    ) -> Bool {
        let alternatives = SchemaShape.alternatives(of: table[union], in: table)
        for alternative in alternatives {
            guard case .object(var extra)? = sample(alternative, variant: variant, hint: "", depth: depth.alternative, path: &path) else {
                continue
            }
            if let discriminator = table[union].discriminator {
                name(alternative, by: discriminator, in: &extra)
            }
            members += extra.filter { member in !members.contains { $0.key == member.key } }
            if !table[union].oneOf.isEmpty {
                leaveOutKeys(ofOthersThan: alternative, among: alternatives, keeping: required, in: &members)
            }
            return true
        }
        return false
    }

    /// A oneOf's value meets one alternative only: each other alternative whose required keys
    /// the sample all holds loses the first of them that neither the object nor the chosen
    /// alternative requires (OpenSearch's TermsLookup: `id` or `query`, not both).
    private func leaveOutKeys(
        ofOthersThan chosen: SchemaID, among alternatives: [SchemaID], keeping required: Set<String>,
        in members: inout [SpecValue.Member]
    ) {
        let kept = required.union(shapes.mergedObject(table.resolved(chosen), table: table).required)
        for other in alternatives where table.resolved(other) != table.resolved(chosen) {
            let needs = shapes.mergedObject(table.resolved(other), table: table).required
            guard !needs.isEmpty, needs.allSatisfy({ key in members.contains { $0.key == key } }) else { continue }
            if let key = needs.sorted().first(where: { !kept.contains($0) }) {
                members.removeAll { $0.key == key }
            }
        }
    }

    /// The first alternative's sample, its discriminator naming it; for a oneOf without one, the
    /// first whose sample no other alternative takes (an object given a key of its own where
    /// needed: `distinguish`), else the first.
    func unionSample(
        _ union: SchemaID, alternatives: [SchemaID], variant: Int, hint: String, depth: SampleDepth, path: inout SchemaMarks
    ) -> SpecValue? {
        var fallback: SpecValue?
        for member in alternatives {
            guard let value = sample(member, variant: variant, hint: hint, depth: depth.alternative, path: &path) else { continue }
            // An alternative the union's own `type` rules out (OpenAI's TranscriptionChunkingStrategy:
            // `type: object` beside `oneOf: [enum [auto], VadConfig]`) gives no valid value.
            guard SchemaAssertions.fitsType(value, table[union].types) || value == .null && table[union].nullable else {
                fallback = fallback ?? value
                continue
            }
            guard case .object(var members) = value else {
                // A scalar another alternative takes too (`oneOf: [Flag, string]`, 'ALL'): the
                // next alternative's may be its own.
                guard !table[union].oneOf.isEmpty, isAmbiguous(value, as: member, among: alternatives) else { return value }
                fallback = fallback ?? value
                continue
            }
            if let discriminator = table[union].discriminator {
                name(member, by: discriminator, in: &members)
                return .object(members)
            }
            guard !table[union].oneOf.isEmpty, isAmbiguous(value, as: member, among: alternatives) else { return value }
            let distinguished = distinguish(&members, as: member, among: alternatives, depth: depth, path: &path)
            if distinguished && !isAmbiguous(.object(members), as: member, among: alternatives)
                || narrow(&members, as: member, among: alternatives, depth: depth, path: &path)
            {
                return .object(members)
            }
            fallback = fallback ?? value
        }
        return fallback
    }

    /// Whether `value`, a sample of a oneOf, is taken by more than one of its alternatives: none
    /// gave a value of its own (at the depth limit a value often cannot be told apart), so no
    /// validator accepts it, and a place that may stay empty (an array's item, an optional key)
    /// leaves it out.
    func isUnsettled(_ value: SpecValue, of id: SchemaID) -> Bool {
        let resolved = table.resolved(id)
        guard !table[resolved].oneOf.isEmpty, case .union(let alternatives) = shapes[resolved] else { return false }
        let checker = schemaChecker
        return alternatives.lazy.filter { checker.misfit(value, to: $0) == nil }.prefix(2).count > 1
    }

    /// Whether another alternative takes `value` too, by what decoders and validators check.
    private func isAmbiguous(_ value: SpecValue, as member: SchemaID, among alternatives: [SchemaID]) -> Bool {
        let checker = schemaChecker
        return alternatives.contains { $0 != member && checker.misfit(value, to: $0) == nil }
    }

    /// A oneOf's value must be valid for one alternative only. An object sample that carries
    /// none of the keys only its alternative declares (optional properties left out: `{}`) is
    /// given the first of them, so that an alternative closed to that key refuses it. False when
    /// the alternative declares no key of its own (another declares the same ones): a value of
    /// it is as much the other's.
    func distinguish(
        _ members: inout [SpecValue.Member], as member: SchemaID, among alternatives: [SchemaID], depth: SampleDepth,
        path: inout SchemaMarks
    ) -> Bool {
        guard case .object = shapes[table.resolved(member)] else { return true }
        let others = alternatives.filter { table.resolved($0) != table.resolved(member) }.map { alternative in
            Set(shapes.mergedObject(table.resolved(alternative), table: table).properties.map(\.name))
        }
        let own = shapes.mergedObject(table.resolved(member), table: table).properties.filter { property in
            others.allSatisfy { !$0.contains(property.name) }
        }
        guard !own.isEmpty else { return false }
        guard !own.contains(where: { property in members.contains { $0.key == property.name } }) else { return true }
        for property in own {
            if let value = sample(property.schema, variant: 0, hint: property.name, depth: depth.inner, path: &path) {
                members.append(.init(key: property.name, value: value))
                return true
            }
        }
        return false
    }

    /// A oneOf's object that alternatives open to other keys still take is given the first of
    /// its alternative's properties whose sample they refuse (`metric: HTTPTotalRequests`, where
    /// each alternative lists its own metrics), else a value of its own from `reshape`; false
    /// when none is refused.
    func narrow(
        _ members: inout [SpecValue.Member], as member: SchemaID, among alternatives: [SchemaID], depth: SampleDepth,
        path: inout SchemaMarks
    ) -> Bool {
        let properties = shapes.mergedObject(table.resolved(member), table: table).properties
        for property in properties where !members.contains(where: { $0.key == property.name }) {
            guard let value = sample(property.schema, variant: 0, hint: property.name, depth: depth.inner, path: &path) else {
                continue
            }
            members.append(.init(key: property.name, value: value))
            if !isAmbiguous(.object(members), as: member, among: alternatives) { return true }
            members.removeLast()
        }
        return reshape(&members, properties, as: member, among: alternatives, depth: depth, path: &path)
    }

    /// Alternatives that share every key can still differ in what a key holds: a present key
    /// whose schema is itself a union takes the sample of another of its alternatives where the
    /// others refuse that (OpenAI's eval template item, `oneOf: [EasyInputMessage, EvalItem]`,
    /// both taking a text `content`; only EvalItem takes a list of text items).
    private func reshape(
        _ members: inout [SpecValue.Member], _ properties: [Schema.Property], as member: SchemaID,
        among alternatives: [SchemaID], depth: SampleDepth, path: inout SchemaMarks
    ) -> Bool {
        let checker = schemaChecker
        for property in properties {
            guard let index = members.firstIndex(where: { $0.key == property.name }),
                case .union(let choices) = shapes[table.resolved(property.schema)]
            else { continue }
            let current = members[index].value
            for choice in choices {
                guard let value = sample(choice, variant: 0, hint: property.name, depth: depth.inner, path: &path),
                    value != current
                else { continue }
                members[index].value = value
                if checker.misfit(.object(members), to: member) == nil, !isAmbiguous(.object(members), as: member, among: alternatives) {
                    return true
                }
            }
            members[index].value = current
        }
        return false
    }
}

/// What an object's sample needs for a oneOf or anyOf that only says which keys go together
/// (`oneOf: [{required: [vector_store_ids]}, {required: [vector_stores]}]`): the keys of the
/// first alternative the object declares, and for a oneOf a key of each other alternative left
/// out, so that the sample meets exactly one; and a key left out of those `not: {required:}`
/// forbids together.
struct ConstraintChoice {
    private(set) var required: Set<String> = []
    private(set) var excluded: Set<String> = []

    /// `forbiddenTogether`: the `not: {required: […]}` lists of the object and its allOf parts.
    init(_ schema: borrowing Schema, declared: [Schema.Property], forbiddenTogether: [[String]], table: SchemaTable) {
        guard !schema.oneOf.isEmpty || !schema.anyOf.isEmpty || !forbiddenTogether.isEmpty else { return }
        choose(among: schema.oneOf, exclusive: true, declared: declared, table: table)
        choose(among: schema.anyOf, exclusive: false, declared: declared, table: table)
        // `not: {required: [image_url, file_id]}`: one of them stays out.
        for keys in forbiddenTogether {
            if let left = keys.first(where: { !required.contains($0) }) { excluded.insert(left) }
        }
    }

    private mutating func choose(among members: [SchemaID], exclusive: Bool, declared: [Schema.Property], table: SchemaTable) {
        let constraints = members.map { table[table.resolved($0)] }.filter(SchemaShape.isConstraintOnly).map(\.required)
        guard !constraints.isEmpty, constraints.count == members.count,
            let chosen = constraints.firstIndex(where: { keys in keys.allSatisfy { key in declared.contains { $0.name == key } } })
        else { return }
        required.formUnion(constraints[chosen])
        guard exclusive else { return }
        for (index, other) in constraints.enumerated() where index != chosen {
            if let left = other.first(where: { !required.contains($0) }) { excluded.insert(left) }
        }
    }
}
