/// The checks of `validatesRequests: true`: a model's `validationProblems(at:)`, and the rules a
/// builder checks a parameter against.
enum ValidationGenerator {
    /// `[.minLength(3), .pattern("^[a-z]+$")]`: spec text only inside string literals.
    static func rules(_ constraints: [ValueConstraint]) -> SourceText {
        var text: SourceText = "["
        for (index, constraint) in constraints.enumerated() {
            text.append(index == 0 ? "" : ", ")
            switch constraint {
            case .minLength(let count): text.append(".minLength(\(count))")
            case .maxLength(let count): text.append(".maxLength(\(count))")
            case .pattern(let pattern): text.append(".pattern(\(SwiftLiteral.string(pattern)))")
            case .minimum(let bound): text.append(".minimum(\(bound))")
            case .maximum(let bound): text.append(".maximum(\(bound))")
            case .minItems(let count): text.append(".minItems(\(count))")
            case .maxItems(let count): text.append(".maxItems(\(count))")
            case .knownValue: text.append(".knownValue")
            }
        }
        text.append("]")
        return text
    }

    static func renderProblems(_ structure: StructDeclaration, into printer: inout Printer, context: RenderContext) {
        printer.line("/// The spec's constraints this value breaks, each as `path: rule`.")
        printer.block("\(context.access)func validationProblems(at path: String) -> [String]") { printer in
            let checked = structure.properties.filter { !$0.constraints.isEmpty || $0.holdsModels }
            guard !checked.isEmpty else {
                printer.line("[]")
                return
            }
            printer.line("var problems: [String] = []")
            for property in checked {
                let at: SourceText = "at: path + \(literal: property.key)"
                if !property.constraints.isEmpty {
                    printer.list("RequestRules.check(", ["self.\(property.name)", rules(property.constraints), at, "into: &problems"], ")")
                }
                if property.holdsModels {
                    printer.list("RequestRules.nested(", ["self.\(property.name)", at, "into: &problems"], ")")
                }
            }
            printer.line("return problems")
        }
    }
}
