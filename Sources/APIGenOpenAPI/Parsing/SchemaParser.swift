import APIGenYAML
import Foundation

/// Schema objects: JSON Schema as OpenAPI 3.0, 3.1 and Swagger 2.0 write it.
extension SpecParser {
    /// The schema written at `ref`, parsed once per node.
    func schema(_ ref: SourceRef) -> SchemaID {
        if let existing = schemaIDs[ref] {
            return existing
        }
        let id = newSchema(source: ref)
        schemaIDs[ref] = id
        schemas[id] = parseSchema(ref, id: id)
        return id
    }

    /// A schema with no node of its own (Swagger formData parameters gathered into a body).
    func newSchema(source: SourceRef) -> SchemaID {
        schemas.append(Schema(source: source))
    }

    private func parseSchema(_ ref: SourceRef, id: SchemaID) -> Schema {
        let doc = document(ref)
        switch doc.kind(ref.node) {
        case .mapping:
            break
        case .scalar where doc.scalarValue(ref.node) == .bool(true) && version.hasFullJSONSchema:
            return Schema(source: ref)
        case .scalar where doc.scalarValue(ref.node) == .bool(false) && version.hasFullJSONSchema:
            warning("the schema 'false' (no value allowed) is generated as a free-form value", at: ref)
            return Schema(source: ref)
        default:
            error("expected a schema (a mapping), found \(describeKind(ref))", at: ref)
            return Schema(source: ref)
        }
        // `$recursiveRef: "#"` (JSON Schema 2019-09, as OpenAI writes a tree of filters)
        // means the nearest enclosing schema marked `$recursiveAnchor: true`.
        let isRecursiveAnchor = doc.value(ref.node, forKey: "$recursiveAnchor").map { doc.scalarValue($0) == .bool(true) } ?? false
        if isRecursiveAnchor {
            recursiveAnchors.append(id)
        }
        defer {
            if isRecursiveAnchor {
                recursiveAnchors.removeLast()
            }
        }
        // Built in place: a second reference to its storage would copy it at the first change.
        var draft = SchemaDraft(schema: Schema(source: ref))
        for pair in doc.pairs(ref.node) {
            let value = child(ref, pair.value)
            // The commonest keywords first: a `switch` over strings compares its cases in order.
            if !readShape(pair, value, into: &draft.schema, id: id), !readStructure(pair, value, into: &draft, owner: ref, doc) {
                readValues(pair, value, into: &draft.schema, owner: ref, doc)
            }
        }
        finish(&draft, ref: ref, id: id)
        return draft.schema
    }

    /// A schema while its keywords are read: some apply only once all are known.
    private struct SchemaDraft {
        var schema: Schema
        var hasPrefixItems = false
        var patternSchemas: [SchemaID] = []
        var unevaluated: Schema.AdditionalProperties?
    }

    /// `$ref`, `type`, the annotations and the combinators; false for another keyword.
    private func readShape(_ pair: PairSequence.Pair, _ value: SourceRef, into schema: inout Schema, id: SchemaID) -> Bool {
        switch pair.key {
        case "$ref":
            if let text = text(value, expecting: "a reference string") {
                schema.referenceText = text
                pendingReferences.append((id, value, text))
            }
        case "type": readTypes(value, into: &schema)
        case "description": schema.description = documentation(value)
        case "format": schema.format = text(value)
        case "title": schema.title = documentation(value)
        case "nullable", "x-nullable": schema.nullable = bool(value) ?? false
        case "deprecated": schema.deprecated = bool(value) ?? false
        case "readOnly": schema.readOnly = bool(value) ?? false
        case "writeOnly": schema.writeOnly = bool(value) ?? false
        case "allOf": schema.allOf = schemaList(value)
        case "oneOf": schema.oneOf = schemaList(value)
        case "anyOf": schema.anyOf = schemaList(value)
        case "discriminator": schema.discriminator = discriminator(value, owner: id)
        default: return false
        }
        return true
    }

