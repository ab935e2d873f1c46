import Foundation
import Observation

/// The state machine behind every generated read model: one value loaded from the network,
/// with the rules screens need and hand-written view models often get wrong.
///
/// - A `load` while another is in flight is ignored, so a view that appears twice (or a button
///   tapped twice) sends one request.
/// - Cancellation is not an error: when the calling task is cancelled (SwiftUI cancels `.task`
///   when the view disappears) or `cancel()` is called, the state goes back to `.idle`, never
///   `.failed`, and the next `load` starts afresh.
/// - `refresh` keeps the old value on screen while it reloads (`isRefreshing`), and keeps it if
///   the reload fails (`refreshError`), so pull-to-refresh never blanks a list.
///
/// Generated models hold one and forward to it:
///
/// ```swift
/// @MainActor @Observable final class ShowPetModel {
///     var state: Loadable<Pet> { query.state }
///     private let query = RemoteQuery<Pet>()
///     func load() async { await query.load { [client, id] in try await client.send(API.showPet(id: id)) } }
/// }
/// ```
///
/// Fetch closures are `@Sendable` and run off the main actor; capture the client and parameter
/// values, not the model.
///
/// Properties are assigned only when their value changes (`if refreshError != nil { … }`):
/// every assignment to an `@Observable` property invalidates the views that read it, even when
/// the value stays the same. The same rule holds in `PagedQuery`, `Submission` and
/// `OptimisticUpdater`.
@MainActor
@Observable
public final class RemoteQuery<Value: Sendable> {
    /// Idle until the first `load`, then loading, loaded or failed. Stays `.loaded` during a refresh.
    public private(set) var state: Loadable<Value>
    /// True while `refresh` reloads a value that stays visible in `state`.
    public private(set) var isRefreshing = false
    /// Why the last refresh failed; the old value is still in `state`. Cleared when a load or
    /// refresh starts.
    public private(set) var refreshError: (any Error)?

    @ObservationIgnored private let runner = FetchRunner()

    /// - Parameter state: where to start; previews and tests pass `.loaded(.sample)` or a failure
    ///   to show a screen in that state without a network.
    public init(_ state: Loadable<Value> = .idle) {
        self.state = state
    }

    /// The loaded value, if any (also while refreshing).
    public var value: Value? {
        state.value
    }

    /// True while a load or refresh is in flight.
    public var isBusy: Bool {
        state.isLoading || isRefreshing
    }

    /// Loads the value.
    ///
    /// Ignored while a load or refresh is in flight (the second caller returns at once). From
    /// idle or failed it shows `.loading`; when a value is already loaded it reloads the way
    /// `refresh` does, keeping the value on screen, so a screen whose `.task` runs again when it
    /// reappears updates without flashing a spinner. Success gives `.loaded`, cancellation `.idle`,
    /// any other error `.failed`.
    public func load(_ fetch: @escaping @Sendable () async throws -> Value) async {
        guard !isBusy else { return }
        if state.isLoaded {
            await reloadKeepingValue(fetch)
        } else {
            await loadFromScratch(fetch)
        }
    }

    /// Loads again after a failure (the Retry button); the same as `load`.
    public func retry(_ fetch: @escaping @Sendable () async throws -> Value) async {
        await load(fetch)
    }

    /// Reloads while the current value stays visible (`isRefreshing` is true meanwhile), for
    /// pull-to-refresh. On success the value is replaced; on failure it is kept and `refreshError`
    /// says why; cancellation keeps it silently. Without a value yet it is the same as `load`.
    /// Ignored while a load or refresh is in flight.
    public func refresh(_ fetch: @escaping @Sendable () async throws -> Value) async {
        await load(fetch)
    }

    /// Cancels the load or refresh in flight: a load goes back to `.idle`, a refresh keeps the
    /// old value. The cancelled `load` call returns without touching the state again, and a new
    /// `load` may start at once.
    public func cancel() {
        guard runner.isRunning else { return }
        runner.cancel()
        if isRefreshing {
            isRefreshing = false
        } else if state.isLoading {
            state = .idle
        }
    }

    /// Cancels anything in flight and forgets the value, e.g. when a search term changes and the
    /// old results must not stay on screen.
    public func reset() {
        runner.cancel()
        if isRefreshing { isRefreshing = false }
        if refreshError != nil { refreshError = nil }
        if !state.isIdle { state = .idle }
    }

    /// Shows a value without a request: a cached copy, or a value another screen already has.
    public func set(_ value: Value) {
        runner.cancel()
        if isRefreshing { isRefreshing = false }
        if refreshError != nil { refreshError = nil }
        state = .loaded(value)
    }

    /// Changes the loaded value in place (an optimistic update, or its undoing), leaving a
    /// refresh in flight alone; nothing while no value is loaded.
    public func updateValue(_ change: (inout Value) -> Void) {
        guard case .loaded(var value) = state else { return }
        change(&value)
        state = .loaded(value)
    }

    // MARK: Private

    private func loadFromScratch(_ fetch: @escaping @Sendable () async throws -> Value) async {
        state = .loading
        if refreshError != nil { refreshError = nil }
        switch await runner.run(fetch) {
        case .success(let value):
            state = .loaded(value)
        case .failure(let error):
            state = .failed(error)
        case .cancelled:
            state = .idle
        case .superseded:
            break
        }
    }

    private func reloadKeepingValue(_ fetch: @escaping @Sendable () async throws -> Value) async {
        isRefreshing = true
        if refreshError != nil { refreshError = nil }
        switch await runner.run(fetch) {
        case .success(let value):
            state = .loaded(value)
            isRefreshing = false
        case .failure(let error):
            refreshError = error
            isRefreshing = false
        case .cancelled:
            isRefreshing = false
        case .superseded:
            break
        }
    }
}
