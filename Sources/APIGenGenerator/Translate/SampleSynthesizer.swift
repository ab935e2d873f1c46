import APIGenOpenAPI

/// Builds a JSON value that is valid for a schema: the schema's own example where that example
/// fits the schema, else a deterministic synthesised value (real enum cases, valid formats,
/// every required property). Generated `sample` values decode this JSON.
struct SampleSynthesizer {
    let table: SchemaTable
    let shapes: ShapeTable
    let componentNames: SchemaMap<String>
    /// Samples already built, by schema, variant and depth. A sample depends on the path only
    /// through cycle cutting, and any cut gives a valid value, so reuse is safe.
    let memo: SampleMemo
    /// How deep objects nest in a sample; deeper content is left out where the schema allows.
    var maxDepth = 4
    /// Optional properties are filled in this deep; below it only required ones, so samples of
    /// large APIs stay small.
    var optionalDepth = 1
    /// Which example of a schema fits it (or none), found once per schema.
    let fittingExamples: FittingExamples
    /// The discriminator value each object is known by as a union's alternative: its sample
    /// carries it, as its initializer's default does (`DiscriminatorValues.known`).
    let knownDiscriminators: SchemaMap<DiscriminatorValues.Known>

    init(
        table: SchemaTable, shapes: ShapeTable, componentNames: SchemaMap<String>,
        knownDiscriminators: SchemaMap<DiscriminatorValues.Known>? = nil
    ) {
        self.table = table
        self.shapes = shapes
        self.componentNames = componentNames
        memo = SampleMemo(schemaCount: table.count)
        fittingExamples = FittingExamples(schemaCount: table.count)
        self.knownDiscriminators =
            knownDiscriminators ?? DiscriminatorValues.known(table: table, shapes: shapes, componentNames: componentNames)
    }

    /// A sample for `id`; `variant` (0, 1, 2…) varies identifiers and numbers so that lists of
    /// samples are not all equal. nil when no finite valid value exists (a required cycle).
    func sample(for id: SchemaID, variant: Int = 0, hint: String = "value") -> SpecValue? {
        // Every walk unmarks what it marks, so one set of marks serves all walks.
        var path = memo.takePath()
        defer { memo.path = path }
        return sample(id, variant: variant, hint: hint, depth: .top, path: &path)
    }

    func sample(_ id: SchemaID, variant: Int, hint: String, depth: SampleDepth, path: inout SchemaMarks) -> SpecValue? {
        if let known = memo.value(id, variant: variant, depth: depth) {
            return known
        }
        let value = build(id, variant: variant, hint: hint, depth: depth, path: &path)
        memo.store(value, for: id, variant: variant, depth: depth)
        return value
    }

    private func build(_ id: SchemaID, variant: Int, hint: String, depth: SampleDepth, path: inout SchemaMarks) -> SpecValue? {
        // Schemas are read in place (`table[id].field`): copying one costs a retain per field.
        let resolved = table.resolved(id)
        guard depth.nesting <= maxDepth, path.insert(resolved) else { return nil }
        defer { path.remove(resolved) }
        if variant == 0, let given = fittingExample(id) ?? (resolved == id ? nil : fittingExample(resolved)) ?? fittingDefault(id) {
            return given
        }
        // A value the schema fixes by its own keywords is the only valid one, whatever the type
        // it narrows allows (`allOf: [$ref: Kind], enum: [2]` is 2, not `Kind`'s first case): the
        // decoder rejects any other (`StructTranslator.fixedLiteral`).
        if let fixed = shapes.fixedValue(of: id, in: table) {
            let owner = table[id].constValue != nil || table[id].enumValues != nil ? id : resolved
            if fits(fixed, to: id, given: table[owner].constValue != nil ? "const" : "enum", of: owner) {
                return fixed
            }
        }
        switch shapes[resolved] {
        case .reference(let target):
            return sample(target, variant: variant, hint: hint, depth: depth, path: &path)
        case .alias(let target):
            // `allOf: [$ref: LogsinkVerbose], required: [sink_id]`: the type is the target's, but
            // a value of the wrapper holds the keys it requires.
            if !table[resolved].required.isEmpty, case .object = shapes[table.resolved(target)] {
                return objectSample(resolved, variant: variant, depth: depth, path: &path)
            }
            return sample(target, variant: variant, hint: hint, depth: depth, path: &path)
        case .union(let alternatives):
            return unionSample(resolved, alternatives: alternatives, variant: variant, hint: hint, depth: depth, path: &path)
        case .object:
            return objectSample(resolved, variant: variant, depth: depth, path: &path)
        case .stringEnum(let values):
            return .string(values[variant % values.count])
        case .integerEnum(let values):
            return .int(values[variant % values.count])
        case .constant(let value):
            return .string(value)
        case .array(let items):
            return arraySample(resolved, items: items, variant: variant, hint: hint, depth: depth, path: &path)
        case .dictionary(let values):
            return dictionarySample(resolved, values: values, variant: variant, depth: depth, path: &path)
        case .primitive(let type):
            return listedOrPrimitive(type, schema: resolved, variant: variant, hint: hint)
        case .primitiveUnion(let types):
            return primitive(types[0], schema: resolved, variant: variant, hint: hint)
        case .any:
            return SchemaShape.isNullable(table[resolved], table) ? .null : .object([])
        }
    }

