import Foundation

/// The steps one computation asked for, recorded while it runs: the edges from a step to the
/// steps it is made of. When the outer result is reused, the engine keeps the inner ones alive
/// through these edges, so a later run that needs an inner result still finds it.
final class StepFrame: @unchecked Sendable {
    /// A step's result, by step and key.
    struct Child: Hashable, Sendable {
        let step: StepName
        let key: Fingerprint
    }

    private let lock = NSLock()
    private var children: Set<Child> = []

    /// The computation running on this task or thread, if any.
    @TaskLocal static var active: StepFrame?

    func record(_ child: Child) {
        _ = lock.withLock { children.insert(child) }
    }

    /// The recorded children, in a stable order.
    var recorded: [Child] {
        lock.withLock { Array(children) }
    }
}

/// The computation a piece of work belongs to, carried to other threads: work a step hands to
/// `DispatchQueue.concurrentPerform` (see `parallelMap`) records its steps in that step's frame.
public struct StepScope: Sendable {
    let frame: StepFrame?

    /// The scope of the computation running here.
    public static var current: StepScope { StepScope(frame: StepFrame.active) }

    /// Runs `body` inside this scope.
    public func run<Result>(_ body: () throws -> Result) rethrows -> Result {
        guard let frame, StepFrame.active !== frame else { return try body() }
        return try StepFrame.$active.withValue(frame, operation: body)
    }
}