    /// The keywords of an object's members and an array's items; false for another keyword.
    private func readStructure(
        _ pair: PairSequence.Pair, _ value: SourceRef, into draft: inout SchemaDraft, owner ref: SourceRef, _ doc: YAMLDocument
    ) -> Bool {
        switch pair.key {
        case "properties":
            // DigitalOcean shares whole property maps through `$ref`. A property named
            // `$ref` (its value a schema, not a string) is a property, not a reference.
            let isReference = doc.value(pair.value, forKey: "$ref").map { doc.kind($0) == .scalar } ?? false
            guard let map = isReference ? followObject(value) : value else { return true }
            for property in pairs(map, expecting: "properties") ?? [] {
                draft.schema.properties.append(.init(name: property.key, schema: self.schema(property.value)))
            }
        case "required":
            // Draft 3's `required: true` on a property is left out; the list form is what counts.
            if doc.kind(value.node) == .scalar, case .bool? = doc.scalarValue(value.node) { return true }
            draft.schema.required = (items(value, expecting: "a list of property names") ?? []).compactMap { text($0) }
        case "additionalProperties", "unevaluatedProperties":
            let rule: Schema.AdditionalProperties
            if case .bool(let allowed)? = doc.scalarValue(pair.value) {
                rule = .allowed(allowed)
            } else {
                rule = .schema(self.schema(value))
            }
            if pair.key == "additionalProperties" { draft.schema.additionalProperties = rule } else { draft.unevaluated = rule }
        case "items":
            // Beside `prefixItems`, the rest of a tuple (often `false`); the tuple is free-form.
            guard doc.value(ref.node, forKey: "prefixItems") == nil else { return true }
            if doc.kind(pair.value) == .sequence {
                warning("tuple-style 'items' is generated as an array of free-form values", at: value)
            } else {
                draft.schema.items = self.schema(value)
            }
        case "prefixItems":
            // A tuple: its elements differ in type, so the array holds free-form values
            // (`items`, which then types only the rest, is set aside).
            draft.hasPrefixItems = true
            draft.schema.prefixItems = schemaList(value)
        case "contentSchema": draft.schema.contentSchema = self.schema(value)
        case "propertyNames": draft.schema.propertyNames = self.schema(value)
        case "patternProperties":
            draft.patternSchemas += (pairs(value, expecting: "pattern properties") ?? []).map { self.schema($0.value) }
        default: return false
        }
        return true
    }

    /// Values (`enum`, `const`, `default`, examples), bounds and the rare keywords.
    private func readValues(
        _ pair: PairSequence.Pair, _ value: SourceRef, into schema: inout Schema, owner ref: SourceRef, _ doc: YAMLDocument
    ) {
        switch pair.key {
        case "enum": schema.enumValues = (items(value, expecting: "a list of values") ?? []).map { self.value($0) }
        case "x-enum-varnames", "x-enumNames", "x-enum-names":
            // Case names for the values, in order (OpenAPI Generator's and NSwag's spelling).
            schema.enumNames = (items(value, expecting: "a list of names") ?? []).map { self.value($0).stringValue ?? "" }
        case "const": schema.constValue = self.value(value)
        case "default": schema.defaultValue = self.value(value)
        case "example", "x-example": schema.examples.append(self.value(value))
        case "examples":
            if doc.kind(pair.value) == .sequence { schema.examples += doc.items(pair.value).map { self.value(child(ref, $0)) } }
        case "minimum": schema.minimum = number(value)
        case "multipleOf": schema.multipleOf = number(value).flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
        case "maximum": schema.maximum = number(value)
        case "minLength": schema.minLength = integer(value)
        case "maxLength": schema.maxLength = integer(value)
        case "minItems": schema.minItems = integer(value)
        case "maxItems": schema.maxItems = integer(value)
        case "minProperties": schema.minProperties = integer(value)
        case "maxProperties": schema.maxProperties = integer(value)
        case "uniqueItems": schema.uniqueItems = bool(value) ?? false
        case "pattern": schema.pattern = documentation(value)
        case "not":
            // Only `not: {required: [...]}` (keys that never come together) matters to a
            // client, for its samples; other negations only validate.
            if let names = doc.value(pair.value, forKey: "required").map({ child(ref, $0) }),
                let list = items(names, expecting: "a list of property names")
            {
                schema.notRequired = list.compactMap { text($0) }
            }
        case "$recursiveRef":
            guard let text = text(value, expecting: "a reference string") else { return }
            if text == "#", let anchor = recursiveAnchors.last {
                schema.reference = anchor
                schema.referenceText = text
            } else {
                warning(
                    "'$recursiveRef: \(text)' has no enclosing '$recursiveAnchor: true'; it is generated as a free-form value", at: value)
            }
        case "$dynamicRef":
            warning("'$dynamicRef' is not supported; it is generated as a free-form value", at: value)
        default:
            // Validation-only keywords, `$defs` (parsed when referenced) and extensions do not
            // change the generated types.
            break
        }
    }

    /// The keywords that apply once all are read: a tuple's items, other members, and what a
    /// `$ref` beside other keywords means in the spec's version.
    private func finish(_ draft: inout SchemaDraft, ref: SourceRef, id: SchemaID) {
        if draft.hasPrefixItems {
            draft.schema.items = nil
        }
        Self.keepOtherMembers(of: &draft.schema, patterns: draft.patternSchemas, unevaluated: draft.unevaluated)
        if version.hasFullJSONSchema, draft.schema.referenceText != nil, draft.schema.reference == nil,
            Self.constrainsBesideReference(draft.schema)
        {
            // 3.1: `$ref` beside properties, items or combinators is applied with them, as one
            // more part of an allOf (JupyterHub's PATCH body adds `name` to ServerRequest).
            let part = newSchema(source: ref)
            schemas[part].referenceText = draft.schema.referenceText
            if let index = pendingReferences.lastIndex(where: { $0.schema == id }) {
                pendingReferences[index].schema = part
            }
            draft.schema.referenceText = nil
            draft.schema.allOf.insert(part, at: 0)
        }
        if !version.hasFullJSONSchema, draft.schema.referenceText != nil {
            // In 3.0 and 2.0 a `$ref` replaces its siblings; only the common `nullable`
            // and documentation are kept, as authors clearly mean them.
            draft.schema.types = []
            draft.schema.properties = []
            draft.schema.allOf = []
            draft.schema.oneOf = []
            draft.schema.anyOf = []
            draft.schema.items = nil
            draft.schema.enumValues = nil
            if draft.schema.constValue != nil, let constant = document(ref).value(ref.node, forKey: "const") {
                // Kept: a constant beside a reference tells alternatives apart (Polaris' TrueExpression).
                let standard = version == .swagger2 ? "2.0" : "3.0"
                let message = "'const' beside '$ref' is applied, though OpenAPI \(standard) ignores a reference's siblings"
                warning(message, at: child(ref, constant))
            }
        }
    }

