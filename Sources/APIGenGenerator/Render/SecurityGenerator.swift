/// The namespace's `Security` enum: a `SecurityScheme` constant per scheme the spec declares,
/// which each request's `security` names.
struct SecurityGenerator {
    func render(_ schemes: [SecuritySchemeDeclaration], into printer: inout Printer, context: RenderContext) {
        let access = context.access
        printer.line("/// The security schemes the API declares; requests name the ones they need.")
        printer.block("\(access)nonisolated enum Security") { printer in
            for scheme in schemes {
                printer.documentation(scheme.documentation)
                printer.list(
                    "\(access)static let \(scheme.name) = SecurityScheme(",
                    ["name: \(literal: scheme.specName)", "kind: \(kind(scheme.kind))"], ")")
            }
        }
    }

    private func kind(_ kind: SecuritySchemeDeclaration.Kind) -> SourceText {
        switch kind {
        case .basic: return ".basic"
        case .bearer: return ".bearer"
        case .apiKey(let name, let location):
            let place: SourceText
            switch location {
            case .header: place = ".header"
            case .query: place = ".query"
            case .cookie: place = ".cookie"
            }
            return ".apiKey(name: \(literal: name), location: \(place))"
        }
    }
}
