import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A decoded response with the status and headers it came with, for callers that need them
/// (`ETag`, pagination links, 201 vs 200).
public struct APIResponse<Value: Sendable>: Sendable {
    /// The decoded body, of the request's `Response` type.
    public var value: Value
    /// The HTTP status the server answered with, such as 200 or 201.
    public var status: Int
    /// The response's header fields; names compare case-insensitively (`headers["ETag"]`).
    public var headers: HTTPFields

    /// Creates a response; the client builds these, so this is for tests and wrappers.
    public init(value: Value, status: Int, headers: HTTPFields) {
        self.value = value
        self.status = status
        self.headers = headers
    }
}

/// Sends generated requests: builds the URL, applies credentials, runs middlewares, retries,
/// enforces the timeout, and turns the answer into the typed response or an `APIError`.
///
/// ```swift
/// let client = APIClient(server: API.Servers.default, authentication: .bearer { await tokens.current })
/// let pets = try await client.send(API.listPets(limit: 20))
/// ```
///
/// Immutable, so one client can be shared by every task and view model.
public final class APIClient: Sendable {
    /// The server URL that every request's path is appended to, except requests the spec sends
    /// to a server of their own (`Request.server`) while ``usesOperationServers`` is true.
    public let baseURL: URL
    /// Whether a request whose operation names its own server (`Request.server`) goes there;
    /// false sends every request to ``baseURL``, such as a staging or local server.
    public let usesOperationServers: Bool
    /// Sends the HTTP exchanges: ``URLSessionTransport`` in an app, ``MockTransport`` in tests and previews.
    public let transport: any HTTPTransport
    /// Where credentials for the spec's security schemes come from; nil sends none.
    public let authentication: Authentication?
    /// Run around every attempt of every request, in order, the first outermost.
    public let middlewares: [any Middleware]
    /// When a failed attempt of an idempotent request is tried again.
    public let retry: RetryPolicy
    /// Seconds one attempt may take in all, unless the request sets its own `timeout`.
    public let timeout: TimeInterval
    /// Where `GET` answers are kept for HTTP caching (`max-age`, `ETag`, `Last-Modified`); nil
    /// caches nothing.
    public let cache: ResponseCache?
    let makeDecoder: @Sendable () -> JSONDecoder
    private let makeEncoder: @Sendable () -> JSONEncoder

    /// Creates a client for the server at `baseURL`.
    ///
    /// - Parameters:
    ///   - baseURL: the server URL; its path is kept (`https://x/v1` + `/pets` → `https://x/v1/pets`).
    ///   - transport: sends the HTTP exchanges; by default `URLSession` with an ephemeral session.
    ///   - authentication: credentials for the operations' security schemes; nil sends none.
    ///   - middlewares: run around every attempt of every request, the first outermost.
    ///   - retry: when a failed attempt of an idempotent request is tried again; `.none` never retries.
    ///   - timeout: seconds one attempt may take in all, unless the request sets its own.
    ///   - decoder: makes the JSON decoder for each response. A factory, because `JSONDecoder` is a
    ///     class that tasks must not share while configuring it; each request gets its own.
    ///   - encoder: makes the JSON encoder for each request body, for the same reason.
    ///   - usesOperationServers: whether an operation the spec sends to a server of its own goes
    ///     there (`Request.server`); false sends everything to `baseURL`.
    ///   - cache: where `GET` answers are kept for HTTP caching; nil (the default) caches nothing.
    public init(
        baseURL: URL,
        transport: any HTTPTransport = URLSessionTransport(),
        authentication: Authentication? = nil,
        middlewares: [any Middleware] = [],
        retry: RetryPolicy = .default,
        timeout: TimeInterval = 60,
        decoder: @escaping @Sendable () -> JSONDecoder = APIJSON.makeDecoder,
        encoder: @escaping @Sendable () -> JSONEncoder = APIJSON.makeEncoder,
        usesOperationServers: Bool = true,
        cache: ResponseCache? = nil
    ) {
        self.baseURL = baseURL
        self.cache = cache
        self.usesOperationServers = usesOperationServers
        self.transport = transport
        self.authentication = authentication
        self.middlewares = middlewares
        self.retry = retry
        self.timeout = timeout
        self.makeDecoder = decoder
        self.makeEncoder = encoder
    }

