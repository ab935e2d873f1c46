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
    let patterns = PatternCache()
    /// The discriminator value each object is known by as a union's alternative: its sample
    /// carries it, as its initializer's default does (`DiscriminatorValues.known`).
    let knownDiscriminators: SchemaMap<DiscriminatorValues.Known>

    init(table: SchemaTable, shapes: ShapeTable, componentNames: SchemaMap<String>) {
        self.table = table
        self.shapes = shapes
        self.componentNames = componentNames
        memo = SampleMemo(schemaCount: table.count)
        fittingExamples = FittingExamples(schemaCount: table.count)
        knownDiscriminators = DiscriminatorValues.known(table: table, shapes: shapes, componentNames: componentNames)
    }

    /// A sample for `id`; `variant` (0, 1, 2…) varies identifiers and numbers so that lists of
    /// samples are not all equal. nil when no finite valid value exists (a required cycle).
    func sample(for id: SchemaID, variant: Int = 0, hint: String = "value") -> SpecValue? {
        // Every walk unmarks what it marks, so one set of marks serves all walks.
        var path = memo.takePath()
        defer { memo.path = path }
        return sample(id, variant: variant, hint: hint, depth: 0, path: &path)
    }

    private func sample(_ id: SchemaID, variant: Int, hint: String, depth: Int, path: inout SchemaMarks) -> SpecValue? {
        if let known = memo.value(id, variant: variant, depth: depth) {
            return known
        }
        let value = build(id, variant: variant, hint: hint, depth: depth, path: &path)
        memo.store(value, for: id, variant: variant, depth: depth)
        return value
    }

    /// Makes the discriminator select a union's branch in its sample: a value that selects
    /// another branch or none (a synthesized string, or the first value of an enum every
    /// branch shares) becomes the branch's own; one that selects this branch is kept.
    private func name(
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

    private func build(_ id: SchemaID, variant: Int, hint: String, depth: Int, path: inout SchemaMarks) -> SpecValue? {
        // Schemas are read in place (`table[id].field`): copying one costs a retain per field.
        let resolved = table.resolved(id)
        guard depth <= maxDepth, path.insert(resolved) else { return nil }
        defer { path.remove(resolved) }
        if variant == 0, let example = fittingExample(id) ?? (resolved == id ? nil : fittingExample(resolved)) {
            return example
        }
        // An empty default says nothing about the value: a readable sample does.
        if let value = table[id].defaultValue ?? table[resolved].defaultValue, value != .null, value != .string(""), variant == 0,
            ExampleChecker(table: table, shapes: shapes).conforms(value, to: id)
        {
            return value
        }
        // A value the schema fixes by its own keywords is the only valid one, whatever the type
        // it narrows allows (`allOf: [$ref: Kind], enum: [2]` is 2, not `Kind`'s first case): the
        // decoder rejects any other (`StructTranslator.fixedLiteral`).
        if let fixed = SchemaShape.fixedValue(of: id, in: table), ExampleChecker(table: table, shapes: shapes).conforms(fixed, to: id) {
            return fixed
        }
        switch shapes[resolved] {
        case .reference(let target), .alias(let target):
            return sample(target, variant: variant, hint: hint, depth: depth, path: &path)
        case .union(let alternatives):
            for member in alternatives {
                if var value = sample(member, variant: variant, hint: hint, depth: depth + 1, path: &path) {
                    if let discriminator = table[resolved].discriminator, case .object(var members) = value {
                        name(member, by: discriminator, in: &members)
                        value = .object(members)
                    }
                    return value
                }
            }
            return nil
        case .object:
            return objectSample(resolved, variant: variant, depth: depth, path: &path)
        case .stringEnum(let values):
            return .string(values[variant % values.count])
        case .integerEnum(let values):
            return .int(values[variant % values.count])
        case .constant(let value):
            return .string(value)
        case .array(let items):
            let count = Self.itemCount(table[resolved])
            guard let items, count > 0 else { return .array([]) }
            // A cycle through an array ends in an empty array, which is always valid.
            let elements = (0..<count).compactMap { offset in
                sample(items, variant: variant + offset, hint: hint, depth: depth + 1, path: &path)
            }
            return .array(elements.count == count ? elements : [])
        case .dictionary:
            return .object([])
        case .primitive(let type):
            // A `const` of another type than string (`maxRetries: {type: integer, const: 3}`) is
            // the only valid value.
            if let constant = table[resolved].constValue, ExampleChecker(table: table, shapes: shapes).conforms(constant, to: resolved) {
                return constant
            }
            return primitive(type, schema: table[resolved], variant: variant, hint: hint)
        case .primitiveUnion(let types):
            return primitive(types[0], schema: table[resolved], variant: variant, hint: hint)
        case .any:
            return SchemaShape.isNullable(table[resolved], table) ? .null : .object([])
        }
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
        let checker = ExampleChecker(table: table, shapes: shapes)
        let index = examples.firstIndex { checker.conforms($0, to: id) }
        fittingExamples.fits[id.index] = index.map { .fits($0) } ?? .none
        return index.map { examples[$0] }
    }

    private func objectSample(_ id: SchemaID, variant: Int, depth: Int, path: inout SchemaMarks) -> SpecValue? {
        let merged = shapes.mergedObject(id, table: table)
        var members: [SpecValue.Member] = []
        let kind = knownDiscriminators[id]
        for property in merged.properties {
            let isRequired = merged.required.contains(property.name)
            // The value that selects this type in its union, at any depth, rather than a
            // synthesized string or the property's example (which may name another kind).
            if let kind, property.name == kind.key,
                ExampleChecker(table: table, shapes: shapes).conforms(.string(kind.value), to: property.schema)
            {
                members.append(.init(key: property.name, value: .string(kind.value)))
                continue
            }
            guard isRequired || depth <= optionalDepth else { continue }
            if let value = sample(property.schema, variant: variant, hint: property.name, depth: depth + 1, path: &path) {
                members.append(.init(key: property.name, value: value))
            } else if isRequired {
                guard
                    SchemaShape.isNullable(table[property.schema], table)
                        || SchemaShape.isNullable(table[table.resolved(property.schema)], table)
                else {
                    return nil
                }
                members.append(.init(key: property.name, value: .null))
            }
        }
        return .object(members)
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

    private func primitive(_ type: JSONType, schema: Schema, variant: Int, hint: String) -> SpecValue {
        switch type {
        case .string:
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
            if let pattern = schema.pattern, patterns.accepts(text, pattern: pattern) == false,
                let matching = PatternSample.string(
                    matching: pattern, variant: variant, minLength: schema.minLength, maxLength: schema.maxLength)
            {
                return .string(matching)
            }
            return .string(text)
        case .integer:
            var value = Double(variant + 1)
            if let minimum = schema.minimum, value < minimum { value = minimum.rounded(.up) }
            if let maximum = schema.maximum, value > maximum { value = maximum.rounded(.down) }
            // Bounds beyond 64 bits (or not numbers) leave the plain sample.
            return .int(Int64(exactly: value) ?? Int64(variant + 1))
        case .number:
            var value = Double(variant) + 1.5
            if let minimum = schema.minimum, value < minimum { value = minimum }
            if let maximum = schema.maximum, value > maximum { value = maximum }
            return .double(value)
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
}

extension String {
    fileprivate var capitalizedFirst: String {
        guard let first else { return "Value" }
        return first.uppercased() + dropFirst()
    }
}

/// Memo of `SampleSynthesizer.sample`, shared by its copies. Indexed by schema rather than
/// hashed: each schema has only a few variant/depth pairs, and a short scan beats a hash.
final class SampleMemo {
    struct Entry {
        var variant: Int
        var depth: Int
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
    func value(_ id: SchemaID, variant: Int, depth: Int) -> SpecValue?? {
        for entry in entries[id.index] where entry.variant == variant && entry.depth == depth {
            return .some(entry.value)
        }
        return nil
    }

    /// A walk can store a key again on its way back up (a cut cycle stored nil first): the
    /// later value wins.
    func store(_ value: SpecValue?, for id: SchemaID, variant: Int, depth: Int) {
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

/// Memo of `SampleSynthesizer.fittingExample`, shared by its copies.
final class FittingExamples {
    enum Fit {
        case unknown
        case none
        case fits(Int)
    }

    var fits: [Fit]

    init(schemaCount: Int) {
        fits = Array(repeating: .unknown, count: schemaCount)
    }
}

/// Whether an example value fits its schema well enough to decode with the generated type:
/// kinds, enum membership, formats the decoder checks, required properties, recursively.
struct ExampleChecker {
    let table: SchemaTable
    let shapes: ShapeTable
    /// Whether the value must surely decode, as JSON embedded where a failure stops the app (a
    /// `default`, through `EmbeddedJSON.decode`) must: no depth cut-off, integers within their
    /// Swift type, formats read as the runtime reads them, a discriminated union's value
    /// against the alternatives its kind selects, extra members against `additionalProperties`.
    var decodesSurely = false
    /// For a discriminated union's values (`DiscriminatorValues`), with `decodesSurely`.
    var componentNames = SchemaMap<String>()

    func conforms(_ value: SpecValue, to id: SchemaID, depth: Int = 0) -> Bool {
        guard depth < 32 else { return !decodesSurely }
        let schema = table[table.resolved(id)]
        if value == .null {
            return SchemaShape.isNullable(table[id], table) || SchemaShape.isNullable(schema, table)
                || PropertyRules.acceptsNull(id, shapes: shapes, in: table)
        }
        // A value the schema fixes is enforced when decoding (`PropertyReader`'s `constant:` reads).
        if let fixed = SchemaShape.fixedValue(of: id, in: table), value != fixed {
            return false
        }
        switch shapes[table.resolved(id)] {
        case .reference(let target), .alias(let target):
            return conforms(value, to: target, depth: depth + 1)
        case .union(let members):
            if decodesSurely, let discriminator = schema.discriminator {
                return discriminatedConforms(value, members: members, discriminator: discriminator, depth: depth)
            }
            return members.contains { conforms(value, to: $0, depth: depth + 1) }
        case .object:
            guard case .object(let members) = value else { return false }
            let merged = shapes.mergedObject(table.resolved(id), table: table)
            // Required of the generated type, that is: read-only and write-only ones are optional.
            for name in merged.required where !members.contains(where: { $0.key == name }) {
                if let property = merged.properties.first(where: { $0.name == name }),
                    PropertyRules.isRequired(property, of: merged, object: table.resolved(id), usage: shapes.usage, in: table)
                {
                    return false
                }
            }
            for member in members {
                if let property = merged.properties.first(where: { $0.name == member.key }) {
                    if !conforms(member.value, to: property.schema, depth: depth + 1) { return false }
                } else if decodesSurely, !merged.properties.isEmpty, case .schema(let values) = merged.additionalProperties,
                    !conforms(member.value, to: values, depth: depth + 1)
                {
                    // The struct keeps other members in `additionalProperties`, decoded as its type.
                    return false
                }
            }
            return true
        case .stringEnum:
            // An open enum keeps values it does not know.
            return value.stringValue != nil
        case .constant(let constant):
            // The decoder enforces a constant (`PropertyReader.decode(constant:)`).
            return value.stringValue == constant
        case .integerEnum:
            if case .int = value { return true }
            return false
        case .array(let items):
            guard case .array(let elements) = value else { return false }
            guard let items else { return true }
            return elements.allSatisfy { conforms($0, to: items, depth: depth + 1) }
        case .dictionary(let values):
            guard case .object(let members) = value else { return false }
            guard let values else { return true }
            return members.allSatisfy { conforms($0.value, to: values, depth: depth + 1) }
        case .primitive(let type):
            return primitiveConforms(value, type: type, format: schema.format)
        case .primitiveUnion(let types):
            return types.contains { primitiveConforms(value, type: $0, format: schema.format) }
        case .any:
            return true
        }
    }

    /// A discriminated union decodes the alternatives its kind selects (each tried, the last
    /// one's error thrown), and keeps any other kind, or a value without one, as `unknown`.
    private func discriminatedConforms(
        _ value: SpecValue, members: [SchemaID], discriminator: Schema.Discriminator, depth: Int
    ) -> Bool {
        let selectors = members.map {
            DiscriminatorValues.values(
                for: $0, discriminator: discriminator, table: table, shapes: shapes, componentNames: componentNames)
        }
        // A discriminator that selects nothing is dropped: the alternatives are tried in order.
        guard selectors.contains(where: { !$0.isEmpty }) else {
            return members.contains { conforms(value, to: $0, depth: depth + 1) }
        }
        guard case .object(let fields) = value,
            case .string(let kind)? = fields.first(where: { $0.key == discriminator.propertyName })?.value
        else { return true }
        let selected = members.indices.filter { selectors[$0].contains(kind) }
        return selected.isEmpty || selected.contains { conforms(value, to: members[$0], depth: depth + 1) }
    }

    private func primitiveConforms(_ value: SpecValue, type: JSONType, format: String?) -> Bool {
        if decodesSurely, type == .integer || (type == .number && (format == "int32" || format == "int64")) {
            // An integer type (`SchemaTypes.primitiveType`): a whole number written as one,
            // within the type's range.
            guard case .int(let number) = value else { return false }
            return format != "int32" || Int32(exactly: number) != nil
        }
        switch (type, value) {
        case (.string, .string(let text)):
            guard let known = StringFormat(format) else { return true }
            return decodesSurely ? known.decodes(text) : known.accepts(text)
        case (.integer, .int): return true
        // Beyond Int64 a number cannot decode into any generated integer type.
        case (.integer, .double(let number)): return number == number.rounded() && abs(number) < 9.2e18
        case (.number, .int), (.number, .double): return true
        case (.boolean, .bool): return true
        default: return false
        }
    }
}

/// Shape checks for the string formats generated types decode strictly.
enum DateText {
    static func isDate(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == 45, bytes[7] == 45 else { return false }
        return [0, 1, 2, 3, 5, 6, 8, 9].allSatisfy { bytes[$0] >= 48 && bytes[$0] <= 57 }
    }

    static func isDateTime(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, isDate(String(decoding: bytes[0..<10], as: UTF8.self)),
            bytes[10] == 84 || bytes[10] == 116 || bytes[10] == 32
        else { return false }
        guard bytes[13] == 58, bytes[16] == 58 else { return false }
        let last = bytes[bytes.count - 1]
        return last == 90 || last == 122 || (bytes.count >= 25 && (bytes[bytes.count - 6] == 43 || bytes[bytes.count - 6] == 45))
    }

    /// A real calendar day `YYYY-MM-DD`, as the runtime's `CalendarDate` reads it.
    static func isValidDate(_ text: String) -> Bool {
        isValidDate(bytes: Array(text.utf8))
    }

    /// An RFC 3339 date-time as the runtime's `APIJSON.parseDateTime` reads it: a real day, `T`,
    /// `t` or a space, hours below 24, minutes below 60, seconds up to 60, an optional fraction
    /// of at least one digit, then `Z` or an offset `±hh`, `±hhmm` or `±hh:mm`.
    static func isValidDateTime(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, isValidDate(bytes: Array(bytes[0..<10])) else { return false }
        guard [84, 116, 32].contains(bytes[10]), bytes[13] == 58, bytes[16] == 58,
            let hour = digits(bytes, from: 11, count: 2), let minute = digits(bytes, from: 14, count: 2),
            let second = digits(bytes, from: 17, count: 2), hour < 24, minute < 60, second <= 60
        else { return false }
        var index = 19
        if bytes[index] == 46 || bytes[index] == 44 {
            index += 1
            let start = index
            while index < bytes.count, (48...57).contains(bytes[index]) { index += 1 }
            guard index > start else { return false }
        }
        guard index < bytes.count else { return false }
        switch bytes[index] {
        case 90, 122:
            return index + 1 == bytes.count
        case 43, 45:
            guard let offsetHour = digits(bytes, from: index + 1, count: 2), offsetHour < 24 else { return false }
            switch bytes.count - (index + 3) {
            case 0: return true
            case 2: return digits(bytes, from: index + 3, count: 2).map { $0 < 60 } ?? false
            case 3: return bytes[index + 3] == 58 && (digits(bytes, from: index + 4, count: 2).map { $0 < 60 } ?? false)
            default: return false
            }
        default:
            return false
        }
    }

    private static func isValidDate(bytes: [UInt8]) -> Bool {
        guard bytes.count == 10, bytes[4] == 45, bytes[7] == 45,
            let year = digits(bytes, from: 0, count: 4), let month = digits(bytes, from: 5, count: 2),
            let day = digits(bytes, from: 8, count: 2), (1...12).contains(month), day >= 1
        else { return false }
        let isLeap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
        let days = month == 2 ? (isLeap ? 29 : 28) : [4, 6, 9, 11].contains(month) ? 30 : 31
        return day <= days
    }

    private static func digits(_ bytes: [UInt8], from start: Int, count: Int) -> Int? {
        guard start >= 0, start + count <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[start..<(start + count)] {
            guard (48...57).contains(byte) else { return nil }
            value = value * 10 + Int(byte - 48)
        }
        return value
    }

    static func isUUID(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 36 else { return false }
        for (index, byte) in bytes.enumerated() {
            if [8, 13, 18, 23].contains(index) {
                if byte != 45 { return false }
            } else if !((byte >= 48 && byte <= 57) || (byte >= 97 && byte <= 102) || (byte >= 65 && byte <= 70)) {
                return false
            }
        }
        return true
    }
}
