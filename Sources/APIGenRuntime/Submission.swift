import Foundation
import Observation

/// The state behind generated write models (create, update, delete): an in-flight flag that
/// disables the button, the error message a form shows, and the server's answer.
///
/// A second `submit` while one is in flight is ignored and returns false, so a double tap sends
/// one request. Cancellation (the calling task cancelled, or `cancel()`) returns false without an
/// error message: the person did not see a failure, they left. Note that a cancelled write may
/// still have reached the server.
///
/// ```swift
/// Button("Save") { Task { if await model.submit(body: draft) { dismiss() } } }
///     .disabled(!model.canSubmit)
/// if let message = model.errorMessage { Text(message).foregroundStyle(.red) }
/// ```
@MainActor
@Observable
public final class Submission<Value: Sendable> {
    /// True from the start of `submit` until it returns.
    public private(set) var isSubmitting = false
    /// Why the last submit failed; nil after a success, a cancellation, `clearError()`, or when
    /// the next submit starts.
    public private(set) var lastError: (any Error)?
    /// The answer to the most recent successful submit. Kept when a later submit fails, so a
    /// screen can still show what was saved.
    public private(set) var response: Value?

    @ObservationIgnored private let runner = FetchRunner()

    /// A submission with nothing sent yet.
    public init() {}

    /// What a person can read about the last failure (`Error.userMessage`: the server's reason,
    /// "You appear to be offline.", …); nil when there is none.
    public var errorMessage: String? {
        lastError?.userMessage
    }

    /// False while a submit is in flight. Generated models may combine it with their own checks.
    public var canSubmit: Bool {
        !isSubmitting
    }

    /// Sends the request and waits for it. Returns true on success (and sets `response`), false
    /// on failure (and sets `lastError`), on cancellation (no error), or at once when a submit is
    /// already in flight.
    @discardableResult
    public func submit(_ send: @escaping @Sendable () async throws -> Value) async -> Bool {
        guard !isSubmitting else { return false }
        isSubmitting = true
        if lastError != nil { lastError = nil }
        switch await runner.run(send) {
        case .success(let value):
            response = value
            isSubmitting = false
            return true
        case .failure(let error):
            lastError = error
            isSubmitting = false
            return false
        case .cancelled:
            isSubmitting = false
            return false
        case .superseded:
            return false
        }
    }

    /// Cancels the submit in flight; it returns false without an error message.
    public func cancel() {
        guard runner.isRunning else { return }
        runner.cancel()
        isSubmitting = false
    }

    /// Dismisses the error message (an alert's OK button, or the person editing the form again).
    public func clearError() {
        if lastError != nil { lastError = nil }
    }
}
