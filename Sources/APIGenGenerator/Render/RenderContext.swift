/// What every generator needs besides the declaration: the access level to write.
public struct RenderContext: Sendable {
    /// `public `, `package ` or empty for internal, ready to prefix a declaration.
    public var access: String
    /// The qualified name of the type being rendered (empty at the top level), so that
    /// type references can be written relative to it.
    public var scope = ""

    public init(accessLevel: AccessLevel) {
        access = accessLevel == .internal ? "" : accessLevel.rawValue + " "
    }

    /// The context for the members of `declaration`.
    func entering(_ declaration: TypeDeclaration) -> RenderContext {
        var inner = self
        inner.scope = scope.isEmpty ? declaration.name : "\(scope).\(declaration.name)"
        return inner
    }

    /// A type as written inside the current type.
    func code(_ type: SwiftType) -> String {
        type.code(in: scope)
    }
}

public enum AccessLevel: String, Sendable, CaseIterable {
    case `public`
    case `package`
    case `internal`
}

/// Renders one kind of declaration; `DeclarationRenderer` picks the generator by kind.
protocol DeclarationGenerator {
    func render(_ declaration: TypeDeclaration, into printer: inout Printer, context: RenderContext)
}

enum DeclarationRenderer {
    static func render(_ declaration: TypeDeclaration, into printer: inout Printer, context: RenderContext) {
        let generator: any DeclarationGenerator
        switch declaration.kind {
        case .structure: generator = StructGenerator()
        case .enumeration: generator = EnumGenerator()
        case .union: generator = UnionGenerator()
        case .alias: generator = TypeAliasGenerator()
        case .wrapper: generator = WrapperGenerator()
        }
        generator.render(declaration, into: &printer, context: context)
    }

    /// Nested declarations, each after a blank line.
    /// Nested declarations, each after a blank line; `context` is the enclosing type's.
    static func renderNested(_ declaration: TypeDeclaration, into printer: inout Printer, context: RenderContext) {
        for nested in declaration.nested {
            printer.blank()
            render(nested, into: &printer, context: context)
        }
    }
}
