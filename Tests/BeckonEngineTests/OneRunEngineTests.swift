import Foundation
import Testing

@testable import BeckonEngine

/// An engine made for one run (`Engine(forOneRun:)`, a `beckon build` without a cache) keeps no
/// reads, yet never reuses a result across inputs that changed.
@Suite struct OneRunEngineTests {
    static let inner = Step<String>("inner")
    static let outer = Step<String>("outer")
    static let compile = Step<RecordedReads>("compile")

    /// Runs `outer`, which asks for `inner` twice (`inner` reads text `a`) and returns its result;
    /// `counts` adds up how often each was computed.
    private static func build(_ engine: Engine, _ values: EngineTests.Values, counts: inout [String: Int]) -> String {
        values.provide(to: engine)
        var innerRuns = 0
        let result = engine.value(Self.outer, Self.outer.key()) {
            counts["outer", default: 0] += 1
            let first = engine.value(Self.inner, Self.inner.key()) {
                innerRuns += 1
                EngineTests.read("a")
                return values.texts["a"] ?? ""
            }
            // Asked again within the run: reused, though the result keeps no reads.
            let second = engine.value(Self.inner, Self.inner.key()) {
                innerRuns += 1
                return "never"
            }
            return first + second
        }
        counts["inner", default: 0] += innerRuns
        return result
    }

    /// One run of `build` with text `a` set to `text`.
    private static func run(
        _ engine: Engine, _ values: EngineTests.Values, text: String, counts: inout [String: Int],
        notingReasons: Bool = true
    ) -> String {
        values.texts = ["a": text]
        engine.beginRun(notingReasons: notingReasons)
        defer { engine.endRun() }
        return build(engine, values, counts: &counts)
    }

    @Test func resultsAreReusedWithinTheRunAndKeepNoReads() {
        let engine = Engine(forOneRun: true)
        var counts: [String: Int] = [:]
        #expect(Self.run(engine, EngineTests.Values(), text: "1", counts: &counts) == "11")
        #expect(counts == ["outer": 1, "inner": 1])
        #expect(engine.stats.hits[Self.inner.name] == 1)
    }

    /// A second run on it cannot check the first run's results against its inputs: it begins
    /// with none, and an edited input is seen.
    @Test func anotherRunBeginsWithNoResults() {
        let engine = Engine(forOneRun: true)
        let values = EngineTests.Values()
        var counts: [String: Int] = [:]
        #expect(Self.run(engine, values, text: "1", counts: &counts) == "11")
        #expect(Self.run(engine, values, text: "2", counts: &counts) == "22")
        #expect(counts == ["outer": 2, "inner": 2])
    }

    /// The same runs on an engine that keeps reads: the unchanged input reuses the outer result,
    /// the edited one makes both again (what a one-run engine gives up).
    @Test func anEngineForManyRunsChecksReads() {
        let engine = Engine()
        let values = EngineTests.Values()
        var counts: [String: Int] = [:]
        for text in ["1", "1", "2"] { _ = Self.run(engine, values, text: text, counts: &counts) }
        #expect(counts == ["outer": 2, "inner": 2])
    }

    /// With a disk cache, an engine for one run still keeps reads: its records need them.
    @Test func aCacheKeepsReads() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("engine-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = try StepCache(folder: folder, salt: "one-run")
        let step = Step<String>("persisted")
        let values = EngineTests.Values()
        var computed = 0
        for text in ["1", "1", "2"] {
            values.texts = ["a": text]
            let engine = Engine(cache: cache, forOneRun: true)
            engine.beginRun()
            values.provide(to: engine)
            _ = engine.persistentValue(step, step.key()) {
                computed += 1
                EngineTests.read("a")
                return text
            }
            engine.endRun()
        }
        #expect(computed == 2)
    }

