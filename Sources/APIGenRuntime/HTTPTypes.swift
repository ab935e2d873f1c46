import Foundation

/// An HTTP method as OpenAPI names them.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public static let get = HTTPMethod(rawValue: "GET")
    public static let put = HTTPMethod(rawValue: "PUT")
    public static let post = HTTPMethod(rawValue: "POST")
    public static let delete = HTTPMethod(rawValue: "DELETE")
    public static let options = HTTPMethod(rawValue: "OPTIONS")
    public static let head = HTTPMethod(rawValue: "HEAD")
    public static let patch = HTTPMethod(rawValue: "PATCH")
    public static let trace = HTTPMethod(rawValue: "TRACE")

    /// Safe to send twice: everything but POST and PATCH.
    public var isIdempotent: Bool {
        self != .post && self != .patch
    }

    public var description: String {
        rawValue
    }
}

/// Header fields in order; names compare case-insensitively.
public struct HTTPFields: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
    public private(set) var fields: [(name: String, value: String)] = []

    public init() {}

    public init(dictionaryLiteral elements: (String, String)...) {
        for (name, value) in elements {
            append(name, value)
        }
    }

    public subscript(name: String) -> String? {
        get { fields.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value }
        set {
            fields.removeAll { $0.name.caseInsensitiveCompare(name) == .orderedSame }
            if let newValue {
                fields.append((name, newValue))
            }
        }
    }

    public mutating func append(_ name: String, _ value: String) {
        fields.append((name, value))
    }

    public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> {
        fields.makeIterator()
    }

    public static func == (lhs: HTTPFields, rhs: HTTPFields) -> Bool {
        lhs.fields.elementsEqual(rhs.fields) { $0.name == $1.name && $0.value == $1.value }
    }

    public func hash(into hasher: inout Hasher) {
        for field in fields {
            hasher.combine(field.name)
            hasher.combine(field.value)
        }
    }
}

/// A request as a transport sends it: everything resolved to bytes and strings.
public struct HTTPRequest: Sendable, Hashable {
    public var method: HTTPMethod
    public var url: URL
    public var headers: HTTPFields
    public var body: Data?
    /// nil: the transport's default.
    public var timeout: TimeInterval?
    /// The spec's operationId, so mocks can answer by operation and logs can name it.
    public var operationID: String?
    /// Lowercased names of headers, query items and cookies that carry credentials (api keys
    /// named by the spec), so logs redact them even when the name looks harmless.
    public var sensitiveNames: Set<String>

    public init(
        method: HTTPMethod,
        url: URL,
        headers: HTTPFields = HTTPFields(),
        body: Data? = nil,
        timeout: TimeInterval? = nil,
        operationID: String? = nil,
        sensitiveNames: Set<String> = []
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.operationID = operationID
        self.sensitiveNames = sensitiveNames
    }
}

/// A response as a transport received it.
public struct HTTPResponse: Sendable, Hashable {
    public var status: Int
    public var headers: HTTPFields

    public init(status: Int, headers: HTTPFields = HTTPFields()) {
        self.status = status
        self.headers = headers
    }

    public var isSuccess: Bool {
        (200..<300).contains(status)
    }
}

/// A security scheme from the spec's `securitySchemes`, as requests name it.
public struct SecurityScheme: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// `http` with scheme `bearer`, and `oauth2` / `openIdConnect`, which send a bearer token.
        case bearer
        /// `http` with scheme `basic`.
        case basic
        /// An API key in a header, query item or cookie.
        case apiKey(name: String, location: APIKeyLocation)
    }

    public enum APIKeyLocation: String, Sendable, Hashable {
        case header, query, cookie
    }

    /// The scheme's name in the spec, which an `Authentication` can match on.
    public var name: String
    public var kind: Kind

    public init(name: String, kind: Kind) {
        self.name = name
        self.kind = kind
    }
}
