import APIGenOpenAPI
import APIGenYAML

/// The Swift types of a document's schemas: names them (one top-level type per named schema,
/// nested types for inline objects and enums), says which Swift type each use of a schema is,
/// and hands each declaration to the translator of its construct (`StructTranslator`,
/// `UnionTranslator`, `EnumTranslator`). It also keeps the memos and the warnings of model
/// translation.
final class SchemaTypes {
    let document: OpenAPIDocument
    let files: SpecFiles
    /// The document's schemas, kept here so that reading one does not first copy the table
    /// out of the document.
    let table: SchemaTable
    var diagnostics = Diagnostics()
    /// Top-level type names of named schemas (components and `$ref` targets).
    private(set) var typeNames = SchemaMap<String>()
    /// Named schemas in the order their declarations are emitted.
    private(set) var namedSchemas: [(id: SchemaID, name: String)] = []
    /// Names taken at the module's top level.
    var topLevelScope = NameScope(reserved: SwiftName.reservedTypeNames)
    /// Top-level declarations for inline types that have no parent to nest in (the element
    /// of an array alias, an operation's inline body).
    var looseDeclarations: [TypeDeclaration] = []
    var enumCaseNames = SchemaMap<[Identifier]>()
    /// The decisions made before translation (`SchemaCatalog`).
    let catalog: SchemaCatalog
    var componentNames: SchemaMap<String> { catalog.componentNames }
    var knownDiscriminators: SchemaMap<DiscriminatorValues.Known> { catalog.knownDiscriminators }
    /// Request types of PATCH bodies the client also receives (`PatchRequestTranslator`), by
    /// the name of the model they are made from, in the order operations asked for them.
    private(set) var patchRequestTypes: [(model: String, request: String)] = []
    private var patchRequestNames = SchemaMap<String>()
    /// Sources already warned about, so a schema merged into several types warns once.
    var warnedSources: Set<SourceRef> = []
    /// What operations' error responses share: inline error bodies and error enums.
    private(set) lazy var sharedErrors = SharedErrors(self)

    let shapes: ShapeTable
    /// Component names the app declares a type for (`GeneratorOptions.typeOverrides`).
    let typeOverrides: [String: String]
    /// `GeneratorOptions.validatesRequests`.
    var validatesRequests = false
    /// The Swift types of `typeOverrides`: no declaration, sample or literal of their own.
    private(set) var overriddenTypes: Set<String> = []

    /// `reserved`: names the module declares besides the models (the namespace enum, and the
    /// module's own name, which a type must not take or `Module.Type` stops naming the module).
    init(catalog: SchemaCatalog, files: SpecFiles, reserved: Set<String> = [], typeOverrides: [String: String] = [:]) {
        self.catalog = catalog
        self.typeOverrides = typeOverrides
        document = catalog.document
        self.files = files
        table = catalog.table
        topLevelScope = NameScope(reserved: SwiftName.reservedTypeNames.union(reserved))
        shapes = catalog.shapes
        assignTopLevelNames()
    }

    /// Components first, in document order, then schemas named only by where a `$ref`
    /// points (other files, `$defs`), in the order they were parsed.
    private func assignTopLevelNames() {
        let componentSchemas = Set(table.components.map(\.schema))
        for (name, id) in table.components {
            if let type = typeOverrides[name] {
                // The app's own type: used wherever the schema is, declared nowhere here.
                typeNames[id] = type
                if typeNames[table.resolved(id)] == nil { typeNames[table.resolved(id)] = type }
                overriddenTypes.insert(type)
                continue
            }
            // `Pet: $ref: models/pet.yaml`: the component's name is the other file's schema's,
            // not an alias of it (`typealias Pet = Pet2`). An alias stays for a component that
            // refers to another component, or to a schema already named.
            let target = table.resolved(id)
            if target != id, typeNames[target] == nil, !componentSchemas.contains(target) {
                claimTopLevel(target, proposed: name)
                typeNames[id] = typeNames[target]
                continue
            }
            claimTopLevel(id, proposed: name)
        }
        for (id, name) in table.referenceNames.sorted(by: { $0.key < $1.key }) where typeNames[id] == nil {
            claimTopLevel(id, proposed: name)
        }
    }