    /// A `const` of another type than string (`maxRetries: {type: integer, const: 3}`), the
    /// only valid value; else one of an `enum` of numbers or Bools (no Swift enum is made of
    /// them); else a value of the type.
    private func listedOrPrimitive(_ type: JSONType, schema id: SchemaID, variant: Int, hint: String) -> SpecValue {
        if let constant = table[id].constValue, fits(constant, to: id, given: "const", of: id) {
            return constant
        }
        if let values = table[id].enumValues?.filter({ $0 != .null }), !values.isEmpty,
            fits(values[variant % values.count], to: id, given: "enum", of: id)
        {
            return values[variant % values.count]
        }
        return primitive(type, schema: id, variant: variant, hint: hint)
    }

    private func arraySample(
        _ id: SchemaID, items: SchemaID?, variant: Int, hint: String, depth: SampleDepth, path: inout SchemaMarks
    ) -> SpecValue? {
        let prefix = table[id].prefixItems
        if !prefix.isEmpty {
            // A tuple: each leading element as its own schema says.
            var elements: [SpecValue] = []
            for (offset, element) in prefix.enumerated() {
                guard let value = sample(element, variant: variant + offset, hint: hint, depth: depth.inner, path: &path) else {
                    return nil
                }
                elements.append(value)
            }
            return .array(elements)
        }
        let count = Self.itemCount(table[id])
        guard let items, count > 0 else { return .array([]) }
        let leastItems = table[id].minItems ?? 0
        var elements = (0..<count).compactMap { offset in
            sample(items, variant: variant + offset, hint: hint, depth: depth.inner, path: &path)
        }
        if leastItems == 0 {
            elements.removeAll { isUnsettled($0, of: items) }
        }
        if table[id].uniqueItems {
            elements = SchemaShape.distinct(elements)
        }
        guard elements.count < count else { return .array(elements) }
        // Items cut off by a cycle or the depth limit, or that no oneOf alternative settles: an
        // empty array where the schema allows one, else no sample (a property left out, or a
        // null), never one that breaks `minItems`.
        return leastItems > 0 ? nil : .array([])
    }

    /// An empty map, or as many entries as `minProperties` asks (up to `mostItems`), keyed
    /// `key1`, `key2`…; no sample where the values have none.
    private func dictionarySample(
        _ id: SchemaID, values: SchemaID?, variant: Int, depth: SampleDepth, path: inout SchemaMarks
    ) -> SpecValue? {
        let count = min(table[id].minProperties ?? 0, Self.mostItems)
        guard count > 0 else { return .object([]) }
        var members: [SpecValue.Member] = []
        for offset in 0..<count {
            guard let key = memberKey(id, offset: offset, variant: variant, depth: depth, path: &path),
                !members.contains(where: { $0.key == key })
            else { return nil }
            guard let values else {
                members.append(.init(key: key, value: .string("value")))
                continue
            }
            guard let value = sample(values, variant: variant + offset, hint: "value", depth: depth.inner, path: &path) else { return nil }
            members.append(.init(key: key, value: value))
        }
        return .object(members)
    }

    /// `key1`, `key2`…, or a text `propertyNames` accepts.
    private func memberKey(_ id: SchemaID, offset: Int, variant: Int, depth: SampleDepth, path: inout SchemaMarks) -> String? {
        guard let names = table[id].propertyNames else { return "key\(offset + 1)" }
        return sample(names, variant: variant + offset, hint: "key", depth: depth.inner, path: &path)?.stringValue
    }

