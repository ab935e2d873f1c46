import APIGenOpenAPI
import Foundation

/// The spec's servers as named functions returning an `APIServer`, and an operation's own server.
enum ServerTranslator {
    /// The template with each `{variable}` replaced by a plain placeholder parses as a URL
    /// (relative ones against a placeholder base).
    static func isValidURL(_ server: Server) -> Bool {
        var text = server.url
        for variable in server.variables {
            text = text.replacingOccurrences(of: "{\(variable.name)}", with: "x")
        }
        guard !text.contains("{") && !text.contains("}") else { return false }
        if isRelative(server) {
            return URL(string: text, relativeTo: URL(string: "https://example.com/")) != nil && !text.hasPrefix("//")
        }
        guard let url = URL(string: text), url.scheme != nil, url.host != nil else { return false }
        return true
    }

    /// `/v1` or `api/v1`: no scheme, so a base URL from the app completes it.
    static func isRelative(_ server: Server) -> Bool {
        !server.url.contains("://")
    }

    static func servers(_ servers: [Server]) -> [ServerDeclaration] {
        var names = NameScope(reserved: GeneratedMembers.servers)
        var typeNames = NameScope(reserved: SwiftName.reservedTypeNames)
        struct VariableValues: Hashable {
            let key: String
            let values: [String]
        }
        var enums: [VariableValues: String] = [:]
        var result: [ServerDeclaration] = []
        for (index, server) in servers.enumerated() {
            // A URL that does not parse even with its default variables would stop the app at run time.
            guard isValidURL(server) else { continue }
            var proposed =
                server.description.map { description in
                    SwiftName.words(description).filter { $0.lowercased() != "server" && $0.lowercased() != "the" }.joined(separator: " ")
                }.map { SwiftName.memberName($0, fallback: "") } ?? ""
            if proposed.isEmpty || proposed.count > 40 {
                proposed = servers.count == 1 ? "main" : "server\(index + 1)"
            }
            var declaration = declaration(server, name: Identifier(names.claim(proposed)))
            for index in declaration.variables.indices where !declaration.variables[index].choices.isEmpty {
                let variable = declaration.variables[index]
                // The same variable with the same values (a region on every server) is one enum.
                let key = VariableValues(key: variable.key, values: variable.choices.map(\.value))
                if enums[key] == nil {
                    enums[key] = typeNames.claim(SwiftName.declarableTypeName(SwiftName.typeName(variable.key)))
                }
                declaration.variables[index].typeName = enums[key]
            }
            result.append(declaration)
        }
        return result
    }

    /// A case per value of a variable's `enum`, when its default is one of them.
    private static func choices(_ variable: Server.Variable) -> [ServerDeclaration.Variable.Choice] {
        guard variable.enumValues.contains(variable.defaultValue), Set(variable.enumValues).count == variable.enumValues.count else {
            return []
        }
        var names = NameScope(reserved: GeneratedMembers.serverVariableEnum)
        return variable.enumValues.map { value in
            .init(name: Identifier(names.claim(SwiftName.memberName(value, fallback: value.isEmpty ? "empty" : "value"))), value: value)
        }
    }

    /// The server an operation names for itself: the first absolute one that is a URL. None
    /// when its servers include the document's first (the client's server is then one of its
    /// own, as most specs that repeat the document's servers per path mean), and none for a
    /// relative one, which the client's base URL already stands for.
    static func operationServer(_ servers: [Server], documentServers: [Server]) -> ServerDeclaration? {
        if let main = documentServers.first, servers.contains(where: { $0.url == main.url }) { return nil }
        return servers.first { !isRelative($0) && isValidURL($0) }.map { declaration($0, name: "server") }
    }

    private static func declaration(_ server: Server, name: Identifier) -> ServerDeclaration {
        var variableNames = NameScope(reserved: GeneratedMembers.serverParameters)
        let variables = server.variables.map { variable in
            let choices = variable.enumValues.map { "`\(SwiftLiteral.inlineDocumentation($0))`" }.joined(separator: ", ")
            var declaration = ServerDeclaration.Variable(
                name: Identifier(variableNames.claim(SwiftName.memberName(variable.name))),
                key: variable.name,
                defaultValue: variable.defaultValue,
                documentation: Documentation(
                    Documentation(variable.description).lines + (variable.enumValues.isEmpty ? [] : ["One of: \(choices)."]))
            )
            declaration.choices = Self.choices(variable)
            return declaration
        }
        var declaration = ServerDeclaration(
            name: name,
            urlTemplate: server.url,
            variables: variables,
            documentation: Documentation(server.description)
        )
        declaration.isRelative = isRelative(server)
        return declaration
    }
}
