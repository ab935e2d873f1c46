import Observation

/// Records every value an observable expression takes, using `withObservationTracking` the way
/// SwiftUI does. `onChange` fires synchronously just before each change (willSet), when the
/// expression still has the value the previous change gave it: that value is recorded and
/// tracking is armed again at once, so even changes made back to back in one main-actor job are
/// all seen. Shared by the runtime, generated-client and end-to-end tests.
@MainActor
public final class ObservedValues<Value> {
    private var history: [Value] = []
    private let read: @MainActor () -> Value

    public init(_ read: @escaping @MainActor () -> Value) {
        self.read = read
        arm()
    }

    /// The initial value, then the value after each change, ending with the current value.
    public var values: [Value] {
        history + [read()]
    }

    private func arm() {
        _ = withObservationTracking {
            read()
        } onChange: { [weak self] in
            // The runtime types change state only on the main actor.
            MainActor.assumeIsolated {
                guard let self else { return }
                self.history.append(self.read())
                self.arm()
            }
        }
    }
}