    /// Whether `value`, the spec's `keyword` of `owner`, decodes as `id`'s type. One the Swift
    /// type cannot hold (JSON Schema lets it through) is noted for a warning
    /// (`SampleTranslator.warnAboutUnheldValues`).
    private func fits(_ value: SpecValue, to id: SchemaID, given keyword: String, of owner: SchemaID) -> Bool {
        // A fixed value is what the decoder accepts, whatever else the schema says; a default
        // is the spec's own choice, so it must keep the schema as an example must.
        var checker = ExampleChecker(table: table, shapes: shapes)
        checker.followsSchema = keyword == "default"
        guard let misfit = checker.misfit(value, to: id) else { return true }
        if misfit.problem.isTypeLimit { fittingExamples.unheld.append(.value(owner, keyword: keyword, index: 0, misfit)) }
        return false
    }

    /// Holds a value to every assertion of its schema (enum membership, bounds, exactly one
    /// alternative of a oneOf…), as a sample must: previews and tests take samples as values a
    /// server accepts.
    var schemaChecker: ExampleChecker {
        var checker = ExampleChecker(table: table, shapes: shapes)
        checker.followsSchema = true
        return checker
    }

    /// The schema's `default` where it decodes. An empty one says nothing about the value: a
    /// readable sample does.
    private func fittingDefault(_ id: SchemaID) -> SpecValue? {
        guard let value = DefaultRules.value(of: id, for: .sample, in: table), let owner = DefaultRules.owner(of: id, in: table),
            fits(value, to: id, given: "default", of: owner)
        else { return nil }
        return value
    }

    private func fittingExample(_ id: SchemaID) -> SpecValue? {
        let examples = table[id].examples
        // Most schemas have no example: nothing to check or remember.
        guard !examples.isEmpty else { return nil }
        switch fittingExamples.fits[id.index] {
        case .fits(let index): return examples[index]
        case .none: return nil
        case .unknown: break
        }
        let checker = schemaChecker
        var unheld: (index: Int, misfit: ValueFit.Misfit)?
        for (index, example) in examples.enumerated() {
            guard let misfit = checker.misfit(example, to: id) else {
                fittingExamples.fits[id.index] = .fits(index)
                return example
            }
            if unheld == nil, misfit.problem.isTypeLimit { unheld = (index, misfit) }
        }
        fittingExamples.fits[id.index] = .none
        // Only when no example fits: the sample is synthesized, and a warning says why.
        if let unheld {
            fittingExamples.unheld.append(.value(id, keyword: "example", index: unheld.index, unheld.misfit))
        }
        return nil
    }

    private func objectSample(_ id: SchemaID, variant: Int, depth: SampleDepth, path: inout SchemaMarks) -> SpecValue? {
        let merged = shapes.mergedObject(id, table: table)
        var members: [SpecValue.Member] = []
        let kind = knownDiscriminators[id]
        let keys = ConstraintChoice(
            table[table.resolved(id)], declared: merged.properties, forbiddenTogether: merged.forbiddenTogether, table: table)
        for property in merged.properties {
            let isRequired = merged.required.contains(property.name) || keys.required.contains(property.name)
            guard isRequired || !keys.excluded.contains(property.name) else { continue }
            // Optional keys only while `maxProperties` leaves room for the required ones after them.
            guard isRequired || hasRoom(for: property, in: merged, members: members) else { continue }
            // The value that selects this type in its union, at any depth, rather than a
            // synthesized string or the property's example (which may name another kind).
            if let kind, property.name == kind.key,
                ExampleChecker(table: table, shapes: shapes).conforms(.string(kind.value), to: property.schema)
            {
                members.append(.init(key: property.name, value: .string(kind.value)))
                continue
            }
            // Past the optional depth, optional keys only while `minProperties` asks for more
            // (OpenSearch's query containers: exactly one of their optional keys).
            guard isRequired || depth.level <= optionalDepth || members.count < merged.leastKeys else { continue }
            guard isRequired || merged.admitsOptionalKey(property.name) else { continue }
            if var value = sample(property.schema, variant: variant, hint: property.name, depth: depth.inner, path: &path),
                isRequired || !isUnsettled(value, of: property.schema)
            {
                if let overlays = merged.overlays[property.name] {
                    value = meeting(overlays, value, base: property.schema, variant: variant, depth: depth.inner, path: &path)
                }
                members.append(.init(key: property.name, value: value))
            } else if isRequired {
                guard PropertyRules.takesNull(property.schema, shapes: shapes, in: table) else { return nil }
                members.append(.init(key: property.name, value: .null))
            }
        }
        let required = merged.unions.isEmpty ? [] : merged.required.union(keys.required)
        for union in merged.unions {
            guard addAlternative(of: union, to: &members, required: required, variant: variant, depth: depth, path: &path)
            else { return nil }
        }
        // Too few keys (each candidate past the depth limit or already on the path) is no value
        // of the schema: an optional place leaves it out, an array holds none.
        return members.count >= merged.leastKeys ? .object(members) : nil
    }

