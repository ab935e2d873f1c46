import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends one HTTP exchange. `APIClient` talks to the network only through this, so tests and
/// previews can swap in `MockTransport` and apps can bring their own stack.
///
/// Conformers throw `URLError` for network failures (the client wraps them in
/// `APIError.transport`) and `CancellationError` when the calling task is cancelled. Any status
/// code is a response, not an error: the client decides what a 404 means.
public protocol HTTPTransport: Sendable {
    /// Sends `request` and returns the response and its body, whatever the status.
    ///
    /// Throws `URLError` when the exchange fails below HTTP, and `CancellationError` when the
    /// calling task is cancelled.
    func send(_ request: HTTPRequest) async throws -> (HTTPResponse, Data)

    /// Sends `request` and returns the response as soon as its head arrives, with the body's
    /// bytes as they come (event streams, JSON Lines).
    ///
    /// Cancelling the calling task before the head arrives, or ending the iteration of the chunks
    /// (dropping their iterator), cancels the exchange. The default implementation sends the
    /// request with ``send(_:)`` and delivers the whole body as one chunk.
    func stream(_ request: HTTPRequest) async throws -> (HTTPResponse, ResponseChunks)
}

/// A response body's bytes in the pieces they arrive in. Throws `URLError` when the connection
/// drops.
public typealias ResponseChunks = AsyncThrowingStream<Data, any Error>

extension HTTPTransport {
    /// The whole body, after it has arrived, as one chunk.
    public func stream(_ request: HTTPRequest) async throws -> (HTTPResponse, ResponseChunks) {
        let (response, body) = try await send(request)
        return (response, .whole(body))
    }
}

extension ResponseChunks {
    /// A body received already, as one chunk (none when it is empty).
    static func whole(_ body: Data) -> ResponseChunks {
        ResponseChunks { continuation in
            if !body.isEmpty {
                continuation.yield(body)
            }
            continuation.finish()
        }
    }
}

/// The production transport: `URLSession` (FoundationNetworking on Linux).
///
/// Uses a data task with a completion handler inside `withTaskCancellationHandler`: cancelling the
/// calling task cancels the data task at once, on Darwin and on Linux alike (the loopback fault
/// tests prove it), and surfaces as `CancellationError`.
public struct URLSessionTransport: HTTPTransport {
    private let session: URLSession
    /// Streams go through a session of their own, made from `session`'s configuration on first
    /// use: FoundationNetworking delivers a body as it arrives only to a session's delegate.
    let streaming: StreamingSession
    /// Used when a request carries no timeout of its own.
    public let defaultTimeout: TimeInterval

    /// Creates the transport.
    ///
    /// - Parameters:
    ///   - session: by default an ephemeral session, so responses and cookies are never written
    ///     to disk.
    ///   - defaultTimeout: seconds for a request that carries no timeout of its own.
    public init(session: URLSession? = nil, defaultTimeout: TimeInterval = 60) {
        let session = session ?? URLSession(configuration: .ephemeral)
        self.session = session
        self.streaming = StreamingSession(configuration: session.configuration)
        self.defaultTimeout = defaultTimeout
    }

