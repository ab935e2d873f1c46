import APIGenOpenAPI

/// Object schemas (with allOf merged in) become structs: the schema and the name its type is
/// given in, the declaration out. Inline types its properties need are nested in it.
struct StructTranslator {
    let types: SchemaTypes
    var table: SchemaTable { types.table }

    func declaration(for id: SchemaID, name: String, context: NestingContext, documentation: Documentation) -> TypeDeclaration {
        var context = context
        let merged = types.mergedObject(id)
        let isPatchBody = types.shapes.usage.patchFields(of: id) == .inType
        let (names, scope) = PropertyRules.memberNames(of: merged)
        // `additionalProperties` is claimed after the properties, in the same scope.
        var members = scope
        var declaration = StructDeclaration()
        declaration.validates = types.validatesRequests
        // The value that selects this struct in the discriminated union(s) it is a case of.
        let kind = types.knownDiscriminators[id]
        for (property, swiftName) in zip(merged.properties, names) {
            // Schemas are read in place (`table[id].field`): copying one costs a retain per field.
            let resolvedID = table.resolved(property.schema)
            var type = types.swiftType(for: property.schema, suggestedName: property.name, in: &context)
            if types.shapes.usage.multipartBodies.contains(id) {
                type = MultipartPart(property.schema, shapes: types.shapes, table: table).swiftType(from: type)
            }
            let isReadOnly = PropertyRules.marks(property, of: merged, { $0.readOnly }, in: table)
            let isRequired = PropertyRules.isRequired(property, of: merged, object: id, usage: types.shapes.usage, in: table)
            let (defaultValue, initializerDefault, constant) = defaults(of: property, type: type, kind: kind)
            let nullable = type.isOptional || PropertyRules.takesNull(property.schema, shapes: types.shapes, in: table)
            let fixedValue = constant == nil && defaultValue == nil && !nullable ? fixedLiteral(property.schema, type: type) : nil
            if !isRequired, defaultValue == nil {
                type = type.optional
            }
            var member = PropertyDeclaration(
                name: swiftName, key: property.name, type: type, isRequired: isRequired,
                documentation: propertyDocumentation(schema: table[property.schema], resolved: table[resolvedID]))
            member.defaultValue = defaultValue
            member.initializerDefault = initializerDefault
            member.isReadOnly = isReadOnly
            member.isNullable = nullable
            member.constant = constant
            member.fixedValue = fixedValue
            member.constraints = types.constraints(of: property.schema)
            member.holdsModels = types.holdsModels(property.schema)
            if table[property.schema].deprecated {
                member.deprecationMessage = "'\(property.name)' is deprecated by the API."
            }
            declaration.properties.append(member)
        }
        for union in merged.unions {
            declaration.properties.append(wholeValueUnion(union, of: merged, members: &members, context: &context))
        }
        if isPatchBody {
            declaration = PatchRequestTranslator.threeState(declaration)
        }
        if table[id].deprecated {
            declaration.deprecationMessage = "\(name) is deprecated by the API."
        }
        if !merged.properties.isEmpty {
            declaration.additionalProperties = additionalPropertiesMember(merged, members: &members, context: &context)
        }
        var result = TypeDeclaration(name: name, documentation: documentation, kind: .structure(declaration))
        result.nested = context.nested
        return result
    }

    /// The property's default (a string constant's value, or its `default` where the type
    /// holds it), the initializer's own default, and the string constant.
    private func defaults(
        of property: Schema.Property, type: SwiftType, kind: DiscriminatorValues.Known?
    ) -> (value: Literal?, initializer: Literal?, constant: String?) {
        let resolvedID = table.resolved(property.schema)
        if case .constant(let value) = types.shapes[resolvedID], type == .string {
            return (.string(value), nil, value)
        }
        if let value = DefaultRules.value(of: property.schema, for: .property, in: table) {
            let literal = types.defaultLiteral(value, for: type.unwrapped, schema: property.schema)
            if literal == nil, DefaultRules.warnsWhenUnusable(value) {
                warnAboutDefault(value, of: property, type: type.unwrapped)
            }
            return (literal, nil, nil)
        }
        guard let kind, kind.key == property.name else { return (nil, nil, nil) }
        // `.cat(Cat())` should encode as a cat: the initializer defaults the discriminator to the
        // value that selects this type. Only the initializer: decoding still reads (or requires)
        // what was sent, and encoding writes what the value holds.
        return (nil, types.defaultLiteral(.string(kind.value), for: type.unwrapped, schema: property.schema), nil)
    }

    /// The member that keeps the object's other keys, named in the struct's scope after the
    /// properties.
    private func additionalPropertiesMember(
        _ merged: MergedObject, members: inout NameScope, context: inout NestingContext
    ) -> AdditionalPropertiesMember? {
        switch merged.additionalProperties {
        case .schema(let value):
            let valueType = types.swiftType(for: value, suggestedName: "AdditionalProperty", in: &context)
            return AdditionalPropertiesMember(name: Identifier(members.claim("additionalProperties")), valueType: valueType)
        case .allowed(true):
            return AdditionalPropertiesMember(name: Identifier(members.claim("additionalProperties")), valueType: .jsonValue)
        case .allowed(false), .unspecified:
            return nil
        }
    }

