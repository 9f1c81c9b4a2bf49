import BeckonEngine
import BeckonRender
import BeckonTestSupport
import Dispatch
import Foundation
import Synchronization
import Testing

/// Two pieces of work run at once return both results, each worked out once, and what they ask
/// of the engine belongs to the step that asked for them.
@Suite struct InParallelTests {
    private static let outer = Step<Int>("outer")
    private static let inner = Step<Int>("inner")
    private static let other = Step<Int>("other")

    @Test func bothResultsComeBackInOrderEachWorkedOutOnce() {
        let calls = Atomic<Int>(0)
        for round in 0..<200 {
            let (text, number) = inParallel(
                {
                    calls.add(1, ordering: .relaxed)
                    return "first \(round)"
                },
                {
                    calls.add(1, ordering: .relaxed)
                    return round * 2
                })
            #expect(text == "first \(round)")
            #expect(number == round * 2)
        }
        #expect(calls.load(ordering: .relaxed) == 400)
    }

    /// A map that starts some elements first still returns every result in the collection's
    /// order, each worked out once, whichever elements are picked (none, some or all).
    @Test func aMapStartingWithSomeElementsKeepsTheirOrder() {
        var generator = SeededGenerator(seed: 17)
        for _ in 0..<200 {
            let numbers = (0..<Int.random(in: 0...40, using: &generator)).map { _ in
                Int.random(in: 0...9, using: &generator)
            }
            let threshold = Int.random(in: -1...10, using: &generator)
            let calls = Atomic<Int>(0)
            let mapped = numbers.parallelMap(startingWith: { $0 > threshold }) { number -> String in
                calls.add(1, ordering: .relaxed)
                return "n\(number)"
            }
            #expect(mapped == numbers.map { "n\($0)" }, "\(numbers), picking those over \(threshold)")
            #expect(calls.load(ordering: .relaxed) == numbers.count)
        }
    }

    /// Parts asked on the other core, inside an outer step, are that step's parts: kept while it
    /// is reused, not computed again. The two pieces wait for each other, so one of them runs on
    /// a thread other than the caller's.
    @Test func partsAskedInParallelBelongToTheirStep() {
        let engine = Engine()
        @Sendable func key(_ text: String) -> Fingerprint { Self.outer.key(text) }
        let (firstArrived, secondArrived) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
        engine.beginRun()
        _ = engine.value(Self.outer, key("site")) {
            let (one, two) = inParallel(
                {
                    firstArrived.signal()
                    let met = secondArrived.wait(timeout: .now() + 30) == .success
                    return met ? engine.value(Self.inner, key("one")) { 1 } : 0
                },
                {
                    secondArrived.signal()
                    let met = firstArrived.wait(timeout: .now() + 30) == .success
                    return met ? engine.value(Self.inner, key("two")) { 2 } : 0
                })
            #expect(one + two == 3, "the two pieces ran one after the other")
            return one + two
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

    /// Copies of artifacts read on every core while their bytes move to files read the same: each
    /// artifact's own lock guards its content.
    @Test func artifactsReadOnEveryCoreWhileTheirBytesMove() throws {
        let folder = TemporaryDirectory()
        let home = ArtifactFolder(path: folder.url.path)
        let artifacts = (0..<64).map { index in
            Artifact(
                path: "page-\(index).html", kind: .document, contentType: "text/html",
                bytes: Array("<p>page \(index)</p>\n".utf8))
        }
        for artifact in artifacts {
            try Data(artifact.bytes).write(to: folder.path(artifact.path))
        }
        let digests = artifacts.map(\.sha256)
        let mismatches = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: artifacts.count * 2) { index in
            let artifact = artifacts[index / 2]
            if index % 2 == 0 {
                artifact.moveBytes(to: home, file: artifact.path)
            } else {
                let copy = artifact
                let expected = Array("<p>page \(index / 2)</p>\n".utf8)
                if copy.bytes != expected || copy.byteCount != expected.count || copy.sha256 != digests[index / 2] {
                    mismatches.add(1, ordering: .relaxed)
                }
            }
        }
        #expect(mismatches.load(ordering: .relaxed) == 0)
        #expect(artifacts.allSatisfy { $0.bytesFile != nil })
    }
}
