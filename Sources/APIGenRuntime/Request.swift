import Foundation

/// One API operation, ready to send with `APIClient.send(_:)`: generated request builders
/// return these (`API.listPets(limit: 20) -> Request<[Pet]>`).
public struct Request<Response: Sendable>: Sendable {
    /// The HTTP method.
    public var method: HTTPMethod
    /// The path relative to the server URL, parameters already percent-encoded: `/pets/42`.
    public var path: String
    /// Query items as `name=value` pairs, both already percent-encoded, in order.
    public var query: [(name: String, value: String)] = []
    /// Header parameters, and any headers you add. The client adds `Accept`, `Content-Type`, cookies
    /// and credentials when it sends the request.
    public var headers = HTTPFields()
    /// Cookie parameters, joined into one `Cookie` header when sent.
    public var cookies: [(name: String, value: String)] = []
    /// What to send as the body; nil for none.
    public var body: RequestBody?
    /// Alternatives, each a set of schemes that must all be satisfied; `[]` sends no credentials.
    /// The client uses the first alternative its `Authentication` can satisfy.
    public var security: [[SecurityScheme]] = []
    /// The spec's operationId, for logs and mocks.
    public var operationID: String
    /// Media types the response may use, sent as `Accept`.
    public var accept: String?
    /// nil: the client's default.
    public var timeout: TimeInterval?
    /// Whether a failed attempt may be retried; by default only for idempotent methods, and for
    /// a request that carries an idempotency key.
    public var isIdempotent: Bool
    /// The header of the request's idempotency key, for an operation that declares one
    /// (`addIdempotencyKey(_:_:)`): the client fills it in when it is not set.
    public var idempotencyKeyHeader: String?
    /// The spec's constraints the values break, for a client generated with `validatesRequests:
    /// true`: `send` then throws `APIError.invalidRequest` listing them, and sends nothing.
    public var validationProblems: [String] = []
    /// How a 2xx response's body becomes `Response`.
    public var response: ResponseBody<Response>
    /// The server the spec names for this operation (its own or its path's `servers`), used
    /// instead of the client's; nil sends it to the client's. A client made with
    /// `usesOperationServers: false` sends every request to its own server.
    public var server: APIServer?

    /// A request without parameters or body; generated builders add those next.
    ///
    /// To call an endpoint the spec does not describe, build one yourself:
    /// `Request<Pet>(method: .get, path: "/pets/random", operationID: "randomPet", response: .json)`.
    public init(method: HTTPMethod, path: String, operationID: String, response: ResponseBody<Response>) {
        self.method = method
        self.path = path
        self.operationID = operationID
        self.response = response
        self.isIdempotent = method.isIdempotent
    }

    /// Whether an alternative of `security` sends a bearer token, which a 401 may refresh.
    var acceptsBearerToken: Bool {
        security.contains { $0.contains { $0.kind == .bearer } }
    }

    // MARK: Parameters

    /// Adds a query parameter serialized by `style` (form, spaceDelimited, pipeDelimited,
    /// deepObject) and `explode`; nil adds nothing.
    public mutating func addQuery<Value: Encodable>(
        _ name: String, _ value: Value?, style: ParameterStyle = .form, explode: Bool = true, allowReserved: Bool = false
    ) {
        guard let value, let serialized = ParameterSerializer.serialize(value) else { return }
        query += ParameterSerializer.queryItems(name: name, value: serialized, style: style, explode: explode, allowReserved: allowReserved)
    }

    /// Adds a header parameter (style `simple`); nil adds nothing.
    public mutating func addHeader<Value: Encodable>(_ name: String, _ value: Value?, explode: Bool = false) {
        guard let value, let serialized = ParameterSerializer.serialize(value) else { return }
        headers.append(name, ParameterSerializer.simple(serialized, explode: explode, encode: false))
    }

    /// Adds a cookie parameter (style `form`); nil adds nothing.
    public mutating func addCookie<Value: Encodable>(_ name: String, _ value: Value?, explode: Bool = true) {
        guard let value, let serialized = ParameterSerializer.serialize(value) else { return }
        cookies.append((name, ParameterSerializer.simple(serialized, explode: explode, encode: false)))
    }
}

/// How a query parameter's array or object value is written (OpenAPI `style`).
public enum ParameterStyle: String, Sendable {
    /// `name=a&name=b` when exploded, else `name=a,b`; objects as `key=value` pairs or `name=k,v`.
    case form
    /// Array items joined by an encoded space: `name=a%20b`.
    case spaceDelimited
    /// Array items joined by an encoded `|`: `name=a%7Cb`.
    case pipeDelimited
    /// Object members as `name[key]=value`.
    case deepObject
}

/// What a request sends as its body. Values are encoded when the request is sent, with the
/// client's encoder.
public enum RequestBody: Sendable {
    /// JSON, including vendor types such as `application/vnd.api+json` and `application/problem+json`.
    case json(any Encodable & Sendable, contentType: String = "application/json")
    /// `application/x-www-form-urlencoded`.
    case form(FormBody)
    /// `multipart/form-data`: fields, files and JSON parts.
    case multipart(MultipartBody)
    /// JSON Lines (`application/x-ndjson`, `application/jsonl`): each item encoded as JSON on a
    /// line of its own, every line ended by a line feed.
    case jsonLines([any Encodable & Sendable], contentType: String = "application/x-ndjson")
    /// Raw bytes, e.g. `application/octet-stream` or an image type.
    case data(Data, contentType: String)
    /// Text, sent as UTF-8; `charset=utf-8` is added unless the content type names a charset.
    case text(String, contentType: String = "text/plain")
    /// The bytes of the file at the URL, streamed from disk as they are sent (a large upload).
    case file(URL, contentType: String)

