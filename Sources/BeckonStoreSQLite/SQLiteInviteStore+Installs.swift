import BeckonStore
import Foundation
import GRDB
import InviteModel

/// Store clicks, install claims and the Android waiting list (see `InviteStore`).
extension SQLiteInviteStore {
    public func recordStoreClick(_ click: StoreClick) async throws(StoreError) -> Bool {
        try await write("recording a store click") { db in
            guard let record = try Self.fetchInvite(db, where: "code = ?", [click.code.rawValue]) else { return false }
            try db.execute(
                sql: "INSERT INTO store_clicks (invite_id, platform, client_hash, at) VALUES (?, ?, ?, ?)",
                arguments: [
                    record.invite.id.uuidString, click.platform.rawValue, click.clientHash, Milliseconds.from(click.at),
                ])
            try InviteEvent.insert(
                .storeClicked, for: record.invite, at: click.at, platform: click.platform, in: db)
            try Self.notePlatform(click.platform, of: record.invite.id, replacing: false, in: db)
            return true
        }
    }

    public func claimInstall(_ claim: InstallClaim) async throws(StoreError) -> InstallMatch? {
        try await write("claiming an install") { db in
            let record: InviteRecord
            let method: InstallMethod
            switch claim.evidence {
            case .link(let code, let linkMethod):
                guard let found = try Self.fetchInvite(db, where: "code = ?", [code.rawValue]) else { return nil }
                record = found
                method = linkMethod
            case .window(let hashes, let since):
                guard !hashes.isEmpty else { return nil }
                let marks = Array(repeating: "?", count: hashes.count).joined(separator: ", ")
                // Taps on one invite's button are one candidate: the invites are counted, not the taps.
                let candidates = try String.fetchAll(
                    db,
                    sql: """
                        SELECT DISTINCT invite_id FROM store_clicks
                        WHERE client_hash IN (\(marks)) AND platform = ? AND claimed_at IS NULL AND at >= ?
                        LIMIT 2
                        """,
                    arguments: StatementArguments(hashes + [claim.platform.rawValue])
                        + [Milliseconds.from(since)])
                guard candidates.count == 1,
                    let found = try Self.fetchInvite(db, where: "id = ?", [candidates[0]])
                else { return nil }
                record = found
                method = .window
            }
            let id = record.invite.id.uuidString
            let at = Milliseconds.from(claim.at)
            try db.execute(
                sql: "UPDATE store_clicks SET claimed_at = ? WHERE invite_id = ? AND claimed_at IS NULL",
                arguments: [at, id])
            try db.execute(
                sql: """
                    INSERT INTO installs (invite_id, platform, method, at) VALUES (?, ?, ?, ?)
                    ON CONFLICT (invite_id) DO NOTHING
                    """,
                arguments: [id, claim.platform.rawValue, method.rawValue, at])
            let isFirst = db.changesCount > 0
            if isFirst {
                try InviteEvent.insert(
                    .appInstalled, for: record.invite, at: claim.at, platform: claim.platform, method: method, in: db)
                try Self.notePlatform(claim.platform, of: record.invite.id, replacing: true, in: db)
            }
            return InstallMatch(record: record, method: method, isFirst: isFirst)
        }
    }

    /// Keeps an invite's platform for the funnel, in its row: the first one recorded, or,
    /// `replacing`, this one (an install's).
    static func notePlatform(_ platform: ClientPlatform, of inviteID: UUID, replacing: Bool, in db: Database) throws {
        try db.cachedStatement(
            sql: "UPDATE invites SET platform = ? WHERE id = ?\(replacing ? "" : " AND platform IS NULL")"
        ).execute(arguments: [platform.rawValue, inviteID.uuidString])
    }

    public func purgeStoreClicks(before date: Date) async throws(StoreError) -> Int {
        try await write("purging store clicks") { db in
            try db.execute(sql: "DELETE FROM store_clicks WHERE at < ?", arguments: [Milliseconds.from(date)])
            return db.changesCount
        }
    }

    public func joinWaitlist(_ entry: WaitlistEntry) async throws(StoreError) -> Bool {
        try await write("adding to the waiting list") { db in
            try db.execute(
                sql: """
                    INSERT INTO waitlist (address, locale, consent, at) VALUES (?, ?, ?, ?)
                    ON CONFLICT (address) DO NOTHING
                    """,
                arguments: [entry.address, entry.locale, entry.consent, Milliseconds.from(entry.at)])
            return db.changesCount > 0
        }
    }

    public func suppress(addressHash: String, at date: Date) async throws(StoreError) -> Bool {
        try await write("adding to the suppression list") { db in
            try db.execute(
                sql: "INSERT INTO suppressions (address_hash, at) VALUES (?, ?) ON CONFLICT (address_hash) DO NOTHING",
                arguments: [addressHash, Milliseconds.from(date)])
            return db.changesCount > 0
        }
    }

    public func isSuppressed(addressHashes: [String]) async throws(StoreError) -> Bool {
        guard !addressHashes.isEmpty else { return false }
        let marks = addressHashes.map { _ in "?" }.joined(separator: ", ")
        return try await read("reading the suppression list") { db in
            try Bool.fetchOne(
                db, sql: "SELECT EXISTS (SELECT 1 FROM suppressions WHERE address_hash IN (\(marks)))",
                arguments: StatementArguments(addressHashes)) ?? false
        }
    }

    public func waitlist() async throws(StoreError) -> [WaitlistEntry] {
        try await read("reading the waiting list") { db in
            try Row.fetchAll(db, sql: "SELECT address, locale, consent, at FROM waitlist ORDER BY at, address").map {
                row in
                guard let address: String = row["address"], let locale: String = row["locale"],
                    let consent: String = row["consent"], let at: Int64 = row["at"]
                else { throw StoredValueError(column: "waitlist") }
                return WaitlistEntry(address: address, locale: locale, consent: consent, at: Milliseconds.date(at))
            }
        }
    }

    public func leaveWaitlist(address: String) async throws(StoreError) -> Bool {
        try await write("removing from the waiting list") { db in
            try db.execute(sql: "DELETE FROM waitlist WHERE address = ?", arguments: [address])
            return db.changesCount > 0
        }
    }
}

/// The app's events (see `InviteStore.recordAppEvents`).
extension SQLiteInviteStore {
    public func recordAppEvents(_ events: [AppEvent]) async throws(StoreError) -> AppEventOutcome {
        do {
            // An unknown code thrown inside rolls the savepoint back: nothing of the batch is recorded.
            return try await batcher.write { db in
                var recorded = 0
                for (index, event) in events.enumerated() {
                    var invite: Invite?
                    if let code = event.code {
                        guard let record = try Self.fetchInvite(db, where: "code = ?", [code.rawValue]) else {
                            throw UnknownEventCode(index: index)
                        }
                        invite = record.invite
                    }
                    guard try InviteEvent.insert(event, invite: invite, in: db) else { continue }
                    recorded += 1
                    if let invite, let platform = event.platform {
                        try Self.notePlatform(platform, of: invite.id, replacing: false, in: db)
                    }
                }
                return .recorded(new: recorded, repeated: events.count - recorded)
            }
        } catch let unknown as UnknownEventCode {
            return .unknownCode(index: unknown.index)
        } catch {
            throw StoreError.from(error, during: "recording the app's events")
        }
    }
}
