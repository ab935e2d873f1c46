import APIGenOpenAPI

/// The spec's security schemes as the namespace's `Security` members, and each operation's
/// requirements as alternatives of those members.
struct SecurityTranslator {
    let types: SchemaTypes

    /// A scheme's declaration beside the name the spec gives it, which requirements use.
    typealias Scheme = (declaration: SecuritySchemeDeclaration, specName: String)

    /// The schemes the runtime can send credentials for, in document order; another one is left
    /// out with a warning at its definition.
    func schemes() -> [Scheme] {
        var names = NameScope(reserved: GeneratedMembers.everyType)
        return types.document.securitySchemes.compactMap { scheme in
            guard let kind = kind(of: scheme) else { return nil }
            let name = Identifier(names.claim(SwiftName.memberName(scheme.name, fallback: "scheme")))
            let documentation = Documentation(scheme.description)
            return (SecuritySchemeDeclaration(name: name, specName: scheme.name, kind: kind, documentation: documentation), scheme.name)
        }
    }

    private func kind(of scheme: SecurityScheme) -> SecuritySchemeDeclaration.Kind? {
        switch scheme.kind {
        case .http(let httpScheme, _):
            guard httpScheme == "bearer" || httpScheme == "basic" else {
                types.warning(
                    "http security scheme '\(httpScheme)' is not supported; operations using it send no credentials", at: scheme.source)
                return nil
            }
            return httpScheme == "basic" ? .basic : .bearer
        case .oauth2, .openIdConnect:
            return .bearer
        case .apiKey(let keyName, let location):
            switch location {
            // The parser rejects `in: path` for api keys.
            case .header, .path: return .apiKey(name: keyName, location: .header)
            case .query: return .apiKey(name: keyName, location: .query)
            case .cookie: return .apiKey(name: keyName, location: .cookie)
            }
        case .mutualTLS:
            return nil
        }
    }

    /// The alternatives `operation` accepts (its own `security`, or the document's), each a
    /// set of schemes sent together; nil keeps the runtime default (no credentials).
    func requirements(of operation: Operation, schemes: [Scheme]) -> [[SecurityUse]]? {
        let requirements = operation.security ?? types.document.security
        guard !requirements.isEmpty else { return nil }
        var alternatives: [[SecurityUse]] = []
        for requirement in requirements {
            let uses = requirement.schemes.compactMap { item in
                schemes.first { $0.specName == item.name }.map { SecurityUse(scheme: $0.declaration.name, scopes: item.scopes) }
            }
            // A requirement naming an unsupported scheme cannot be satisfied; skip it.
            if uses.count == requirement.schemes.count {
                alternatives.append(uses)
            }
        }
        return alternatives.isEmpty ? nil : alternatives
    }
}
