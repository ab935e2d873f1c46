import Foundation

extension APIClient {
    /// Like ``send(_:)``, reporting the upload of the body and the download of the response as
    /// they go: for a large file in a multipart body, or a binary response. `progress` is called
    /// from the transport's queue, often; hop to the main actor to show it.
    ///
    /// Throws the same errors as ``send(_:)``.
    @discardableResult
    public func send<Response>(
        _ request: Request<Response>, progress: @escaping @Sendable (TransferProgress) -> Void
    ) async throws -> Response {
        try await response(for: request, progress: progress).value
    }

    /// Like ``response(for:)``, reporting progress as ``send(_:progress:)`` does.
    ///
    /// Throws the same errors as ``send(_:)``.
    public func response<Response>(
        for request: Request<Response>, progress: @escaping @Sendable (TransferProgress) -> Void
    ) async throws -> APIResponse<Response> {
        try await TransferObserver.$current.withValue(TransferObserver(progress)) {
            try await response(for: request)
        }
    }

    /// How an attempt reaches the transport: while progress is observed, through
    /// `stream(_:)`, whose bytes arrive as they come and are counted on the way.
    static func sending(through transport: any HTTPTransport) -> @Sendable (HTTPRequest) async throws -> (HTTPResponse, Data) {
        { request in
            guard TransferObserver.current != nil else { return try await transport.send(request) }
            let (response, chunks) = try await transport.stream(request)
            var body = Data()
            for try await chunk in chunks {
                body.append(chunk)
            }
            return (response, body)
        }
    }
}
