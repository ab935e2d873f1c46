import APIGenOpenAPI

/// The spec's `webhooks` (requests the API sends to the app's own server) become one enum with
/// a case per webhook holding its decoded body. Inline bodies become top-level types named
/// after the webhook (`NewPetWebhook`), as an operation's inline bodies are named after it.
struct WebhookTranslator {
    let types: SchemaTypes

    func declaration(for webhooks: [Operation]) -> WebhooksDeclaration? {
        guard !webhooks.isEmpty else { return nil }
        // Claimed at the top level, so that no model of that name is hidden inside the namespace.
        let typeName = types.claimTopLevelName("Webhook")
        var names = NameScope(reserved: ["init", "self", "Type", "name", "names"])
        let repeated = Dictionary(grouping: webhooks, by: \.path).filter { $0.value.count > 1 }.keys
        let cases = webhooks.map { webhook in
            // A name with several methods (rare) gets a case per method.
            let base = repeated.contains(webhook.path) ? webhook.path + " " + webhook.method.rawValue : webhook.path
            let name = names.claim(SwiftName.memberName(base, fallback: "webhook"))
            let (payload, decoding) = body(of: webhook, typeBase: SwiftName.typeName(name) + "Webhook")
            return WebhookCase(
                name: Identifier(name), specName: webhook.path, payload: payload, decoding: decoding,
                documentation: documentation(webhook))
        }
        return WebhooksDeclaration(typeName: typeName, cases: cases)
    }

    private func body(of webhook: Operation, typeBase: String) -> (SwiftType?, OperationResponse.Decoding) {
        let entry = OperationEntry(webhook, shapes: types.shapes, table: types.table)
        guard let media = entry.body else { return (nil, .empty) }
        switch media.kind {
        case .json:
            let type = media.type.schema.map { types.typeDeclaredAtTopLevel(for: $0, suggestedName: typeBase) } ?? .jsonValue
            return (type, .json)
        case .text:
            return (.string, .text)
        case .binary, .form, .multipart:
            return (.data, .data)
        }
    }

    private func documentation(_ webhook: Operation) -> Documentation {
        var lines: [String] = []
        for text in [webhook.summary, webhook.requestBody?.description, webhook.description] {
            guard let text, !text.isEmpty else { continue }
            if !lines.isEmpty { lines.append("") }
            lines += SwiftLiteral.documentationLines(text)
        }
        if !lines.isEmpty { lines.append("") }
        lines.append("`\(webhook.method.rawValue.uppercased())` webhook `\(SwiftLiteral.documentationLines(webhook.path).joined())`")
        return Documentation(lines)
    }
}
