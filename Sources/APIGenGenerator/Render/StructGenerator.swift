/// Structs for object schemas: stored properties, a memberwise init with defaults, and
/// Codable written out (`decode` for required keys, `decodeIfPresent` otherwise, defaults
/// applied, read-only properties never encoded).
struct StructGenerator: DeclarationGenerator {
    func render(_ declaration: TypeDeclaration, into printer: inout Printer, context: RenderContext) {
        guard case .structure(let structure) = declaration.kind else { return }
        let access = context.access
        let context = context.entering(declaration)
        printer.documentation(declaration.documentation)
        var conformances = declaration.identifiableID != nil ? "APIModel, Identifiable" : "APIModel"
        if structure.validates { conformances += ", ValidatableBody" }
        printer.block("\(access)nonisolated struct \(declaration.name): \(conformances)") { printer in
            for property in structure.properties {
                printer.documentation(property.documentation)
                if property.hasStorage {
                    renderStoredBehindAccessor(property, into: &printer, context: context)
                } else {
                    printer.line("\(access)var \(property.name): \(storedType: property, in: context)")
                }
            }
            if let extra = structure.additionalProperties {
                printer.line("/// Members beyond the documented properties.")
                printer.line("\(access)var \(extra.name): [String: \(extra.valueType, in: context)]")
            }
            if structure.tracksPresence {
                printer.line("/// What it was decoded from beyond its values (nulls, absent defaults, URL text), to encode back the same.")
                printer.line("private var keyPresence = KeyPresence()")
            }
            DeclarationRenderer.renderNested(declaration, into: &printer, context: context)
            printer.blank()
            renderInitializer(structure, into: &printer, context: context)
            printer.blank()
            switch structure.coding {
            case .keyed:
                renderDecoder(structure, into: &printer, context: context)
                printer.blank()
                renderEncoder(structure, into: &printer, context: context)
            case .allMatches(let objects):
                AllMatchesCoding(structure: structure, objects: objects, context: context).render(into: &printer)
            }
            printer.blank()
            let stored = structure.properties.map(valuePath) + (structure.additionalProperties.map { ["\($0.name)"] } ?? [])
            StoredValuesGenerator.renderStruct(stored, into: &printer, context: context)
            if structure.validates {
                printer.blank()
                ValidationGenerator.renderProblems(structure, into: &printer, context: context)
            }
        }
    }

    /// A boxed property (it closes a cycle of structs, or its value is large: `ValueLayout`)
    /// or a deprecated one: an accessor over `_name` storage. A deprecated property's storage is
    /// what generated code reads and writes, so the deprecation warns only where the app uses
    /// it; it is `@usableFromInline` where public, for the inlinable `_visitStoredValues`.
    private func renderStoredBehindAccessor(_ property: PropertyDeclaration, into printer: inout Printer, context: RenderContext) {
        let storage = storageName(property)
        let value = property.isIndirect ? "\(storage).value" : storage
        if let message = property.deprecationMessage {
            printer.line("@available(*, deprecated, message: \(literal: message))")
        }
        printer.block("\(context.access)var \(property.name): \(storedType: property, in: context)") { printer in
            printer.line("get { \(value) }")
            printer.line("set { \(value) = newValue }")
        }
        let type: SourceText =
            property.isIndirect ? "Indirect<\(storedType: property, in: context)>" : "\(storedType: property, in: context)"
        if property.deprecationMessage == nil {
            printer.line("private var \(storage): \(type)")
        } else {
            printer.line("\(context.access == "public " ? "@usableFromInline " : "")var \(storage): \(type)")
        }
    }

    private func storageName(_ property: PropertyDeclaration) -> String {
        "_" + property.name.plain
    }

    /// How generated code reaches a property's value: a deprecated one through its storage.
    private func valuePath(_ property: PropertyDeclaration) -> String {
        guard property.deprecationMessage != nil else { return property.name.code }
        return storageName(property) + (property.isIndirect ? ".value" : "")
    }

    /// `self.name = value`, or into the box for an indirect property.
    func assign(_ property: PropertyDeclaration, _ value: Printer.Call, into printer: inout Printer) {
        if property.isIndirect {
            printer.list("self.\(storageName(property)) = Indirect(\(value.open)", value.arguments, "\(value.close))")
        } else if property.deprecationMessage != nil {
            printer.list("self.\(storageName(property)) = \(value.open)", value.arguments, value.close)
        } else {
            printer.list("self.\(property.name) = \(value.open)", value.arguments, value.close)
        }
    }