    /// Creates a client for one of the spec's servers, such as `API.Servers.default`.
    ///
    /// The other parameters are those of
    /// ``init(baseURL:transport:authentication:middlewares:retry:timeout:decoder:encoder:usesOperationServers:cache:)``.
    public convenience init(
        server: APIServer,
        transport: any HTTPTransport = URLSessionTransport(),
        authentication: Authentication? = nil,
        middlewares: [any Middleware] = [],
        retry: RetryPolicy = .default,
        timeout: TimeInterval = 60,
        decoder: @escaping @Sendable () -> JSONDecoder = APIJSON.makeDecoder,
        encoder: @escaping @Sendable () -> JSONEncoder = APIJSON.makeEncoder,
        usesOperationServers: Bool = true,
        cache: ResponseCache? = nil
    ) {
        self.init(
            baseURL: server.url, transport: transport, authentication: authentication, middlewares: middlewares,
            retry: retry, timeout: timeout, decoder: decoder, encoder: encoder, usesOperationServers: usesOperationServers,
            cache: cache
        )
    }

    /// Sends `request` and returns its decoded response.
    ///
    /// Throws `APIError` for anything that went wrong, except cancellation of the calling task,
    /// which is always `CancellationError`.
    @discardableResult
    public func send<Response>(_ request: Request<Response>) async throws -> Response {
        try await response(for: request).value
    }

    /// Like ``send(_:)``, also returning the status and headers.
    ///
    /// Throws the same errors as ``send(_:)``.
    public func response<Response>(for request: Request<Response>) async throws -> APIResponse<Response> {
        guard request.validationProblems.isEmpty else {
            throw APIError.invalidRequest("\(request.operationID): " + request.validationProblems.joined(separator: "; "))
        }
        let request = request.withIdempotencyKey()
        let built = try await buildHTTPRequest(request)
        var temporaryFiles = [built.temporaryFile].compactMap { $0 }
        // A multipart body with files is written to a file for the upload, removed once answered.
        defer {
            for file in temporaryFiles { try? FileManager.default.removeItem(at: file) }
        }
        var httpRequest = built.request
        if let openStream = request.response.openStream {
            return try await streamedResponse(for: request, httpRequest, openStream: openStream)
        }
        let cached = cache.flatMap { CachedExchange(cache: $0, request: httpRequest) }
        if let cached, let answer = cached.freshAnswer {
            return try decoded(request, answer.response, answer.body, sentAs: httpRequest)
        }
        cached?.addValidators(to: &httpRequest)
        let send = Self.sending(through: transport)
        var (response, body) = try await perform(
            httpRequest, operationID: request.operationID, isIdempotent: request.isIdempotent, send: send)
        if response.status == 401, let refresher = authentication?.refresher, request.acceptsBearerToken {
            // Once: a 401 to the new token too is the answer.
            _ = try await refresher.token(replacing: Self.bearerToken(of: httpRequest))
            let again = try await buildHTTPRequest(request)
            temporaryFiles += [again.temporaryFile].compactMap { $0 }
            httpRequest = again.request
            cached?.addValidators(to: &httpRequest)
            (response, body) = try await perform(
                httpRequest, operationID: request.operationID, isIdempotent: request.isIdempotent, send: send)
        }
        if let cached {
            (response, body) = cached.answer(response, body)
        }
        TransferObserver.current?.completed(sent: httpRequest.bodySize, received: Int64(body.count))
        try checkStatus(response, body: body, of: httpRequest)
        return try decoded(request, response, body, sentAs: httpRequest)
    }

