import Foundation
import Observation

/// The state behind generated stream models: the elements of a `ResponseStream` appended as
/// they arrive, for a chat reply that grows token by token or a live log.
///
/// `state` is `.loading` until the stream opens, then `.loaded` with the elements so far; it is
/// `.failed` only when the stream could not be opened. A stream that breaks off after elements
/// arrived keeps them and sets `streamError`. Cancelling (the calling task, as SwiftUI does when
/// a `.task` view disappears, or `stop()`) keeps what arrived and is never shown as a failure;
/// it cancels the HTTP request. A new `start` replaces a running one.
///
/// ```swift
/// List(model.elements, id: \.id) { Text($0.text) }
///     .task { await model.start(body: prompt) }
/// ```
@MainActor
@Observable
public final class StreamedElements<Element: Sendable> {
    private enum Phase {
        case idle, connecting, opened
        case failed(any Error)
    }

    /// The elements received so far, appended in place (a state holding them would copy them
    /// all for each one).
    public private(set) var elements: [Element] = []
    private var phase = Phase.idle
    /// True while the stream is open.
    public private(set) var isStreaming = false
    /// Why the stream broke off after elements had arrived; they stay in `state`.
    public private(set) var streamError: (any Error)?

    @ObservationIgnored private let runner = FetchRunner()
    @ObservationIgnored private var generation: UInt64 = 0

    /// Nothing streamed yet.
    public init() {}

    /// Idle until `start`, loading until the stream opens, then the elements so far.
    public var state: Loadable<[Element]> {
        switch phase {
        case .idle: return .idle
        case .connecting: return .loading
        case .opened: return .loaded(elements)
        case .failed(let error): return .failed(error)
        }
    }

    private var isConnecting: Bool {
        if case .connecting = phase { return true }
        return false
    }

    /// Opens the stream and appends its elements until it ends, fails, or is cancelled.
    public func start(_ open: @escaping @Sendable () async throws -> ResponseStream<Element>) async {
        generation &+= 1
        let current = generation
        elements = []
        phase = .connecting
        streamError = nil
        isStreaming = true
        let deliver: @MainActor @Sendable (Element) -> Void = { [weak self] element in
            guard let self, self.generation == current else { return }
            self.elements.append(element)
        }
        let opened: @MainActor @Sendable () -> Void = { [weak self] in
            guard let self, self.generation == current else { return }
            self.phase = .opened
        }
        let outcome = await runner.run {
            let stream = try await open()
            await opened()
            for try await element in stream {
                await deliver(element)
            }
        }
        guard generation == current else { return }
        isStreaming = false
        switch outcome {
        case .success, .superseded:
            break
        case .cancelled:
            if isConnecting { phase = .idle }
        case .failure(let error):
            if isConnecting {
                phase = .failed(error)
            } else {
                streamError = error
            }
        }
    }

    /// Stops the stream, keeping the elements received; cancels the HTTP request.
    public func stop() {
        guard isStreaming else { return }
        generation &+= 1
        runner.cancel()
        isStreaming = false
        if isConnecting { phase = .idle }
    }

    /// Forgets the elements, stopping the stream first.
    public func reset() {
        stop()
        elements = []
        phase = .idle
        streamError = nil
    }
}
