/// `API.Operation`: one typed key per operation, named as its builder, so that a test's canned
/// answer is found by the name the app calls and a body of another type does not compile
/// (`mock.respond(to: API.Operation.showPetByID, with: .json(Pet.sample))`).
enum OperationKeyGenerator {
    static func render(
        _ keys: [OperationKeyDeclaration], namespace: String, into printer: inout Printer, context: RenderContext
    ) {
        let access = context.access
        printer.line("/// One key per operation, named as its builder and typed by its response: the answers of")
        printer.line("/// `MockTransport` and `APIClient.preview`, and the requests a mock saw, by operation.")
        printer.block("\(access)nonisolated enum Operation") { printer in
            for (index, key) in keys.enumerated() {
                if index > 0 { printer.blank() }
                printer.documentation("The operation `\(namespace).\(key.name.plain)` sends.")
                printer.line("\(access)static let \(key.name) = OperationKey<\(key.response, in: context)>(\(literal: key.operationID))")
            }
        }
    }
}