    /// The typed response to a 2xx answer, or the `APIError.decoding` that says where it does not fit.
    private func decoded<Response>(
        _ request: Request<Response>, _ response: HTTPResponse, _ body: Data, sentAs httpRequest: HTTPRequest
    ) throws -> APIResponse<Response> {
        do {
            let value = try request.response.decode(response, body, makeDecoder())
            return APIResponse(value: value, status: response.status, headers: response.headers)
        } catch let error as APIError {
            throw error
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            // Decoder messages may quote a value, and a body may echo a credential.
            var failure = DecodingFailure(error, body: body)
            failure.message = Redaction.scrub(failure.message, secrets: Redaction().secrets(of: httpRequest))
            throw APIError.decoding(failure)
        }
    }

    /// The value `cache` holds for `request`, fresh or not: what a read view model shows while it
    /// loads the current one. nil without a cache, for a request that is not a `GET`, or when
    /// nothing is stored.
    public func cachedValue<Response>(for request: Request<Response>) async -> Response? {
        guard let cache, request.response.openStream == nil, let httpRequest = try? await makeHTTPRequest(request),
            let entry = CachedExchange(cache: cache, request: httpRequest)?.entry
        else { return nil }
        return try? request.response.decode(HTTPResponse(status: 200, headers: entry.fields), entry.body, makeDecoder())
    }

    /// Throws `APIError.server` for a status outside 2xx, `APIError.invalidResponse` for one that
    /// is not HTTP.
    func checkStatus(_ response: HTTPResponse, body: Data, of request: HTTPRequest) throws {
        guard (100..<600).contains(response.status) else {
            throw APIError.invalidResponse
        }
        guard response.isSuccess else {
            // A server may quote the credential it rejected; the reason is shown to people and logs.
            let reason = ErrorReason.extract(status: response.status, headers: response.headers, body: body)
            throw APIError.server(
                status: response.status, reason: Redaction.scrub(reason, secrets: Redaction().secrets(of: request)), body: body,
                headers: response.headers)
        }
    }

    /// The bearer token `request` carries, which a 401 rejected.
    static func bearerToken(of request: HTTPRequest) -> String? {
        guard let authorization = request.headers["Authorization"], authorization.hasPrefix("Bearer ") else { return nil }
        return String(authorization.dropFirst("Bearer ".count))
    }

    // MARK: Building

    /// The request as it goes to the middlewares: URL, headers, cookies, credentials and body
    /// resolved. Public so tests and debugging tools can see exactly what would be sent.
    ///
    /// A multipart body with parts read from files is written to a temporary file (its
    /// `bodyFile`), which is the caller's to remove; ``send(_:)`` removes its own.
    ///
    /// Throws `APIError.invalidRequest` when the body cannot be encoded, the URL does not parse, or
    /// a header or cookie is not valid (a name that is not a token, a value with a line break), and
    /// rethrows what the ``authentication`` throws.
    public func makeHTTPRequest<Response>(_ request: Request<Response>) async throws -> HTTPRequest {
        try await buildHTTPRequest(request).request
    }

    /// `makeHTTPRequest`, and the temporary file it wrote the body to, if any.
    func buildHTTPRequest<Response>(_ request: Request<Response>) async throws -> (request: HTTPRequest, temporaryFile: URL?) {
        let credentials = try await AppliedCredentials.resolve(request.security, with: authentication)
        let base = usesOperationServers ? request.server?.url ?? baseURL : baseURL
        let url = try RequestBuilder.url(base: base, path: request.path, query: request.query + credentials.query)

        var headers = request.headers
        if let accept = request.accept, headers["Accept"] == nil {
            headers["Accept"] = accept
        }
        for (name, value) in credentials.headers {
            headers[name] = value
        }
        let cookies = request.cookies + credentials.cookies
        if !cookies.isEmpty {
            try RequestBuilder.validate(cookies: cookies)
            let joined = cookies.map { "\($0.name)=\($0.value)" }.joined(separator: "; ")
            headers["Cookie"] = headers["Cookie"].map { "\($0); \(joined)" } ?? joined
        }
        // Last, since it may write a temporary file.
        var body: PreparedBody?
        if let requestBody = request.body {
            do {
                body = try requestBody.prepared(with: makeEncoder())
            } catch {
                throw APIError.invalidRequest("The body of \(request.operationID) could not be encoded: \(error)")
            }
            headers["Content-Type"] = body?.contentType
        }
        let temporaryFile = body?.isTemporary == true ? body?.file : nil
        do {
            try RequestBuilder.validate(headers: headers)
        } catch {
            temporaryFile.map { try? FileManager.default.removeItem(at: $0) }
            throw error
        }
        let built = HTTPRequest(
            method: request.method, url: url, headers: headers, body: body?.data, bodyFile: body?.file,
            timeout: request.timeout ?? timeout, operationID: request.operationID, sensitiveNames: credentials.sensitiveNames
        )
        return (built, temporaryFile)
    }

