import Foundation

/// Where the client gets credentials from. It is asked once per security scheme a request may use;
/// answering nil means "I can't satisfy that scheme", and the client moves on to the request's
/// next alternative.
///
/// ```swift
/// let client = APIClient(baseURL: url, authentication: .bearer { await tokens.current })
/// let both = Authentication.combined(.bearer { token }, .apiKey("k-123", scheme: "api_key"))
/// ```
public struct Authentication: Sendable {
    /// Answers one security scheme with a credential, or nil when it has none for that scheme.
    /// An error it throws fails the request: `APIClient.send(_:)` throws it as is.
    public typealias Provider = @Sendable (SecurityScheme) async throws -> Credential?

    /// What the app hands over for one scheme.
    public enum Credential: Sendable, Hashable {
        /// `Authorization: Bearer <token>` (http bearer, oauth2, openIdConnect).
        case bearer(String)
        /// `Authorization: Basic <base64(username:password)>`.
        case basic(username: String, password: String)
        /// An api key, sent where the scheme says: header, query item or cookie.
        case apiKey(String)
        /// Any header, for schemes the spec cannot describe (signatures, custom tokens).
        case header(name: String, value: String)
    }

    private let provider: Provider
    /// Refreshes the bearer token when the server rejects it (`.bearer(refresher)`).
    let refresher: TokenRefresher?

    /// Answers with `provider` for every scheme; nil skips the scheme.
    public init(_ provider: @escaping Provider) {
        self.init(refresher: nil, provider)
    }

    init(refresher: TokenRefresher?, _ provider: @escaping Provider) {
        self.refresher = refresher
        self.provider = provider
    }

    /// The credential for `scheme`, or nil when this authentication can't satisfy it.
    public func credential(for scheme: SecurityScheme) async throws -> Credential? {
        try await provider(scheme)
    }

    /// A bearer token for `http bearer`, `oauth2` and `openIdConnect` schemes, asked for on every
    /// request so a refreshed token is used at once; nil (signed out) sends no token.
    public static func bearer(_ token: @escaping @Sendable () async throws -> String?) -> Authentication {
        Authentication { scheme in
            guard case .bearer = scheme.kind, let token = try await token() else { return nil }
            return .bearer(token)
        }
    }

    /// A fixed bearer token.
    public static func bearer(_ token: String) -> Authentication {
        bearer { token }
    }

    /// A bearer token for the OAuth2 scopes the operation needs (`scheme.scopes`, from the
    /// spec's `security`), asked for on every request; nil sends no token.
    public static func bearer(scoped token: @escaping @Sendable (_ scopes: [String]) async throws -> String?) -> Authentication {
        Authentication { scheme in
            guard case .bearer = scheme.kind, let token = try await token(scheme.scopes) else { return nil }
            return .bearer(token)
        }
    }

    /// User name and password for `http basic` schemes.
    public static func basic(username: String, password: String) -> Authentication {
        Authentication { scheme in
            guard case .basic = scheme.kind else { return nil }
            return .basic(username: username, password: password)
        }
    }

    /// An api key for `apiKey` schemes; with `scheme`, only for the scheme of that name in the spec.
    public static func apiKey(_ key: String, scheme name: String? = nil) -> Authentication {
        apiKey(scheme: name) { key }
    }

    /// An api key asked for on every request; nil sends none.
    public static func apiKey(scheme name: String? = nil, _ key: @escaping @Sendable () async throws -> String?) -> Authentication {
        Authentication { scheme in
            guard case .apiKey = scheme.kind, name == nil || name == scheme.name, let key = try await key() else { return nil }
            return .apiKey(key)
        }
    }

    /// Full control: any credential for any scheme.
    public static func custom(_ provider: @escaping Provider) -> Authentication {
        Authentication(provider)
    }

    /// Several sources, asked in order; the first credential wins. For APIs that take a token
    /// on some operations and an api key on others.
    public static func combined(_ authentications: [Authentication]) -> Authentication {
        Authentication(refresher: authentications.lazy.compactMap(\.refresher).first) { scheme in
            for authentication in authentications {
                if let credential = try await authentication.credential(for: scheme) {
                    return credential
                }
            }
            return nil
        }
    }

    /// Several sources, asked in order; the first credential wins:
    /// `.combined(.bearer { token }, .apiKey("k-123"))`.
    public static func combined(_ authentications: Authentication...) -> Authentication {
        combined(authentications)
    }
}

/// Credentials resolved for one request, ready to be written into it.
struct AppliedCredentials {
    var headers: [(name: String, value: String)] = []
    var query: [(name: String, value: String)] = []
    var cookies: [(name: String, value: String)] = []
    /// Names that carry secrets, lowercased, for log redaction.
    var sensitiveNames: Set<String> = []

    /// Picks the first alternative in `security` whose schemes `authentication` can all satisfy.
    ///
    /// `security == []` (the operation says "no security") and a nil `authentication` send nothing.
    /// When no alternative can be satisfied the request goes out without credentials, so the server
    /// answers with its own 401 message instead of the client guessing.
    static func resolve(_ security: [[SecurityScheme]], with authentication: Authentication?) async throws -> AppliedCredentials {
        var applied = AppliedCredentials()
        guard let authentication else { return applied }
        var cache: [SecurityScheme: Authentication.Credential?] = [:]
        alternatives: for alternative in security {
            var chosen: [(SecurityScheme, Authentication.Credential)] = []
            for scheme in alternative {
                let credential: Authentication.Credential?
                if let cached = cache[scheme] {
                    credential = cached
                } else {
                    credential = try await authentication.credential(for: scheme)
                    cache[scheme] = .some(credential)
                }
                guard let credential else { continue alternatives }
                chosen.append((scheme, credential))
            }
            for (scheme, credential) in chosen {
                applied.add(credential, for: scheme)
            }
            return applied
        }
        return applied
    }

    mutating func add(_ credential: Authentication.Credential, for scheme: SecurityScheme) {
        switch credential {
        case .bearer(let token):
            headers.append(("Authorization", "Bearer \(token)"))
        case .basic(let username, let password):
            headers.append(("Authorization", "Basic " + Data("\(username):\(password)".utf8).base64EncodedString()))
        case .header(let name, let value):
            headers.append((name, value))
            sensitiveNames.insert(name.lowercased())
        case .apiKey(let key):
            guard case .apiKey(let name, let location) = scheme.kind else {
                headers.append(("Authorization", key))
                return
            }
            sensitiveNames.insert(name.lowercased())
            switch location {
            case .header:
                headers.append((name, key))
            case .query:
                query.append(
                    (
                        ParameterSerializer.percentEncode(name, allowReserved: false),
                        ParameterSerializer.percentEncode(key, allowReserved: false)
                    ))
            case .cookie:
                cookies.append((name, key))
            }
        }
    }
}
