import APIGenOpenAPI

/// Whether a value the spec gives (an example, a default, a fixed value) decodes with the type
/// generated for its schema: kinds, enum membership, fixed values and required properties,
/// recursively, and every scalar by what its Swift type holds (`ValueFit`: an Int32's range,
/// whole numbers, calendar days, base64), which JSON Schema does not check.
struct ExampleChecker {
    let table: SchemaTable
    let shapes: ShapeTable
    /// Whether the value must surely decode, as JSON embedded where a failure stops the app (a
    /// `default`, through `EmbeddedJSON.decode`) must: no depth cut-off, a discriminated union's
    /// value against the alternatives its kind selects, extra members against
    /// `additionalProperties`, URLs as `URL(string:)` reads them. Scalars are checked the same
    /// way in both modes.
    var decodesSurely = false
    /// For a discriminated union's values (`DiscriminatorValues`), with `decodesSurely`.
    var componentNames = SchemaMap<String>()
    /// Whether the value must also keep the assertions a decoder lets through (enum membership,
    /// lengths, pattern, bounds, counts, closed objects), as an example that becomes a sample
    /// must: previews and tests take samples as values a server accepts.
    var followsSchema = false

    func conforms(_ value: SpecValue, to id: SchemaID) -> Bool {
        misfit(value, to: id) == nil
    }

    /// nil when `value` decodes as the generated type of `id`; else where in the value and why
    /// not. Nothing is allocated when it fits: this runs for every example and default.
    func misfit(_ value: SpecValue, to id: SchemaID, depth: Int = 0) -> ValueFit.Misfit? {
        // What the type cannot hold first: that is the misfit a warning names.
        if let misfit = decodingMisfit(value, to: id, depth: depth) { return misfit }
        // `nullable: true` beside an `enum` that does not list null: OpenAPI 3.0.3 reads null as
        // outside the enum (validators do), so a sample takes a listed value (linode's CAA tag).
        if followsSchema, value == .null, let listed = table[table.resolved(id)].enumValues, !listed.contains(.null) {
            return ValueFit.Misfit(.breaks(keyword: "enum"))
        }
        guard followsSchema, value != .null,
            let keyword = SchemaAssertions.brokenKeyword(value, schema: table[table.resolved(id)])
        else { return nil }
        return ValueFit.Misfit(.breaks(keyword: keyword))
    }

    private func decodingMisfit(_ value: SpecValue, to id: SchemaID, depth: Int) -> ValueFit.Misfit? {
        guard depth < 32 else { return decodesSurely ? ValueFit.Misfit(.tooDeep) : nil }
        let resolved = table.resolved(id)
        let schema = table[resolved]
        if value == .null {
            return PropertyRules.takesNull(id, shapes: shapes, in: table) ? nil : ValueFit.Misfit(.null)
        }
        // A value the schema fixes is enforced when decoding (`PropertyReader`'s `constant:` reads).
        if let fixed = shapes.fixedValue(of: id, in: table), value != fixed {
            return ValueFit.Misfit(.constant(value, fixed: fixed))
        }
        switch shapes[resolved] {
        case .reference(let target), .alias(let target):
            return misfit(value, to: target, depth: depth + 1)
        case .union(let members):
            if decodesSurely, let discriminator = schema.discriminator {
                return discriminatedMisfit(value, members: members, discriminator: discriminator, depth: depth)
            }
            return alternativesMisfit(value, members: members, exactlyOne: followsSchema && !schema.oneOf.isEmpty, depth: depth)
        case .object:
            return objectMisfit(value, object: resolved, depth: depth)
        case .stringEnum:
            // An open enum keeps values it does not know.
            return value.stringValue != nil ? nil : ValueFit.Misfit(.kind(value, expected: "text"))
        case .constant(let constant):
            // The decoder enforces a constant (`PropertyReader.decode(constant:)`).
            return value.stringValue == constant ? nil : ValueFit.Misfit(.constant(value, fixed: .string(constant)))
        case .integerEnum(let values):
            // An open enum keeps values it does not list, but only those its raw type holds.
            return scalarMisfit(value, ValueFit.integerEnumRaw(values, format: schema.format))
        case .array(let items):
            guard case .array(let elements) = value else { return ValueFit.Misfit(.kind(value, expected: "an array")) }
            guard let items else { return nil }
            for (index, element) in elements.enumerated() {
                if let misfit = self.misfit(element, to: items, depth: depth + 1) { return misfit.inside(String(index)) }
            }
            return nil
        case .dictionary(let values):
            guard case .object(let members) = value else { return ValueFit.Misfit(.kind(value, expected: "an object")) }
            guard let values else { return nil }
            for member in members {
                if let misfit = self.misfit(member.value, to: values, depth: depth + 1) { return misfit.inside(member.key) }
            }
            return nil
        case .primitive(let type):
            // `object`, `array` or `null` as a primitive type is a JSONValue, which holds anything.
            return ValueFit.scalar(type, format: schema.format).flatMap { scalarMisfit(value, $0) }
        case .primitiveUnion(let types):
            return primitiveUnionMisfit(value, types: types, format: schema.format)
        case .any:
            return nil
        }
    }

