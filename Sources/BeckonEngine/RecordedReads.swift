/// What a piece of work read, kept with its result when the result is reused outside the engine
/// (a template compiled once and filled in by many steps): each computation that uses the result
/// records the reads as if it had done the work itself, so the engine still knows when to redo it.
public struct RecordedReads: Sendable {
    private let inputs: [InputID]
    private let steps: [StepRef]
    /// Values published while the work ran: part of it, so recorded as published again.
    private let published: [InputID]

    /// Runs `body`, recording its reads on the computation running here as usual, and returns
    /// them with its result.
    public static func capturing<Result>(_ body: () throws -> Result) rethrows -> (Result, RecordedReads) {
        let outer = StepFrame.active
        // The reads are kept even inside an engine for one run that keeps none: the result
        // outlives it (a server's later engines use the templates its build compiled).
        let frame = StepFrame(recordingStep: outer?.recordingStep, unrecordedReads: outer?.unrecordedReads)
        let result = try StepFrame.$active.withValue(frame, operation: body)
        let recorded = frame.recorded
        let reads = RecordedReads(
            inputs: Array(recorded.reads), steps: recorded.children, published: Array(frame.publishedInputs))
        reads.record()
        return (result, reads)
    }

    /// Records these reads on the computation running here; outside one it does nothing.
    public func record() {
        guard let frame = StepFrame.active else { return }
        for input in published { frame.publish(input) }
        for input in inputs { frame.read(input) }
        for step in steps { frame.record(step, reading: []) }
    }
}
