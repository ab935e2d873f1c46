import APIGenYAML

/// A node in one of the spec's files: `file` indexes `SpecFiles.documents`.
public struct SourceRef: Hashable, Sendable {
    public let file: Int
    public let node: YAMLNode

    public init(file: Int, node: YAMLNode) {
        self.file = file
        self.node = node
    }
}

public enum SpecVersion: String, Sendable {
    case swagger2 = "2.0"
    case openAPI30 = "3.0"
    case openAPI31 = "3.1"
    case openAPI32 = "3.2"

    /// Schemas are JSON Schema 2020-12 (3.1 and later): boolean schemas, `$ref` beside other keywords.
    public var hasFullJSONSchema: Bool {
        self == .openAPI31 || self == .openAPI32
    }
}

/// A spec in the one internal form every version is converted to.
public struct OpenAPIDocument: Sendable {
    public var version: SpecVersion
    public var info: Info
    public var servers: [Server] = []
    public var operations: [Operation] = []
    /// Operations under 3.1 `webhooks`: requests the API sends, so only their schemas matter.
    public var webhooks: [Operation] = []
    public var schemas = SchemaTable()
    public var securitySchemes: [SecurityScheme] = []
    /// Top-level `security`: alternatives, each a set of schemes that must all be satisfied.
    public var security: [SecurityRequirement] = []
    public var tags: [Tag] = []

    public init(version: SpecVersion, info: Info) {
        self.version = version
        self.info = info
    }
}

public struct Info: Sendable {
    public var title: String
    public var version: String
    public var summary: String?
    public var description: String?

    public init(title: String, version: String, summary: String? = nil, description: String? = nil) {
        self.title = title
        self.version = version
        self.summary = summary
        self.description = description
    }
}

public struct Tag: Sendable {
    public var name: String
    public var description: String?
}

public struct Server: Sendable {
    public struct Variable: Sendable {
        public var name: String
        public var defaultValue: String
        public var enumValues: [String]
        public var description: String?
    }

    public var url: String
    public var description: String?
    public var variables: [Variable] = []
}

/// An operation's method: a path item's fixed fields (`get` … `trace`, 3.2's `query`), or a
/// key of 3.2's `additionalOperations` (`PURGE`), kept as the spec spells it.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public static let get = HTTPMethod(rawValue: "get")
    public static let put = HTTPMethod(rawValue: "put")
    public static let post = HTTPMethod(rawValue: "post")
    public static let delete = HTTPMethod(rawValue: "delete")
    public static let options = HTTPMethod(rawValue: "options")
    public static let head = HTTPMethod(rawValue: "head")
    public static let patch = HTTPMethod(rawValue: "patch")
    public static let trace = HTTPMethod(rawValue: "trace")
    /// OpenAPI 3.2: a safe, idempotent request that carries its query in a body.
    public static let query = HTTPMethod(rawValue: "query")

    /// The fixed fields of a path item that are operations.
    public static let pathItemFields: [HTTPMethod] = [.get, .put, .post, .delete, .options, .head, .patch, .trace, .query]

    /// The method a path item's field names, or nil for a field that is not a method.
    public init?(pathItemField key: String) {
        guard let method = Self.pathItemFields.first(where: { $0.rawValue == key }) else { return nil }
        self = method
    }

    /// One of the fixed fields, not an `additionalOperations` entry.
    public var isStandard: Bool {
        Self.pathItemFields.contains(self)
    }

    /// Safe to repeat: GET, HEAD, OPTIONS, PUT, DELETE, TRACE, QUERY; not POST, PATCH or a
    /// method the spec adds, of which nothing is known.
    public var isIdempotent: Bool {
        isStandard && self != .post && self != .patch
    }
}

public struct Operation: Sendable {
    public var method: HTTPMethod
    public var path: String
    public var operationId: String?
    public var summary: String?
    public var description: String?
    public var tags: [String] = []
    public var deprecated = false
    /// Path-level and operation-level parameters merged (the operation's win).
    public var parameters: [Parameter] = []
    public var requestBody: RequestBody?
    /// In document order; `status` is `200`, `2XX` or `default`.
    public var responses: [Response] = []

