import Foundation
import Testing

@testable import BeckonEngine

/// Each phase of a run is recorded with its wall-clock time and the CPU time the process spent
/// meanwhile, which `BECKON_STEP_STATS=1` prints as the cores the phase kept busy.
@Suite struct PhaseStatsTests {
    /// The CPU time this thread has used, in seconds.
    private static func threadCPU() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    @Test func aPhaseCountsTheCPUTimeSpentInIt() async throws {
        let engine = Engine()
        engine.beginRun()
        // Busy until this thread alone has used 30 ms: the process used at least that much.
        let spun = await engine.phase("spin") { () -> Double in
            let start = Self.threadCPU()
            while Self.threadCPU() - start < 0.03 {}
            return Self.threadCPU() - start
        }
        engine.endRun()
        let phase = try #require(engine.stats.phases.first { $0.name == "spin" })
        #expect(phase.cpuSeconds >= spun * 0.99)
        #expect(phase.seconds > 0)
        #expect(engine.stats.table.contains("phases: spin "))
        #expect(engine.stats.table.contains(" cores)"))
    }
}