    private func claimTopLevel(_ id: SchemaID, proposed: String) {
        guard typeNames[id] == nil else { return }
        let name = topLevelScope.claim(SwiftName.declarableTypeName(proposed))
        typeNames[id] = name
        namedSchemas.append((id, name))
    }

    /// Reserves a top-level type name for a declaration made outside the schemas (an
    /// operation's per-status response enum).
    func claimTopLevelName(_ proposed: String) -> String {
        topLevelScope.claim(SwiftName.declarableTypeName(proposed))
    }

    /// Declares a top-level type for a schema that has no name yet (an operation's inline
    /// body or response), and returns the Swift type to use for it.
    func typeDeclaredAtTopLevel(for id: SchemaID, suggestedName: String) -> SwiftType {
        if typeNames[id] != nil || table[id].reference != nil {
            return typeNestingAtTopLevel(for: id, suggestedName: suggestedName, ignoringName: false)
        }
        guard shapes[id].declaresType else {
            return typeNestingAtTopLevel(for: id, suggestedName: suggestedName, ignoringName: false)
        }
        // Declared with the named schemas by `translateNamedSchemas`.
        claimTopLevel(id, proposed: suggestedName)
        let type = SwiftType.named(typeNames[id]!)
        return SchemaShape.isNullable(table[id], table) ? type.optional : type
    }

    /// The type a PATCH operation sends for its body schema `id`, when that is not the schema's
    /// own type: a named object the client also receives gets a request type of its own.
    func patchRequestType(for id: SchemaID) -> SwiftType? {
        let resolved = table.resolved(id)
        guard shapes.usage.patchFields(of: resolved) == .requestType, case .object = shapes[resolved],
            let model = typeNames[resolved]
        else { return nil }
        if let known = patchRequestNames[resolved] {
            return .named(known)
        }
        let name = claimTopLevelName(model + "Patch")
        patchRequestNames[resolved] = name
        patchRequestTypes.append((model, name))
        return .named(name)
    }

    /// The Swift type for a schema whose inline types must be declared at the top level.
    private func typeNestingAtTopLevel(for id: SchemaID, suggestedName: String, ignoringName: Bool) -> SwiftType {
        var context = NestingContext(qualifier: "", scope: topLevelScope)
        let type = swiftType(for: id, suggestedName: suggestedName, in: &context, ignoringName: ignoringName)
        topLevelScope = context.scope
        looseDeclarations += context.nested
        return type
    }

    /// All top-level declarations: named schemas, operations' inline types named through
    /// `typeDeclaredAtTopLevel`, and the inline types of aliases.
    func translateNamedSchemas() -> [TypeDeclaration] {
        var declarations: [TypeDeclaration] = []
        for (id, name) in namedSchemas {
            declarations.append(declaration(for: id, name: name))
        }
        return declarations + looseDeclarations
    }

    // MARK: Declarations

