import Foundation

/// An HTTP method as OpenAPI names them.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The method as it is sent: `"GET"`.
    public let rawValue: String

    /// A method by name, for one without a constant here; it is sent exactly as given.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// `GET`: read a resource.
    public static let get = HTTPMethod(rawValue: "GET")
    /// `PUT`: replace a resource.
    public static let put = HTTPMethod(rawValue: "PUT")
    /// `POST`: create a resource, or any action that is not safe to repeat.
    public static let post = HTTPMethod(rawValue: "POST")
    /// `DELETE`: remove a resource.
    public static let delete = HTTPMethod(rawValue: "DELETE")
    /// `OPTIONS`: ask what a resource supports.
    public static let options = HTTPMethod(rawValue: "OPTIONS")
    /// `HEAD`: like `GET`, without the body.
    public static let head = HTTPMethod(rawValue: "HEAD")
    /// `PATCH`: change part of a resource.
    public static let patch = HTTPMethod(rawValue: "PATCH")
    /// `TRACE`: echo the request back, for diagnostics.
    public static let trace = HTTPMethod(rawValue: "TRACE")
    /// `QUERY`: a safe read whose query is in the body (OpenAPI 3.2).
    public static let query = HTTPMethod(rawValue: "QUERY")

    /// Safe to send twice: GET, HEAD, OPTIONS, TRACE, PUT, DELETE and QUERY; not POST, PATCH
    /// or a method of an API's own, of which nothing is known.
    public var isIdempotent: Bool {
        [.get, .head, .options, .trace, .put, .delete, .query].contains(self)
    }

    /// The method as sent, such as `GET`.
    public var description: String {
        rawValue
    }
}

/// Header fields in order; names compare case-insensitively.
public struct HTTPFields: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
    /// The fields in the order they were added, names spelled as given.
    public private(set) var fields: [(name: String, value: String)] = []

    /// No fields.
    public init() {}

    /// Fields from a literal, in order: `["Accept": "application/json"]`.
    public init(dictionaryLiteral elements: (String, String)...) {
        for (name, value) in elements {
            append(name, value)
        }
    }

    /// The first value of the field `name`, compared case-insensitively; nil when there is none.
    ///
    /// Setting it removes every field of that name, then adds the new value (if not nil) at the end.
    public subscript(name: String) -> String? {
        get { fields.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value }
        set {
            fields.removeAll { $0.name.caseInsensitiveCompare(name) == .orderedSame }
            if let newValue {
                fields.append((name, newValue))
            }
        }
    }

    /// Adds a field, keeping any others of the same name.
    public mutating func append(_ name: String, _ value: String) {
        fields.append((name, value))
    }

    /// The fields as `(name, value)` pairs, in order.
    public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> {
        fields.makeIterator()
    }

    /// Whether both hold the same fields in the same order, names spelled the same.
    public static func == (lhs: HTTPFields, rhs: HTTPFields) -> Bool {
        lhs.fields.elementsEqual(rhs.fields) { $0.name == $1.name && $0.value == $1.value }
    }

    /// Hashes the fields in order, so that equal field lists hash alike.
    public func hash(into hasher: inout Hasher) {
        for field in fields {
            hasher.combine(field.name)
            hasher.combine(field.value)
        }
    }
}

/// A request as a transport sends it: everything resolved to bytes and strings.
public struct HTTPRequest: Sendable, Hashable {
    /// The HTTP method.
    public var method: HTTPMethod
    /// The full URL, query included.
    public var url: URL
    /// The header fields, including `Accept`, `Content-Type`, cookies and credentials.
    public var headers: HTTPFields
    /// The encoded body; nil for none.
    public var body: Data?
    /// A body streamed from this file instead of `body` (a large upload; `body` is nil then).
    public var bodyFile: URL?
    /// nil: the transport's default.
    public var timeout: TimeInterval?
    /// The spec's operationId, so mocks can answer by operation and logs can name it.
    public var operationID: String?
    /// Lowercased names of headers, query items and cookies that carry credentials (api keys
    /// named by the spec), so logs redact them even when the name looks harmless.
    public var sensitiveNames: Set<String>

    /// Creates a request. `APIClient` builds these; build your own to test a transport or middleware.
    public init(
        method: HTTPMethod,
        url: URL,
        headers: HTTPFields = HTTPFields(),
        body: Data? = nil,
        bodyFile: URL? = nil,
        timeout: TimeInterval? = nil,
        operationID: String? = nil,
        sensitiveNames: Set<String> = []
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.bodyFile = bodyFile
        self.timeout = timeout
        self.operationID = operationID
        self.sensitiveNames = sensitiveNames
    }
}

/// A response as a transport received it.
public struct HTTPResponse: Sendable, Hashable {
    /// The HTTP status code.
    public var status: Int
    /// The response's header fields.
    public var headers: HTTPFields

    /// Creates a response, as a custom transport or a `MockResponse` handler returns it.
    public init(status: Int, headers: HTTPFields = HTTPFields()) {
        self.status = status
        self.headers = headers
    }

    /// Whether the status is 2xx: only then does the client decode the body as the request's `Response`.
    public var isSuccess: Bool {
        (200..<300).contains(status)
    }
}

/// A security scheme from the spec's `securitySchemes`, as requests name it.
public struct SecurityScheme: Sendable, Hashable {
    /// How the scheme sends its credential.
    public enum Kind: Sendable, Hashable {
        /// `http` with scheme `bearer`, and `oauth2` / `openIdConnect`, which send a bearer token.
        case bearer
        /// `http` with scheme `basic`.
        case basic
        /// An API key in a header, query item or cookie.
        case apiKey(name: String, location: APIKeyLocation)
    }

    /// Where an API key goes, as the scheme's `in` says.
    public enum APIKeyLocation: String, Sendable, Hashable {
        /// A header (`in: header`), a query item (`in: query`) or a cookie (`in: cookie`).
        case header, query, cookie
    }

    /// The scheme's name in the spec, which an `Authentication` can match on.
    public var name: String
    /// How the credential is sent.
    public var kind: Kind
    /// The OAuth2 scopes the operation asks for (its `security` requirement's list), for a
    /// token provider that gets tokens by scope.
    public var scopes: [String] = []

    /// Creates a scheme. Generated clients declare theirs as constants in `API.Security`.
    public init(name: String, kind: Kind) {
        self.name = name
        self.kind = kind
    }

    /// The scheme as an operation needs it: with these scopes.
    public func scoped(_ scopes: [String]) -> SecurityScheme {
        var scheme = self
        scheme.scopes = scopes
        return scheme
    }
}
