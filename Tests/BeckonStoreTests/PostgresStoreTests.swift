import BeckonStore
import BeckonTestSupport
import Foundation
import InviteModel
import Logging
import PostgresNIO
import Testing

@testable import BeckonStorePostgres

/// What only the PostgreSQL store does: several instances (each its own client and pool, as
/// several `beckon serve` processes) on one database, migrations run once by instances starting
/// together, an event feed read while two instances write, and errors without personal data or
/// passwords. The contract itself runs in the contract suites.
@Suite(.enabled(if: PostgresCluster.isInstalled, "postgresql is not installed: make test-deps installs it"))
struct PostgresStoreTests {
    /// Two stores on a new database.
    static func twoInstances() async throws -> [PostgresInviteStore] {
        let url = try await PostgresCluster.shared.get().makeDatabase()
        return [
            try await PostgresInviteStore(url: url, maximumConnections: 8),
            try await PostgresInviteStore(url: url, maximumConnections: 8),
        ]
    }

    @Test func instancesStartingTogetherRunEachMigrationOnce() async throws {
        let url = try await PostgresCluster.shared.get().makeDatabase()
        let stores = try await withThrowingTaskGroup(of: PostgresInviteStore.self) { group in
            for _ in 0..<4 {
                group.addTask { try await PostgresInviteStore(url: url, maximumConnections: 2) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        for store in stores {
            #expect(try await store.appliedMigrations() == PostgresInviteStore.migrationNames)
        }
        let reopened = try await PostgresInviteStore(url: url, maximumConnections: 2)
        #expect(try await reopened.appliedMigrations() == PostgresInviteStore.migrationNames)
        for store in stores + [reopened] { await store.close() }
    }

    /// A database that an earlier release numbered its events in keeps their numbers, and the
    /// events written after the upgrade continue from them, without a gap.
    @Test func eventsNumberedBeforeTheUpgradeKeepTheirNumbers() async throws {
        let url = try await PostgresCluster.shared.get().makeDatabase()
        let logger = Logger(label: "BeckonStoreTests", factory: { _ in SwiftLogNoOpLogHandler() })
        let connection = try await PostgresConnection.connect(
            configuration: try DatabaseURL(url).connectionConfiguration(), id: 1, logger: logger)
        let old = Fixture.record(sender: "u_old")
        do {
            try await StoreSchema.migrate(connection, logger: logger, through: 2)
            let invite = old.invite
            try await connection.query(
                """
                INSERT INTO invites (id, code, sender_id, context, channel, status, created_at, expires_at)
                VALUES (\(invite.id), \(invite.code.rawValue), \(invite.senderID), \(invite.context.rawValue),
                    \(invite.channel.rawValue), \(invite.status.rawValue), \(Milliseconds.from(invite.createdAt)),
                    \(Milliseconds.from(invite.expiresAt)))
                """, logger: logger)
            // Version 2 draws each number at the insert, and its events have no platform or method.
            for name in [InviteEvent.Name.created, .sent] {
                try await connection.query(
                    """
                    INSERT INTO events (name, invite_id, code, sender_id, context, channel, at)
                    VALUES (\(name.rawValue), \(invite.id), \(invite.code.rawValue), \(invite.senderID),
                        \(invite.context.rawValue), \(invite.channel.rawValue), \(Milliseconds.from(Fixture.start)))
                    """, logger: logger)
            }
        } catch {
            try? await connection.close()
            throw error
        }
        try await connection.close()

        let store = try await PostgresInviteStore(url: url, maximumConnections: 2)
        #expect(try await store.appliedMigrations() == PostgresInviteStore.migrationNames)
        let new = try await Fixture.create(Fixture.record(sender: "u_new"), in: store)
        let events = try await Fixture.allEvents(in: store)
        #expect(events.map(\.sequence) == [1, 2, 3])
        #expect(events.map(\.name) == [.created, .sent, .created])
        #expect(events.map(\.code) == [old.invite.code, old.invite.code, new.invite.code])
        await store.close()
    }

    /// Events are numbered one after another, in the order they were written, whichever instance
    /// wrote them and reads them; a write that fails leaves no gap.
    @Test func eventsAreNumberedWithoutGapsInTheOrderWritten() async throws {
        let stores = try await Self.twoInstances()
        let first = try await Fixture.create(Fixture.record(sender: "u_a"), in: stores[0])
        // A taken code rolls its transaction back.
        let taken = try await stores[1].create(
            Fixture.record(sender: "u_b", code: first.invite.code), limit: .friend, idempotencyKey: nil,
            requestHash: nil)
        #expect(taken == .codeTaken)
        let second = try await Fixture.create(Fixture.record(sender: "u_b"), in: stores[1])
        #expect(try await stores[1].events(after: 0, limit: 1).map(\.code) == [first.invite.code])
        let third = try await Fixture.create(Fixture.record(sender: "u_c"), in: stores[0])
        let events = try await Fixture.allEvents(in: stores[0])
        #expect(events.map(\.sequence) == [1, 2, 3])
        #expect(events.map(\.code) == [first, second, third].map(\.invite.code))
        for store in stores { await store.close() }
    }

    /// Waits up to `limit` for `condition`, and records a failure if it never holds.
    static func waitUntil(
        _ what: Comment, within limit: Duration = .seconds(30), sourceLocation: SourceLocation = #_sourceLocation,
        _ condition: () async throws -> Bool
    ) async throws {
        // Asked once more after the deadline: a test kept from running past it (by others
        // holding Swift's threads) still sees what happened meanwhile.
        let deadline = ContinuousClock.now + limit
        while true {
            let pastDeadline = ContinuousClock.now >= deadline
            if try await condition() { return }
            if pastDeadline { break }
            try await Task.sleep(for: .milliseconds(5))
        }
        Issue.record(what, sourceLocation: sourceLocation)
    }

    /// One instance keeps the invites its links looked up: another instance's changes reach it
    /// through PostgreSQL's notifications, and a change that notifies nobody (its trigger
    /// disabled) is not seen by links, which shows that they were answered from what was kept.
    @Test func anotherInstancesChangesReachTheLinksLookupsAnInstanceKept() async throws {
        let url = try await PostgresCluster.shared.get().makeDatabase()
        let writer = try await PostgresInviteStore(url: url, maximumConnections: 2, linkCacheLifetime: .seconds(60))
        let reader = try await PostgresInviteStore(url: url, maximumConnections: 2, linkCacheLifetime: .seconds(60))
        try await Self.waitUntil("the reader listens") { reader.linkLookupUsage?.listening == true }
        let record = try await Fixture.create(Fixture.record(), in: writer)
        let code = record.invite.code
        #expect(try await reader.inviteAndAvatar(code: code)?.record == record)

        _ = try await writer.update(code: code) { record in
            try record.invite.cancel(at: Fixture.start.addingTimeInterval(60))
            return [.cancelled]
        }
        try await Self.waitUntil("the cancel reaches the reader") {
            try await reader.inviteAndAvatar(code: code)?.record.invite.status == .cancelled
        }
        try await writer.setAvatar([1, 2, 3], sender: record.invite.senderID, at: Fixture.start)
        try await Self.waitUntil("the picture reaches the reader") {
            try await reader.inviteAndAvatar(code: code)?.avatarUpdatedAt != nil
        }

        let logger = Logger(label: "BeckonStoreTests", factory: { _ in SwiftLogNoOpLogHandler() })
        let connection = try await PostgresConnection.connect(
            configuration: try DatabaseURL(url).connectionConfiguration(), id: 1, logger: logger)
        do {
            try await connection.query("ALTER TABLE invites DISABLE TRIGGER invites_notify_changed", logger: logger)
            try await connection.query(
                "UPDATE invites SET context_title = 'Unseen' WHERE code = \(code.rawValue)", logger: logger)
        } catch {
            try? await connection.close()
            throw error
        }
        try await connection.close()
        #expect(try await reader.inviteAndAvatar(code: code)?.record.contextTitle == record.contextTitle)
        // What the API reads is never kept.
        #expect(try await reader.invite(code: code)?.contextTitle == "Unseen")
        await writer.close()
        await reader.close()
    }

    /// The listening connection terminated by the server, then silent (its backend stopped, as a
    /// connection dead without a word): each time the store stops keeping lookups, and keeps them
    /// again once a new connection's heartbeat comes back.
    @Test func aListenerWhoseConnectionDiesOrFallsSilentStopsKeepingAndListensAgain() async throws {
        let url = try await PostgresCluster.shared.get().makeDatabase()
        // Counted as they happen: the store may stop and listen again between two looks at it.
        let transitions = ChangeListenerTests.Transitions()
        let store = try await PostgresInviteStore(
            url: url, maximumConnections: 2, linkCacheLifetime: .seconds(60), listeningChanged: transitions.record)
        let stops = { transitions.state.withLock { $0.stopped } }
        try await Self.waitUntil("the store listens") { store.linkLookupUsage?.listening == true }
        let logger = Logger(label: "BeckonStoreTests", factory: { _ in SwiftLogNoOpLogHandler() })
        let connection = try await PostgresConnection.connect(
            configuration: try DatabaseURL(url).connectionConfiguration(), id: 1, logger: logger)
        let listening: PostgresQuery = """
            SELECT pid FROM pg_stat_activity
            WHERE datname = current_database() AND query LIKE 'SELECT pg_notify%' AND pid <> pg_backend_pid()
            """
        do {
            try await Self.waitUntil("the listener's backend is terminated") {
                let terminate: PostgresQuery =
                    "SELECT pg_terminate_backend(pid) FROM (\(unescaped: listening.sql)) AS listener"
                return try await connection.query(terminate, logger: logger).collect().count == 1
            }
            try await Self.waitUntil("the store stops keeping") { stops() >= 1 }
            try await Self.waitUntil("the store listens again") { store.linkLookupUsage?.listening == true }

            var pids: [Int32] = []
            try await Self.waitUntil("the new listener is found") {
                pids = try await connection.query(listening, logger: logger).collect().map { try $0.decode(Int32.self) }
                return pids.count == 1
            }
            // Stopped between its heartbeats: stopped while committing one, it would hold the lock
            // every notifying commit of the cluster takes (and other tests' triggers with it).
            let pid = try #require(pids.first)
            let stopsBefore = stops()
            try await Self.waitUntil("the listener is stopped while idle") {
                kill(pid, SIGSTOP)
                let state = try await connection.query(
                    "SELECT state FROM pg_stat_activity WHERE pid = \(pid)", logger: logger
                ).collect().first?.decode(String?.self)
                if state == "idle" { return true }
                kill(pid, SIGCONT)
                try await Task.sleep(for: .milliseconds(50))
                return false
            }
            try await Self.waitUntil("the store stops keeping") { stops() > stopsBefore }
            kill(pid, SIGCONT)
            try await Self.waitUntil("the store listens again") { store.linkLookupUsage?.listening == true }
        } catch {
            try? await connection.close()
            throw error
        }
        try await connection.close()
        await store.close()
    }

    @Test func twoInstancesRacingToAcceptLetExactlyOneWin() async throws {
        let stores = try await Self.twoInstances()
        let record = try await Fixture.create(Fixture.record(), in: stores[0])
        _ = try await stores[1].update(code: record.invite.code) { record in
            try record.invite.markSent(at: Fixture.start)
            try record.invite.markOpened(at: Fixture.start.addingTimeInterval(60))
            return [.sent, .opened]
        }
        let acceptAt = Fixture.start.addingTimeInterval(3_600)
        let winners = await withTaskGroup(of: InviteRecord?.self) { group in
            for index in 0..<32 {
                let store = stores[index % 2]
                group.addTask {
                    try? await store.update(code: record.invite.code) { record in
                        try record.invite.accept(by: "u_invitee_\(index)", at: acceptAt)
                        return [.accepted]
                    }
                }
            }
            return await group.reduce(into: []) { winners, winner in winner.map { winners.append($0) } }
        }
        #expect(winners.count == 1)
        for store in stores {
            #expect(try await store.invite(code: record.invite.code) == winners.first)
            #expect(try await Fixture.allEvents(in: store).filter { $0.name == .accepted }.count == 1)
        }
        for store in stores { await store.close() }
    }

    @Test func concurrentCreatesOverTwoInstancesStopAtTheLimit() async throws {
        let stores = try await Self.twoInstances()
        let limit = RateLimit(limit: 50, window: 86_400)
        let created = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<64 {
                let store = stores[index % 2]
                let record = Fixture.record(sender: "u_busy", at: Fixture.start.addingTimeInterval(Double(index)))
                group.addTask {
                    let outcome = try? await store.create(record, limit: limit, idempotencyKey: nil, requestHash: nil)
                    if case .created = outcome { return true }
                    return false
                }
            }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(created == 50)
        #expect(try await stores[1].invites(sender: "u_busy", before: nil, limit: 100).count == 50)
        #expect(try await Fixture.allEvents(in: stores[0]).count == 50)
        for store in stores { await store.close() }
    }

    /// A reader pages the feed while both instances write: whatever order the writers' sequence
    /// numbers are drawn and committed in, the reader's cursor never passes an event it has not
    /// seen.
    @Test func aReaderFollowingTheFeedDuringConcurrentWritesMissesNoEvent() async throws {
        let stores = try await Self.twoInstances()
        let writers = Task {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<60 {
                    let store = stores[index % 2]
                    group.addTask {
                        let record = try await Fixture.create(Fixture.record(sender: "u_\(index % 5)"), in: store)
                        _ = try await store.update(code: record.invite.code) { record in
                            try record.invite.markSent(at: Fixture.start.addingTimeInterval(1))
                            return [.sent]
                        }
                    }
                }
                try await group.waitForAll()
            }
        }
        // A skipped event would leave the reader short of 120 until the deadline.
        var seen: [InviteEvent] = []
        let deadline = ContinuousClock.now + .seconds(60)
        while seen.count < 120 {
            let pastDeadline = ContinuousClock.now >= deadline
            let page = try await stores[1].events(after: seen.last?.sequence ?? 0, limit: 7)
            seen += page
            if page.isEmpty {
                if pastDeadline { break }
                try await Task.sleep(for: .milliseconds(2))
            }
        }
        try await writers.value
        #expect(seen == (try await Fixture.allEvents(in: stores[0])))
        #expect(seen.count == 120)
        for store in stores { await store.close() }
    }
}
