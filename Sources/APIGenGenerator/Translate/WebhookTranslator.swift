import APIGenOpenAPI

/// The spec's `webhooks`, and each operation's `callbacks` (requests the API sends to the
/// app's own server), become enums with a case per request holding its decoded body. Inline
/// bodies become top-level types named after the request (`NewPetWebhook`,
/// `SubscribeOnDataCallback`), as an operation's inline bodies are named after it.
struct WebhookTranslator {
    let types: SchemaTypes

    /// The `Webhook` enum; nil when the spec has no webhooks.
    func webhooks(_ webhooks: [Operation]) -> WebhooksDeclaration? {
        let requests = webhooks.map { (name: $0.path, operation: $0) }
        return declaration(requests, typeName: "Webhook", origin: "the spec's `webhooks`", suffix: "Webhook")
    }

    /// The enum of the requests `operation` makes the API send back (`SubscribeCallback`); nil
    /// when it has no callbacks. Each is decoded by its callback's name.
    func callbacks(_ callbacks: [Callback], of operation: OperationDeclaration, in namespace: String) -> WebhooksDeclaration? {
        let requests = callbacks.flatMap { callback in callback.operations.map { (name: callback.name, operation: $0) } }
        let base = SwiftName.typeName(operation.name.plain)
        return declaration(
            requests, typeName: base + "Callback", origin: "the `callbacks` of `\(namespace).\(operation.name.plain)`",
            suffix: "Callback", prefix: base)
    }

    /// A name that several requests share (a webhook with two methods, a callback with two
    /// URLs: rare) is decoded as `name METHOD`, and with the URL expression where that differs.
    private func declaration(
        _ requests: [(name: String, operation: Operation)], typeName: String, origin: String, suffix: String, prefix: String = ""
    ) -> WebhooksDeclaration? {
        guard !requests.isEmpty else { return nil }
        // Claimed at the top level, so that no model of that name is hidden inside the namespace.
        let claimed = types.claimTopLevelName(typeName)
        var names = NameScope(reserved: GeneratedMembers.webhooks)
        let repeated = Set(Dictionary(grouping: requests, by: \.name).filter { $0.value.count > 1 }.keys)
        let cases = requests.map { request in
            var (key, base) = (request.name, request.name)
            if repeated.contains(request.name) {
                key += " " + request.operation.method.rawValue.uppercased()
                base += " " + request.operation.method.rawValue.lowercased()
                if request.operation.path != request.name { key += " " + request.operation.path }
            }
            let name = names.claim(SwiftName.memberName(base, fallback: "request"))
            let (payload, decoding) = body(of: request.operation, typeBase: prefix + SwiftName.typeName(name) + suffix)
            let documentation = documentation(request.operation)
            return WebhookCase(name: Identifier(name), specName: key, payload: payload, decoding: decoding, documentation: documentation)
        }
        return WebhooksDeclaration(typeName: claimed, origin: origin, cases: cases)
    }

    private func body(of request: Operation, typeBase: String) -> (SwiftType?, OperationResponse.Decoding) {
        guard let media = OperationEntry(request, shapes: types.shapes, table: types.table).body else { return (nil, .empty) }
        let (type, decoding) = ResponseTranslator(types: types).bodyType(of: media, suggestedName: typeBase)
        return (type, decoding)
    }

    /// Summary, body description, description, then the method and the name or URL expression.
    private func documentation(_ request: Operation) -> Documentation {
        var documentation = Documentation()
        for text in [request.summary, request.requestBody?.description, request.description] {
            if let text { documentation.appendParagraph(text) }
        }
        documentation.appendParagraph(Documentation.methodLine(request.method.rawValue, request.path))
        return documentation
    }
}
