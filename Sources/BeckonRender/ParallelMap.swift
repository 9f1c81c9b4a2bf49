import BeckonEngine
import Dispatch

extension RandomAccessCollection where Index == Int, Element: Sendable {
    /// Maps every element on all cores and returns the results in the collection's order. Inside
    /// a step of the engine, the work on every core belongs to that step (`StepScope`).
    /// - Parameter transform: Must be safe to call concurrently.
    public func parallelMap<T: Sendable>(_ transform: @Sendable (Element) -> T) -> [T] {
        let count = self.count
        guard count > 1 else { return map(transform) }
        let slots = UnsafeMutableBufferPointer<T?>.allocate(capacity: count)
        slots.initialize(repeating: nil)
        defer {
            slots.deinitialize()
            slots.deallocate()
        }
        let base = UncheckedSendable(slots)
        let elements = Array(self)
        let scope = StepScope.current
        DispatchQueue.concurrentPerform(iterations: count) { offset in
            // Each iteration writes its own slot only.
            base.value[offset] = scope.run { transform(elements[offset]) }
        }
        return slots.map { $0! }
    }
}

/// Carries a value into `concurrentPerform` where the caller guarantees exclusive access.
private struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
