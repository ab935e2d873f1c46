import Foundation

/// A server from the spec's `servers`, its variables filled in. Generated clients offer their
/// servers in `API.Servers` (`API.Servers.default`, `API.Servers.hostedPetstoreAPI(environment:)`),
/// built with ``init(template:variables:description:)``; pass one to `APIClient(server:)`.
public struct APIServer: Sendable, Hashable {
    /// The server's base URL, variables substituted; request paths are appended to it.
    public var url: URL
    /// The spec's description of the server, if it has one.
    public var description: String?

    /// A server at a fixed URL, such as a local one during development:
    /// `APIServer(url: URL(string: "http://localhost:8080/v1")!)`.
    public init(url: URL, description: String? = nil) {
        self.url = url
        self.description = description
    }

    /// Substitutes `{name}` in `template` with `variables[name]`, percent-encoded so that a value
    /// can't change the URL's structure (a `/` or `@` stays inside its variable).
    ///
    /// A variable without a value, or a template that is not a URL, is a programming error (the
    /// generator passes every variable's default) and stops the program with a message.
    public init(template: String, variables: [String: String] = [:], description: String? = nil) {
        let text = Self.substitute(template, variables: variables)
        guard let url = URL(string: text) else {
            preconditionFailure("APIServer: \"\(text)\" is not a URL (template \"\(template)\")")
        }
        self.init(url: url, description: description)
    }

    /// A server the spec gives without a scheme and host (`/api`), resolved against `base`, the
    /// address the app serves the API from: `/api` against `https://example.com/app` is
    /// `https://example.com/api`, as a relative link resolves.
    public init(template: String, variables: [String: String] = [:], relativeTo base: URL, description: String? = nil) {
        let text = Self.substitute(template, variables: variables)
        guard let url = URL(string: text, relativeTo: base)?.absoluteURL else {
            preconditionFailure("APIServer: \"\(text)\" is not a URL relative to \(base)")
        }
        self.init(url: url, description: description)
    }

    static func substitute(_ template: String, variables: [String: String]) -> String {
        var result = ""
        var rest = template[...]
        while let open = rest.firstIndex(of: "{") {
            guard let close = rest[open...].firstIndex(of: "}") else { break }
            result += rest[..<open]
            let name = String(rest[rest.index(after: open)..<close])
            guard let value = variables[name] else {
                preconditionFailure("APIServer: no value for server variable {\(name)} in \"\(template)\"")
            }
            result += ParameterSerializer.percentEncode(value, allowReserved: false)
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }
}