    /// Whether a schema with a `$ref` says more of the value beside it than annotations do.
    private static func constrainsBesideReference(_ schema: Schema) -> Bool {
        !schema.properties.isEmpty || schema.items != nil || !schema.allOf.isEmpty || !schema.oneOf.isEmpty
            || !schema.anyOf.isEmpty || !schema.required.isEmpty || schema.additionalProperties != .unspecified
    }

    /// Members beside the declared properties that `additionalProperties` does not describe (it
    /// says nothing, or `false`): those whose keys `patternProperties` matches, typed by its one
    /// schema (free-form for several), else `unevaluatedProperties`. They are kept, not dropped.
    private static func keepOtherMembers(
        of schema: inout Schema, patterns: [SchemaID], unevaluated: Schema.AdditionalProperties?
    ) {
        switch schema.additionalProperties {
        case .unspecified, .allowed(false):
            if patterns.count == 1 {
                schema.additionalProperties = .schema(patterns[0])
            } else if patterns.count > 1 {
                schema.additionalProperties = .allowed(true)
            } else if let unevaluated, schema.additionalProperties == .unspecified {
                schema.additionalProperties = unevaluated
            }
        default:
            break
        }
    }

    /// `type`: `null` beside other types makes the schema nullable, and Swagger 2.0's `file` in a
    /// 3.x spec is a binary string (a `format` written beside it wins, in either order).
    private func readTypes(_ ref: SourceRef, into schema: inout Schema) {
        let (types, isFile) = types(ref)
        schema.types = types
        if schema.types.contains(.null) && schema.types.count > 1 {
            schema.types.remove(.null)
            schema.nullable = true
        }
        if isFile, schema.format == nil {
            schema.format = "binary"
        }
    }

    /// The types named, and whether one is Swagger 2.0's `file` in a 3.x spec.
    private func types(_ ref: SourceRef) -> (JSONTypes, isFile: Bool) {
        var result: JSONTypes = []
        var isFile = false
        func add(_ node: SourceRef) {
            guard let name = text(node, expecting: "a type name") else { return }
            if let type = JSONType(rawValue: name) {
                result.insert(type)
            } else if name == "file", version == .swagger2 {
                result.insert(.string)
            } else if name == "file" {
                repair("type 'file' is Swagger 2.0's; it is read as 'type: string, format: binary'", at: node)
                result.insert(.string)
                isFile = true
            } else {
                error("unknown type '\(name)'; expected one of \(JSONType.allCases.map(\.rawValue).joined(separator: ", "))", at: node)
            }
        }
        let doc = document(ref)
        // Usually one name (`type: string`): no list of nodes to build for it.
        if doc.kind(ref.node) == .sequence {
            for item in doc.items(ref.node) {
                add(child(ref, item))
            }
        } else {
            add(ref)
        }
        return (result, isFile)
    }

    private func schemaList(_ ref: SourceRef) -> [SchemaID] {
        (items(ref, expecting: "a list of schemas") ?? []).map { schema($0) }
    }

    private func discriminator(_ ref: SourceRef, owner: SchemaID) -> Schema.Discriminator? {
        // Swagger 2.0 names the property itself: `discriminator: petType`.
        if version == .swagger2, document(ref).kind(ref.node) == .scalar {
            return text(ref).map { Schema.Discriminator(propertyName: $0, mapping: []) }
        }
        if case .string(let name)? = document(ref).scalarValue(ref.node), !name.isEmpty {
            repair("a discriminator is an object in OpenAPI 3; the name '\(name)' is read as its 'propertyName'", at: ref)
            return Schema.Discriminator(propertyName: name, mapping: [])
        }
        guard let entries = pairs(ref, expecting: "a discriminator") else { return nil }
        var propertyName: String?
        for entry in entries {
            switch entry.key {
            case "propertyName":
                propertyName = text(entry.value)
            case "mapping":
                let mapped = (pairs(entry.value, expecting: "a discriminator mapping") ?? []).compactMap { item in
                    text(item.value).map { (value: item.key, text: $0, node: item.value) }
                }
                pendingDiscriminators.append((owner, mapped))
            default:
                break
            }
        }
        guard let propertyName else {
            if version != .swagger2 {
                error("a discriminator needs a 'propertyName'", at: ref)
            }
            return nil
        }
        return Schema.Discriminator(propertyName: propertyName, mapping: [])
    }
}
