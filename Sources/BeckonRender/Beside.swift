import BeckonEngine
import Dispatch

/// Work started on a thread of its own, inside the caller's `StepScope`, while the caller goes on
/// with what does not need its result; `value()` waits for it. The two share the cores: what
/// either leaves idle (the serial parts between its parallel ones, a small site's few files) the
/// other fills.
public final class Beside<Value: Sendable>: @unchecked Sendable {
    private let finished = DispatchSemaphore(value: 0)
    /// Written once, by the worker, before it signals `finished`; read only after waiting for it.
    private var result: Value?

    /// Starts `work` at once.
    public init(_ work: @escaping @Sendable () -> Value) {
        let scope = StepScope.current
        DispatchQueue.global().async { [self] in
            result = scope.run(work)
            finished.signal()
        }
    }

    /// The work's result, once it is done.
    public func value() -> Value {
        finished.wait()
        // Left signalled, so a second call returns at once.
        finished.signal()
        return result!
    }
}
