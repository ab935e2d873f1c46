/// An operation's response headers struct (`CreatePetResponseHeaders`), read from the
/// `headers` of the `APIResponse` that `client.response(for:)` returns.
struct ResponseHeadersGenerator {
    func render(_ headers: ResponseHeadersDeclaration, builder: String, into printer: inout Printer, context: RenderContext) {
        let access = context.access
        printer.documentation("The headers `\(builder)`'s responses declare, typed:")
        printer.documentation("`\(headers.typeName)(try await client.response(for: request).headers)`.")
        printer.line("/// Each is nil when the response does not have it, or its text is not of its type.")
        printer.block("\(access)nonisolated struct \(headers.typeName): Sendable") { printer in
            for field in headers.fields {
                printer.documentation(field.documentation)
                printer.line("\(access)var \(field.name): \(field.type.optional, in: context)")
            }
            printer.blank()
            printer.line("/// Reads the declared headers from a response's fields.")
            printer.block("\(access)init(_ fields: HTTPFields)") { printer in
                for field in headers.fields {
                    printer.line("\(field.name) = fields.value(\(field.type, in: context).self, for: \(literal: field.key))")
                }
            }
        }
    }
}
