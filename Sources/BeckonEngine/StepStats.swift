/// How often each step ran and how often its result was reused in one run: what tests use to show
/// that an edit re-ran only the steps that read it, counted in operations rather than seconds.
public struct StepStats: Sendable, Hashable {
    /// Computations per step.
    public var runs: [StepName: Int] = [:]
    /// Results reused from memory, per step.
    public var hits: [StepName: Int] = [:]
    /// Results read from the on-disk cache, per step.
    public var diskHits: [StepName: Int] = [:]

    public init() {}

    /// Computations of one step.
    public func runs(of step: StepName) -> Int { runs[step] ?? 0 }

    /// Computations of every step.
    public var totalRuns: Int { runs.values.reduce(0, +) }

    /// Results reused from memory or disk, over every step.
    public var totalReused: Int { hits.values.reduce(0, +) + diskHits.values.reduce(0, +) }
}
