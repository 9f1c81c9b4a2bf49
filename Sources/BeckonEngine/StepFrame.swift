import Foundation
import Synchronization

/// What one computation read and which steps it asked for, recorded while it runs. The inputs
/// decide when its result can be reused; the steps are the edges to the results it is made of:
/// when the outer result is reused, the engine keeps the inner ones alive through these edges, so
/// a later run that needs an inner result still finds it. A step asked for inside another passes
/// its reads on, so the outer result is reused only while the inner ones could be.
final class StepFrame: @unchecked Sendable {
    private let lock = Mutex(())
    /// The step computing, when it relies on recording every read (see `UnrecordedReads`).
    let recordingStep: StepName?
    /// Where such a step's unrecorded reads are kept: its engine's.
    let unrecordedReads: UnrecordedReads?
    /// Whether it keeps the inputs read (an engine for one run keeps only the steps).
    let keepsReads: Bool
    private var children: Set<StepRef> = []
    private var reads: Set<InputID> = []
    /// The values published while it computes (`Engine.publish`): part of its own computation.
    private var published: Set<InputID> = []

    /// The computation running on this task or thread, if any.
    @TaskLocal static var active: StepFrame?

    init(recordingStep: StepName? = nil, unrecordedReads: UnrecordedReads? = nil, keepsReads: Bool = true) {
        self.recordingStep = recordingStep
        self.unrecordedReads = unrecordedReads
        self.keepsReads = keepsReads
    }

    func read(_ input: InputID) {
        guard keepsReads else { return }
        _ = lock.withLock { _ in reads.insert(input) }
    }

    /// Records a step asked for, and what it read.
    func record(_ child: StepRef, reading inputs: some Sequence<InputID>) {
        lock.withLock { _ in
            children.insert(child)
            if keepsReads { reads.formUnion(inputs) }
        }
    }

    /// Records a value published while this computation runs.
    func publish(_ input: InputID) {
        _ = lock.withLock { _ in published.insert(input) }
    }

    /// The values published while it computed.
    var publishedInputs: Set<InputID> {
        lock.withLock { _ in published }
    }

    /// The recorded steps and inputs. The values it published itself are not among the inputs:
    /// the steps inside it that read one depend on it, but it made the value from what it read.
    var recorded: (children: [StepRef], reads: Set<InputID>) {
        lock.withLock { _ in (Array(children), published.isEmpty ? reads : reads.subtracting(published)) }
    }
}

/// The computation a piece of work belongs to, carried to other threads: work a step hands to
/// `DispatchQueue.concurrentPerform` (see `parallelMap`) records its steps in that step's frame,
/// and checks reads with its run's resolvers.
public struct StepScope: Sendable {
    let frame: StepFrame?
    /// The run's own resolvers, when it has them (`Engine.withOwnInputs`).
    let inputs: InputResolvers?

    /// The scope of the computation running here.
    public static var current: StepScope { StepScope(frame: StepFrame.active, inputs: InputResolvers.current) }

    /// Runs `body` inside this scope.
    public func run<Result>(_ body: () throws -> Result) rethrows -> Result {
        if let inputs, InputResolvers.current !== inputs {
            return try InputResolvers.$current.withValue(inputs) { try inside(body) }
        }
        return try inside(body)
    }

    private func inside<Result>(_ body: () throws -> Result) rethrows -> Result {
        guard let frame, StepFrame.active !== frame else { return try body() }
        return try StepFrame.$active.withValue(frame, operation: body)
    }
}
