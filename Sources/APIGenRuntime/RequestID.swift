import Foundation

/// The id a server gives each exchange, the first thing a support ticket asks for. Servers
/// name it differently; the common names are looked up first, then any header whose name says it
/// is one (`X-Twilio-Request-Id`, `x-ms-request-id`, a spec's own `X-Correlation-ID`).
enum RequestIDHeader {
    /// In order of preference, lower-cased.
    static let names = [
        "x-request-id", "request-id", "x-amzn-requestid", "x-amz-request-id", "x-github-request-id",
        "x-ms-request-id", "x-correlation-id", "x-trace-id", "cf-ray", "x-cloud-trace-context", "x-vercel-id",
    ]

    /// Name endings that say a header carries an exchange's id.
    static let suffixes = ["request-id", "requestid", "request_id", "correlation-id", "trace-id"]

    static func value(in headers: HTTPFields) -> String? {
        for name in names {
            if let value = headers[name], !value.isEmpty { return value }
        }
        return headers.first { field in
            let name = field.name.lowercased()
            return !field.value.isEmpty && suffixes.contains { name.hasSuffix($0) }
        }?.value
    }
}

extension HTTPFields {
    /// The server's id for this exchange (`x-request-id`, `request-id`, `x-amzn-requestid`,
    /// `cf-ray`, or a header whose name ends in `request-id`), for logs and support tickets;
    /// nil when the server sends none.
    public var requestID: String? {
        RequestIDHeader.value(in: self)
    }
}

extension APIResponse {
    /// The server's id for this exchange; see `HTTPFields.requestID`.
    public var requestID: String? {
        headers.requestID
    }
}

extension APIError {
    /// The server's id for the exchange that failed, from the response's headers; nil for an
    /// error without a response, or a response without an id. For logs and support tickets: it
    /// is in `description`, never in `userMessage`.
    public var requestID: String? {
        headers?.requestID
    }

    /// The response's header fields for `.server`, else nil.
    public var headers: HTTPFields? {
        if case .server(_, _, _, let headers) = self { return headers }
        return nil
    }
}
