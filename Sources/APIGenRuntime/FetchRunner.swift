import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Runs the one fetch a `RemoteQuery`, `PagedQuery` or `Submission` has in flight, so that it
/// can be cancelled from two directions:
///
/// - by the caller's task (SwiftUI cancels a `.task { await model.load() }` when the view
///   disappears): `withTaskCancellationHandler` forwards that to the fetch;
/// - by the model itself (`cancel()`, or a refresh replacing a page load): the fetch runs in a
///   `Task` the runner keeps, because a model cannot cancel its caller's task.
///
/// Each run gets an id. When a run finishes after `cancel()` (or after another run started), it
/// reports `.superseded` and the model leaves its state alone: `cancel()` already put it right,
/// and a late answer must never overwrite a newer one.
@MainActor
final class FetchRunner {
    enum Outcome<Value> {
        case success(Value)
        case failure(any Error)
        /// The fetch or its caller was cancelled; never shown as a failure.
        case cancelled
        /// `cancel()` was called or another run started meanwhile; the caller must not touch state.
        case superseded
    }

    private var active: (id: UInt64, cancel: @Sendable () -> Void)?
    private var lastID: UInt64 = 0

    /// Whether a fetch is in flight.
    var isRunning: Bool {
        active != nil
    }

    /// Runs `operation` off the main actor and waits for it. A cancelled caller or `cancel()`
    /// gives `.cancelled`/`.superseded` even when the fetch had already succeeded: that is the
    /// `Task.checkCancellation()` after the await that keeps a late value from landing on a
    /// screen that has gone away.
    func run<Value: Sendable>(_ operation: @escaping @Sendable () async throws -> Value) async -> Outcome<Value> {
        active?.cancel()
        lastID &+= 1
        let id = lastID
        let task = Task {
            let value = try await operation()
            try Task.checkCancellation()
            return value
        }
        active = (id, { task.cancel() })
        let result = await withTaskCancellationHandler {
            await task.result
        } onCancel: {
            task.cancel()
        }
        guard active?.id == id else {
            return .superseded
        }
        active = nil
        if Task.isCancelled || task.isCancelled {
            return .cancelled
        }
        switch result {
        case .success(let value):
            return .success(value)
        case .failure(let error):
            return Self.isCancellation(error) ? .cancelled : .failure(error)
        }
    }

    /// Cancels the fetch in flight; its `run` returns `.superseded`.
    func cancel() {
        active?.cancel()
        active = nil
    }

    /// Cancellation in any of the forms it arrives in: Swift's `CancellationError`, a cancelled
    /// `URLSession` task (`URLError.cancelled`), or either wrapped by `APIClient`.
    nonisolated static func isCancellation(_ error: any Error) -> Bool {
        switch error {
        case is CancellationError:
            return true
        case let error as URLError:
            return error.code == .cancelled
        case APIError.transport(let error):
            return error.code == .cancelled
        default:
            let nsError = error as NSError
            return nsError.domain == NSURLErrorDomain && nsError.code == URLError.Code.cancelled.rawValue
        }
    }
}