    private func isStoredOptional(_ property: PropertyDeclaration) -> Bool {
        property.isPatchNullable || property.type.isOptional
    }

    private func renderInitializer(_ structure: StructDeclaration, into printer: inout Printer, context: RenderContext) {
        var parameters: [SourceText] = structure.properties.map { property in
            if case .decodedJSON = property.defaultValue {
                // A default argument cannot call the runtime's generated-code helpers: nil
                // stands for the default, filled in by the body.
                return "\(property.name): \(storedType: property, in: context)\(isStoredOptional(property) ? "" : "?") = nil"
            }
            if let literal = property.defaultValue ?? property.initializerDefault {
                let value = SwiftLiteral.code(for: literal)
                return "\(property.name): \(storedType: property, in: context) = \(property.isPatchNullable ? ".value(\(value))" : value)"
            }
            return "\(property.name): \(storedType: property, in: context)\(isStoredOptional(property) ? " = nil" : "")"
        }
        if let extra = structure.additionalProperties {
            parameters.append("\(extra.name): [String: \(extra.valueType, in: context)] = [:]")
        }
        if let message = structure.deprecationMessage {
            printer.line("@available(*, deprecated, message: \(literal: message))")
        }
        if parameters.isEmpty {
            printer.line("\(context.access)init() {}")
            return
        }
        printer.listBlock("\(context.access)init(", parameters, ")") { printer in
            for property in structure.properties {
                if let literal = property.defaultValue, case .decodedJSON = literal, !isStoredOptional(property) {
                    assign(property, Printer.Call("\(property.name) ?? \(SwiftLiteral.code(for: literal))"), into: &printer)
                } else {
                    assign(property, Printer.Call("\(property.name)"), into: &printer)
                }
            }
            if let extra = structure.additionalProperties {
                printer.line("self.\(extra.name) = \(extra.name)")
            }
        }
    }

    private func renderDecoder(_ structure: StructDeclaration, into printer: inout Printer, context: RenderContext) {
        let header: SourceText = "\(context.access)init(from decoder: any Decoder) throws"
        if structure.properties.isEmpty && structure.additionalProperties == nil {
            printer.line("\(header) {}")
            return
        }
        printer.block(header) { printer in
            // The runtime's reader keeps an optional property's error for `finish()` (see
            // `PropertyReader`); `var` only when such a read, or a URL's, mutates it.
            let readsOptional = structure.properties.contains {
                !$0.isWholeValue && ((!$0.isPatchNullable && !$0.isRequired) || $0.constant != nil || $0.tracksPresence)
            }
            // A struct of unions alone (each decoded from the whole value) reads no key.
            if structure.readsKeys {
                printer.line("\(readsOptional ? "var" : "let") reader = try PropertyReader(decoder)")
            }
            for property in structure.properties {
                assign(property, readCall(property, context: context), into: &printer)
            }
            if let extra = structure.additionalProperties {
                // The same container: documented and extra members share the key type.
                let type: SourceText = "\(extra.valueType, in: context).self"
                printer.list(
                    "self.\(extra.name) = try reader.decodeAdditionalProperties(", [type, excludingKnownKeys(structure)], ")")
            }
            if structure.tracksPresence {
                printer.line("self.keyPresence = reader.presence")
            }
            if readsOptional {
                printer.line("try reader.finish()")
            }
        }
    }

