/// `struct Tree: APIModel { var value: [Tree] }` for an array or map schema that contains
/// itself, coded as the bare value: `[[], [[]]]` on the wire, not `{"value": …}`.
struct WrapperGenerator: DeclarationGenerator {
    func render(_ declaration: TypeDeclaration, into printer: inout Printer, context: RenderContext) {
        guard case .wrapper(let valueType) = declaration.kind else { return }
        let access = context.access
        let type = valueType.code
        printer.documentation(declaration.documentation)
        printer.block("\(access)nonisolated struct \(declaration.name): APIModel") { printer in
            printer.line("\(access)var value: \(type)")
            printer.blank()
            printer.block("\(access)init(_ value: \(type))") { printer in
                printer.line("self.value = value")
            }
            printer.blank()
            printer.block("\(access)init(from decoder: any Decoder) throws") { printer in
                printer.line("value = try \(type)(from: decoder)")
            }
            printer.blank()
            printer.block("\(access)func encode(to encoder: any Encoder) throws") { printer in
                printer.line("try value.encode(to: encoder)")
            }
            printer.blank()
            StoredValuesGenerator.renderStruct(["value"], into: &printer, context: context)
        }
    }
}