    /// Why a default is ignored, with the reason where it is a limit of the Swift type that
    /// JSON Schema does not see. Samples leave the default out too, and do not warn again.
    private func warnAboutDefault(_ value: SpecValue, of property: Schema.Property, type: SwiftType) {
        var checker = ExampleChecker(table: table, shapes: types.shapes)
        checker.decodesSurely = true
        checker.componentNames = types.componentNames
        let misfit = checker.misfit(value, to: property.schema)
        let why = misfit.flatMap { $0.problem.isTypeLimit ? " (\($0))" : nil } ?? ""
        let message = "default value of '\(property.name)' does not match its type \(type.code)\(why); it is ignored"
        // At the `default` itself, where the property's own schema or the one it refers to has it.
        let owner = DefaultRules.owner(of: property.schema, in: table) ?? property.schema
        let source = types.source(of: "default", in: table[owner].source)
        types.warning(message, at: source)
        types.warnedSources.insert(source)
    }

    /// The property that holds which of `union`'s alternatives the object also is (`allOf:
    /// [{properties: {email}}, {oneOf: [{properties: {password}}, {properties: {hash}}]}]`): a
    /// union nested in the struct, decoded from the whole object and encoded into it. Each
    /// alternative counts the struct's own keys as its own, so that the one declaring the rest of
    /// a value's keys is tried first.
    private func wholeValueUnion(
        _ union: SchemaID, of merged: MergedObject, members: inout NameScope, context: inout NestingContext
    ) -> PropertyDeclaration {
        let title = table[union].title.flatMap { SwiftName.words($0).isEmpty ? nil : $0 } ?? "variant"
        let name = Identifier(members.claim(SwiftName.memberName(title)))
        let typeName = context.scope.claim(SchemaTypes.nestedTypeName(name.plain))
        let qualified = context.qualified(typeName)
        let nested = types.nestedContext(qualified: qualified, name: typeName, parentScope: context.scope)
        let alternatives = SchemaShape.alternatives(of: table[union], in: table)
        var declaration = UnionTranslator(types: types).declaration(
            for: union, members: alternatives, name: typeName, context: nested,
            documentation: Documentation("Which of the alternatives the value also is."))
        if case .union(var body) = declaration.kind {
            let ownKeys = merged.properties.map(\.name)
            for index in body.cases.indices {
                body.cases[index].declaredKeys = body.cases[index].declaredKeys.map { $0 + ownKeys }
            }
            declaration.kind = .union(body)
        }
        context.nested.append(declaration)
        var property = PropertyDeclaration(
            name: name, key: "", type: .named(qualified), isRequired: true, documentation: Documentation())
        property.isWholeValue = true
        return property
    }

    /// The value the property's schema fixes (`SchemaShape.fixedValue`), as a literal of the
    /// property's type, when it is one the decoder can compare: an integer, a Bool, a string or
    /// a case of the enum it narrows (`allOf: [$ref: Kind], enum: [2]` → `.two`). Decoding then
    /// rejects other values, so that a union's alternatives that differ by it decode the one
    /// the value names, as string constants do (`PropertyReader.decode(constant:_:required:)`).
    private func fixedLiteral(_ schema: SchemaID, type: SwiftType) -> Literal? {
        guard let value = types.shapes.fixedValue(of: schema, in: table) else { return nil }
        switch value {
        case .int, .bool, .string: break
        default: return nil
        }
        switch types.defaultLiteral(value, for: type.unwrapped, schema: schema) {
        case let literal? where literal.isComparableConstant: return literal
        default: return nil
        }
    }

    private func propertyDocumentation(schema: Schema, resolved: Schema) -> Documentation {
        var documentation = types.documentation(for: schema)
        // `allOf: [$ref: Tags, {description: …}]` says what the property is in its annotation part.
        let annotation = schema.allOf.lazy.map { self.table[$0] }.first { SchemaShape.isAnnotationOnly($0) }
        if documentation.isEmpty, let annotation {
            documentation = types.documentation(for: annotation)
        }
        if documentation.isEmpty, schema.reference == nil {
            documentation = types.documentation(for: resolved)
        }
        if let example = schema.examples.first ?? annotation?.examples.first, let text = Self.exampleText(example) {
            documentation.appendParagraph("- Example: `\(text)`")
        }
        return documentation
    }

    /// A one-line rendering of an example scalar for documentation; structures are skipped.
    static func exampleText(_ value: SpecValue) -> String? {
        let text: String
        switch value {
        case .string(let string): text = string
        case .int(let number): text = String(number)
        case .double(let number): text = String(number)
        case .bool(let flag): text = String(flag)
        default: return nil
        }
        // Byte by byte: `String.contains(String)` is Foundation's search, slow for this.
        guard !text.utf8.contains(where: { $0 == UInt8(ascii: "`") || $0 == UInt8(ascii: "\n") }), text.count <= 120 else { return nil }
        return text
    }
}

extension Literal {
    /// A literal a fixed value can be compared with as written (`2`, `true`, `"a"`, `.two`).
    fileprivate var isComparableConstant: Bool {
        switch self {
        case .integer, .bool, .string, .enumCase: return true
        default: return false
        }
    }
}
