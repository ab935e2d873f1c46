/// `init(from:)` and `encode(to:)` of an `anyOf` that keeps every match
/// (`StructDeclaration.Coding.allMatches`): each alternative decodes from the whole value, and
/// one must; object alternatives encode into the same object, so their keys merge back into
/// the value that was decoded; a value that is not an object is its first alternative present.
struct AllMatchesCoding {
    let structure: StructDeclaration
    /// The properties whose alternatives are objects.
    let objects: Set<Identifier>
    let context: RenderContext

    func render(into printer: inout Printer) {
        let access = context.access
        printer.block("\(access)init(from decoder: any Decoder) throws") { printer in
            for property in structure.properties {
                StructGenerator().assign(
                    property, Printer.Call(WholeValueCoding.attempted(property.type.unwrapped, context: context)), into: &printer)
            }
            printer.block("guard \(anyPresent(structure.properties)) else") { printer in
                let names = structure.properties.map { context.code($0.type.unwrapped) }.joined(separator: ", ")
                let description: SourceText = "debugDescription: \(literal: "Expected a value matching one of: \(names)")"
                printer.line("throw DecodingError.dataCorrupted(")
                printer.indented { printer in
                    printer.list("DecodingError.Context(", ["codingPath: decoder.codingPath", description], ")")
                }
                printer.line(")")
            }
        }
        printer.blank()
        printer.block("\(access)func encode(to encoder: any Encoder) throws") { printer in
            let merged = structure.properties.filter { objects.contains($0.name) }
            let alone = structure.properties.filter { !objects.contains($0.name) }
            var keyword: SourceText = "if"
            if !merged.isEmpty {
                // Objects merge: each writes its keys into the one object.
                printer.line("if \(anyPresent(merged)) {")
                printer.indented { printer in
                    for property in merged {
                        printer.line("try self.\(property.name)?.encode(to: encoder)")
                    }
                }
                keyword = "} else if"
            }
            for property in alone {
                printer.line("\(keyword) let value = self.\(property.name) {")
                printer.indented { printer in
                    printer.line("try \(WholeValueCoding.encoded("value", type: property.type.unwrapped))")
                }
                keyword = "} else if"
            }
            printer.line("} else {")
            printer.indented { printer in
                printer.line(
                    "let context = EncodingError.Context(codingPath: encoder.codingPath, debugDescription: \"No alternative is set.\")")
                printer.line("throw EncodingError.invalidValue(self, context)")
            }
            printer.line("}")
        }
    }

    /// `a != nil || b != nil`.
    private func anyPresent(_ properties: [PropertyDeclaration]) -> SourceText {
        var text: SourceText = ""
        for (index, property) in properties.enumerated() {
            text.append(index == 0 ? "" : " || ")
            text.append("self.\(property.name) != nil")
        }
        return text
    }
}
