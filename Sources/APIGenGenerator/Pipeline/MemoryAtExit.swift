/// Whether big values may simply be left for the operating system when the process exits.
///
/// A one-shot command (the `apigen` executable) exits right after writing its files, yet
/// releasing the YAML tree, the spec model, the declarations and the output node by node
/// costs tens of millions of instructions on a large spec, for memory the exit reclaims
/// anyway (clang's `-disable-free` skips the same work). Only the executable, which knows
/// it exits next, turns this on; callers running commands in-process (the tests) keep the
/// default and free everything as usual.
public struct MemoryAtExit: Sendable {
    /// True when the process exits after the command, so its values need not be released.
    public let isReclaimedByExit: Bool

    public init(isReclaimedByExit: Bool) {
        self.isReclaimedByExit = isReclaimedByExit
    }

    /// Values are released normally.
    public static let releasedNormally = MemoryAtExit(isReclaimedByExit: false)

    /// When the exit reclaims memory, keeps `value` (and all it references) alive for the
    /// rest of the process, so dropping the caller's copy frees nothing; otherwise does
    /// nothing. The retained box is never released on purpose: no shared state is involved,
    /// so this is safe from any thread.
    public func keepUntilExit<Value>(_ value: Value) {
        guard isReclaimedByExit else { return }
        _ = Unmanaged.passRetained(KeptValue(value))
    }
}

/// Holds one value kept alive by `MemoryAtExit.keepUntilExit`.
private final class KeptValue<Value> {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}
