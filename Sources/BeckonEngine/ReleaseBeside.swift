import Dispatch

/// Lets go of `value` on a background thread, beside what the caller does next: the last
/// reference to a large graph of objects (every file's facts once the checks ran) is dropped
/// there, so freeing it does not hold up the next phase. The caller's own reference must be the
/// only other one and end right after the call (it then almost always goes first; if not, the
/// caller frees the value, as it would have without this).
public func releaseBeside(_ value: some Any) {
    let held = Held(value)
    DispatchQueue.global(qos: .utility).async { withExtendedLifetime(held) {} }
}

/// A value carried to the thread that drops it; nothing reads it there.
private struct Held<Value>: @unchecked Sendable {
    let value: Value

    init(_ value: Value) { self.value = value }
}