    /// The declaration of a type named `name` for schema `id`.
    func declaration(for id: SchemaID, name: String, qualifier: String = "", parentScope: NameScope? = nil) -> TypeDeclaration {
        let schema = table[id]
        let documentation = self.documentation(for: schema)
        let qualified = qualifier.isEmpty ? name : "\(qualifier).\(name)"
        switch shapes[id] {
        case .object:
            let context = nestedContext(qualified: qualified, name: name, parentScope: parentScope)
            return StructTranslator(types: self).declaration(for: id, name: name, context: context, documentation: documentation)
        case .union(let members):
            let context = nestedContext(qualified: qualified, name: name, parentScope: parentScope)
            return UnionTranslator(types: self).declaration(
                for: id, members: members, name: name, context: context, documentation: documentation)
        case .stringEnum, .integerEnum:
            return TypeDeclaration(
                name: name, documentation: documentation, kind: .enumeration(EnumTranslator(types: self).declaration(for: id)))
        case .primitiveUnion(let types):
            let cases = types.map { type in
                let swiftType = primitiveType(type, format: schema.format)
                return UnionDeclaration.Case(
                    name: Identifier(SwiftName.memberName(swiftType.code)), type: swiftType, discriminatorValues: [])
            }
            return TypeDeclaration(
                name: name, documentation: documentation, kind: .union(UnionDeclaration(cases: cases, discriminatorKey: nil)))
        default:
            // Aliases cannot hold nested types: inline types they need go to the top level.
            let type = typeNestingAtTopLevel(for: id, suggestedName: name, ignoringName: true)
            let kind: TypeDeclaration.Kind = type.mentions(name) ? .wrapper(type.unwrapped) : .alias(type.unwrapped)
            return TypeDeclaration(name: name, documentation: documentation, kind: kind)
        }
    }

    /// A scope for the types nested in a new type: it may not reuse top-level names (a nested
    /// `Address` would hide the top-level one from sibling properties), the names of enclosing
    /// types and their nested types, nor its own name.
    func nestedContext(qualified: String, name: String, parentScope: NameScope?) -> NestingContext {
        if parentScope == nil {
            // Every top-level type copies this scope: make the copies share all of it.
            topLevelScope.consolidate()
        }
        var scope = parentScope ?? topLevelScope
        scope.reserve(name)
        return NestingContext(qualifier: qualified, scope: scope)
    }

    // MARK: Objects

    /// The shape table's merged object: one memo, which samples and example checks share.
    func mergedObject(_ id: SchemaID) -> MergedObject {
        shapes.mergedObject(id, table: table)
    }

    /// The properties of the object behind `id` (past references and wrappers) with the Swift
    /// names its struct gives them; empty when it is not an object.
    func structMembers(of id: SchemaID) -> [(key: String, name: Identifier, schema: SchemaID)] {
        guard let current = shapes.content(of: id, in: table), case .object = shapes[current] else { return [] }
        let merged = mergedObject(current)
        return zip(merged.properties, PropertyRules.memberNames(of: merged).names).map { property, name in
            (property.name, name, property.schema)
        }
    }

    // MARK: Types

    /// The Swift type for a schema used somewhere (a property, an item, a parameter); inline
    /// objects, enums and unions are declared in `context` under a name from `suggestedName`.
    /// `ignoringName`: the type of a named schema's own definition (an alias's target), not
    /// its name.
    func swiftType(for id: SchemaID, suggestedName: String, in context: inout NestingContext, ignoringName: Bool = false) -> SwiftType {
        if !ignoringName, let name = typeNames[id] {
            let type = SwiftType.named(name)
            return SchemaShape.isNullable(table[id], table) ? type.optional : type
        }
        var type: SwiftType
        switch shapes[id] {
        case .reference(let target):
            type = swiftType(for: target, suggestedName: suggestedName, in: &context)
        case .alias(let target):
            type = swiftType(for: target, suggestedName: suggestedName, in: &context)
        case .object, .union, .stringEnum, .integerEnum, .primitiveUnion:  // `declaresType`
            let name = context.scope.claim(Self.nestedTypeName(suggestedName))
            let qualified = context.qualified(name)
            context.nested.append(declaration(for: id, name: name, qualifier: context.qualifier, parentScope: context.scope))
            type = .named(qualified)
        case .constant:
            type = .string
        case .array(let items):
            let singular = Self.singular(suggestedName)
            let elementName = context.scope.contains(SwiftName.typeName(singular)) ? suggestedName + "Item" : singular
            let element = items.map { swiftType(for: $0, suggestedName: elementName, in: &context) } ?? .jsonValue
            type = .array(element.isOptional && element.unwrapped == .jsonValue ? .jsonValue : element)
        case .dictionary(let values):
            type = .dictionary(values.map { swiftType(for: $0, suggestedName: suggestedName + "Value", in: &context) } ?? .jsonValue)
        case .primitive(let primitive):
            type = primitiveType(primitive, format: table[id].format)
        case .any:
            type = .jsonValue
        }
        if SchemaShape.isNullable(table[id], table), type != .jsonValue {
            type = type.optional
        }
        return type
    }

