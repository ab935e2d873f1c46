import Foundation

/// The four states of something a screen loads: nothing asked yet, on its way, here, or failed.
///
/// One enum instead of `isLoading` + `value` + `error` flags, because the flags allow states no
/// screen can draw (loading *and* failed, a value *and* an error) and a `switch` over the enum
/// makes the compiler check that every state has a view:
///
/// ```swift
/// switch model.state {
/// case .idle, .loading: ProgressView()
/// case .loaded(let pets) where pets.isEmpty: ContentUnavailableView("No pets", systemImage: "pawprint")
/// case .loaded(let pets): List(pets) { PetRow(pet: $0) }
/// case .failed(let error): Text(error.userMessage)
/// }
/// ```
///
/// An empty collection is a loaded sub-case (`isEmpty`), not a fifth state: the request
/// succeeded, and only the view decides to show it differently.
public enum Loadable<Value> {
    /// Nothing has been requested yet, or a load was cancelled.
    case idle
    /// The first value is on its way; there is nothing to show yet.
    case loading
    /// The value arrived and can be shown; for a collection it may be empty (see `isEmpty`).
    case loaded(Value)
    /// The load failed; `error.userMessage` is what a person reads.
    case failed(any Error)

    /// The loaded value, else nil.
    public var value: Value? {
        if case .loaded(let value) = self { return value }
        return nil
    }

    /// The failure, else nil.
    public var error: (any Error)? {
        if case .failed(let error) = self { return error }
        return nil
    }

    /// Whether this is `.idle`.
    public var isIdle: Bool {
        if case .idle = self { return true }
        return false
    }

    /// Whether this is `.loading`.
    public var isLoading: Bool {
        if case .loading = self { return true }
        return false
    }

    /// Whether this is `.loaded`, empty or not.
    public var isLoaded: Bool {
        if case .loaded = self { return true }
        return false
    }

    /// Whether this is `.failed`.
    public var isFailed: Bool {
        if case .failed = self { return true }
        return false
    }

    /// What a person can read about the failure (`Error.userMessage`, so server reasons, offline,
    /// timeouts and unexpected responses read well and follow `UserMessages.current`); nil unless
    /// failed.
    public var userMessage: String? {
        error?.userMessage
    }

    /// The same state with the loaded value transformed, e.g. a response narrowed to the list a
    /// screen shows: `model.state.map(\.items)`.
    public func map<NewValue>(_ transform: (Value) throws -> NewValue) rethrows -> Loadable<NewValue> {
        switch self {
        case .idle: return .idle
        case .loading: return .loading
        case .loaded(let value): return .loaded(try transform(value))
        case .failed(let error): return .failed(error)
        }
    }
}

extension Loadable: Sendable where Value: Sendable {}

extension Loadable where Value: Collection {
    /// True only when loaded with an empty collection: "no results" is something to show, not
    /// a missing value. Idle, loading and failed are never empty.
    public var isEmpty: Bool {
        value?.isEmpty ?? false
    }
}

/// Equality, so views can use `onChange(of: model.state)` and tests can compare states.
///
/// Errors are not `Equatable`, so two failures are equal when their errors have the same dynamic
/// type, the same `userMessage` and the same `String(describing:)`: what a person sees and what a
/// developer logs. Two different errors that print identically compare equal, which is the
/// right answer for deciding whether a screen must change.
extension Loadable: Equatable where Value: Equatable {
    /// Whether both are the same state: equal values when loaded; for failures, errors of the same type
    /// with the same `userMessage` and description.
    public static func == (lhs: Loadable, rhs: Loadable) -> Bool {
        switch (lhs, rhs) {
        case (.idle, .idle), (.loading, .loading):
            return true
        case (.loaded(let left), .loaded(let right)):
            return left == right
        case (.failed(let left), .failed(let right)):
            return LoadableErrorIdentity(left) == LoadableErrorIdentity(right)
        default:
            return false
        }
    }
}

/// Hashing follows the same rule as `==`: a failure hashes its error's type, `userMessage` and
/// description, so equal states hash alike and states can key dictionaries or sit in sets.
extension Loadable: Hashable where Value: Hashable {
    /// Hashes the state the way `==` compares it.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .idle:
            hasher.combine(0)
        case .loading:
            hasher.combine(1)
        case .loaded(let value):
            hasher.combine(2)
            hasher.combine(value)
        case .failed(let error):
            hasher.combine(3)
            hasher.combine(LoadableErrorIdentity(error))
        }
    }
}

/// What makes two failures "the same" for `Loadable`'s `==` and `hash(into:)`.
private struct LoadableErrorIdentity: Hashable {
    let type: ObjectIdentifier
    let message: String
    let description: String

    init(_ error: any Error) {
        type = ObjectIdentifier(Swift.type(of: error))
        message = error.userMessage
        description = String(describing: error)
    }
}
