import BeckonEngine
import BeckonRender
import Dispatch
import Testing

/// Work started beside the caller returns its result, and what it asks of the engine belongs to
/// the step that started it, as the caller's own parts do.
@Suite struct BesideTests {
    private static let outer = Step<Int>("outer")
    private static let inner = Step<Int>("inner")
    private static let other = Step<Int>("other")

    @Test func theResultComesBackOnceDoneAndAgainWhenAskedAgain() {
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let work = Beside { () -> String in
            started.signal()
            _ = release.wait(timeout: .now() + 30)
            return "done"
        }
        // The work runs while the caller goes on: it has started before the caller lets it finish.
        #expect(started.wait(timeout: .now() + 30) == .success)
        release.signal()
        #expect(work.value() == "done")
        #expect(work.value() == "done")
    }

    /// A part asked beside, inside an outer step, is that step's part: kept while the step is
    /// reused, not computed again. The caller waits for the work to begin, so it runs on a thread
    /// other than the caller's while the caller asks for a part of its own.
    @Test func partsAskedBesideBelongToTheStepThatStartedThem() {
        let engine = Engine()
        @Sendable func key(_ text: String) -> Fingerprint { Self.outer.key(text) }
        engine.beginRun()
        _ = engine.value(Self.outer, key("site")) {
            let began = DispatchSemaphore(value: 0)
            let beside = Beside { () -> Int in
                began.signal()
                return engine.value(Self.inner, key("one")) { 1 }
            }
            #expect(began.wait(timeout: .now() + 30) == .success)
            let own = engine.value(Self.inner, key("two")) { 2 }
            return own + beside.value()
        }
        engine.endRun()
        engine.beginRun()
        _ = engine.value(Self.outer, key("site")) { 0 }
        _ = engine.value(Self.other, key("elsewhere")) { 3 }
        engine.endRun()
        engine.beginRun()
        var recomputed = 0
        for part in ["one", "two"] {
            _ = engine.value(Self.inner, key(part)) {
                recomputed += 1
                return 0
            }
        }
        engine.endRun()
        #expect(recomputed == 0)
    }
}
