import Foundation
import Logging
import NIOCore
import PostgresNIO
import Synchronization

/// Listens on its own connection for the changes every instance's writes announce (the triggers
/// of `StoreSchema`'s fifth migration notify `channel` after each change of an invite or a
/// sender's picture) and tells a `LinkLookupCache`, until its task is cancelled.
///
/// It proves that notifications reach it before the cache may keep anything, and goes on proving
/// it: every `Timing.heartbeat` it notifies the channel itself and waits for its own notification
/// to come back. When one has not come back within `Timing.silenceLimit` (a connection dead without
/// a word, a pooler that sent the `LISTEN` to another server connection), it closes the connection.
/// Whenever the connection fails, it tells the cache it stopped listening and connects again after
/// `Timing.retryDelay`.
enum ChangeListener {
    /// The channel the triggers notify.
    static let channel = "beckon_changes"

    /// How the listener paces its heartbeats, its watch for silence and its reconnections.
    struct Timing: Sendable {
        /// How often the listener notifies itself to check that notifications still arrive.
        var heartbeat: Duration = .seconds(2)
        /// How long the listener waits for its own notification before it gives the connection up.
        var silenceLimit: Duration = .seconds(6)
        /// How often it looks for that silence.
        var silenceCheck: Duration = .milliseconds(500)
        /// How long it waits before connecting again after the connection failed.
        var retryDelay: Duration = .seconds(1)
    }

    /// The first byte of a heartbeat's payload, which names no change.
    static let heartbeatPrefix = "p"

    private struct Silent: Error {}

    /// The last heartbeat sent, the last one that came back, and when.
    private final class Beats: Sendable {
        let state: Mutex<(sent: Int, heard: Int, heardAt: ContinuousClock.Instant)>
        init(now: ContinuousClock.Instant) { state = Mutex((0, 0, now)) }
    }

    static func run(
        configuration: PostgresConnection.Configuration, eventLoop: any EventLoop, cache: LinkLookupCache,
        timing: Timing = Timing(), logger: Logger
    ) async {
        // Tells this listener's heartbeats from other instances'.
        let listenerID = UInt64.random(in: 0...UInt64.max)
        while !Task.isCancelled {
            if let connection = try? await PostgresConnection.connect(
                on: eventLoop, configuration: configuration, id: 1, logger: logger)
            {
                await withTaskCancellationHandler {
                    // Ends when the connection fails, is closed, or falls silent.
                    try? await listen(on: connection, id: listenerID, cache: cache, timing: timing, logger: logger)
                } onCancel: {
                    // A query waiting on a silent connection ends only when it is closed.
                    let closed: EventLoopFuture<Void> = connection.close()
                    _ = closed
                }
                try? await connection.close()
            }
            cache.stoppedListening()
            try? await Task.sleep(for: timing.retryDelay)
        }
        cache.stoppedListening()
    }

    /// Listens on `connection` and passes changes to the cache while heartbeats come back;
    /// returns or throws when the connection ends, fails or falls silent (from the `LISTEN` on).
    private static func listen(
        on connection: PostgresConnection, id: UInt64, cache: LinkLookupCache, timing: Timing, logger: Logger
    ) async throws {
        let clock = ContinuousClock()
        let mine = heartbeatPrefix + String(id, radix: 16) + "-"
        let beats = Beats(now: clock.now)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                try await connection.listen(on: channel) { notifications in
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        group.addTask {
                            for try await notification in notifications {
                                let payload = notification.payload
                                guard payload.hasPrefix(heartbeatPrefix) else {
                                    cache.changed(payload)
                                    continue
                                }
                                guard payload.hasPrefix(mine), let beat = Int(payload.dropFirst(mine.count))
                                else { continue }
                                let first = beats.state.withLock { beats in
                                    defer { beats.heard = max(beats.heard, beat) }
                                    beats.heardAt = clock.now
                                    return beats.heard == 0
                                }
                                // Notifications demonstrably arrive from here on: lookups may be kept.
                                if first { cache.startedListening() }
                            }
                        }
                        group.addTask {
                            while true {
                                let beat = beats.state.withLock { beats in
                                    beats.sent += 1
                                    return beats.sent
                                }
                                let query: PostgresQuery = "SELECT pg_notify(\(channel), \(mine + String(beat)))"
                                try await untilCancelled { _ = try await connection.query(query, logger: logger) }
                                try await Task.sleep(for: timing.heartbeat)
                            }
                        }
                        defer { group.cancelAll() }
                        try await group.next()
                    }
                }
            }
            group.addTask {
                while true {
                    try await Task.sleep(for: timing.silenceCheck)
                    let silentFor = clock.now - beats.state.withLock { $0.heardAt }
                    if silentFor > timing.silenceLimit {
                        // Fails the pending query (the LISTEN or a heartbeat) and ends the notifications.
                        try? await connection.close()
                        throw Silent()
                    }
                }
            }
            // The first to end ends the others.
            defer { group.cancelAll() }
            try await group.next()
        }
    }

    /// Where `untilCancelled` keeps its caller's continuation, and whether the caller was cancelled.
    private final class Waiting: Sendable {
        let state = Mutex<(continuation: CheckedContinuation<Void, any Error>?, cancelled: Bool)>((nil, false))
    }

    /// Waits for `operation`, run in a task of its own, and stops waiting when cancelled.
    ///
    /// postgres-nio never answers a query written to a connection that has begun to close: a
    /// heartbeat sent as the watchdog closes the connection would keep the listener waiting, and
    /// the cache keeping lookups with no connection, for good. Such a query is left behind.
    static func untilCancelled(_ operation: @escaping @Sendable () async throws -> Void) async throws {
        let waiting = Waiting()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let cancelled = waiting.state.withLock { waiting in
                    waiting.continuation = continuation
                    return waiting.cancelled
                }
                if cancelled {
                    waiting.state.withLock { $0.continuation.take() }?.resume(throwing: CancellationError())
                    return
                }
                Task {
                    let result: Result<Void, any Error>
                    do {
                        try await operation()
                        result = .success(())
                    } catch {
                        result = .failure(error)
                    }
                    waiting.state.withLock { $0.continuation.take() }?.resume(with: result)
                }
            }
        } onCancel: {
            waiting.state.withLock { waiting in
                waiting.cancelled = true
                return waiting.continuation.take()
            }?.resume(throwing: CancellationError())
        }
    }
}