    private func scalarMisfit(_ value: SpecValue, _ scalar: Scalar) -> ValueFit.Misfit? {
        ValueFit.problem(value, as: scalar, surely: decodesSurely).map { ValueFit.Misfit($0) }
    }

    /// nil when an alternative takes the value; else the misfit of the first alternative the
    /// value fails only by a limit of its Swift type, as that is the one a reader of the spec
    /// cannot see. With `exactlyOne` (a `oneOf`, as JSON Schema reads it) a value several
    /// alternatives take is a misfit too, which no validator accepts (DigitalOcean's add-on
    /// value, `oneOf: [string, boolean, string]`, and its example `Unlimited`).
    private func alternativesMisfit(_ value: SpecValue, members: [SchemaID], exactlyOne: Bool = false, depth: Int) -> ValueFit.Misfit? {
        var limit: ValueFit.Misfit?
        var taking = 0
        for member in members {
            guard let misfit = self.misfit(value, to: member, depth: depth + 1) else {
                guard exactlyOne else { return nil }
                taking += 1
                continue
            }
            if limit == nil, misfit.problem.isTypeLimit { limit = misfit }
        }
        if taking == 1 { return nil }
        if taking > 1 { return ValueFit.Misfit(.breaks(keyword: "oneOf")) }
        return limit ?? ValueFit.Misfit(.noAlternative)
    }

    /// As `alternativesMisfit`, for `type: [string, integer]` and the like.
    private func primitiveUnionMisfit(_ value: SpecValue, types: [JSONType], format: String?) -> ValueFit.Misfit? {
        var first: ValueFit.Problem?
        for type in types {
            guard let scalar = ValueFit.scalar(type, format: format),
                let problem = ValueFit.problem(value, as: scalar, surely: decodesSurely)
            else { return nil }
            if first == nil || (problem.isTypeLimit && first?.isTypeLimit == false) { first = problem }
        }
        return first.map { ValueFit.Misfit($0) }
    }

    private func objectMisfit(_ value: SpecValue, object: SchemaID, depth: Int) -> ValueFit.Misfit? {
        guard case .object(let members) = value else { return ValueFit.Misfit(.kind(value, expected: "an object")) }
        let merged = shapes.mergedObject(object, table: table)
        // Required of the generated type, that is: read-only and write-only ones are optional.
        // A required key the object does not describe (the type keeps it free-form, optional) is
        // still one a validator asks for (Square's RiskEvaluation `status`).
        for name in merged.required where !members.contains(where: { $0.key == name }) {
            let property = merged.properties.first { $0.name == name }
            let undeclared = property.map { table.undeclaredProperties.contains($0.schema) } ?? true
            let required =
                followsSchema && undeclared
                || property.map { PropertyRules.isRequired($0, of: merged, object: object, usage: shapes.usage, in: table) } == true
            if required { return ValueFit.Misfit(.missingProperty(name)) }
        }
        for member in members {
            if followsSchema, merged.closedKeySets.contains(where: { !$0.contains(member.key) }) {
                return ValueFit.Misfit(.breaks(keyword: "additionalProperties")).inside(member.key)
            }
            if let property = merged.properties.first(where: { $0.name == member.key }) {
                if let misfit = self.misfit(member.value, to: property.schema, depth: depth + 1) { return misfit.inside(member.key) }
            } else if decodesSurely, !merged.properties.isEmpty, case .schema(let values) = merged.additionalProperties,
                let misfit = self.misfit(member.value, to: values, depth: depth + 1)
            {
                // The struct keeps other members in `additionalProperties`, decoded as its type.
                return misfit.inside(member.key)
            }
        }
        // The object is also one of each union's alternatives, read from the same members.
        for union in merged.unions {
            let alternatives = SchemaShape.alternatives(of: table[union], in: table)
            var first: ValueFit.Misfit?
            for alternative in alternatives {
                guard let misfit = self.misfit(value, to: alternative, depth: depth + 1) else {
                    first = nil
                    break
                }
                first = first ?? misfit
            }
            if let first { return first }
        }
        return nil
    }

    /// A discriminated union decodes the alternatives its kind selects (each tried, the last
    /// one's error thrown), and keeps any other kind, or a value without one, as `unknown`.
    private func discriminatedMisfit(
        _ value: SpecValue, members: [SchemaID], discriminator: Schema.Discriminator, depth: Int
    ) -> ValueFit.Misfit? {
        let selectors = members.map {
            DiscriminatorValues.values(
                for: $0, discriminator: discriminator, table: table, shapes: shapes, componentNames: componentNames)
        }
        // A discriminator that selects nothing is dropped: the alternatives are tried in order.
        guard selectors.contains(where: { !$0.isEmpty }) else {
            return alternativesMisfit(value, members: members, depth: depth)
        }
        guard case .object(let fields) = value,
            case .string(let kind)? = fields.first(where: { $0.key == discriminator.propertyName })?.value
        else { return nil }
        let selected = members.indices.filter { selectors[$0].contains(kind) }.map { members[$0] }
        return selected.isEmpty ? nil : alternativesMisfit(value, members: selected, depth: depth)
    }
}
