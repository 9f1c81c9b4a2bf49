/// Receives progress from long phases of a build: `(done, total, phase)`.
public typealias ProgressHandler = @Sendable (_ done: Int, _ total: Int, _ phase: String) -> Void
