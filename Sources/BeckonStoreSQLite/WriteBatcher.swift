import GRDB
import Synchronization

/// Group commit: write transactions asked for while another one commits are run together, each in
/// a savepoint of one transaction, so the requests that queued behind a commit share the next one
/// (and its sync to disk). Each runs as it would alone: in order, seeing the ones before it, and
/// one that throws is rolled back to its savepoint without touching the others. Nothing is
/// answered before the transaction that holds it has committed; if the commit fails, every write
/// in it fails with that error.
final class WriteBatcher: Sendable {
    /// One write waiting for a transaction, its type erased into what the batch does with it:
    /// run it in its savepoint (keeping its own typed outcome), then answer it once the
    /// transaction has committed, or fail it with the commit's error.
    private struct Job: Sendable {
        /// Runs the write in its savepoint; returns how to answer it after the commit.
        let run: @Sendable (Database) -> @Sendable () -> Void
        /// Answers the write with the error its transaction failed with.
        let fail: @Sendable (any Error) -> Void
    }

    private struct State {
        var pending: [Job] = []
        var draining = false
    }

    /// The most writes one transaction holds.
    static let maximumBatch = 64

    private let writer: any DatabaseWriter
    private let state = Mutex(State())

    init(writer: any DatabaseWriter) {
        self.writer = writer
    }

    /// Runs `body` in a write transaction, possibly shared with writes asked for meanwhile.
    func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            let job = Job(
                run: { db in
                    let outcome: Result<T, any Error>
                    do {
                        var value: T?
                        try db.inSavepoint {
                            value = try body(db)
                            return .commit
                        }
                        // A savepoint always runs its closure, so the value is there.
                        outcome = value.map { .success($0) } ?? .failure(CancellationError())
                    } catch {
                        outcome = .failure(error)
                    }
                    return { continuation.resume(with: outcome) }
                },
                fail: { continuation.resume(throwing: $0) })
            let starts = state.withLock { state -> Bool in
                state.pending.append(job)
                guard !state.draining else { return false }
                state.draining = true
                return true
            }
            if starts { Task { await self.drain() } }
        }
    }

    /// Runs the queued writes, a transaction at a time, until none is left.
    private func drain() async {
        while true {
            let batch = state.withLock { state -> [Job] in
                let batch = Array(state.pending.prefix(Self.maximumBatch))
                state.pending.removeFirst(batch.count)
                if batch.isEmpty { state.draining = false }
                return batch
            }
            guard !batch.isEmpty else { return }
            do {
                let answers = try await writer.write { db in batch.map { $0.run(db) } }
                for answer in answers { answer() }
            } catch {
                for job in batch { job.fail(error) }
            }
        }
    }
}
