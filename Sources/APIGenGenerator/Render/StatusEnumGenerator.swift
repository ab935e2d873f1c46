/// The enum of an operation whose 2xx responses carry different bodies, with its decoder.
struct StatusEnumGenerator {
    func render(_ name: String, cases: [StatusCase], builder: String, into printer: inout Printer, context: RenderContext) {
        let access = context.access
        printer.documentation("The successful responses of `\(builder)`, by status.")
        printer.block("\(access)nonisolated enum \(name): Sendable") { printer in
            for item in cases {
                if let type = item.type {
                    printer.line("case \(item.name)(\(type, in: context))")
                } else {
                    printer.line("case \(item.name)")
                }
            }
            printer.blank()
            printer.line("/// Picks the case by status; an undocumented 2xx is read as the first documented one.")
            printer.block("static let decode = ResponseBody<\(name)>") { printer in
                printer.line("response, body, decoder in")
                printer.switchBlock("response.status") { printer in
                    for item in cases where item.status != nil {
                        printer.line("case \(item.status!): return \(decodeExpression(item, context: context))")
                    }
                    printer.line("default: return \(decodeExpression(cases[0], context: context))")
                }
            }
        }
    }

    private func decodeExpression(_ item: StatusCase, context: RenderContext) -> String {
        guard let type = item.type else { return ".\(item.name)" }
        switch item.decoding {
        case .data: return ".\(item.name)(body)"
        case .text: return ".\(item.name)(String(decoding: body, as: UTF8.self))"
        default: return ".\(item.name)(try decoder.decode(\(context.code(type)).self, from: body))"
        }
    }
}
