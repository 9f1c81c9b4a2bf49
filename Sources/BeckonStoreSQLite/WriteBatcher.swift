import GRDB
import Synchronization

/// Group commit: write transactions asked for while another one commits are run together, each in
/// a savepoint of one transaction, so the requests that queued behind a commit share the next one
/// (and its sync to disk). Each runs as it would alone: in order, seeing the ones before it, and
/// one that throws is rolled back to its savepoint without touching the others. Nothing is
/// answered before the transaction that holds it has committed; if the commit fails, every write
/// in it fails with that error.
final class WriteBatcher: Sendable {
    private typealias Outcome = Result<any Sendable, any Error>

    private struct Job: Sendable {
        let body: @Sendable (Database) throws -> any Sendable
        let continuation: CheckedContinuation<any Sendable, any Error>
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
        let value = try await withCheckedThrowingContinuation {
            (continuation: CheckedContinuation<any Sendable, any Error>) in
            let starts = state.withLock { state -> Bool in
                state.pending.append(Job(body: { try body($0) }, continuation: continuation))
                guard !state.draining else { return false }
                state.draining = true
                return true
            }
            if starts { Task { await self.drain() } }
        }
        // Each job's continuation is resumed with what its own body returned.
        return value as! T
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
            let outcomes: [Outcome]
            do {
                outcomes = try await writer.write { db -> [Outcome] in
                    batch.map { job in
                        do {
                            var value: (any Sendable)?
                            try db.inSavepoint {
                                value = try job.body(db)
                                return .commit
                            }
                            return .success(value!)
                        } catch {
                            return .failure(error)
                        }
                    }
                }
            } catch {
                outcomes = Array(repeating: .failure(error), count: batch.count)
            }
            for (job, outcome) in zip(batch, outcomes) { job.continuation.resume(with: outcome) }
        }
    }
}