    /// The responses a client treats as success: the 2xx ones, or `default` when there is no
    /// 2xx (a spec that documents only `default` means it for every answer).
    public var successResponses: [Response] {
        let success = responses.filter(\.isSuccess)
        return success.isEmpty ? responses.filter { $0.status == "default" } : success
    }
    /// nil: the document's `security` applies; empty: no credentials.
    public var security: [SecurityRequirement]?
    /// The servers this operation is sent to instead of the document's: its own `servers`,
    /// else its path item's; empty when neither has any.
    public var servers: [Server] = []
    /// Extensions on the operation (`x-...`), for configuration such as paging hints.
    public var extensions: [String: SpecValue] = [:]
    /// Requests the API sends to the app's server after this operation (`callbacks`).
    public var callbacks: [Callback] = []
    public var source: SourceRef

    public init(method: HTTPMethod, path: String, source: SourceRef) {
        self.method = method
        self.path = path
        self.source = source
    }
}

/// One entry of an operation's `callbacks`: its requests, each an operation whose `path` is
/// the runtime expression of the URL it is sent to (`{$request.query.callbackUrl}/data`).
public struct Callback: Sendable {
    public var name: String
    public var operations: [Operation]
}

public struct Parameter: Sendable {
    public enum Location: String, Sendable {
        case path, query, header, cookie
    }

    public var name: String
    public var location: Location
    public var required: Bool
    public var schema: SchemaID?
    /// How a value is serialized (OpenAPI `style`).
    public enum Style: String, Sendable, CaseIterable {
        case form, simple, label, matrix, spaceDelimited, pipeDelimited, deepObject

        /// The styles OpenAPI allows in each location.
        public static func allowed(in location: Location) -> [Style] {
            switch location {
            case .path: return [.simple, .label, .matrix]
            case .query: return [.form, .spaceDelimited, .pipeDelimited, .deepObject]
            case .header: return [.simple]
            case .cookie: return [.form]
            }
        }

        /// The style of a location when none is written.
        public static func defaultStyle(in location: Location) -> Style {
            location == .query || location == .cookie ? .form : .simple
        }
    }

    /// As written (checked against the location), or nil for the location's default.
    public var style: Style?
    public var explode: Bool?
    public var allowReserved = false
    public var description: String?
    public var deprecated = false
    /// `x-apigen-idempotency-key: true`: the header carries an idempotency key, whatever its name.
    public var marksIdempotencyKey = false
    /// A parameter with `content` instead of `schema` (usually JSON in a query item).
    public var contentType: String?
    /// Swagger 2.0's `in: body` and `in: formData`, until the converter gathers them into a body.
    enum SwaggerBodyPart: Sendable {
        case body, formData
    }

    var swaggerBodyPart: SwaggerBodyPart?
    public var source: SourceRef

    public init(name: String, location: Location, required: Bool, source: SourceRef) {
        self.name = name
        self.location = location
        self.required = required
        self.source = source
    }

    /// The style in effect, applying OpenAPI's defaults.
    public var effectiveStyle: Style {
        style ?? Style.defaultStyle(in: location)
    }

    /// `explode` in effect: true by default only for `form`.
    public var effectiveExplode: Bool {
        explode ?? (effectiveStyle == .form)
    }
}

public struct MediaType: Sendable {
    public var name: String
    public var schema: SchemaID?
    /// OpenAPI 3.2: the schema of each item of a sequential body (an event stream, JSON Lines).
    public var itemSchema: SchemaID?
    public var examples: [SpecValue] = []
    /// multipart / form-urlencoded `encoding` content types by property.
    public var encodingContentTypes: [String: String] = [:]

    public init(name: String, schema: SchemaID?) {
        self.name = name
        self.schema = schema
    }
}

public struct RequestBody: Sendable {
    public var description: String?
    public var required: Bool
    public var content: [MediaType]
    public var source: SourceRef
}

public struct Header: Sendable {
    public var name: String
    public var description: String?
    public var required: Bool
    public var schema: SchemaID?
}

public struct Response: Sendable {
    public var status: String
    public var description: String?
    public var content: [MediaType] = []
    public var headers: [Header] = []
    public var source: SourceRef

    /// `200`…`299` or `2XX`.
    public var isSuccess: Bool {
        status.hasPrefix("2")
    }
}

public struct SecurityScheme: Sendable {
    public enum Kind: Sendable, Equatable {
        case http(scheme: String, bearerFormat: String?)
        case apiKey(name: String, location: Parameter.Location)
        case oauth2
        case openIdConnect
        case mutualTLS
    }

    public var name: String
    public var kind: Kind
    public var description: String?
    /// The scheme's object in the spec, for diagnostics about it.
    public var source: SourceRef
}

public struct SecurityRequirement: Sendable {
    /// Scheme names with their scopes; empty for `{}` (anonymous allowed).
    public var schemes: [(name: String, scopes: [String])]
}
