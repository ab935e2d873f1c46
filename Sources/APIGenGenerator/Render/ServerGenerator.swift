/// The namespace's `Servers` enum: a function per server of the spec, its variables as
/// parameters at their defaults (an enum where the spec lists the values), and `default`.
struct ServerGenerator {
    /// An enum per server variable with an `enum`, so `region: .mars` does not compile.
    private func renderVariableEnums(_ servers: [ServerDeclaration], into printer: inout Printer, access: String) {
        var declared: Set<String> = []
        for variable in servers.flatMap(\.variables) {
            guard let typeName = variable.typeName, declared.insert(typeName).inserted else { continue }
            printer.documentation("The values of the servers' `\(SwiftLiteral.inlineDocumentation(variable.key))` variable.")
            printer.block("\(access)nonisolated enum \(typeName): String, Sendable, CaseIterable") { printer in
                for choice in variable.choices {
                    let plain = choice.name.plain == choice.value
                    printer.line(plain ? "case \(choice.name)" : "case \(choice.name) = \(SwiftLiteral.string(choice.value))")
                }
            }
            printer.blank()
        }
    }

    func render(_ servers: [ServerDeclaration], into printer: inout Printer, context: RenderContext) {
        let access = context.access
        printer.line("/// The servers the spec lists; pass one to `APIClient(server:)`.")
        printer.block("\(access)nonisolated enum Servers") { printer in
            renderVariableEnums(servers, into: &printer, access: access)
            for server in servers {
                render(server, into: &printer, access: access)
            }
            if let first = servers.first(where: { !$0.isRelative }) {
                printer.blank()
                let which = servers.first?.isRelative == true ? "first server in the spec with a host" : "first server in the spec"
                printer.documentation("The \(which), with its default variables.")
                printer.line("\(access)static var `default`: APIServer { \(first.name)() }")
            }
        }
    }

    /// `static func name(variables…) -> APIServer`, documented.
    private func render(_ server: ServerDeclaration, into printer: inout Printer, access: String) {
        printer.documentation(server.documentation)
        var parameters = server.variables.map { variable -> SourceText in
            guard let typeName = variable.typeName,
                let choice = variable.choices.first(where: { $0.value == variable.defaultValue })
            else { return "\(variable.name): String = \(SwiftLiteral.string(variable.defaultValue))" }
            return "\(variable.name): \(typeName) = .\(choice.name)"
        }
        if server.isRelative {
            // No scheme or host in the spec: the app says where the API lives.
            parameters.insert("relativeTo base: URL", at: 0)
            if !server.documentation.isEmpty { printer.line("///") }
            let template = SwiftLiteral.string(server.urlTemplate)
            printer.documentation("The spec gives this server as \(template), relative to where the API is served:")
            printer.line("/// `base` is that address (`URL(string: \"https://api.example.com\")!`).")
        }
        if server.variables.contains(where: { !$0.documentation.isEmpty }) {
            if !server.documentation.isEmpty || server.isRelative { printer.line("///") }
            printer.line("/// - Parameters:")
            for variable in server.variables {
                printer.documentation("  - \(variable.name.plain): \(variable.documentation.printedLines.joined(separator: " "))")
            }
        }
        printer.listBlock("\(access)static func \(server.name)(", parameters, ") -> APIServer") { printer in
            let variables = server.variables.map {
                "\(SwiftLiteral.string($0.key)): \($0.name)\($0.typeName == nil ? "" : ".rawValue")"
            }
            let template: SourceText = "template: \(literal: server.urlTemplate)"
            let dictionary = variables.isEmpty ? "[:]" : "[\(variables.joined(separator: ", "))]"
            let relative: SourceText = server.isRelative ? ", relativeTo: base" : ""
            let oneLine: SourceText = "APIServer(\(template), variables: \(dictionary)\(relative))"
            if printer.fits(oneLine.count) {
                printer.line(oneLine)
                return
            }
            printer.line("APIServer(")
            printer.indented { printer in
                printer.line("\(template),")
                if variables.isEmpty {
                    printer.line("variables: [:]\(server.isRelative ? "," : "")")
                } else {
                    printer.list(
                        "variables: [", variables.map(SourceText.init), server.isRelative ? "]," : "]", trailingComma: true)
                }
                if server.isRelative {
                    printer.line("relativeTo: base")
                }
            }
            printer.line(")")
        }
    }
}
