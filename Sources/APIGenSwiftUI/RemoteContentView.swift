#if canImport(SwiftUI)
import APIGenRuntime
import SwiftUI

/// A reusable remote-content view: a slot for each state (initial, in progress, success,
/// failure), loading started by `.task`, so SwiftUI cancels it when the view disappears and the
/// model goes back to idle instead of failing.
///
/// ```swift
/// RemoteContentView(model.state, load: model.load) { post in
///     PostDetail(post: post)
/// }
/// ```
///
/// `load` is expected to follow `RemoteQuery`'s rules (ignore a second call, treat cancellation
/// as idle, keep a loaded value on screen when called again); generated models do.
public struct RemoteContentView<Value, Initial: View, InProgress: View, Success: View, Failure: View>: View {
    private let state: Loadable<Value>
    private let load: @MainActor () async -> Void
    private let initial: () -> Initial
    private let inProgress: () -> InProgress
    private let success: (Value) -> Success
    private let failure: (any Error) -> Failure

    /// A view with every slot given.
    public init(
        _ state: Loadable<Value>,
        load: @escaping @MainActor () async -> Void,
        @ViewBuilder initial: @escaping () -> Initial,
        @ViewBuilder inProgress: @escaping () -> InProgress,
        @ViewBuilder success: @escaping (Value) -> Success,
        @ViewBuilder failure: @escaping (_ error: any Error) -> Failure
    ) {
        self.state = state
        self.load = load
        self.initial = initial
        self.inProgress = inProgress
        self.success = success
        self.failure = failure
    }

    /// A progress view before and during loading, and the error's `userMessage` with a Retry
    /// button (calling `load`) on failure.
    public init(
        _ state: Loadable<Value>,
        load: @escaping @MainActor () async -> Void,
        @ViewBuilder success: @escaping (Value) -> Success
    ) where Initial == ProgressView<EmptyView, EmptyView>, InProgress == ProgressView<EmptyView, EmptyView>, Failure == LoadableErrorView {
        self.init(
            state,
            load: load,
            initial: { ProgressView() },
            inProgress: { ProgressView() },
            success: success,
            failure: { error in LoadableErrorView(message: error.userMessage, retry: load) }
        )
    }

    /// The slot for the current state, with `load` started in `.task` when the view appears.
    public var body: some View {
        Group {
            switch state {
            case .idle:
                initial()
            case .loading:
                inProgress()
            case .loaded(let value):
                success(value)
            case .failed(let error):
                failure(error)
            }
        }
        // Capture only `load`: the view's other closures are not Sendable.
        .task { [load] in
            await load()
        }
    }
}
#endif
