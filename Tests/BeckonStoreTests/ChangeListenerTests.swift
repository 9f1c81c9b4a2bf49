import BeckonTestSupport
import Foundation
import Logging
import NIOPosix
import PostgresNIO
import Synchronization
import Testing

@testable import BeckonStorePostgres

/// The listener behind the PostgreSQL store's cache of links' lookups: it ends each connection it
/// gives up, however the connection ends, so that the cache never keeps lookups with nothing
/// listening.
struct ChangeListenerTests {
    /// Counts what a listener tells its cache, and whether the listener ended.
    final class Transitions: Sendable {
        let state = Mutex((started: 0, stopped: 0, ended: false))
        func record(_ listening: Bool) {
            state.withLock { listening ? ($0.started += 1) : ($0.stopped += 1) }
        }
    }

    struct Failed: Error, Equatable {}

    @Test func untilCancelledReturnsWhatTheOperationReturnsOrThrows() async throws {
        let ran = Mutex(false)
        try await ChangeListener.untilCancelled { ran.withLock { $0 = true } }
        #expect(ran.withLock { $0 })
        await #expect(throws: Failed.self) { try await ChangeListener.untilCancelled { throw Failed() } }
    }

    /// Whether each task that waited through `untilCancelled` ended with `CancellationError`.
    final class Endings: Sendable {
        let cancelled = Mutex<[Bool]>([])

        /// Starts a task that waits through `untilCancelled` until `gate` finishes.
        @discardableResult
        func wait(cancellingFirst: Bool, on gate: AsyncStream<Void>) -> Task<Void, Never> {
            Task {
                if cancellingFirst { withUnsafeCurrentTask { $0?.cancel() } }
                do {
                    try await ChangeListener.untilCancelled { for await _ in gate {} }
                    cancelled.withLock { $0.append(false) }
                } catch {
                    cancelled.withLock { $0.append(error is CancellationError) }
                }
            }
        }
    }

    /// An operation that never ends (as a query written to a closing connection) stops being
    /// waited for when the caller is cancelled, before and while it waits.
    @Test func untilCancelledStopsWaitingForAnOperationThatNeverEnds() async throws {
        let (gate, open) = AsyncStream<Void>.makeStream()
        let endings = Endings()
        endings.wait(cancellingFirst: true, on: gate)
        let waiting = endings.wait(cancellingFirst: false, on: gate)
        try await Task.sleep(for: .milliseconds(20))
        waiting.cancel()
        // Not awaited: a task that went on waiting would keep the test waiting with it.
        try await PostgresStoreTests.waitUntil("both stop waiting", within: .seconds(10)) {
            endings.cancelled.withLock { $0.count } == 2
        }
        #expect(endings.cancelled.withLock { $0 } == [true, true])
        open.finish()
    }

    /// A watchdog that finds every connection silent closes each one while heartbeats are being
    /// written to it, which once left the listener waiting for good on a heartbeat written as the
    /// connection closed. Each connection must end, and the listener go on with the next.
    @Test(.enabled(if: PostgresCluster.isInstalled, "postgresql is not installed: make test-deps installs it"))
    func connectionsClosedWhileHeartbeatsAreWrittenEachEndAndTheListenerGoesOn() async throws {
        let url = try await PostgresCluster.shared.get().makeDatabase()
        let transitions = Transitions()
        let cache = LinkLookupCache(lifetime: .seconds(60), listeningChanged: transitions.record)
        let timing = ChangeListener.Timing(
            heartbeat: .zero, silenceLimit: .zero, silenceCheck: .milliseconds(15), retryDelay: .zero)
        let logger = Logger(label: "BeckonStoreTests", factory: { _ in SwiftLogNoOpLogHandler() })
        let configuration = try DatabaseURL(url).connectionConfiguration()
        let listener = Task {
            await ChangeListener.run(
                configuration: configuration, eventLoop: MultiThreadedEventLoopGroup.singleton.next(), cache: cache,
                timing: timing, logger: logger)
            transitions.state.withLock { $0.ended = true }
        }
        // Before the fix the listener stopped within the first 15 connections; each costs a
        // connection and its authentication, slow while the whole suite runs.
        try await PostgresStoreTests.waitUntil("the listener gives 40 connections up", within: .seconds(180)) {
            transitions.state.withLock { $0.stopped } >= 40
        }
        listener.cancel()
        // Not awaited: a listener that waits for good would keep the test waiting with it.
        try await PostgresStoreTests.waitUntil("the listener ends once cancelled") {
            transitions.state.withLock { $0.ended }
        }
        #expect(cache.usage.listening == false)
    }
}
