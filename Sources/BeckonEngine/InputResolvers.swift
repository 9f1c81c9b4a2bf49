import Foundation
import Synchronization

/// The current fingerprint of each input, by kind: the resolvers the pipeline provides for a run,
/// and what they answered, so each input is fingerprinted once per run however many results read it.
final class InputResolvers: @unchecked Sendable {
    typealias Resolver = @Sendable (InputID) -> Fingerprint?

    /// The resolvers of the run this task belongs to, when it has its own
    /// (`Engine.withOwnInputs`); otherwise the engine's.
    @TaskLocal static var current: InputResolvers?

    private let lock = Mutex(())
    private var resolvers: [InputKind: Resolver] = [:]
    private var answers: [InputID: Fingerprint?] = [:]
    /// Changes whenever an answer may have (a new run, a resolver provided, a value published),
    /// and is never the same in two instances: a result checked against these resolvers in this
    /// epoch need not be checked again. Changed under `lock`, read without it (every result
    /// reused is checked against it).
    private let currentEpoch = Atomic<UInt64>(InputResolvers.newEpoch())

    /// The current epoch (see `currentEpoch`).
    var epoch: UInt64 { currentEpoch.load(ordering: .acquiring) }

    private static let epochs = NSLock()
    nonisolated(unsafe) private static var lastEpoch: UInt64 = 0

    private static func newEpoch() -> UInt64 {
        epochs.withLock {
            lastEpoch += 1
            return lastEpoch
        }
    }

    /// Forgets every resolver and answer: a new run provides its own.
    func reset() {
        lock.withLock { _ in
            resolvers.removeAll()
            answers.removeAll()
            currentEpoch.store(Self.newEpoch(), ordering: .releasing)
        }
    }

    func provide(_ kind: InputKind, _ resolver: @escaping Resolver) {
        lock.withLock { _ in
            resolvers[kind] = resolver
            answers = answers.filter { $0.key.kind != kind }
            currentEpoch.store(Self.newEpoch(), ordering: .releasing)
        }
    }

    /// Sets the fingerprint a published value has in this run.
    func publish(_ input: InputID, _ fingerprint: Fingerprint) {
        lock.withLock { _ in
            answers[input] = .some(fingerprint)
            currentEpoch.store(Self.newEpoch(), ordering: .releasing)
        }
    }

    /// The input's fingerprint now, or `nil` when no resolver of this run knows its kind or it
    /// does not exist. Resolving records no read on the step that asks.
    func fingerprint(of input: InputID) -> Fingerprint? {
        let (known, resolver) = lock.withLock { _ in (answers[input], resolvers[input.kind]) }
        if let known { return known }
        guard let resolver else { return nil }
        let answer = StepFrame.$active.withValue(nil) { resolver(input) }
        lock.withLock { _ in answers[input] = .some(answer) }
        return answer
    }

    /// The fingerprints of what a computation read, as it read them.
    func fingerprints(of inputs: Set<InputID>) -> [InputID: Fingerprint?] {
        var prints: [InputID: Fingerprint?] = [:]
        prints.reserveCapacity(inputs.count)
        // The answers this run already has, under one lock; the others resolved one by one.
        var unanswered: [InputID] = []
        lock.withLock { _ in
            for input in inputs {
                if let known = answers[input] { prints[input] = .some(known) } else { unanswered.append(input) }
            }
        }
        for input in unanswered { prints[input] = .some(fingerprint(of: input)) }
        return prints
    }

    /// An input whose fingerprint is not the one recorded, if any: the first by kind, scope and
    /// name, so a result that read several changed inputs is always explained by the same one.
    func firstChange(in reads: [InputID: Fingerprint?]) -> InputID? {
        var first: InputID?
        func changed(_ input: InputID) {
            if first.map({ Self.precedes(input, $0) }) ?? true { first = input }
        }
        // The answers this run already has are read under one lock for the whole result (its
        // threads check thousands of results at once); the others are resolved one by one.
        var unanswered: [(input: InputID, recorded: Fingerprint?)] = []
        lock.withLock { _ in
            for (input, recorded) in reads {
                guard let known = answers[input] else {
                    unanswered.append((input, recorded))
                    continue
                }
                if let recorded, let known, known == recorded { continue }
                changed(input)
            }
        }
        for (input, recorded) in unanswered {
            if let recorded, let current = fingerprint(of: input), current == recorded { continue }
            changed(input)
        }
        return first
    }

    private static func precedes(_ lhs: InputID, _ rhs: InputID) -> Bool {
        (lhs.kind.rawValue, lhs.scope, lhs.name) < (rhs.kind.rawValue, rhs.scope, rhs.name)
    }
}
