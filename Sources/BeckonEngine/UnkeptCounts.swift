import Foundation
import Synchronization

/// How many results of each step an engine computed and never kept (`Engine.computeUnkept`), and
/// the seconds they took: counted in shards picked by thread, since the checks of every file
/// count on all cores at once, where one lock for all of them had the cores take turns at it
/// (and at the cache line it lives on) tens of thousands of times a build.
final class UnkeptCounts: Sendable {
    /// One shard: its own lock and counts, padded so that no two shards share a cache line.
    private final class Shard: Sendable {
        let counts = Mutex<[StepName: (runs: Int, seconds: Double)]>([:])
        /// Room that keeps the next shard's lock off this one's cache line.
        private let padding: (Int, Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0, 0)
    }

    private let shards = (0..<16).map { _ in Shard() }

    /// Counts one result of `step` that took `seconds`, in the calling thread's shard.
    func add(_ step: StepName, seconds: Double) {
        // Threads' identities are addresses far apart: multiplied to spread their high bits.
        let thread = UInt(pthread_self())
        let shard = shards[Int((thread &* 0x9E37_79B9_7F4A_7C15) >> 60)]
        shard.counts.withLock { counts in
            let count = counts[step] ?? (0, 0)
            counts[step] = (count.runs + 1, count.seconds + seconds)
        }
    }

    /// Adds every shard's counts to `stats`.
    func fold(into stats: inout StepStats) {
        for shard in shards {
            shard.counts.withLock { counts in
                for (step, count) in counts {
                    stats.runs[step, default: 0] += count.runs
                    stats.seconds[step, default: 0] += count.seconds
                }
            }
        }
    }

    /// Forgets every count (a run begins).
    func reset() {
        for shard in shards { shard.counts.withLock { $0.removeAll(keepingCapacity: true) } }
    }
}