    /// How `init(from:)` reads `property`: from the whole object, a constant, a fixed value, a
    /// PATCH field, a required or defaulted or nullable or optional key.
    private func readCall(_ property: PropertyDeclaration, context: RenderContext) -> Printer.Call {
        let key: SourceText = "\(literal: property.key)"
        if property.isWholeValue {
            return Printer.Call("try \(property.type, in: context)(from: decoder)")
        } else if let constant = property.constant {
            return Printer.Call(
                "try reader.decode(", ["constant: \(literal: constant)", key, "required: \(property.isRequired)"], ")")
        } else if let fixed = property.fixedValue {
            // Any other value fails, so that a union tries its next alternative.
            let arguments: [SourceText] = [
                "\(property.type.unwrapped, in: context).self", key, "constant: \(SwiftLiteral.code(for: fixed))",
            ]
            return
                property.isRequired
                ? Printer.Call("try reader.decode(", arguments, ")") : Printer.Call("reader.decodeIfPresent(", arguments, ")")
        } else if property.isPatchNullable {
            let type: SourceText = "Nullable<\(property.type.unwrapped, in: context)>.self"
            return Printer.Call("reader.contains(\(key)) ? try reader.decode(", [type, key], ") : nil")
        } else if property.isRequired {
            // A required nullable key must be present, but may be null.
            return Printer.Call("try reader.decode(", ["\(property.type, in: context).self", key], ")")
        } else if let defaultValue = property.defaultValue {
            return Printer.Call(
                "reader.decode(",
                ["\(property.type.unwrapped, in: context).self", key, "default: \(SwiftLiteral.code(for: defaultValue))"],
                ")")
        } else if property.isNullable {
            return Printer.Call("reader.decodeNullable(", ["\(property.type.unwrapped, in: context).self", key], ")")
        } else {
            return Printer.Call("reader.decodeIfPresent(", ["\(property.type.unwrapped, in: context).self", key], ")")
        }
    }

    private func renderEncoder(_ structure: StructDeclaration, into printer: inout Printer, context: RenderContext) {
        printer.block("\(context.access)func encode(to encoder: any Encoder) throws") { printer in
            let encoded = structure.properties
            if encoded.isEmpty && structure.additionalProperties == nil {
                // An object with nothing to send still encodes as `{}`.
                printer.line("_ = encoder.container(keyedBy: AnyCodingKey.self)")
                return
            }
            // A struct of unions alone writes no key of its own: each union writes its value.
            if structure.readsKeys {
                renderWriter(structure, into: &printer)
            }
            // The alternative's keys go into the same object as the properties'.
            for property in encoded where property.isWholeValue {
                printer.line("try self.\(property.name).encode(to: encoder)")
            }
        }
    }

    private func renderWriter(_ structure: StructDeclaration, into printer: inout Printer) {
        // The runtime's writer records the first error and `finish()` throws it: no error
        // path per property (see `PropertyWriter`).
        printer.line("var writer = PropertyWriter(encoder\(structure.tracksPresence ? ", presence: keyPresence" : ""))")
        for property in structure.properties where !property.isWholeValue {
            // `self.` because a property may be called `writer` or `encoder`.
            let method = isStoredOptional(property) && !property.isRequired ? "encodeIfPresent" : "encode"
            var arguments: [SourceText] = ["self.\(valuePath(property))", "\(literal: property.key)"]
            if property.tracksPresence, let defaultValue = property.defaultValue {
                arguments.append("default: \(SwiftLiteral.code(for: defaultValue))")
            }
            // The writer leaves readOnly values out of what the client sends.
            if property.isReadOnly {
                arguments.append("readOnly: true")
            }
            printer.list("writer.\(method)(", arguments, ")")
        }
        if let extra = structure.additionalProperties {
            printer.list("writer.encodeAdditionalProperties(", ["self.\(extra.name)", excludingKnownKeys(structure)], ")")
        }
        printer.line("try writer.finish()")
    }

    /// `excluding: ["id", "name"]`: the documented keys, which the additional properties leave
    /// out. One line: a key list too long for it is still one argument.
    private func excludingKnownKeys(_ structure: StructDeclaration) -> SourceText {
        var text: SourceText = "excluding: ["
        for (index, property) in structure.properties.filter({ !$0.isWholeValue }).enumerated() {
            text.append(index == 0 ? "" : ", ")
            text.append("\(literal: property.key)")
        }
        text.append("]")
        return text
    }
}

extension SourceText.StringInterpolation {
    /// The declared type: `Nullable<T>?` for PATCH fields where null and absent differ.
    fileprivate mutating func appendInterpolation(storedType property: PropertyDeclaration, in context: RenderContext) {
        if property.isPatchNullable {
            appendInterpolation("Nullable<")
            appendInterpolation(property.type.unwrapped, in: context)
            appendInterpolation(">?")
        } else {
            appendInterpolation(property.type, in: context)
        }
    }
}
