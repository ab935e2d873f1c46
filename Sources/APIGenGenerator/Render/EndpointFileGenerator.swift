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
            var printer = Printer.forFile()
            let imports = options.runtimeImports + (models[index].isEmpty ? [] : ["Observation"])
            // The app imports the client alone and sees the models' module through it.
            let exported: Set<String> = index == 0 ? Set(options.modelsModule.map { [$0] } ?? []) : []
            printer.fileStart(specFileName: options.specFileName, imports: imports, exported: exported)
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
            return GeneratedFile(name: FileSharding.fileName(baseName, index: index, count: count), data: printer.takeContents())
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
            SecurityGenerator().render(client.securitySchemes, into: &printer, context: context)
            printer.blank()
            ServerGenerator().render(client.servers, into: &printer, context: context)
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
}
