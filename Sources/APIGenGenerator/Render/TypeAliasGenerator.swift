/// `public typealias Pets = [Pet]` for named schemas that are arrays, maps or primitives.
struct TypeAliasGenerator: DeclarationGenerator {
    func render(_ declaration: TypeDeclaration, into printer: inout Printer, context: RenderContext) {
        guard case .alias(let target) = declaration.kind else { return }
        printer.documentation(declaration.documentation)
        printer.line("\(context.access)typealias \(declaration.name) = \(target.code)")
    }
}
