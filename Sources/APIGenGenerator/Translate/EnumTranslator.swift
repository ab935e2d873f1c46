import APIGenOpenAPI

/// `enum` schemas become `OpenEnum`s that keep values the spec did not list: the schema in,
/// the enum's raw type and cases out.
struct EnumTranslator {
    let types: SchemaTypes

    func declaration(for id: SchemaID) -> EnumDeclaration {
        let schema = types.table[id]
        let names = types.caseNames(for: id)
        switch types.shapes[id] {
        case .integerEnum(let values):
            // The example check reads the same raw type (`ExampleChecker`, `.integerEnum`).
            let raw = ValueFit.integerEnumRaw(values, format: schema.format)
            if schema.format == "int32", raw != .int32 {
                types.warning("an int32 enum lists values outside the 32-bit range; its raw values are Int64", at: schema.source)
            }
            return EnumDeclaration(
                rawType: .scalar(raw),
                cases: zip(values, names).map { value, name in
                    .init(name: name, rawValue: .integer(value), documentation: Documentation())
                })
        case .stringEnum(let values):
            return EnumDeclaration(
                rawType: .string,
                cases: zip(values, names).map { value, name in
                    .init(name: name, rawValue: .string(value), documentation: Documentation())
                })
        default:
            return EnumDeclaration(rawType: .string, cases: [])
        }
    }
}

/// Enum case names are decided once per schema: the enum, defaults naming a case and samples
/// all use them.
extension SchemaTypes {
    /// Case names for an enum schema's distinct values, in order: the spec's `x-enum-varnames`
    /// when it names each value, else `in-progress` → `inProgress`, `""` → `empty`, `2fa` →
    /// `_2fa`, and integers spelled out (`3` → `three`, `-1` → `minusOne`, `404` →
    /// `fourHundredFour`: words read at the call site, where `_3` or `value3` say nothing the
    /// raw value doesn't); clashes get a numeric suffix.
    func caseNames(for id: SchemaID) -> [Identifier] {
        if let cached = enumCaseNames[id] {
            return cached
        }
        // The members every enum has, and the `sample`/`samples` its Samples.swift extension adds.
        var scope = NameScope(reserved: GeneratedMembers.enumeration)
        let names: [Identifier]
        let given = table[id].enumNames ?? constantTitles(id) ?? []
        switch shapes[id] {
        case .stringEnum(let values) where given.count == values.count && !given.contains(""):
            names = given.map { Identifier(scope.claim(SwiftName.memberName($0))) }
        case .integerEnum(let values) where given.count == values.count && !given.contains(""):
            names = given.map { Identifier(scope.claim(SwiftName.memberName($0))) }
        case .stringEnum(let values):
            names = values.map { value in
                var text = value
                if text.hasPrefix("-") { text = "minus " + text.dropFirst() }
                if text.hasPrefix("+") { text = "plus " + text.dropFirst() }
                return Identifier(scope.claim(SwiftName.memberName(text, fallback: value.isEmpty ? "empty" : "value")))
            }
        case .integerEnum(let values):
            names = values.map { value in
                Identifier(scope.claim(SwiftName.memberName(NumberWords.spelledOut(value))))
            }
        default:
            names = []
        }
        enumCaseNames[id] = names
        return names
    }

    /// The titles of an enum written as constant alternatives (`oneOf: [{const: 1, title:
    /// One}, …]`, `SchemaShape`), one per distinct value in order; nil unless each has one.
    private func constantTitles(_ id: SchemaID) -> [String]? {
        let alternatives = table[id].oneOf + table[id].anyOf
        guard table[id].enumValues == nil, !alternatives.isEmpty else { return nil }
        var seen: Set<SpecValue> = []
        var titles: [String] = []
        for alternative in alternatives where !SchemaShape.isNullOnly(table[alternative], table) {
            guard let value = SchemaShape.fixedValue(of: alternative, in: table) else { return nil }
            guard seen.insert(value).inserted else { continue }
            guard let title = table[alternative].title, !SwiftName.words(title).isEmpty else { return nil }
            titles.append(title)
        }
        return titles
    }
}
