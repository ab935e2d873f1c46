/// Request builders: one static function per operation in the client's namespace.

public struct OperationDeclaration: Sendable {
    /// The builder's name (`listPets`).
    public var name: Identifier
    public var operationID: String
    public var method: RequestMethod
    /// The path split into literal text and parameters (by Swift name).
    public var pathSegments: [PathSegment]
    /// Query items the path itself carries (`/responses?beta=true`), sent before the parameters.
    public var fixedQuery: [FixedQueryItem] = []
    public var parameters: [OperationParameter]
    public var body: OperationBody?
    /// Checks the body's constraints before sending (`validatesRequests: true`).
    public var validatesBody = false
    /// The body in each other media type the operation accepts, each sent by a builder of the
    /// same name with its own label (`createPet(form:)` beside `createPet(body:)`).
    public var alternativeBodies: [AlternativeBody] = []
    public var response: OperationResponse
    /// The schemes of each alternative; nil keeps the runtime default (no credentials).
    public var security: [[SecurityUse]]?
    public var documentation: Documentation
    /// Where the spec sends this operation instead of the client's server (its own or its
    /// path's `servers`: the first absolute one, its variables at their defaults).
    public var server: ServerDeclaration?
    public var deprecationMessage: String?
    /// The enum of the error responses it declares with a JSON body; nil when none.
    public var errors: ErrorResponsesDeclaration? = nil
    /// The headers its success responses declare, as a struct; nil when none.
    public var responseHeaders: ResponseHeadersDeclaration? = nil
}

/// A query item written into a path key, sent with every request of its operation.
public struct FixedQueryItem: Sendable, Equatable {
    public var name: String
    public var value: String
}

/// An operation's HTTP method: one the runtime names (`.get`), or another one the spec uses
/// (`PURGE`, upper-cased).
public enum RequestMethod: Sendable, Equatable {
    case get, put, post, delete, options, head, patch, trace, query
    case other(String)

    /// The method named `name` in any letter case.
    public init(_ name: String) {
        let all: [RequestMethod] = [.get, .put, .post, .delete, .options, .head, .patch, .trace, .query]
        self = all.first { $0.name == name.uppercased() } ?? .other(name.uppercased())
    }

    /// The method as sent on the wire: `GET`.
    public var name: String {
        switch self {
        case .get: "GET"
        case .put: "PUT"
        case .post: "POST"
        case .delete: "DELETE"
        case .options: "OPTIONS"
        case .head: "HEAD"
        case .patch: "PATCH"
        case .trace: "TRACE"
        case .query: "QUERY"
        case .other(let name): name
        }
    }
}

/// `CreatePetResponseHeaders`: a typed property per declared response header, read from the
/// response's `HTTPFields`.
public struct ResponseHeadersDeclaration: Sendable {
    public struct Field: Sendable {
        public var name: Identifier
        /// The header's name on the wire.
        public var key: String
        /// A `HeaderValue` type: `String`, `Int`, `URL`, `Date`, `[String]`, …
        public var type: SwiftType
        public var documentation: Documentation
    }

    public var typeName: String
    public var fields: [Field]
}

/// `CreatePetError`: a case per declared non-2xx response with a JSON body, built from the
/// `APIError.server` the request threw.
public struct ErrorResponsesDeclaration: Sendable {
    public struct Case: Sendable {
        public enum Status: Sendable, Hashable {
            /// `404`
            case exact(Int)
            /// `4XX`: 400 up to 499.
            case range(Int)
            /// `default`: any other status.
            case other

            /// A range or `default` stands for several statuses: its case holds the one received.
            public var carriesStatus: Bool {
                if case .exact = self { return false }
                return true
            }
        }

        public var name: Identifier
        public var status: Status
        public var type: SwiftType
        public var documentation: Documentation
    }

    public var typeName: String
    public var cases: [Case]
    /// The enum of an earlier operation (named by its builder) that declares the same errors:
    /// this one is a typealias of it.
    public var sharedWith: (typeName: String, operation: Identifier)?
}

public enum PathSegment: Sendable, Equatable {
    case literal(String)
    case parameter(Identifier)
}

public struct OperationParameter: Sendable {
    public enum Location: String, Sendable {
        case path, query, header, cookie
    }

    /// The Swift parameter name.
    public var name: Identifier
    /// The name on the wire.
    public var key: String
    public var location: Location
    public var type: SwiftType
    public var defaultValue: Literal?
    /// How a query value is serialized; other locations have one style each.
    public var style: QueryStyle
    public var explode: Bool
    public var allowReserved: Bool
    public var documentation: Documentation
    /// A header that carries an idempotency key: optional in the builder, filled by the client.
    public var isIdempotencyKey = false
    /// What the builder checks before sending; empty unless the client validates requests.
    public var constraints: [ValueConstraint] = []

    /// The runtime's `ParameterStyle` cases.
    public enum QueryStyle: Sendable {
        case form, spaceDelimited, pipeDelimited, deepObject
    }

    /// Required parameters come first in the builder's signature.
    public var hasDefault: Bool {
        defaultValue != nil || type.isOptional
    }
}

public struct OperationBody: Sendable {
    public enum Encoding: Sendable {
        case json(contentType: String)
        case form(fields: [BodyField])
        case multipart(fields: [BodyField])
        /// A multipart body whose schema is a union (or free-form): the members of the value it
        /// holds, each a part by what it holds.
        case multipartMembers
        /// A form body whose schema is a union (or free-form): the members of the value it holds,
        /// a field each.
        case formMembers
        /// JSON Lines: the body is an array of items, one encoded per line.
        case jsonLines(contentType: String)
        case data(contentType: String)
        case text(contentType: String)
    }