    /// Sends `request` with a `URLSession` data task and returns the response and its body.
    ///
    /// Redirects are followed, but credentials are removed from a redirect to another origin.
    /// Throws `URLError` for network failures, `CancellationError` when the calling task is
    /// cancelled, and `APIError.invalidResponse` when the answer is not HTTP.
    public func send(_ request: HTTPRequest) async throws -> (HTTPResponse, Data) {
        try Task.checkCancellation()
        let urlRequest = makeURLRequest(request)
        let inFlight = InFlightTask()
        let outcome: Result<(Data, URLResponse), URLError> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let completion: @Sendable (Data?, URLResponse?, (any Error)?) -> Void = { data, response, error in
                    if let error {
                        continuation.resume(returning: .failure(Self.urlError(error)))
                    } else if let response {
                        continuation.resume(returning: .success((data ?? Data(), response)))
                    } else {
                        continuation.resume(returning: .failure(URLError(.badServerResponse)))
                    }
                }
                // A body in a file is streamed from disk.
                let task =
                    request.bodyFile.map { session.uploadTask(with: urlRequest, fromFile: $0, completionHandler: completion) }
                    ?? session.dataTask(with: urlRequest, completionHandler: completion)
                task.delegate = RedirectGuard(sensitiveNames: request.sensitiveNames)
                inFlight.start(task)
            }
        } onCancel: {
            inFlight.cancel()
        }
        // A cancelled URLSession task reports URLError(.cancelled); the caller asked for it, so
        // it is a CancellationError, never a network failure.
        if Task.isCancelled {
            throw CancellationError()
        }
        let (data, response) = try outcome.get()
        guard let http = response as? HTTPURLResponse else {
            throw APIError.invalidResponse
        }
        return (HTTPResponse(status: http.statusCode, headers: Self.headers(of: http)), data)
    }

    func makeURLRequest(_ request: HTTPRequest) -> URLRequest {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method.rawValue
        let timeout = request.timeout ?? defaultTimeout
        #if canImport(FoundationNetworking)
        // FoundationNetworking truncates the interval to whole seconds, so 0.4 s would time out
        // at once; round up (`APIClient` enforces the exact deadline itself).
        urlRequest.timeoutInterval = max(1, timeout.rounded(.up))
        #else
        urlRequest.timeoutInterval = timeout
        #endif
        urlRequest.httpBody = request.body
        for (name, value) in request.headers {
            urlRequest.addValue(value, forHTTPHeaderField: name)
        }
        // Cookies the request sets itself (cookie parameters, api keys) must not be replaced by
        // the session's cookie store.
        if request.headers["Cookie"] != nil {
            urlRequest.httpShouldHandleCookies = false
        }
        return urlRequest
    }

    /// Header fields in a stable order: `allHeaderFields` is a dictionary.
    static func headers(of response: HTTPURLResponse) -> HTTPFields {
        var fields = HTTPFields()
        let pairs = response.allHeaderFields.compactMap { key, value -> (String, String)? in
            guard let name = key as? String else { return nil }
            return (name, value as? String ?? String(describing: value))
        }
        for (name, value) in pairs.sorted(by: { $0.0.lowercased() < $1.0.lowercased() }) {
            fields.append(name, value)
        }
        return fields
    }

    /// Foundation on Linux sometimes reports a plain `NSError` in the URL error domain.
    static func urlError(_ error: any Error) -> URLError {
        if let urlError = error as? URLError {
            return urlError
        }
        let nsError = error as NSError
        if nsError.domain == NSURLErrorDomain {
            return URLError(.code(nsError.code), userInfo: nsError.userInfo)
        }
        return URLError(.unknown, userInfo: [NSUnderlyingErrorKey: nsError])
    }
}

/// Follows redirects, but never carries credentials to another origin: URLSession copies every
/// header to the redirected request (FoundationNetworking even to another host), which would hand
/// the token or api key to whoever the `Location` names.
final class RedirectGuard: NSObject, URLSessionTaskDelegate, Sendable {
    private let sensitiveNames: Set<String>

    init(sensitiveNames: Set<String>) {
        self.sensitiveNames = sensitiveNames
    }

    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(Self.redirect(request, from: response.url ?? task.originalRequest?.url, sensitiveNames: sensitiveNames))
    }

    /// `request` as the redirect should send it: without credentials when it leaves the origin.
    static func redirect(_ request: URLRequest, from: URL?, sensitiveNames: Set<String>) -> URLRequest {
        guard let from, let to = request.url, !sameOrigin(from, to) else {
            return request
        }
        var stripped = request
        let redaction = Redaction()
        for name in (request.allHTTPHeaderFields ?? [:]).keys where redaction.isSensitive(name, extraNames: sensitiveNames) {
            stripped.setValue(nil, forHTTPHeaderField: name)
        }
        return stripped
    }

    static func sameOrigin(_ a: URL, _ b: URL) -> Bool {
        func port(_ url: URL) -> Int? {
            url.port ?? (url.scheme?.lowercased() == "https" ? 443 : url.scheme?.lowercased() == "http" ? 80 : nil)
        }
        return a.scheme?.lowercased() == b.scheme?.lowercased() && a.host?.lowercased() == b.host?.lowercased() && port(a) == port(b)
    }
}

/// The data task of one `send`, shared between the task that starts it and the cancellation
/// handler, which may run first, concurrently, or not at all.
final class InFlightTask: Sendable {
    private struct State {
        var task: URLSessionTask?
        var isCancelled = false
    }

    private let state = Locked(State())

    /// Resumes `task`, or cancels it at once when cancellation came before it existed (then the
    /// completion handler still runs, with `URLError.cancelled`).
    func start(_ task: URLSessionTask) {
        let cancelled = state.withLock { state in
            state.task = task
            return state.isCancelled
        }
        task.resume()
        if cancelled {
            task.cancel()
        }
    }

    func cancel() {
        let task = state.withLock { state in
            state.isCancelled = true
            return state.task
        }
        task?.cancel()
    }
}

extension URLError.Code {
    /// A code from an `NSError`'s raw value (the initializer is failable on Linux only).
    static func code(_ rawValue: Int) -> URLError.Code {
        #if canImport(FoundationNetworking)
        URLError.Code(rawValue: rawValue) ?? .unknown
        #else
        URLError.Code(rawValue: rawValue)
        #endif
    }
}
