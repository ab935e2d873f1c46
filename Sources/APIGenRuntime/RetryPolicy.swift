import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// When and how long to wait before trying a request again.
///
/// Only requests marked idempotent are retried (by default GET, PUT, DELETE, HEAD, OPTIONS, TRACE),
/// because repeating a POST that reached the server may do it twice. Worth retrying: timeouts,
/// dropped or refused connections, and 408, 429, 500, 502, 503, 504. Delays grow exponentially
/// with jitter (so many clients don't retry in lockstep), and a `Retry-After` on 429/503 is honoured,
/// capped by `maxDelay`. The wait is cancellable: cancelling the task stops retrying at once.
public struct RetryPolicy: Sendable {
    /// Waits `seconds`; throws `CancellationError` when the task is cancelled meanwhile.
    public typealias Sleep = @Sendable (_ seconds: TimeInterval) async throws -> Void

    /// Attempts in all, including the first; 1 means never retry.
    public var maxAttempts: Int
    /// The delay before the first retry; doubled for each later one.
    public var baseDelay: TimeInterval
    /// No wait is longer, whatever the backoff or `Retry-After` says.
    public var maxDelay: TimeInterval
    /// How much of each delay is random, 0...1: 0.5 waits between half and all of the backoff.
    public var jitter: Double
    /// Statuses worth another attempt.
    public var retryableStatuses: Set<Int>
    /// Network failures worth another attempt. `badServerResponse` is among the defaults because
    /// it is what URLSession on Linux reports for a connection dropped before any answer (Darwin
    /// says `networkConnectionLost`).
    public var retryableErrors: Set<URLError.Code>
    /// Waits between attempts; replace it in tests to run instantly or record delays.
    /// Must throw `CancellationError` when the task is cancelled.
    public var sleep: Sleep

    /// Creates a policy. Values out of range are clamped: at least one attempt, no negative delay,
    /// jitter within 0...1.
    public init(
        maxAttempts: Int = 3,
        baseDelay: TimeInterval = 0.5,
        maxDelay: TimeInterval = 30,
        jitter: Double = 0.5,
        retryableStatuses: Set<Int> = [408, 429, 500, 502, 503, 504],
        retryableErrors: Set<URLError.Code> = [.timedOut, .networkConnectionLost, .cannotConnectToHost, .badServerResponse],
        sleep: @escaping Sleep = RetryPolicy.taskSleep
    ) {
        self.maxAttempts = max(1, maxAttempts)
        self.baseDelay = max(0, baseDelay)
        self.maxDelay = max(0, maxDelay)
        self.jitter = min(max(jitter, 0), 1)
        self.retryableStatuses = retryableStatuses
        self.retryableErrors = retryableErrors
        self.sleep = sleep
    }

    /// Three attempts, 0.5 s then 1 s (with jitter), waits capped at 30 s.
    public static var `default`: RetryPolicy { RetryPolicy() }

    /// One attempt only.
    public static var none: RetryPolicy { RetryPolicy(maxAttempts: 1) }

    /// `Task.sleep`, which throws `CancellationError` as soon as the task is cancelled.
    public static let taskSleep: Sleep = { seconds in
        guard seconds > 0 else { return try Task.checkCancellation() }
        try await Task.sleep(nanoseconds: UInt64(min(seconds, 86_400) * 1_000_000_000))
    }

    /// What happened on one attempt, for `delay(after:attempt:isIdempotent:)`.
    public enum Outcome: Sendable {
        /// A response arrived; its status decides.
        case response(HTTPResponse)
        /// The attempt threw, e.g. a `URLError` or `APIError.transport`.
        case failure(any Error)
    }

    /// The wait before the next attempt, or nil when the request should not be retried.
    ///
    /// - Parameters:
    ///   - outcome: what the attempt that just finished got.
    ///   - attempt: the attempt that just finished, starting at 1.
    ///   - isIdempotent: whether the request is safe to repeat; when false it is never retried.
    ///   - now: the current time, for `Retry-After` dates.
    ///   - random: a number in 0...1 for the jitter.
    public func delay(
        after outcome: Outcome,
        attempt: Int,
        isIdempotent: Bool,
        now: Date = Date(),
        random: Double = Double.random(in: 0...1)
    ) -> TimeInterval? {
        guard isIdempotent, attempt < maxAttempts else { return nil }
        switch outcome {
        case .response(let response):
            guard retryableStatuses.contains(response.status) else { return nil }
            if response.status == 429 || response.status == 503,
                let header = response.headers["Retry-After"],
                let seconds = Self.retryAfter(header, now: now)
            {
                return min(seconds, maxDelay)
            }
        case .failure(let error):
            guard let code = Self.urlErrorCode(error), retryableErrors.contains(code) else { return nil }
        }
        let backoff = min(baseDelay * pow(2, Double(attempt - 1)), maxDelay)
        return backoff * (1 - jitter * min(max(random, 0), 1))
    }

    /// `Retry-After` as seconds from `now`: delay-seconds (`120`) or an HTTP-date
    /// (`Wed, 21 Oct 2015 07:28:00 GMT`, also the obsolete RFC 850 and asctime forms).
    /// A date in the past means "now" (0); anything unreadable is nil.
    public static func retryAfter(_ value: String, now: Date = Date()) -> TimeInterval? {
        let text = value.trimmingCharacters(in: .whitespaces)
        if !text.isEmpty, text.allSatisfy(\.isASCII), text.allSatisfy(\.isNumber) {
            return TimeInterval(text) ?? .greatestFiniteMagnitude
        }
        return HTTPDate.parse(text).map { max(0, $0.timeIntervalSince(now)) }
    }

    static func urlErrorCode(_ error: any Error) -> URLError.Code? {
        switch error {
        case let error as URLError: return error.code
        case APIError.transport(let error): return error.code
        default: return nil
        }
    }
}
