/// Structs for object schemas: stored properties, a memberwise init with defaults, and
/// Codable written out (`decode` for required keys, `decodeIfPresent` otherwise, defaults
/// applied, read-only properties never encoded).
struct StructGenerator: DeclarationGenerator {
    func render(_ declaration: TypeDeclaration, into printer: inout Printer, context: RenderContext) {
        guard case .structure(let structure) = declaration.kind else { return }
        let access = context.access
        printer.documentation(declaration.documentation)
        printer.block("\(access)nonisolated struct \(declaration.name): Codable, Hashable, Sendable") { printer in
            for property in structure.properties {
                printer.documentation(property.documentation)
                if property.isIndirect {
                    // Boxed: this property closes a cycle of structs containing each other.
                    printer.block("\(access)var \(property.name): \(storedType(property).code)") { printer in
                        printer.line("get { \(storageName(property)).value }")
                        printer.line("set { \(storageName(property)).value = newValue }")
                    }
                    printer.line("private var \(storageName(property)): Indirect<\(storedType(property).code)>")
                } else {
                    printer.line("\(access)var \(property.name): \(storedType(property).code)")
                }
            }
            if let extra = structure.additionalProperties {
                printer.line("/// Members beyond the documented properties.")
                printer.line("\(access)var \(extra.name): [String: \(extra.valueType.code)]")
            }
            DeclarationRenderer.renderNested(declaration, into: &printer, context: context)
            printer.blank()
            renderInitializer(structure, into: &printer, access: access)
            if !structure.properties.isEmpty {
                printer.blank()
                renderCodingKeys(structure, into: &printer)
            }
            printer.blank()
            renderDecoder(structure, into: &printer, access: access)
            printer.blank()
            renderEncoder(structure, into: &printer, access: access)
        }
    }

    private func storageName(_ property: PropertyDeclaration) -> String {
        "_" + property.name.trimmingBackticks
    }

    /// `self.name = value`, or into the box for an indirect property.
    private func assignment(_ property: PropertyDeclaration, _ value: String) -> String {
        property.isIndirect ? "self.\(storageName(property)) = Indirect(\(value))" : "self.\(property.name) = \(value)"
    }

    private func storedType(_ property: PropertyDeclaration) -> SwiftType {
        property.isPatchNullable ? .optional(.named("Nullable<\(property.type.unwrapped.code)>")) : property.type
    }

    private func renderInitializer(_ structure: StructDeclaration, into printer: inout Printer, access: String) {
        var parameters = structure.properties.map { property -> String in
            let type = storedType(property)
            if let value = property.defaultValue {
                return "\(property.name): \(type.code) = \(property.isPatchNullable ? ".value(\(value))" : value)"
            }
            return type.isOptional ? "\(property.name): \(type.code) = nil" : "\(property.name): \(type.code)"
        }
        if let extra = structure.additionalProperties {
            parameters.append("\(extra.name): [String: \(extra.valueType.code)] = [:]")
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

    private func renderCodingKeys(_ structure: StructDeclaration, into printer: inout Printer) {
        printer.block("enum CodingKeys: String, CodingKey") { printer in
            for property in structure.properties {
                let bare = property.name.trimmingBackticks
                printer.line(bare == property.key ? "case \(property.name)" : "case \(property.name) = \(SwiftLiteral.string(property.key))")
            }
        }
    }

    private func renderDecoder(_ structure: StructDeclaration, into printer: inout Printer, access: String) {
        let header = "\(access)init(from decoder: any Decoder) throws"
        if structure.properties.isEmpty && structure.additionalProperties == nil {
            printer.line(header + " {}")
            return
        }
        printer.block(header) { printer in
            if !structure.properties.isEmpty {
                printer.line("let container = try decoder.container(keyedBy: CodingKeys.self)")
            }
            for property in structure.properties {
                let key = "." + property.name
                let valueType = property.type.unwrapped.code
                let value: String
                if property.isPatchNullable {
                    value = "container.contains(\(key)) ? try container.decode(Nullable<\(valueType)>.self, forKey: \(key)) : nil"
                } else if property.isRequired {
                    value = "try container.decode(\(valueType).self, forKey: \(key))"
                } else if let defaultValue = property.defaultValue {
                    value = "try container.decodeIfPresent(\(valueType).self, forKey: \(key)) ?? \(defaultValue)"
                } else {
                    value = "try container.decodeIfPresent(\(valueType).self, forKey: \(key))"
                }
                printer.line(assignment(property, value))
            }
            if let extra = structure.additionalProperties {
                let known = structure.properties.map { SwiftLiteral.string($0.key) }.joined(separator: ", ")
                printer.line("self.\(extra.name) = try decoder.container(keyedBy: AnyCodingKey.self).decodeAdditionalProperties(\(extra.valueType.code).self, excluding: [\(known)])")
            }
        }
    }

    private func renderEncoder(_ structure: StructDeclaration, into printer: inout Printer, access: String) {
        printer.block("\(access)func encode(to encoder: any Encoder) throws") { printer in
            let encoded = structure.properties.filter { !$0.isReadOnly }
            if encoded.isEmpty && structure.additionalProperties == nil {
                // An object with nothing to send still encodes as `{}`.
                printer.line("_ = encoder.container(keyedBy: AnyCodingKey.self)")
                return
            }
            if !encoded.isEmpty {
                printer.line("var container = encoder.container(keyedBy: CodingKeys.self)")
            }
            for property in encoded {
                let method = storedType(property).isOptional ? "encodeIfPresent" : "encode"
                // `self.` because a property may be called `container` or `encoder`.
                printer.line("try container.\(method)(self.\(property.name), forKey: .\(property.name))")
            }
            if let extra = structure.additionalProperties {
                printer.line("var additionalContainer = encoder.container(keyedBy: AnyCodingKey.self)")
                printer.line("try additionalContainer.encodeAdditionalProperties(self.\(extra.name))")
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
