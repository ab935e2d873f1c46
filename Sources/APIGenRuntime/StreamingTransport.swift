import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension URLSessionTransport {
    /// Sends `request` and returns once the response's head has arrived, with the body's bytes
    /// as they come.
    ///
    /// Cancelling the calling task before the head arrives cancels the data task; afterwards,
    /// ending the iteration of the chunks (or dropping them) does. Throws `URLError` for network
    /// failures, `CancellationError` when the calling task is cancelled, and
    /// `APIError.invalidResponse` when the answer is not HTTP.
    public func stream(_ request: HTTPRequest) async throws -> (HTTPResponse, ResponseChunks) {
        try Task.checkCancellation()
        let urlRequest = makeURLRequest(request)
        let (chunks, continuation) = ResponseChunks.makeStream()
        let exchange = StreamedExchange(
            chunks: continuation, sensitiveNames: request.sensitiveNames, observer: TransferObserver.current)
        let inFlight = InFlightTask()
        let streaming = streaming
        let head: Result<URLResponse, URLError> = await withTaskCancellationHandler {
            await withCheckedContinuation { head in
                exchange.awaitHead(head)
                let task = streaming.task(with: urlRequest, bodyFile: request.bodyFile, for: exchange)
                continuation.onTermination = { _ in task.cancel() }
                inFlight.start(task)
            }
        } onCancel: {
            inFlight.cancel()
        }
        if Task.isCancelled {
            throw CancellationError()
        }
        guard let http = try head.get() as? HTTPURLResponse else {
            throw APIError.invalidResponse
        }
        return (HTTPResponse(status: http.statusCode, headers: Self.headers(of: http)), chunks)
    }
}

/// The session that streams: its delegate hands each task's bytes to that task's exchange.
/// Made on first use, so a client that never streams never opens a second session.
final class StreamingSession: Sendable {
    private struct State {
        var configuration: URLSessionConfiguration
        var session: URLSession?
    }

    private let state: Locked<State>
    private let delegate = StreamingDelegate()

    init(configuration: URLSessionConfiguration) {
        state = Locked(State(configuration: configuration))
    }

    deinit {
        // A session keeps its delegate, and so itself, alive until invalidated.
        state.withLock { $0.session }?.finishTasksAndInvalidate()
    }

    /// A data task for `request` (an upload task for a body in a file) whose events go to
    /// `exchange`; not resumed yet.
    func task(with request: URLRequest, bodyFile: URL?, for exchange: StreamedExchange) -> URLSessionTask {
        let session = state.withLock { state in
            if let session = state.session {
                return session
            }
            let session = URLSession(configuration: state.configuration, delegate: delegate, delegateQueue: nil)
            state.session = session
            return session
        }
        let task = bodyFile.map { session.uploadTask(with: request, fromFile: $0) } ?? session.dataTask(with: request)
        delegate.register(exchange, for: task)
        return task
    }
}

/// Routes a streaming session's delegate calls to the exchange of each task.
private final class StreamingDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private let exchanges = Locked([Int: StreamedExchange]())

    func register(_ exchange: StreamedExchange, for task: URLSessionTask) {
        exchanges.withLock { $0[task.taskIdentifier] = exchange }
    }

    private func exchange(of task: URLSessionTask) -> StreamedExchange? {
        exchanges.withLock { $0[task.taskIdentifier] }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        exchange(of: dataTask)?.received(response)
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        exchange(of: dataTask)?.received(data)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        exchange(of: task)?.observer?.sent(totalBytesSent, of: totalBytesExpectedToSend)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let exchange = exchanges.withLock { $0.removeValue(forKey: task.taskIdentifier) }
        exchange?.completed(error.map(URLSessionTransport.urlError))
    }

    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        let names = exchange(of: task)?.sensitiveNames ?? []
        completionHandler(RedirectGuard.redirect(request, from: response.url ?? task.originalRequest?.url, sensitiveNames: names))
    }
}

/// One streamed exchange: the head goes to the `stream` call waiting for it, the bytes to the
/// chunks its caller iterates.
final class StreamedExchange: Sendable {
    private let chunks: ResponseChunks.Continuation
    let sensitiveNames: Set<String>
    /// Told of the bytes sent and received, when the request's progress is observed.
    let observer: TransferObserver?
    private let head = Locked<CheckedContinuation<Result<URLResponse, URLError>, Never>?>(nil)

    init(chunks: ResponseChunks.Continuation, sensitiveNames: Set<String>, observer: TransferObserver? = nil) {
        self.chunks = chunks
        self.sensitiveNames = sensitiveNames
        self.observer = observer
    }

    func awaitHead(_ continuation: CheckedContinuation<Result<URLResponse, URLError>, Never>) {
        head.withLock { $0 = continuation }
    }

    func received(_ response: URLResponse) {
        observer?.receiving(expected: response.expectedContentLength)
        head.withLock { head in
            defer { head = nil }
            return head
        }?.resume(returning: .success(response))
    }

    func received(_ data: Data) {
        observer?.received(data.count)
        chunks.yield(data)
    }

    /// The exchange ended: a failure before the head goes to the waiting call, one after it to
    /// the chunks' reader.
    func completed(_ error: URLError?) {
        let waiting = head.withLock { head in
            defer { head = nil }
            return head
        }
        if let waiting {
            waiting.resume(returning: .failure(error ?? URLError(.badServerResponse)))
            chunks.finish()
        } else if let error {
            chunks.finish(throwing: error)
        } else {
            chunks.finish()
        }
    }
}