    /// Work captured with its reads inside a one-run engine's step (a template compiled during a
    /// server's build) is used later by an engine that keeps reads: its reads must be there.
    @Test func capturedReadsOutliveTheRun() {
        let values = EngineTests.Values()
        values.texts = ["a": "1"]
        let build = Engine(forOneRun: true)
        build.beginRun()
        values.provide(to: build)
        let captured = build.value(Self.compile, Self.compile.key()) {
            RecordedReads.capturing { EngineTests.read("a") }.1
        }
        build.endRun()
        let later = Engine()
        var computed = 0
        for text in ["1", "1", "2"] {
            values.texts = ["a": text]
            later.beginRun()
            values.provide(to: later)
            _ = later.value(Self.outer, Self.outer.key()) {
                computed += 1
                captured.record()
                return text
            }
            later.endRun()
        }
        #expect(computed == 2)
    }

    /// An engine with a run begun in which text `a` is `1`.
    private static func begunRun(forOneRun: Bool) -> Engine {
        let engine = Engine(forOneRun: forOneRun)
        let values = EngineTests.Values()
        values.texts = ["a": "1"]
        engine.beginRun()
        values.provide(to: engine)
        return engine
    }

    /// The result of `step`, which reads text `a`; `computed` counts its computations.
    private static func ask(_ engine: Engine, _ step: Step<String>, computed: inout Int) -> String {
        engine.value(step, step.key()) {
            computed += 1
            EngineTests.read("a")
            return "result"
        }
    }

    /// A step whose results are asked for once per run (a file's checks) is not kept by an engine
    /// for one run: asked again, it is computed again, and counted each time. An engine for many
    /// runs keeps it like any other.
    @Test(arguments: [(true, 2), (false, 1)])
    func aStepAskedOncePerRunIsNotKeptForOneRun(forOneRun: Bool, computations: Int) {
        let once = Step<String>("once", askedOncePerRun: true)
        let engine = Self.begunRun(forOneRun: forOneRun)
        var computed = 0
        for _ in 0..<2 { #expect(Self.ask(engine, once, computed: &computed) == "result") }
        engine.endRun()
        #expect(computed == computations)
        #expect(engine.stats.runs[once.name] == computations)
    }

    /// Results the run lets go of (`letGo`) are computed again when asked for after it, and their
    /// reuses before it still count; an engine for many runs keeps them.
    @Test(arguments: [(true, 2), (false, 1)])
    func resultsLetGoOfAreComputedAgain(forOneRun: Bool, computations: Int) {
        let engine = Self.begunRun(forOneRun: forOneRun)
        var computed = 0
        for _ in 0..<2 { #expect(Self.ask(engine, Self.inner, computed: &computed) == "result") }
        engine.letGo(Self.inner)
        #expect(Self.ask(engine, Self.inner, computed: &computed) == "result")
        engine.endRun()
        #expect(computed == computations)
        #expect(engine.stats.hits[Self.inner.name] == 3 - computations)
    }

    @Test func reasonsAreNotedOnlyWhenAsked() {
        let engine = Engine()
        let values = EngineTests.Values()
        var counts: [String: Int] = [:]
        _ = Self.run(engine, values, text: "1", counts: &counts, notingReasons: false)
        #expect(engine.stats.reasons.isEmpty)
        _ = Self.run(engine, values, text: "1", counts: &counts)
        #expect(engine.stats.reasons[StepRef(Self.outer, Self.outer.key())] == .reused)
    }

    /// Nothing compares what such an engine publishes: the value is handed on, its fingerprint not
    /// taken. An engine that keeps reads (a cache, a preview) fingerprints it.
    @Test func publishedValuesAreFingerprintedOnlyWhereCompared() async {
        let value = ["a": [1, 2], "b": [3]]
        /// The value `engine` hands back and the fingerprint it publishes for it.
        func publish(on engine: Engine) async -> ([String: [Int]], Fingerprint?) {
            await engine.withOwnInputs {
                let handed = engine.publish("sizes", value)
                return (handed.value, InputResolvers.current?.fingerprint(of: handed.input))
            }
        }
        let oneRun = Engine(forOneRun: true)
        #expect(!oneRun.comparesPublished)
        let (handed, uncompared) = await publish(on: oneRun)
        #expect(handed == value)
        #expect(uncompared == Engine.uncompared)
        let kept = Engine()
        #expect(kept.comparesPublished)
        #expect(await publish(on: kept).1 == Engine.fingerprint(ofPublished: value))
    }
}
