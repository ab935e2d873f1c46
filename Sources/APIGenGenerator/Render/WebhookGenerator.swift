/// The namespace's `Webhook` enum, and an operation's `…Callback` enum: a case per request with
/// its decoded body, the spec's names, and `init(name:body:decoder:)`, which a server of the
/// app's calls with an incoming request.
struct WebhookGenerator {
    func render(_ webhooks: WebhooksDeclaration, into printer: inout Printer, context: RenderContext) {
        let access = context.access
        printer.documentation("The requests the API sends to a server of yours (\(webhooks.origin)): decode an incoming")
        printer.line("/// request's body with `init(name:body:decoder:)`, naming the request as the spec does.")
        printer.block("\(access)nonisolated enum \(webhooks.typeName): Sendable") { printer in
            for (index, item) in webhooks.cases.enumerated() {
                if index > 0 { printer.blank() }
                printer.documentation(item.documentation)
                if let payload = item.payload {
                    printer.line("case \(item.name)(\(payload, in: context))")
                } else {
                    printer.line("case \(item.name)")
                }
            }
            printer.blank()
            printer.line("/// The requests' names, as the spec has them and `init(name:body:decoder:)` takes them.")
            let names: [SourceText] = webhooks.cases.map { "\(literal: $0.specName)" }
            printer.list("\(access)static let names: [String] = [", names, "]", trailingComma: true)
            printer.blank()
            printer.line("/// The request's name in the spec.")
            printer.block("\(access)var name: String") { printer in
                printer.switchBlock("self") { printer in
                    for item in webhooks.cases {
                        printer.line("case .\(item.name): \(literal: item.specName)")
                    }
                }
            }
            printer.blank()
            printer.line("/// Decodes the body of an incoming request called `name` with the client's JSON rules.")
            printer.line("/// Throws `UnknownWebhook` for a name the spec does not list here, `DecodingFailure` for a body")
            printer.line("/// that does not match.")
            printer.block("\(access)init(name: String, body: Data, decoder: JSONDecoder = APIJSON.makeDecoder()) throws") { printer in
                printer.switchBlock("name") { printer in
                    for item in webhooks.cases {
                        render(item, into: &printer, context: context)
                    }
                    printer.line("default: throw UnknownWebhook(name: name)")
                }
            }
        }
    }

    /// `case "name": self = .name(…)` on one line where it fits; else the value is decoded on a
    /// line of its own first.
    private func render(_ item: WebhookCase, into printer: inout Printer, context: RenderContext) {
        let label: SourceText = "case \(literal: item.specName):"
        guard let payload = item.payload else { return printer.line("\(label) self = .\(item.name)") }
        let value: SourceText
        switch item.decoding {
        case .data: value = "body"
        case .text: value = "String(decoding: body, as: UTF8.self)"
        default: value = "try WebhookBody.decode(\(payload, in: context).self, from: body, decoder: decoder)"
        }
        let line: SourceText = "\(label) self = .\(item.name)(\(value))"
        if printer.fits(line.count) {
            return printer.line(line)
        }
        printer.line(label)
        printer.indented { printer in
            if case .json = item.decoding {
                let arguments: [SourceText] = ["\(payload, in: context).self", "from: body", "decoder: decoder"]
                printer.list("let value = try WebhookBody.decode(", arguments, ")")
            } else {
                printer.line("let value = \(value)")
            }
            printer.line("self = .\(item.name)(value)")
        }
    }
}