    // MARK: Sending

    /// Attempts until success, a non-retryable outcome, or the policy's limit, each attempt
    /// through the middlewares to `send`. Returns the last response whatever its status; throws
    /// the last failure.
    func perform(
        _ request: HTTPRequest, operationID: String, isIdempotent: Bool,
        send: @escaping @Sendable (HTTPRequest) async throws -> (HTTPResponse, Data)
    ) async throws -> (HTTPResponse, Data) {
        var attempt = 1
        while true {
            try Task.checkCancellation()
            let outcome: RetryPolicy.Outcome
            var received: (HTTPResponse, Data)?
            do {
                let exchange = try await runMiddlewares(request, operationID: operationID, from: 0, send: send)
                if exchange.0.isSuccess {
                    return exchange
                }
                received = exchange
                outcome = .response(exchange.0)
            } catch {
                if error is CancellationError || Task.isCancelled {
                    throw CancellationError()
                }
                outcome = .failure(Self.apiError(error))
            }
            guard let delay = retry.delay(after: outcome, attempt: attempt, isIdempotent: isIdempotent) else {
                if let received {
                    return received
                }
                if case .failure(let error) = outcome {
                    throw error
                }
                throw APIError.invalidResponse
            }
            try await retry.sleep(delay)
            attempt += 1
        }
    }

    private func runMiddlewares(
        _ request: HTTPRequest, operationID: String, from index: Int,
        send: @escaping @Sendable (HTTPRequest) async throws -> (HTTPResponse, Data)
    ) async throws -> (HTTPResponse, Data) {
        guard index < middlewares.count else {
            // Middlewares may add headers too; nothing with a line break goes out.
            try RequestBuilder.validate(headers: request.headers)
            return try await Self.withTimeout(request.timeout ?? timeout) {
                try await send(request)
            }
        }
        return try await middlewares[index].intercept(request, operationID: operationID) { request in
            try await self.runMiddlewares(request, operationID: operationID, from: index + 1, send: send)
        }
    }

    /// Runs `operation` with a deadline for the whole exchange; a late answer becomes
    /// `URLError(.timedOut)` and the exchange is cancelled. `URLRequest.timeoutInterval` alone only
    /// limits the time between packets, so a server that trickles bytes would never time out.
    static func withTimeout<Result: Sendable>(
        _ seconds: TimeInterval,
        _ operation: @escaping @Sendable () async throws -> Result
    ) async throws -> Result {
        try await withThrowingTaskGroup(of: Result?.self) { group in
            group.addTask {
                try await operation()
            }
            group.addTask {
                try await Task.sleep(nanoseconds: UInt64(max(0, min(seconds, 86_400)) * 1_000_000_000))
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let result = first else {
                if Task.isCancelled {
                    throw CancellationError()
                }
                throw URLError(.timedOut)
            }
            return result
        }
    }

    /// Network failures as `APIError.transport`; everything else unchanged.
    static func apiError(_ error: any Error) -> any Error {
        switch error {
        case is APIError:
            return error
        case let urlError as URLError:
            return APIError.transport(urlError)
        default:
            let nsError = error as NSError
            if nsError.domain == NSURLErrorDomain {
                return APIError.transport(URLError(.code(nsError.code)))
            }
            return error
        }
    }
}
