import Testing

@testable import BeckonEngine

@Suite struct EngineBudgetTests {
    static let weighed = Step<[UInt8]>("weighed", weight: { $0.count })
    static let plain = Step<Int>("plain")

    @Test func theLeastRecentlyUsedResultsGoWhenOverTheBudget() {
        // Each result weighs its 9,000 bytes and the engine's 512 for keeping it.
        let engine = Engine(budget: 100_000)
        var computed: [Int: Int] = [:]
        func ask(_ index: Int) {
            _ = engine.value(Self.weighed, Self.weighed.key(index)) {
                computed[index, default: 0] += 1
                return [UInt8](repeating: 0, count: 9_000)
            }
        }
        _ = engine.value(Self.plain, Self.plain.key()) { 1 }
        for index in 0..<10 { ask(index) }
        #expect(engine.weighedUsage == (10, 95_120))
        // 0 is used again, so 1 is now the least recently used: over the budget, 1 to 4 go.
        ask(0)
        ask(10)
        #expect(engine.weighedUsage == (7, 66_584))
        ask(0)
        ask(1)
        #expect(computed[0] == 1)
        #expect(computed[1] == 2)
        // A result over a quarter of the budget is not kept.
        _ = engine.value(Self.weighed, Self.weighed.key("big")) { [UInt8](repeating: 0, count: 30_000) }
        #expect(engine.weighedUsage.results == 8)
        // Results of steps without a weight are never let go for the budget.
        var plainRuns = 0
        _ = engine.value(Self.plain, Self.plain.key()) {
            plainRuns += 1
            return 1
        }
        #expect(plainRuns == 0)
    }

    /// Many distinct results on one engine: what it holds stays within the budget however many.
    @Test func memoryStaysWithinTheBudgetOverManyResults() {
        let engine = Engine(budget: 256 << 10)
        for index in 0..<5_000 {
            _ = engine.value(Self.weighed, Self.weighed.key(index)) {
                [UInt8](repeating: UInt8(truncatingIfNeeded: index), count: Int.random(in: 1...2_000))
            }
            #expect(engine.weighedUsage.bytes <= 256 << 10)
        }
        #expect(engine.weighedUsage.results > 0)
    }

    /// A result found valid is not checked again until an answer may have changed.
    @Test func aResultIsCheckedOncePerEpoch() {
        let engine = Engine()
        let values = EngineTests.Values()
        values.texts = ["a": "1"]
        values.provide(to: engine)
        var computed = 0
        func ask() {
            _ = engine.value(Self.plain, Self.plain.key()) {
                computed += 1
                EngineTests.read("a")
                return 0
            }
        }
        ask()
        ask()
        #expect(computed == 1)
        values.texts["a"] = "2"
        // The resolver's answer is kept for the epoch: nothing changes until it is provided again.
        ask()
        #expect(computed == 1)
        values.provide(to: engine)
        ask()
        #expect(computed == 2)
    }

    /// A server's engine runs no runs: it notes no reasons per result, which would grow with every
    /// invite it was ever asked for.
    @Test func anEngineWithoutRunsNotesNoReasons() {
        let engine = Engine(budget: 1 << 20)
        for index in 0..<100 { _ = engine.value(Self.plain, Self.plain.key(index)) { index } }
        #expect(engine.stats.reasons.isEmpty)
        #expect(engine.stats.runs(of: "plain") == 100)
    }
}
