import Foundation

extension APIClient {
    /// Error bodies of streamed responses are read up to this size for their reason.
    static let streamedErrorBodyLimit = 1 << 20

    /// A request whose response is a `ResponseStream`: returns once the head has arrived, with
    /// the stream reading the body as it comes.
    ///
    /// Middlewares see the request and the response head; the body they are handed is empty,
    /// since the events go to the caller. A middleware that answers by itself gives a stream
    /// of its body.
    func streamedResponse<Response>(
        for request: Request<Response>, _ httpRequest: HTTPRequest,
        openStream: @Sendable (StreamConnection) -> Response
    ) async throws -> APIResponse<Response> {
        let (response, chunks) = try await openStreamedExchange(httpRequest, of: request)
        let connection = StreamConnection(first: chunks, makeDecoder: makeDecoder, sleep: retry.sleep) { [self] lastEventID in
            var again = httpRequest
            if let lastEventID {
                again.headers["Last-Event-ID"] = lastEventID
            }
            let (response, chunks) = try await openStreamedExchange(again, of: request)
            // 204 is how an event stream's server says not to reconnect.
            return response.status == 204 ? nil : chunks
        }
        return APIResponse(value: openStream(connection), status: response.status, headers: response.headers)
    }

    /// One exchange through the retry policy and the middlewares, its body left streaming;
    /// throws `APIError.server` (with the body read) for a status outside 2xx.
    private func openStreamedExchange<Response>(_ httpRequest: HTTPRequest, of request: Request<Response>) async throws -> (
        HTTPResponse, ResponseChunks
    ) {
        let opened = Locked<ResponseChunks?>(nil)
        let (response, body) = try await perform(httpRequest, operationID: request.operationID, isIdempotent: request.isIdempotent) {
            [transport] request in
            let (response, chunks) = try await transport.stream(request)
            // Replaces an earlier attempt's chunks, which cancels that attempt's exchange.
            opened.withLock { $0 = chunks }
            return (response, Data())
        }
        let chunks = opened.withLock { $0 } ?? .whole(body)
        if !response.isSuccess {
            // Throws the server's error, its reason read from the body.
            try checkStatus(response, body: try await Self.collect(chunks, limit: Self.streamedErrorBodyLimit), of: httpRequest)
        }
        return (response, chunks)
    }

    /// The first `limit` bytes of a body.
    private static func collect(_ chunks: ResponseChunks, limit: Int) async throws -> Data {
        var body = Data()
        for try await chunk in chunks {
            body.append(chunk.prefix(limit - body.count))
            if body.count >= limit {
                break
            }
        }
        return body
    }
}
