/// `Operations.swift`: the namespace with a request builder per operation, the security
/// schemes and servers, and per-status response enums.
enum ClientFileGenerator {
    static let fileName = "Operations.swift"

    static func file(for client: ClientDeclaration, options: GeneratorOptions) -> GeneratedFile {
        let context = RenderContext(accessLevel: options.accessLevel)
        let access = context.access
        var printer = Printer()
        printer.line(SourceText(GeneratedFile.header(specFileName: options.specFileName).trimmingTrailingNewline))
        printer.blank()
        printer.line("import APIGenRuntime")
        printer.line("import Foundation")
        printer.blank()
        printer.documentation(client.documentation)
        printer.block("\(access)nonisolated enum \(client.namespace)") { printer in
            for operation in client.operations {
                printer.blank()
                OperationGenerator().render(operation, into: &printer, context: context)
            }
        }
        printer.blank()
        printer.block("extension \(client.namespace)") { printer in
            printer.line("/// The security schemes the API declares; requests name the ones they need.")
            printer.block("\(access)nonisolated enum Security") { printer in
                for scheme in client.securitySchemes {
                    printer.documentation(scheme.documentation)
                    printer.line("\(access)static let \(scheme.name) = SecurityScheme(name: \(literal: scheme.specName), kind: \(scheme.kind))")
                }
            }
            printer.blank()
            renderServers(client.servers, into: &printer, access: access)
        }
        for operation in client.operations {
            if case .byStatus(let name, let cases) = operation.response.decoding {
                printer.blank()
                StatusEnumGenerator().render(name, cases: cases, operationID: operation.operationID, into: &printer, context: context)
            }
        }
        return GeneratedFile(name: fileName, utf8: printer.utf8)
    }

    private static func renderServers(_ servers: [ServerDeclaration], into printer: inout Printer, access: String) {
        printer.line("/// The servers the spec lists; pass one to `APIClient(server:)`.")
        printer.block("\(access)nonisolated enum Servers") { printer in
            for server in servers {
                printer.documentation(server.documentation)
                let parameters = server.variables.map { "\($0.name): String = \(SwiftLiteral.string($0.defaultValue))" }
                if server.variables.contains(where: { !$0.documentation.isEmpty }) {
                    if !server.documentation.isEmpty { printer.line("///") }
                    printer.line("/// - Parameters:")
                    for variable in server.variables {
                        printer.line("///   - \(variable.name.trimmingBackticks): \(variable.documentation.lines.joined(separator: " "))")
                    }
                }
                printer.block("\(access)static func \(server.name)(\(parameters.joined(separator: ", "))) -> APIServer") { printer in
                    let variables = server.variables.map { "\(SwiftLiteral.string($0.key)): \($0.name)" }
                    let dictionary = variables.isEmpty ? "[:]" : "[\(variables.joined(separator: ", "))]"
                    printer.line("APIServer(template: \(literal: server.urlTemplate), variables: \(dictionary))")
                }
            }
            if let first = servers.first {
                printer.blank()
                printer.line("/// The first server in the spec, with its default variables.")
                printer.line("\(access)static var `default`: APIServer { \(first.name)() }")
            }
        }
    }
}