    /// The argument label (`body` unless a parameter already has that name).
    public var name: Identifier
    public var type: SwiftType
    public var encoding: Encoding
    public var documentation: Documentation
}

/// A property of a form or multipart body, written as its own field.
public struct BodyField: Sendable {
    public enum Kind: Sendable {
        /// A text part for a scalar, one per item for an array of scalars, a JSON part for
        /// anything else: chosen by the value when sent, as a union's or free-form value's
        /// shape is known only then.
        case text
        case file(contentType: String)
        /// Always a JSON part: an object or an array of objects.
        case json
    }

    public var key: String
    /// The Swift property name on the body value.
    public var property: Identifier
    public var kind: Kind
}

public struct OperationResponse: Sendable {
    public enum Decoding: Sendable {
        case json
        case empty
        case data
        case text
        /// 2xx responses with or without a body: nil when the body is empty.
        case optionalJSON
        /// Different bodies per status: an enum with a case per status.
        case byStatus(enumName: String, cases: [StatusCase])
        /// A `ResponseStream` of elements read as they arrive.
        case stream(Stream)
    }

    /// How a streamed body is cut into elements, and each element's type.
    public enum Stream: Sendable, Equatable {
        /// Server-sent events whose data is JSON of (or the text of) the payload type:
        /// elements are `ServerSentEvent<Payload>`.
        case events(payload: SwiftType)
        /// Server-sent events whose schema describes the whole event (`event`, `data`, …):
        /// elements are the event type.
        case eventObjects(SwiftType)
        /// JSON Lines: one element per line.
        case jsonLines(SwiftType)
        /// A JSON text sequence (RFC 7464): one element per record.
        case jsonSequence(SwiftType)

        /// What the stream yields.
        public var elementType: SwiftType {
            switch self {
            case .events(let payload): return .generic("ServerSentEvent", [payload])
            case .eventObjects(let type), .jsonLines(let type), .jsonSequence(let type): return type
            }
        }

        /// The `ResponseStream` the request returns.
        public var responseType: SwiftType {
            .generic("ResponseStream", [elementType])
        }
    }

    /// `Void`, `Pet`, `[Pet]`, `Data`, `String`, a `ResponseStream`, or the per-status enum.
    public var type: SwiftType
    public var decoding: Decoding
    public var accept: String?
}

public struct StatusCase: Sendable {
    public var name: Identifier
    /// `200`, or nil for a `2XX` range.
    public var status: Int?
    public var type: SwiftType?
    public var decoding: OperationResponse.Decoding
}

/// What the namespace file declares besides the builders.
public struct ClientDeclaration: Sendable {
    public var namespace: String
    public var title: String
    public var documentation: Documentation
    public var operations: [OperationDeclaration]
    public var securitySchemes: [SecuritySchemeDeclaration]
    public var servers: [ServerDeclaration]
    /// The requests the API sends to the app's own server (3.1 `webhooks`); nil when none.
    public var webhooks: WebhooksDeclaration?
    /// The requests it sends back after an operation (its `callbacks`), one enum per operation.
    public var callbacks: [WebhooksDeclaration]
}

/// An enum in the namespace with a case per webhook (or per callback of one operation), and a
/// decoder for an incoming request's body by its name.
public struct WebhooksDeclaration: Sendable {
    /// The enum's name: `Webhook` or `SubscribeCallback`, unless a model of the spec has that name.
    public var typeName: String
    /// What the enum holds, for its doc comment: "(the spec's `webhooks`)".
    public var origin: String
    public var cases: [WebhookCase]
}

public struct WebhookCase: Sendable {
    public var name: Identifier
    /// The key the decoder is given: the name under `webhooks` or `callbacks`.
    public var specName: String
    /// What the body is decoded into; nil for a webhook without a body.
    public var payload: SwiftType?
    public var decoding: OperationResponse.Decoding
    public var documentation: Documentation
}

public struct SecuritySchemeDeclaration: Sendable {
    /// The static property name in `<Namespace>.Security`.
    public var name: Identifier
    public var specName: String
    /// The runtime's `SecurityScheme.Kind`.
    public enum Kind: Sendable {
        public enum Location: Sendable {
            case header, query, cookie
        }

        case basic, bearer
        case apiKey(name: String, location: Location)
    }

    public var kind: Kind
    public var documentation: Documentation
}

public struct ServerDeclaration: Sendable {
    public struct Variable: Sendable {
        /// One value of a variable's `enum`, as a case of its Swift enum.
        public struct Choice: Sendable, Equatable {
            public var name: Identifier
            public var value: String
        }

        public var name: Identifier
        public var key: String
        public var defaultValue: String
        public var documentation: Documentation
        /// The enum in `Servers` that a variable with an `enum` takes (`Region`), shared by the
        /// servers whose variable has the same name and values; nil for a free `String`.
        public var typeName: String?
        public var choices: [Choice] = []
    }

    public var name: Identifier
    public var urlTemplate: String
    public var variables: [Variable]
    public var documentation: Documentation
    /// A URL without a scheme and host (`/api`), resolved against a base URL the app gives.
    public var isRelative = false
}

/// One scheme of a security requirement: its `API.Security` property, and the OAuth2 scopes
/// the operation asks for, which the token provider is given.
public struct SecurityUse: Sendable, Equatable {
    public var scheme: Identifier
    public var scopes: [String]
}

/// A request body in another media type than the builder's, with the documentation of the
/// builder that sends it.
public struct AlternativeBody: Sendable {
    public var body: OperationBody
    public var documentation: Documentation
}
