import BeckonEngine
import Dispatch

extension RandomAccessCollection where Index == Int, Element: Sendable {
    /// Maps every element on all cores and returns the results in the collection's order. Inside
    /// a step of the engine, the work on every core belongs to that step (`StepScope`). Inlinable,
    /// so each caller gets it specialized for its types (generic, every element's result slot
    /// asked the runtime for the type `T?`).
    /// - Parameter transform: Must be safe to call concurrently.
    @inlinable public func parallelMap<T: Sendable>(_ transform: @Sendable (Element) -> T) -> [T] {
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

    /// `parallelMap`, with the elements `first` picks started before the others: the slow ones,
    /// so that no core is left finishing one alone at the end. The results are in the
    /// collection's order.
    @inlinable public func parallelMap<T: Sendable>(
        startingWith first: (Element) -> Bool, _ transform: @Sendable (Element) -> T
    ) -> [T] {
        let elements = Array(self)
        var picked: [Int] = []
        var rest: [Int] = []
        for index in elements.indices {
            if first(elements[index]) { picked.append(index) } else { rest.append(index) }
        }
        guard !picked.isEmpty else { return elements.parallelMap(transform) }
        let order = picked + rest
        let inOrder = order.parallelMap { transform(elements[$0]) }
        var results = [T?](repeating: nil, count: elements.count)
        for (position, index) in order.enumerated() { results[index] = inOrder[position] }
        return results.map { $0! }
    }
}

/// Runs two pieces of work at once, each on a core of its own (inside the caller's `StepScope`),
/// and returns both results: for two serial passes over the same data that neither waits for.
@inlinable public func inParallel<First: Sendable, Second: Sendable>(
    _ first: @Sendable () -> First, _ second: @Sendable () -> Second
) -> (First, Second) {
    let one = UnsafeMutablePointer<First?>.allocate(capacity: 1)
    let other = UnsafeMutablePointer<Second?>.allocate(capacity: 1)
    one.initialize(to: nil)
    other.initialize(to: nil)
    defer {
        one.deinitialize(count: 1)
        one.deallocate()
        other.deinitialize(count: 1)
        other.deallocate()
    }
    let slots = UncheckedSendable((one, other))
    let scope = StepScope.current
    DispatchQueue.concurrentPerform(iterations: 2) { index in
        // Each iteration writes its own result only.
        if index == 0 {
            slots.value.0.pointee = scope.run(first)
        } else {
            slots.value.1.pointee = scope.run(second)
        }
    }
    return (one.pointee!, other.pointee!)
}

/// Carries a value into `concurrentPerform` where the caller guarantees exclusive access.
@usableFromInline struct UncheckedSendable<Value>: @unchecked Sendable {
    @usableFromInline let value: Value
    @usableFromInline init(_ value: Value) { self.value = value }
}
