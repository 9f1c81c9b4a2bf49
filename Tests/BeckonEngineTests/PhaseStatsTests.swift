import BeckonTestSupport
import Foundation
import Testing

@testable import BeckonEngine

/// Each phase of a run is recorded with its wall-clock time and the CPU time the process spent
/// meanwhile, which `BECKON_STEP_STATS=1` prints as the cores the phase kept busy.
@Suite struct PhaseStatsTests {
    @Test func aPhaseCountsTheCPUTimeSpentInIt() async throws {
        let engine = Engine()
        engine.beginRun()
        // Busy until this thread alone has used 30 ms: the process used at least that much.
        let spun = await engine.phase("spin") { () -> Double in
            let start = threadTime()
            while threadTime() - start < 30_000_000 {}
            return Double(threadTime() - start) / 1e9
        }
        engine.endRun()
        let phase = try #require(engine.stats.phases.first { $0.name == "spin" })
        #expect(phase.cpuSeconds >= spun * 0.99)
        #expect(phase.seconds > 0)
        #expect(engine.stats.table.contains("phases: spin "))
        #expect(engine.stats.table.contains(" cores)"))
    }
}
