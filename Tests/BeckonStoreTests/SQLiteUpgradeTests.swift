import BeckonStore
import BeckonTestSupport
import Foundation
import GRDB
import InviteModel
import Testing

@testable import BeckonStoreSQLite

/// A file an earlier release wrote, opened by this one: the migrations that rebuild a table keep
/// its rows and where its numbering stood.
@Suite struct SQLiteUpgradeTests {
    /// Version 6 rebuilds `events` (an app's event may name no invite): the events written
    /// before keep their numbers and fields, the next event continues above the highest number
    /// ever drawn, even when the newest rows are gone, and each invite's platform is filled in.
    @Test func theEventsRebuildKeepsNumbersAndFields() async throws {
        let folder = TemporaryDirectory()
        let path = folder.path("invites.sqlite").path
        let record = Fixture.record()
        do {
            let queue = try DatabaseQueue(path: path)
            try StoreSchema.migrator.migrate(queue, upTo: "v5-experiments")
            try await queue.write { db in
                let invite = record.invite
                try db.execute(
                    sql: """
                        INSERT INTO invites (id, code, sender_id, context, channel, status, created_at, expires_at)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        invite.id.uuidString, invite.code.rawValue, invite.senderID, invite.context.rawValue,
                        invite.channel.rawValue, invite.status.rawValue, Milliseconds.from(invite.createdAt),
                        Milliseconds.from(invite.expiresAt),
                    ])
                for name in ["invite_created", "invite_store_clicked", "invite_sent"] {
                    try db.execute(
                        sql: """
                            INSERT INTO events (name, invite_id, code, sender_id, context, channel, at, platform)
                            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                            """,
                        arguments: [
                            name, invite.id.uuidString, invite.code.rawValue, invite.senderID, invite.context.rawValue,
                            invite.channel.rawValue, Milliseconds.from(Fixture.start),
                            name == "invite_store_clicked" ? "ios" : nil,
                        ])
                }
                // The newest event's row is gone; its number must not be drawn again.
                try db.execute(sql: "DELETE FROM events WHERE sequence = 3")
            }
        }
        let store = try SQLiteInviteStore(path: path)
        #expect(try await store.appliedMigrations() == SQLiteInviteStore.migrationNames)
        let before = try await Fixture.allEvents(in: store)
        #expect(before.map(\.sequence) == [1, 2])
        #expect(before.map(\.name) == [.created, .storeClicked] && before[1].platform == .ios)
        #expect(before.allSatisfy { $0.source == .server && $0.code == record.invite.code && $0.senderID == "u_1" })
        // The invite's platform is taken from the events it already had.
        let byPlatform = try await store.funnel(by: .platform, from: nil, to: nil)
        #expect(byPlatform.groups.map(\.name) == ["ios"] && byPlatform.groups.first?.counts[.storeClicked] == 1)
        _ = try await store.recordAppEvents([AppEvent(clientEventID: "x", name: .flowStarted, at: Fixture.start)])
        #expect(try await Fixture.allEvents(in: store).last?.sequence == 4)
    }
}
