/// `Endpoints.swift`, or `Endpoints01.swift` …: what the app calls, per operation. The first
/// file declares the namespace, its security schemes, servers, webhooks and callbacks; every file holds, for the
/// operations whose names hash to it, the request builders (in the namespace), their
/// per-status response and error enums, response headers and their view models.
///
/// Request builders and view models of an operation share a file so that everything about an
/// endpoint is in one place, and so that all of them sort before the models: on a two-core
/// machine a large client's first compile batch is then the light endpoint code (and one model
/// file), which runs beside the job that emits the module (see
/// `GeneratorOptions.endpointFileCount`).
enum EndpointFileGenerator {
    static let baseName = "Endpoints"

    static func files(client: ClientDeclaration, viewModels: [ViewModelDeclaration], options: GeneratorOptions) -> [GeneratedFile] {
        let count = max(1, options.endpointFileCount)
        let operations = FileSharding.shards(client.operations, count: count, key: \.name.plain)
        let models = FileSharding.shards(viewModels, count: count, key: \.operation.name.plain)
        return (0..<count).map { index in
            var printer = Printer()
            let imports: [String] = ["APIGenRuntime", "Foundation"] + (models[index].isEmpty ? [] : ["Observation"])
            printer.fileStart(specFileName: options.specFileName, imports: imports)
            printer.blank()
            let context = RenderContext(accessLevel: options.accessLevel)
            if index == 0 {
                renderNamespace(client, operations: operations[index], into: &printer, context: context)
            } else if operations[index].isEmpty {
                printer.line("// No operations fell into this file; it exists so that the set of files never changes.")
            } else {
                renderOperations(operations[index], in: "extension \(client.namespace)", into: &printer, context: context)
            }
            for operation in operations[index] {
                // Docs cite the builder (`API.showPetByID`), the Swift symbol the app calls.
                let builder = "\(client.namespace).\(operation.name.plain)"
                if case .byStatus(let name, let cases) = operation.response.decoding {
                    printer.blank()
                    StatusEnumGenerator().render(name, cases: cases, builder: builder, into: &printer, context: context)
                }
                if let errors = operation.errors {
                    printer.blank()
                    let shared = errors.sharedWith.map { "\(client.namespace).\($0.operation.plain)" }
                    ErrorEnumGenerator().render(errors, builder: builder, sharedBuilder: shared, into: &printer, context: context)
                }
                if let headers = operation.responseHeaders {
                    printer.blank()
                    ResponseHeadersGenerator().render(headers, builder: builder, into: &printer, context: context)
                }
            }
            let generator = ViewModelGenerator(namespace: client.namespace)
            for model in models[index] {
                printer.blank()
                generator.render(model, into: &printer, context: context)
            }
            return GeneratedFile(name: FileSharding.fileName(baseName, index: index, count: count), utf8: printer.utf8)
        }
    }

    private static func renderNamespace(
        _ client: ClientDeclaration, operations: [OperationDeclaration], into printer: inout Printer, context: RenderContext
    ) {
        let access = context.access
        printer.documentation(client.documentation)
        renderOperations(operations, in: "\(access)nonisolated enum \(client.namespace)", into: &printer, context: context)
        printer.blank()
        printer.block("extension \(client.namespace)") { printer in
            printer.line("/// The security schemes the API declares; requests name the ones they need.")
            printer.block("\(access)nonisolated enum Security") { printer in
                for scheme in client.securitySchemes {
                    printer.documentation(scheme.documentation)
                    printer.list(
                        "\(access)static let \(scheme.name) = SecurityScheme(",
                        ["name: \(literal: scheme.specName)", "kind: \(Self.kind(scheme.kind))"], ")")
                }
            }
            printer.blank()
            renderServers(client.servers, into: &printer, access: access)
            for webhooks in [client.webhooks].compactMap({ $0 }) + client.callbacks {
                printer.blank()
                WebhookGenerator().render(webhooks, into: &printer, context: context)
            }
        }
    }

    private static func renderOperations(
        _ operations: [OperationDeclaration], in header: SourceText, into printer: inout Printer, context: RenderContext
    ) {
        printer.block(header) { printer in
            for (position, operation) in operations.enumerated() {
                if position > 0 { printer.blank() }
                OperationGenerator().render(operation, into: &printer, context: context)
            }
        }
    }

    private static func kind(_ kind: SecuritySchemeDeclaration.Kind) -> SourceText {
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

    /// An enum per server variable with an `enum`, so `region: .mars` does not compile.
    private static func renderVariableEnums(_ servers: [ServerDeclaration], into printer: inout Printer, access: String) {
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

    private static func renderServers(_ servers: [ServerDeclaration], into printer: inout Printer, access: String) {
        printer.line("/// The servers the spec lists; pass one to `APIClient(server:)`.")
        printer.block("\(access)nonisolated enum Servers") { printer in
            renderVariableEnums(servers, into: &printer, access: access)
            for server in servers {
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
            if let first = servers.first(where: { !$0.isRelative }) {
                printer.blank()
                let which = servers.first?.isRelative == true ? "first server in the spec with a host" : "first server in the spec"
                printer.documentation("The \(which), with its default variables.")
                printer.line("\(access)static var `default`: APIServer { \(first.name)() }")
            }
        }
    }
}
