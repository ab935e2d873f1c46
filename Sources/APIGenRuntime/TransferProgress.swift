import Foundation

/// How far a request's upload and its response's download have come
/// (`APIClient.send(_:progress:)`).
///
/// ```swift
/// let media = try await client.send(API.uploadMedia(body: upload)) { progress in
///     Task { @MainActor in model.uploaded = progress.uploadFraction }
/// }
/// ```
public struct TransferProgress: Sendable, Equatable {
    /// Bytes of the request body sent so far.
    public var bytesSent: Int64 = 0
    /// The request body's size; 0 without a body.
    public var bytesToSend: Int64 = 0
    /// Bytes of the response body received so far.
    public var bytesReceived: Int64 = 0
    /// The response body's size, from its `Content-Length`; nil until the response's head has
    /// arrived, or when the server does not say.
    public var bytesToReceive: Int64?

    /// Creates a progress value; the client reports them, tests compare them.
    public init(bytesSent: Int64 = 0, bytesToSend: Int64 = 0, bytesReceived: Int64 = 0, bytesToReceive: Int64? = nil) {
        self.bytesSent = bytesSent
        self.bytesToSend = bytesToSend
        self.bytesReceived = bytesReceived
        self.bytesToReceive = bytesToReceive
    }

    /// From 0 to 1; 1 when there is nothing to send.
    public var uploadFraction: Double {
        bytesToSend > 0 ? min(1, Double(bytesSent) / Double(bytesToSend)) : 1
    }

    /// From 0 to 1, or nil while the size of the response is not known.
    public var downloadFraction: Double? {
        guard let bytesToReceive else { return nil }
        return bytesToReceive > 0 ? min(1, Double(bytesReceived) / Double(bytesToReceive)) : 1
    }
}

/// Receives a transfer's progress from the transport and hands it to the app's closure. Set as a
/// task-local value around one request, so it reaches the transport through the retry policy and
/// the middlewares without any of them passing it on.
final class TransferObserver: Sendable {
    @TaskLocal static var current: TransferObserver?

    private let report: @Sendable (TransferProgress) -> Void
    private let progress = Locked(TransferProgress())

    init(_ report: @escaping @Sendable (TransferProgress) -> Void) {
        self.report = report
    }

    /// An attempt's body went out up to `sent` of `total` bytes.
    func sent(_ sent: Int64, of total: Int64) {
        update { progress in
            progress.bytesSent = sent
            progress.bytesToSend = max(total, 0)
        }
    }

    /// An attempt's response head arrived: its body's size, when the server says, and nothing
    /// of it yet (a retry starts the download over).
    func receiving(expected: Int64?) {
        update { progress in
            progress.bytesReceived = 0
            progress.bytesToReceive = expected.flatMap { $0 >= 0 ? $0 : nil }
        }
    }

    /// More of the response body arrived.
    func received(_ count: Int) {
        update { $0.bytesReceived += Int64(count) }
    }

    /// The exchange is over: everything was sent and received, whatever the transport reported
    /// (a mock reports nothing on the way).
    func completed(sent: Int64, received: Int64) {
        update { progress in
            progress.bytesToSend = sent
            progress.bytesSent = sent
            progress.bytesReceived = received
            progress.bytesToReceive = received
        }
    }

    private func update(_ change: (inout TransferProgress) -> Void) {
        let value = progress.withLock { progress in
            change(&progress)
            return progress
        }
        report(value)
    }
}

extension HTTPRequest {
    /// The size of the body to send, read from disk for a file.
    var bodySize: Int64 {
        if let body { return Int64(body.count) }
        guard let bodyFile, let size = try? FileManager.default.attributesOfItem(atPath: bodyFile.path)[.size] as? NSNumber else {
            return 0
        }
        return size.int64Value
    }
}
