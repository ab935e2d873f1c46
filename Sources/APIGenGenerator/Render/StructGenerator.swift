/// Structs for object schemas: stored properties, a memberwise init with defaults, and
/// Codable written out (`decode` for required keys, `decodeIfPresent` otherwise, defaults
/// applied, read-only properties never encoded).
struct StructGenerator: DeclarationGenerator {
    func render(_ declaration: TypeDeclaration, into printer: inout Printer, context: RenderContext) {
        guard case .structure(let structure) = declaration.kind else { return }
        let access = context.access
        let context = context.entering(declaration)
        printer.documentation(declaration.documentation)
        printer.block("\(access)nonisolated struct \(declaration.name): APIModel") { printer in
            for property in structure.properties {
                printer.documentation(property.documentation)
                if property.isIndirect {
                    // Boxed: this property closes a cycle of structs containing each other.
                    printer.block("\(access)var \(property.name): \(storedType(property, context))") { printer in
                        printer.line("get { \(storageName(property)).value }")
                        printer.line("set { \(storageName(property)).value = newValue }")
                    }
                    printer.line("private var \(storageName(property)): Indirect<\(storedType(property, context))>")
                } else {
                    printer.line("\(access)var \(property.name): \(storedType(property, context))")
                }
            }
            if let extra = structure.additionalProperties {
                printer.line("/// Members beyond the documented properties.")
                printer.line("\(access)var \(extra.name): [String: \(context.code(extra.valueType))]")
            }
            DeclarationRenderer.renderNested(declaration, into: &printer, context: context)
            printer.blank()
            renderInitializer(structure, into: &printer, context: context)
            printer.blank()
            renderDecoder(structure, into: &printer, context: context)
            printer.blank()
            renderEncoder(structure, into: &printer, context: context)
        }
    }

    private func storageName(_ property: PropertyDeclaration) -> String {
        "_" + property.name.trimmingBackticks
    }

    /// `self.name = value`, or into the box for an indirect property.
    private func assignment(_ property: PropertyDeclaration, _ value: String) -> String {
        property.isIndirect ? "self.\(storageName(property)) = Indirect(\(value))" : "self.\(property.name) = \(value)"
    }

    /// The declared type: `Nullable<T>?` for PATCH fields where null and absent differ.
    private func storedType(_ property: PropertyDeclaration, _ context: RenderContext) -> String {
        property.isPatchNullable ? "Nullable<\(context.code(property.type.unwrapped))>?" : context.code(property.type)
    }

    private func isStoredOptional(_ property: PropertyDeclaration) -> Bool {
        property.isPatchNullable || property.type.isOptional
    }

    private func renderInitializer(_ structure: StructDeclaration, into printer: inout Printer, context: RenderContext) {
        let access = context.access
        var parameters = structure.properties.map { property -> String in
            let type = storedType(property, context)
            if let value = property.defaultValue {
                return "\(property.name): \(type) = \(property.isPatchNullable ? ".value(\(value))" : value)"
            }
            return isStoredOptional(property) ? "\(property.name): \(type) = nil" : "\(property.name): \(type)"
        }
        if let extra = structure.additionalProperties {
            parameters.append("\(extra.name): [String: \(context.code(extra.valueType))] = [:]")
        }
        let header = "\(access)init(\(parameters.joined(separator: ", ")))"
        if structure.properties.isEmpty && structure.additionalProperties == nil {
            printer.line(header + " {}")
            return
        }
        printer.block(header) { printer in
            for property in structure.properties {
                printer.line(assignment(property, property.name))
            }
            if let extra = structure.additionalProperties {
                printer.line("self.\(extra.name) = \(extra.name)")
            }
        }
    }

    private func renderDecoder(_ structure: StructDeclaration, into printer: inout Printer, context: RenderContext) {
        let access = context.access
        let header = "\(access)init(from decoder: any Decoder) throws"
        if structure.properties.isEmpty && structure.additionalProperties == nil {
            printer.line(header + " {}")
            return
        }
        printer.block(header) { printer in
            if !structure.properties.isEmpty {
                printer.line("let container = try decoder.container(keyedBy: AnyCodingKey.self)")
            }
            for property in structure.properties {
                let key = SwiftLiteral.string(property.key)
                let valueType = context.code(property.type.unwrapped)
                let value: String
                if property.isPatchNullable {
                    value = "container.contains(\(key)) ? try container.decode(Nullable<\(valueType)>.self, forKey: \(key)) : nil"
                } else if property.isRequired {
                    // A required nullable key must be present, but may be null.
                    value = "try container.decode(\(context.code(property.type)).self, forKey: \(key))"
                } else if let defaultValue = property.defaultValue {
                    value = "try container.decodeIfPresent(\(valueType).self, forKey: \(key)) ?? \(defaultValue)"
                } else {
                    value = "try container.decodeIfPresent(\(valueType).self, forKey: \(key))"
                }
                printer.line(assignment(property, value))
            }
            if let extra = structure.additionalProperties {
                let known = structure.properties.map { SwiftLiteral.string($0.key) }.joined(separator: ", ")
                printer.line("self.\(extra.name) = try decoder.container(keyedBy: AnyCodingKey.self).decodeAdditionalProperties(\(context.code(extra.valueType)).self, excluding: [\(known)])")
            }
        }
    }

    private func renderEncoder(_ structure: StructDeclaration, into printer: inout Printer, context: RenderContext) {
        let access = context.access
        printer.block("\(access)func encode(to encoder: any Encoder) throws") { printer in
            let encoded = structure.properties.filter { !$0.isReadOnly }
            if encoded.isEmpty && structure.additionalProperties == nil {
                // An object with nothing to send still encodes as `{}`.
                printer.line("_ = encoder.container(keyedBy: AnyCodingKey.self)")
                return
            }
            if !encoded.isEmpty {
                printer.line("var container = encoder.container(keyedBy: AnyCodingKey.self)")
            }
            for property in encoded {
                let method = isStoredOptional(property) && !property.isRequired ? "encodeIfPresent" : "encode"
                // `self.` because a property may be called `container` or `encoder`.
                printer.line("try container.\(method)(self.\(property.name), forKey: \(SwiftLiteral.string(property.key)))")
            }
            if let extra = structure.additionalProperties {
                printer.line("var additionalContainer = encoder.container(keyedBy: AnyCodingKey.self)")
                let known = structure.properties.map { SwiftLiteral.string($0.key) }.joined(separator: ", ")
                printer.line("try additionalContainer.encodeAdditionalProperties(self.\(extra.name), excluding: [\(known)])")
            }
        }
    }
}

extension String {
    /// `` `class` `` → `class`.
    var trimmingBackticks: String {
        hasPrefix("`") && hasSuffix("`") && count > 1 ? String(dropFirst().dropLast()) : self
    }
}
