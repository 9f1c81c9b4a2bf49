import Testing

@testable import BeckonEngine

@Suite struct PublishedValueTests {
    static let reader = Step<Int>("reader")
    static let outer = Step<Int>("outer")

    @Test func aStepReadingAPublishedValueIsReusedWhileTheValueIsEqual() {
        let engine = Engine()
        var computed = 0
        func run(_ value: [String]) {
            engine.beginRun()
            let published = engine.publish("list", value)
            _ = engine.value(Self.reader, Self.reader.key()) {
                computed += 1
                return published.value.count
            }
            engine.endRun()
        }
        run(["a", "b"])
        run(["a", "b"])
        #expect(computed == 1)
        run(["a", "c"])
        #expect(computed == 2)
        #expect(
            engine.stats.reasons[StepRef(Self.reader, Self.reader.key())] == .changed(InputID(.value, name: "list")))
    }

    @Test func aValueNotPublishedThisRunIsAChange() {
        let engine = Engine()
        var computed = 0
        for publishing in [true, true, false] {
            engine.beginRun()
            let published = publishing ? engine.publish("list", [1]) : nil
            _ = engine.value(Self.reader, Self.reader.key()) {
                computed += 1
                return published?.value.count ?? 0
            }
            engine.endRun()
        }
        // Reused once; then the run that did not publish the value it read computed it again.
        #expect(computed == 2)
    }

    /// A value a step publishes while it computes belongs to its work: the step inside that reads
    /// it depends on it, the publishing step does not, and is reused by its own reads alone.
    @Test func aValuePublishedInsideAStepIsItsOwn() {
        let engine = Engine()
        let values = EngineTests.Values()
        values.texts = ["a": "1", "b": "x"]
        var outer = 0
        var inner = 0
        func run() {
            engine.beginRun()
            values.provide(to: engine)
            _ = engine.value(Self.outer, Self.outer.key()) {
                outer += 1
                EngineTests.read("a")
                // Made from what the outer step read: "a" in upper or lower case.
                let published = engine.publish("derived", values.texts["a"] == "1" ? "one" : "other")
                return engine.value(Self.reader, Self.reader.key()) {
                    inner += 1
                    EngineTests.read("b")
                    return published.value.count
                }
            }
            engine.endRun()
        }
        run()
        run()
        #expect((outer, inner) == (1, 1))
        values.texts["a"] = "2"
        run()
        #expect((outer, inner) == (2, 2))
        // An edit that leaves the published value equal does not run the inner step again.
        values.texts["a"] = "3"
        run()
        #expect((outer, inner) == (3, 2))
    }
}
