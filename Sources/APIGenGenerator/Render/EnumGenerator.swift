/// `OpenEnum`s: the known cases, `unknown(RawValue)` for the rest, and the raw value mapping.
struct EnumGenerator: DeclarationGenerator {
    func render(_ declaration: TypeDeclaration, into printer: inout Printer, context: RenderContext) {
        guard case .enumeration(let enumeration) = declaration.kind else { return }
        let access = context.access
        let context = context.entering(declaration)
        printer.documentation(declaration.documentation)
        printer.block("\(access)nonisolated enum \(declaration.name): OpenEnum") { printer in
            for item in enumeration.cases {
                printer.documentation(item.documentation)
                printer.line("case \(item.name)")
            }
            printer.line("/// A value this client does not know yet, kept as sent.")
            printer.line("case unknown(\(enumeration.rawType.code))")
            printer.blank()
            printer.block("\(access)init(rawValue: \(enumeration.rawType.code))") { printer in
                printer.switchBlock("rawValue") { printer in
                    for item in enumeration.cases {
                        printer.line("case \(SwiftLiteral.code(for: item.rawValue)): self = .\(item.name)")
                    }
                    printer.line("default: self = .unknown(rawValue)")
                }
            }
            printer.blank()
            printer.block("\(access)var rawValue: \(enumeration.rawType.code)") { printer in
                printer.switchBlock("self") { printer in
                    for item in enumeration.cases {
                        printer.line("case .\(item.name): \(SwiftLiteral.code(for: item.rawValue))")
                    }
                    printer.line("case .unknown(let value): value")
                }
            }
            DeclarationRenderer.renderNested(declaration, into: &printer, context: context)
        }
    }
}
