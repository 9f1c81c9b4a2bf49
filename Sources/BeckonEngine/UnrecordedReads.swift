import Foundation

/// A check of the engine's promise for the steps that key by their arguments alone
/// (`Step.recordsEveryRead`): they read inputs only through code that records the read. Code that
/// hands out an input without recording it (a whole bundle, the source bundle's list of keys)
/// calls `note(_:)`; inside such a step the read is kept by the engine computing it
/// (`Engine.unrecordedReads()`), and tests assert that none was.
public final class UnrecordedReads: @unchecked Sendable {
    private let lock = NSLock()
    private var noted: [String] = []

    init() {}

    /// Notes that `what` was read without being recorded, when a step that records every read is
    /// computing here.
    public static func note(_ what: @autoclosure () -> String) {
        guard let frame = StepFrame.active, let step = frame.recordingStep, let notes = frame.unrecordedReads else {
            return
        }
        let text = "\(what()) read by \(step) without recording"
        notes.lock.withLock { notes.noted.append(text) }
    }

    /// What was noted since the last call, and forgets it.
    func take() -> [String] {
        lock.withLock {
            defer { noted.removeAll() }
            return noted
        }
    }
}