    /// The scalar Swift type a named schema is an alias of (`AudioFileBinary` = `Data`), or nil
    /// for a schema that is no primitive.
    func aliasedScalar(_ id: SchemaID) -> SwiftType? {
        guard let content = shapes.content(of: id, in: table), case .primitive(let type) = shapes[content] else { return nil }
        return primitiveType(type, format: table[content].format)
    }

    /// `ValueFit`'s table, so that the type declared and what a value must be to fit it are
    /// decided in one place.
    func primitiveType(_ type: JSONType, format: String?) -> SwiftType {
        ValueFit.swiftType(type, format: format)
    }

    /// The name of an inline type nested in its parent: `declarableTypeName`, with `Value` in
    /// front of one that starts with a digit (`2fa` → `Value2fa`). Such a name has no letter to
    /// upper-case, so the member named from the same text (`_2fa`) would share it, and
    /// `_2fa.self` in the parent's decoder is ambiguous.
    static func nestedTypeName(_ suggestedName: String) -> String {
        let name = SwiftName.declarableTypeName(suggestedName)
        return name.hasPrefix("_") ? SwiftName.declarableTypeName("value " + suggestedName) : name
    }

    /// `pets` → `pet`, `categories` → `category`, `data` → `dataItem`.
    static func singular(_ name: String) -> String {
        if name.hasSuffix("ies"), name.count > 3 {
            return String(name.dropLast(3)) + "y"
        }
        if name.hasSuffix("sses") || name.hasSuffix("xes") {
            return String(name.dropLast(2))
        }
        if name.hasSuffix("s"), !name.hasSuffix("ss"), name.count > 1 {
            return String(name.dropLast())
        }
        return name + "Item"
    }

    // MARK: Documentation

    func documentation(for schema: Schema) -> Documentation {
        var documentation = Documentation(schema.title)
        if let description = schema.description, description != schema.title {
            documentation.appendParagraph(description)
        }
        if schema.deprecated {
            documentation.appendParagraph("- Important: Deprecated.")
        }
        return documentation
    }

    func warning(_ message: String, at source: SourceRef) {
        diagnostics.append(.warning(message, at: files.location(source), pointer: files.pointer(source)))
    }

    /// Where the value of `key` in the mapping at `node` is written (a schema's `minimum`, a
    /// response's `content`), for a warning about that value; `node` when the key is not there.
    func source(of key: String, in node: SourceRef) -> SourceRef {
        files.documents[node.file].value(node.node, forKey: key).map { SourceRef(file: node.file, node: $0) } ?? node
    }

    /// Where the schema's `index`th example is written: `Schema.examples` holds `example` (or
    /// `x-example`) and the items of `examples` in the order the keys come.
    func exampleSource(_ index: Int, in schema: SourceRef) -> SourceRef {
        let document = files.documents[schema.file]
        var count = 0
        for pair in document.pairs(schema.node) {
            switch pair.key {
            case "example", "x-example":
                if count == index { return SourceRef(file: schema.file, node: pair.value) }
                count += 1
            case "examples" where document.kind(pair.value) == .sequence:
                let items = document.items(pair.value)
                if index < count + items.count { return SourceRef(file: schema.file, node: items[index - count]) }
                count += items.count
            default:
                continue
            }
        }
        return schema
    }
}
