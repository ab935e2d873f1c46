import Foundation

/// A value behind a lock, for the few places that share mutable state across tasks (recorded
/// mock requests, the in-flight URLSession task, the app's message texts).
///
/// `@unchecked Sendable` is sound because every access to `value` goes through `withLock`, which
/// holds `lock`. `NSLock` rather than `Mutex` because `Mutex` needs macOS 15 / iOS 18.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

extension Locked where Value: Sendable {
    /// A copy of the current value.
    var current: Value {
        withLock { $0 }
    }
}
