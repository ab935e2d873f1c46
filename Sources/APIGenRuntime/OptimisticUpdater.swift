import Foundation
import Observation

/// Optimistic updates for view models: show a change at once, send it, and undo it if the
/// server refuses, with a message a person can read.
///
/// A function taking the value `inout` cannot work here: the value would have to stay borrowed
/// across the network await, which Swift forbids for stored properties of an observable model.
/// Instead the model passes two closures that change its own state, called on the main actor:
/// `apply` now, `rollback` only if the request fails. Closures (rather than a saved copy of the
/// old value) let the rollback undo exactly the change, so a refresh that landed meanwhile is not
/// overwritten by a stale snapshot.
///
/// ```swift
/// @MainActor @Observable final class PostModel {
///     var post: Post
///     let updates = OptimisticUpdater()
///
///     func like() async {
///         await updates.perform {
///             post.likeCount += 1; post.likedByMe = true
///         } rollback: {
///             post.likeCount -= 1; post.likedByMe = false
///         } send: { [client, id = post.id] in
///             try await client.send(API.likePost(id: id))
///         }
///     }
/// }
/// // In the view: if let message = model.updates.errorMessage { Text(message) }
/// ```
///
/// Several updates may be in flight at once (liking two posts); each rolls back on its own.
@MainActor
@Observable
public final class OptimisticUpdater {
    /// How many updates are waiting for the server.
    public private(set) var pendingCount = 0
    /// Why the last update was rolled back; nil once an update starts or `clearError()` is called.
    public private(set) var lastError: (any Error)?

    /// An updater with nothing pending.
    public init() {}

    /// True while any update waits for the server.
    public var isPending: Bool {
        pendingCount > 0
    }

    /// What a person can read about the last rolled-back update; nil when there is none.
    public var errorMessage: String? {
        lastError?.userMessage
    }

    /// Applies a change now, sends the request, and rolls the change back if the request fails.
    ///
    /// - Returns: the response, or the error after rolling back. Cancellation also rolls back
    ///   (the change was never confirmed) but sets no error message; it returns
    ///   `.failure(CancellationError())`. A response that arrived is kept even if the task was
    ///   cancelled meanwhile, because the server has applied it.
    @discardableResult
    public func perform<Response: Sendable>(
        apply: () -> Void,
        rollback: () -> Void,
        send: @Sendable () async throws -> Response
    ) async -> Result<Response, any Error> {
        apply()
        if lastError != nil { lastError = nil }
        pendingCount += 1
        defer { pendingCount -= 1 }
        do {
            return .success(try await send())
        } catch {
            rollback()
            if FetchRunner.isCancellation(error) {
                return .failure(CancellationError())
            }
            lastError = error
            return .failure(error)
        }
    }

    /// Dismisses the error message.
    public func clearError() {
        if lastError != nil { lastError = nil }
    }
}