    /// The bytes and the `Content-Type` to send.
    ///
    /// A `.json` value is encoded as something the client sends: `encoder` is marked with
    /// `APIJSON.requestKey` (so models leave out their `readOnly` properties). Throws the
    /// encoder's `EncodingError` when a `.json` value cannot be encoded (a `Double` that is not
    /// finite, for example).
    public func encoded(with encoder: JSONEncoder) throws -> (data: Data, contentType: String) {
        switch self {
        case .json(let value, let contentType):
            return (try Self.sent(value, with: encoder), contentType)
        case .jsonLines(let items, let contentType):
            return (try Self.lines(items, with: encoder), contentType)
        case .form(let form):
            return (form.encoded(), "application/x-www-form-urlencoded")
        case .multipart(let multipart):
            return (multipart.encoded(), multipart.contentType)
        case .data(let data, let contentType):
            return (data, contentType)
        case .text(let text, let contentType):
            return (Data(text.utf8), contentType.contains("charset") ? contentType : contentType + "; charset=utf-8")
        case .file(let url, let contentType):
            return (try Data(contentsOf: url), contentType)
        }
    }

    /// `value` encoded as something the client sends (see `encoded(with:)`).
    private static func sent(_ value: any Encodable, with encoder: JSONEncoder) throws -> Data {
        encoder.userInfo[APIJSON.requestKey] = true
        // A body that is UUIDs (`[UUID]`, a map of them) writes them lower case too.
        return try encoder.encode(LowercasedUUIDs.encodable(value))
    }

    private static func lines(_ items: [any Encodable & Sendable], with encoder: JSONEncoder) throws -> Data {
        // A line holds one value: a client encoder set to pretty-print must not break it.
        encoder.outputFormatting.remove(.prettyPrinted)
        var data = Data()
        for item in items {
            data += try sent(item, with: encoder)
            data.append(0x0A)
        }
        return data
    }

    /// The body as the client sends it: in memory, or in a file streamed from disk (a file
    /// body, or a multipart body with parts read from files, written to a temporary file first).
    func prepared(with encoder: JSONEncoder) throws -> PreparedBody {
        switch self {
        case .file(let url, let contentType):
            return PreparedBody(data: nil, file: url, isTemporary: false, contentType: contentType)
        case .multipart(let multipart) where multipart.readsFiles:
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("apigen-upload-\(UUID().uuidString)")
            do {
                try multipart.write(to: file)
            } catch {
                try? FileManager.default.removeItem(at: file)
                throw error
            }
            return PreparedBody(data: nil, file: file, isTemporary: true, contentType: multipart.contentType)
        default:
            let (data, contentType) = try encoded(with: encoder)
            return PreparedBody(data: data, file: nil, isTemporary: false, contentType: contentType)
        }
    }
}

/// A request body ready to send: `data`, or the bytes of `file`.
struct PreparedBody {
    var data: Data?
    var file: URL?
    /// The file was written for this request, and is removed once it is answered.
    var isTemporary: Bool
    var contentType: String
}

/// How a successful response's body becomes the request's `Response`.
public struct ResponseBody<Response: Sendable>: Sendable {
    /// Turns a 2xx response and its body into `Response`, with the client's decoder. An error it throws
    /// (other than an `APIError`) reaches the caller as `APIError.decoding`.
    public typealias Decode = @Sendable (_ response: HTTPResponse, _ body: Data, _ decoder: JSONDecoder) throws -> Response

    /// The decoding function.
    public let decode: Decode
    /// For a streamed body (`ResponseStream`): the value made from the open connection, before
    /// the body has arrived. nil reads the whole body with `decode`.
    let openStream: (@Sendable (StreamConnection) -> Response)?

    /// A custom decoding, e.g. for a body that needs a response header to be read.
    public init(decode: @escaping Decode) {
        self.decode = decode
        self.openStream = nil
    }

    init(decode: @escaping Decode, openStream: @escaping @Sendable (StreamConnection) -> Response) {
        self.decode = decode
        self.openStream = openStream
    }
}

extension ResponseBody where Response: Decodable {
    /// The body is JSON of `Response`.
    public static var json: ResponseBody {
        ResponseBody { _, body, decoder in try decoder.decode(Response.self, from: body) }
    }
}

extension ResponseBody where Response == Void {
    /// No body is expected; anything sent is ignored.
    public static var empty: ResponseBody {
        ResponseBody { _, _, _ in () }
    }
}

extension ResponseBody where Response == Data {
    /// The raw bytes (files, images, `application/octet-stream`).
    public static var data: ResponseBody {
        ResponseBody { _, body, _ in body }
    }
}

extension ResponseBody where Response == String {
    /// Text, decoded as UTF-8. A server that sends the text as a JSON string instead (with a JSON
    /// `Content-Type`, against what the spec declares) gives the string, not its quotes.
    public static var text: ResponseBody {
        ResponseBody { response, body, decoder in
            if APIJSON.isJSON(contentType: response.headers["Content-Type"]), let text = try? decoder.decode(String.self, from: body) {
                return text
            }
            return String(decoding: body, as: UTF8.self)
        }
    }
}
