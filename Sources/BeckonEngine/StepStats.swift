import Foundation

/// How often each step ran and how often its result was reused in one run: what tests use to show
/// that an edit re-ran only the steps that read it, counted in operations rather than seconds.
public struct StepStats: Sendable, Hashable {
    /// Computations per step.
    public var runs: [StepName: Int] = [:]
    /// Results reused from memory, per step.
    public var hits: [StepName: Int] = [:]
    /// Results read from the on-disk cache, per step.
    public var diskHits: [StepName: Int] = [:]
    /// Seconds spent computing, per step (summed over threads).
    public var seconds: [StepName: Double] = [:]
    /// Why each result asked for this run was computed or reused (`--explain`).
    public var reasons: [StepRef: StepReason] = [:]
    /// Wall-clock seconds of each phase of a run (`load`, `render`, `check`…), in order, with the
    /// CPU seconds the whole process spent meanwhile (user and system, every thread).
    public var phases: [(name: String, seconds: Double, cpuSeconds: Double)] = []

    public static func == (lhs: StepStats, rhs: StepStats) -> Bool {
        lhs.runs == rhs.runs && lhs.hits == rhs.hits && lhs.diskHits == rhs.diskHits
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(runs)
        hasher.combine(hits)
        hasher.combine(diskHits)
    }

    public init() {}

    /// Computations of one step.
    public func runs(of step: StepName) -> Int { runs[step] ?? 0 }

    /// Why the run computed or reused one result; `nil` when the run did not ask for it.
    public func reason(for result: StepRef) -> StepReason? { reasons[result] }

    /// Computations of every step.
    public var totalRuns: Int { runs.values.reduce(0, +) }

    /// Results reused from memory or disk, over every step.
    public var totalReused: Int { hits.values.reduce(0, +) + diskHits.values.reduce(0, +) }

    /// Per step: how often it ran (and for how long), and was reused from memory and from disk;
    /// then the phases, each with the cores it kept busy on average. Printed with
    /// `BECKON_STEP_STATS=1`.
    public var table: String {
        let steps = Set(runs.keys).union(hits.keys).union(diskHits.keys).sorted()
        let lines = steps.map { step in
            let milliseconds = String(format: "%.1f", (seconds[step] ?? 0) * 1000)
            return
                "\(step): ran \(runs[step] ?? 0) (\(milliseconds) ms), reused \(hits[step] ?? 0), from disk \(diskHits[step] ?? 0)\n"
        }
        let phases = phases.map { phase in
            let milliseconds = String(format: "%.1f", phase.seconds * 1000)
            let cores = String(format: "%.2f", phase.seconds > 0 ? phase.cpuSeconds / phase.seconds : 0)
            return "\(phase.name) \(milliseconds) ms (\(cores) cores)"
        }
        return lines.joined() + "phases: " + phases.joined(separator: ", ") + "\n"
    }
}
