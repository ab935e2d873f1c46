import APIGenOpenAPI

/// The spec's `webhooks`, and each operation's `callbacks` (requests the API sends to the
/// app's own server), become enums with a case per request holding its decoded body. Inline
/// bodies become top-level types named after the request (`NewPetWebhook`,
/// `SubscribeOnDataCallback`), as an operation's inline bodies are named after it.
struct WebhookTranslator {
    let types: SchemaTypes

    /// The `Webhook` enum; nil when the spec has no webhooks.
    func webhooks(_ webhooks: [Operation]) -> WebhooksDeclaration? {
        let requests = webhooks.map { (key: $0.path, name: $0.path, operation: $0) }
        return declaration(requests, typeName: "Webhook", origin: "the spec's `webhooks`", suffix: "Webhook")
    }

    /// The enum of the requests `operation` makes the API send back (`SubscribeCallback`); nil
    /// when it has no callbacks. Each is decoded by its callback's name; a callback of several
    /// requests (rare) has them by name, method and URL expression.
    func callbacks(_ callbacks: [Callback], of operation: OperationDeclaration) -> WebhooksDeclaration? {
        let requests = callbacks.flatMap { callback in
            callback.operations.map { request in
                let method = request.method.rawValue.uppercased()
                let key = callback.operations.count == 1 ? callback.name : "\(callback.name) \(method) \(request.path)"
                return (key: key, name: key, operation: request)
            }
        }
        let base = SwiftName.typeName(operation.name.plain)
        return declaration(
            requests, typeName: base + "Callback", origin: "the `callbacks` of `\(operation.operationID)`",
            suffix: "Callback", prefix: base)
    }

    private func declaration(
        _ requests: [(key: String, name: String, operation: Operation)], typeName: String, origin: String, suffix: String,
        prefix: String = ""
    ) -> WebhooksDeclaration? {
        guard !requests.isEmpty else { return nil }
        // Claimed at the top level, so that no model of that name is hidden inside the namespace.
        let claimed = types.claimTopLevelName(typeName)
        var names = NameScope(reserved: ["init", "self", "Type", "name", "names"])
        let repeated = Dictionary(grouping: requests, by: \.name).filter { $0.value.count > 1 }.keys
        let cases = requests.map { request in
            // A name with several methods (rare) gets a case per method.
            let base = repeated.contains(request.name) ? request.name + " " + request.operation.method.rawValue : request.name
            let name = names.claim(SwiftName.memberName(base, fallback: "request"))
            let (payload, decoding) = body(of: request.operation, typeBase: prefix + SwiftName.typeName(name) + suffix)
            return WebhookCase(
                name: Identifier(name), specName: request.key, payload: payload, decoding: decoding,
                documentation: documentation(request.operation))
        }
        return WebhooksDeclaration(typeName: claimed, origin: origin, cases: cases)
    }

    private func body(of request: Operation, typeBase: String) -> (SwiftType?, OperationResponse.Decoding) {
        let entry = OperationEntry(request, shapes: types.shapes, table: types.table)
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

    /// Summary, body description, description, then the method and the name or URL expression.
    private func documentation(_ request: Operation) -> Documentation {
        var lines: [String] = []
        for text in [request.summary, request.requestBody?.description, request.description] {
            guard let text, !text.isEmpty else { continue }
            if !lines.isEmpty { lines.append("") }
            lines += SwiftLiteral.documentationLines(text)
        }
        if !lines.isEmpty { lines.append("") }
        lines.append("`\(request.method.rawValue.uppercased()) \(SwiftLiteral.documentationLines(request.path).joined())`")
        return Documentation(lines)
    }
}
