import BeckonStore
import BeckonStoreSQLite
import BeckonTestSupport
import Foundation
import GRDB
import InviteModel
import Testing

/// What only the file-backed SQLite store does: durability, migrations, WAL, sharing a file, and
/// errors that name no personal data.
@Suite struct SQLiteFileTests {
    @Test func aReopenedFileKeepsEverythingAndRunsEachMigrationOnce() async throws {
        let folder = TemporaryDirectory()
        let path = folder.path("invites.sqlite").path
        var records: [InviteRecord] = []
        var events: [InviteEvent] = []
        do {
            let store = try SQLiteInviteStore(path: path)
            #expect(try await store.appliedMigrations() == SQLiteInviteStore.migrationNames)
            for index in 0..<5 {
                records.append(
                    try await Fixture.create(
                        Fixture.record(at: Fixture.start.addingTimeInterval(Double(index))), in: store))
            }
            let first = try #require(records.first)
            records[0] = try #require(
                try await store.update(code: first.invite.code) { record in
                    try record.invite.cancel(at: Fixture.start.addingTimeInterval(60))
                    return [.cancelled]
                })
            let keyed = Fixture.record(sender: "u_2")
            #expect(
                try await store.create(keyed, limit: .friend, idempotencyKey: "k", requestHash: "h") == .created(keyed))
            records.append(keyed)
            events = try await Fixture.allEvents(in: store)
        }
        for _ in 0..<2 {
            let reopened = try SQLiteInviteStore(path: path)
            #expect(reopened.path == path)
            #expect(try await reopened.appliedMigrations() == SQLiteInviteStore.migrationNames)
            for record in records {
                #expect(try await reopened.invite(code: record.invite.code) == record)
            }
            #expect(try await Fixture.allEvents(in: reopened) == events)
            #expect(
                try await reopened.create(
                    Fixture.record(sender: "u_2"), limit: .friend, idempotencyKey: "k", requestHash: "h")
                    == .replayed(records.last!))
        }
        let migrationRows = try await DatabaseQueue(path: path).read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM grdb_migrations")
        }
        #expect(migrationRows == SQLiteInviteStore.migrationNames.count)
    }

    @Test func theFileIsInWALModeWithOneColumnPerField() async throws {
        let folder = TemporaryDirectory()
        let path = folder.path("invites.sqlite").path
        let store = try SQLiteInviteStore(path: path)
        let record = try await Fixture.create(Fixture.record(), in: store)
        let database = try DatabaseQueue(path: path)
        let (mode, row) = try database.read { db in
            (
                try String.fetchOne(db, sql: "PRAGMA journal_mode"),
                try Row.fetchOne(db, sql: "SELECT code, status, sender_first_name, recipient, created_at FROM invites")
            )
        }
        #expect(mode == "wal")
        #expect(row?["code"] == record.invite.code.rawValue)
        #expect(row?["status"] == "created")
        #expect(row?["recipient"] == record.recipient)
        #expect(row?["created_at"] == Int64((record.invite.createdAt.timeIntervalSince1970 * 1000).rounded()))
    }

    @Test func twoStoresOnOneFileShareTheLimit() async throws {
        let folder = TemporaryDirectory()
        let path = folder.path("invites.sqlite").path
        let stores = [try SQLiteInviteStore(path: path), try SQLiteInviteStore(path: path)]
        let limit = RateLimit(limit: 50, window: 86_400)
        let created = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<64 {
                let store = stores[index % 2]
                let record = Fixture.record(sender: "u_busy", at: Fixture.start.addingTimeInterval(Double(index)))
                group.addTask {
                    if case .created = try? await store.create(
                        record, limit: limit, idempotencyKey: nil, requestHash: nil)
                    {
                        return true
                    }
                    return false
                }
            }
            var created = 0
            for await success in group where success { created += 1 }
            return created
        }
        #expect(created == 50)
        #expect(try await stores[1].invites(sender: "u_busy", before: nil, limit: 100).count == 50)
    }

    /// A link's lookup reads on connections of its own: it sees what another store on the file
    /// committed the moment it commits, and more lookups at once than there are such connections
    /// are all answered.
    @Test func lookupsSeeEveryCommitAndNeverRunOut() async throws {
        let folder = TemporaryDirectory()
        let path = folder.path("invites.sqlite").path
        let reader = try SQLiteInviteStore(path: path)
        let writer = try SQLiteInviteStore(path: path)
        var codes: [InviteCode] = []
        for index in 0..<20 {
            let record = Fixture.record(sender: "u_\(index)", at: Fixture.start)
            #expect(try await reader.inviteAndAvatar(code: record.invite.code) == nil)
            let created = try await Fixture.create(record, in: writer)
            #expect(try await reader.inviteAndAvatar(code: record.invite.code)?.record == created)
            codes.append(record.invite.code)
        }
        let looked = codes
        let found = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<200 {
                group.addTask { (try? await reader.inviteAndAvatar(code: looked[index % looked.count])) != nil }
            }
            var found = 0
            for await answered in group where answered { found += 1 }
            return found
        }
        #expect(found == 200)
    }

    @Test func errorsNameNeitherValuesNorPaths() async throws {
        let folder = TemporaryDirectory()
        let missing = folder.path("no-such-folder-maya/invites.sqlite").path
        #expect {
            _ = try SQLiteInviteStore(path: missing)
        } throws: { error in
            guard case .unavailable(let message) = error as? StoreError else { return false }
            return message.hasPrefix("opening the invite database failed: SQLite error") && !message.contains("maya")
        }

        let path = folder.path("invites.sqlite").path
        let store = try SQLiteInviteStore(path: path)
        let record = try await Fixture.create(Fixture.record(), in: store)
        try await DatabaseQueue(path: path).write { db in
            try db.execute(
                sql: "UPDATE invites SET status = ? WHERE code = ?",
                arguments: ["+4915123456789", record.invite.code.rawValue])
        }
        await #expect(
            throws: StoreError.unavailable(
                "reading an invite failed: the database holds an unreadable value in invites.status")
        ) {
            try await store.invite(code: record.invite.code)
        }
    }

    /// A value of the wrong type, read by a link's lookup (which reads SQLite's columns itself) and
    /// by a list (read through GRDB), is refused naming its column; every lookup reads the invite
    /// written the same as a list does.
    @Test func lookupsReadWhatListsReadAndRefuseWrongTypes() async throws {
        let folder = TemporaryDirectory()
        let path = folder.path("invites.sqlite").path
        let store = try SQLiteInviteStore(path: path)
        var record = Fixture.record(sender: "u_1")
        record.invite.inviteeID = "u_9"
        let created = try await Fixture.create(record, in: store)
        try await store.setAvatar([1, 2, 3], sender: "u_1", at: Fixture.start)
        let listed = try await store.invites(sender: "u_1", before: nil, limit: 1)
        #expect(listed == [created])
        #expect(try await store.invite(code: created.invite.code) == created)
        #expect(try await store.invite(id: created.invite.id) == created)
        let both = try await store.inviteAndAvatar(code: created.invite.code)
        #expect(both?.record == created)
        #expect(both?.avatarUpdatedAt == Milliseconds.date(Milliseconds.from(Fixture.start)))
        #expect(try await store.avatarUpdatedAt(sender: "u_1") == Milliseconds.date(Milliseconds.from(Fixture.start)))
        #expect(try await store.avatarUpdatedAt(sender: "u_2") == nil)

        try await DatabaseQueue(path: path).write { db in
            try db.execute(sql: "UPDATE invites SET created_at = 'yesterday', recipient = 7")
        }
        await #expect(
            throws: StoreError.unavailable(
                "reading an invite failed: the database holds an unreadable value in invites.created_at")
        ) {
            try await store.inviteAndAvatar(code: created.invite.code)
        }
        await #expect(throws: StoreError.self) {
            try await store.invites(sender: "u_1", before: nil, limit: 1)
        }
    }
}