    /// Whether an object sample with `members` so far may take the optional `property` and still
    /// hold every required key within its `maxProperties`.
    private func hasRoom(for property: Schema.Property, in merged: MergedObject, members: [SpecValue.Member]) -> Bool {
        guard let most = merged.mostKeys else { return true }
        let requiredLeft = merged.properties.filter { declared in
            merged.required.contains(declared.name) && !members.contains { $0.key == declared.name }
        }.count
        return members.count + 1 + requiredLeft <= most
    }

    /// The most items a sample array is given to meet a `minItems`.
    static let mostItems = 5

    /// One item, or as many as `minItems` asks (up to `mostItems`), never more than `maxItems`.
    static func itemCount(_ schema: Schema) -> Int {
        let count = max(1, min(schema.minItems ?? 1, mostItems))
        return min(count, max(0, schema.maxItems ?? count))
    }

    /// The most characters a sample string is given to meet a `minLength`.
    static let longestString = 1_024

    private func primitive(_ type: JSONType, schema id: SchemaID, variant: Int, hint: String) -> SpecValue {
        switch type {
        case .string:
            return stringSample(table[id], variant: variant, hint: hint)
        case .integer, .number:
            return numberSample(type, schema: id, variant: variant)
        case .boolean:
            return .bool(variant % 2 == 0)
        case .object:
            return .object([])
        case .array:
            return .array([])
        case .null:
            return .null
        }
    }

    private func stringSample(_ schema: Schema, variant: Int, hint: String) -> SpecValue {
        let number = variant + 1
        if let format = StringFormat(schema.format) {
            return .string(format.sample(number: number, hint: hint))
        }
        var text = "\(SwiftName.words(hint).joined(separator: " ").capitalizedFirst) \(number)"
        // Samples stay small: a longer `minLength` is not met.
        if let minLength = schema.minLength.map({ min($0, Self.longestString) }), text.count < minLength {
            text += String(repeating: "x", count: minLength - text.count)
        }
        if let maxLength = schema.maxLength, text.count > maxLength {
            text = String(text.prefix(max(maxLength, 0)))
        }
        // The readable text where the pattern allows it, else a string built to match.
        if let pattern = schema.pattern, PatternMatch.accepts(text, pattern: pattern) == false,
            let matching = PatternSample.string(
                matching: pattern, variant: variant, minLength: schema.minLength, maxLength: schema.maxLength)
        {
            return .string(matching)
        }
        return .string(text)
    }

    /// By the Swift type, not the JSON type: `{type: number, format: int32}` is an Int32, which
    /// 1.5 stops. A bound moves the value only where the type holds it; one it cannot hold (an
    /// int32's minimum of 3000000000) is left out, and noted for a warning.
    private func numberSample(_ type: JSONType, schema id: SchemaID, variant: Int) -> SpecValue {
        let scalar = ValueFit.scalar(type, format: table[id].format) ?? .double
        // The bound where the type holds it, rounded into the range for an integer.
        func held(_ keyword: String, _ bound: Double, roundingUp: Bool) -> Double? {
            let value =
                scalar.isInteger
                ? ValueFit.integerBound(bound, roundingUp: roundingUp, as: scalar).map(Double.init)
                : ValueFit.holds(bound: bound, as: scalar) ? bound : nil
            if value == nil { fittingExamples.unheld.append(.bound(id, keyword: keyword, value: bound, scalar)) }
            return value
        }
        var value = scalar.isInteger ? Double(variant + 1) : Double(variant) + 1.5
        if let minimum = table[id].minimum, value < minimum { value = held("minimum", minimum, roundingUp: true) ?? value }
        if let maximum = table[id].maximum, value > maximum { value = held("maximum", maximum, roundingUp: false) ?? value }
        if let step = table[id].multipleOf, value / step != (value / step).rounded() {
            // The next multiple up, where it is below the maximum and divides exactly as a
            // validator's doubles divide (0.1 * 3 does not).
            let multiple = (value / step).rounded(.up) * step
            if multiple <= (table[id].maximum ?? .infinity), (multiple / step).rounded() == multiple / step,
                ValueFit.holds(bound: multiple, as: scalar)
            {
                value = multiple
            }
        }
        // A held integer bound is a whole Double that converts back exactly.
        return scalar.isInteger ? .int(Int64(exactly: value) ?? Int64(variant + 1)) : .double(value)
    }
}

extension String {
    fileprivate var capitalizedFirst: String {
        guard let first else { return "Value" }
        return first.uppercased() + dropFirst()
    }
}
