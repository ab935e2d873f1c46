#if canImport(SwiftUI)
import APIGenRuntime
import SwiftUI

/// One view for the four states of a `Loadable`, so every screen shows loading, empty and
/// failure the same way and only writes the loaded content:
///
/// ```swift
/// LoadableView(model.state, retry: model.retry, emptyTitle: "No pets") { pets in
///     List(pets) { PetRow(pet: $0) }
/// }
/// .task { await model.load() }
/// ```
///
/// Idle and loading show a progress view; a failure shows `userMessage` with a Retry button that
/// calls `retry`; an empty collection shows the empty slot. The view holds no state and no
/// logic beyond choosing a slot: loading rules live in the runtime (`RemoteQuery`), where they
/// are tested.
public struct LoadableView<Value, Content: View, Empty: View>: View {
    private let state: Loadable<Value>
    private let retry: (@MainActor () async -> Void)?
    private let isEmpty: (Value) -> Bool
    private let content: (Value) -> Content
    private let empty: () -> Empty

    /// Shows `content` for any loaded value, empty or not.
    public init(
        _ state: Loadable<Value>,
        retry: (@MainActor () async -> Void)? = nil,
        @ViewBuilder content: @escaping (Value) -> Content
    ) where Empty == EmptyView {
        self.state = state
        self.retry = retry
        self.isEmpty = { _ in false }
        self.content = content
        self.empty = { EmptyView() }
    }

    /// Shows `empty` for a loaded empty collection, `content` otherwise.
    public init(
        _ state: Loadable<Value>,
        retry: (@MainActor () async -> Void)? = nil,
        @ViewBuilder content: @escaping (Value) -> Content,
        @ViewBuilder empty: @escaping () -> Empty
    ) where Value: Collection {
        self.state = state
        self.retry = retry
        self.isEmpty = { $0.isEmpty }
        self.content = content
        self.empty = empty
    }

    /// Shows a standard empty state titled `emptyTitle` for a loaded empty collection.
    public init(
        _ state: Loadable<Value>,
        retry: (@MainActor () async -> Void)? = nil,
        emptyTitle: String,
        emptySystemImage: String = "tray",
        @ViewBuilder content: @escaping (Value) -> Content
    ) where Value: Collection, Empty == LoadableEmptyView {
        self.init(state, retry: retry, content: content) {
            LoadableEmptyView(emptyTitle, systemImage: emptySystemImage)
        }
    }

    /// A progress view while idle or loading, the empty slot or the content once loaded, and the error
    /// with a Retry button on failure.
    public var body: some View {
        switch state {
        case .idle, .loading:
            ProgressView()
                .frame(maxWidth: .infinity, maxHeight: .infinity)
        case .loaded(let value):
            if isEmpty(value) {
                empty()
            } else {
                content(value)
            }
        case .failed(let error):
            LoadableErrorView(message: error.userMessage, retry: retry)
        }
    }
}

/// The empty state `LoadableView` shows for `emptyTitle:`.
public struct LoadableEmptyView: View {
    private let title: String
    private let systemImage: String

    /// An empty state with `title` and an SF Symbol (a tray by default).
    public init(_ title: String, systemImage: String = "tray") {
        self.title = title
        self.systemImage = systemImage
    }

    /// The title and image as a `ContentUnavailableView`.
    public var body: some View {
        ContentUnavailableView(title, systemImage: systemImage)
    }
}

/// A failure as a person reads it: the error's `userMessage` and, when there is something to
/// retry, a Retry button. Used by `LoadableView` and `RemoteContentView`, and usable on its own.
public struct LoadableErrorView: View {
    private let message: String
    private let retry: (@MainActor () async -> Void)?

    /// Shows `message`, plus a Retry button that runs `retry` when one is given.
    public init(message: String, retry: (@MainActor () async -> Void)? = nil) {
        self.message = message
        self.retry = retry
    }

    /// The message under a "Couldn't Load" title, with the Retry button when there is one.
    public var body: some View {
        ContentUnavailableView {
            Label("Couldn't Load", systemImage: "exclamationmark.triangle")
        } description: {
            Text(message)
        } actions: {
            if let retry {
                Button("Retry") {
                    Task { await retry() }
                }
            }
        }
    }
}
#endif
