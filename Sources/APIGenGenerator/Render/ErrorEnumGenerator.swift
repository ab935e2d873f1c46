/// An operation's error enum (`CreatePetError`): a case per declared error response with its
/// decoded body, and `init?(_:decoder:)`, which reads it from the error the request threw.
struct ErrorEnumGenerator {
    func render(
        _ errors: ErrorResponsesDeclaration, builder: String, sharedBuilder: String?, into printer: inout Printer, context: RenderContext
    ) {
        let access = context.access
        if let shared = errors.sharedWith, let sharedBuilder {
            printer.documentation("The error responses `\(builder)` declares: the same as `\(sharedBuilder)`'s.")
            printer.line("\(access)typealias \(errors.typeName) = \(shared.typeName)")
            return
        }
        printer.documentation("The error responses `\(builder)` declares, read from the `APIError` it threw:")
        let first = errors.cases[0]
        let pattern = first.status.carriesStatus ? "(let body, let status)" : "(let body)"
        printer.documentation("`if case .\(first.name)\(pattern)? = \(errors.typeName)(error) { … }`.")
        printer.block("\(access)nonisolated enum \(errors.typeName): Sendable") { printer in
            for (index, item) in errors.cases.enumerated() {
                if index > 0, !item.documentation.isEmpty { printer.blank() }
                printer.documentation(item.documentation)
                printer.line("case \(item.name)(\(item.type, in: context)\(item.status.carriesStatus ? ", status: Int" : ""))")
            }
            printer.blank()
            printer.line("/// The declared response `error` carries, its body decoded with the client's JSON rules; nil")
            printer.line("/// when `error` is not an `APIError.server` of a declared status, or its body does not match.")
            printer.block("\(access)init?(_ error: any Error, decoder: JSONDecoder = APIJSON.makeDecoder())") { printer in
                printer.line("guard let error = error as? APIError, let status = error.status else { return nil }")
                printer.switchBlock("status") { printer in
                    for item in errors.cases {
                        switch item.status {
                        case .exact(let code): printer.line("case \(code):")
                        case .range(let lower): printer.line("case \(lower)..<\(lower + 100):")
                        case .other: printer.line("default:")
                        }
                        printer.indented { printer in
                            let type: SourceText = "\(item.type, in: context)"
                            printer.line("guard let body = error.body(as: \(type).self, decoder: decoder) else { return nil }")
                            printer.line("self = .\(item.name)(body\(item.status.carriesStatus ? ", status: status" : ""))")
                        }
                    }
                    if !errors.cases.contains(where: { $0.status == .other }) {
                        printer.line("default: return nil")
                    }
                }
            }
        }
    }
}
