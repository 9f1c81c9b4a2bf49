import BeckonStore
import Foundation
import InviteModel
import PostgresNIO

/// Store clicks, install claims and the Android waiting list (see `InviteStore`).
extension PostgresInviteStore {
    public func recordStoreClick(_ click: StoreClick) async throws(StoreError) -> Bool {
        try await transaction("recording a store click") { connection, logger in
            let record = try await Self.fetchInvite(
                "WHERE code = \(click.code.rawValue)", on: connection, logger: logger)
            guard let record else { return false }
            try await connection.query(
                """
                INSERT INTO store_clicks (invite_id, platform, client_hash, at)
                VALUES (\(record.invite.id), \(click.platform.rawValue), \(click.clientHash),
                    \(Milliseconds.from(click.at)))
                """, logger: logger)
            try await InviteEvent.insert(
                [.storeClicked], for: record.invite, now: click.at, platform: click.platform, on: connection,
                logger: logger)
            try await Self.notePlatform(
                click.platform, of: record.invite.id, replacing: false, on: connection, logger: logger)
            return true
        }
    }

    /// A window's candidate clicks are locked (`FOR UPDATE`, in one order): a concurrent claim of
    /// the same click waits, then finds it claimed, so a click is claimed once.
    public func claimInstall(_ claim: InstallClaim) async throws(StoreError) -> InstallMatch? {
        try await transaction("claiming an install") { connection, logger in
            let record: InviteRecord
            let method: InstallMethod
            switch claim.evidence {
            case .link(let code, let linkMethod):
                guard
                    let found = try await Self.fetchInvite(
                        "WHERE code = \(code.rawValue)", on: connection, logger: logger)
                else { return nil }
                record = found
                method = linkMethod
            case .window(let hashes, let since):
                guard !hashes.isEmpty else { return nil }
                // Taps on one invite's button are one candidate: the invites are counted, not the
                // taps (a client's clicks in a window are few; a day's are purged).
                let clicks = try await connection.query(
                    """
                    SELECT invite_id FROM store_clicks
                    WHERE client_hash = ANY(\(hashes)) AND platform = \(claim.platform.rawValue)
                        AND claimed_at IS NULL AND at >= \(Milliseconds.from(since))
                    ORDER BY id FOR UPDATE
                    """, logger: logger
                ).collect().map { try $0.decode(UUID.self) }
                let candidates = Array(Set(clicks))
                guard candidates.count == 1,
                    let found = try await Self.fetchInvite(
                        "WHERE id = \(candidates[0])", on: connection, logger: logger)
                else { return nil }
                record = found
                method = .window
            }
            let at = Milliseconds.from(claim.at)
            try await connection.query(
                """
                UPDATE store_clicks SET claimed_at = \(at)
                WHERE invite_id = \(record.invite.id) AND claimed_at IS NULL
                """, logger: logger)
            let inserted = try await connection.query(
                """
                INSERT INTO installs (invite_id, platform, method, at)
                VALUES (\(record.invite.id), \(claim.platform.rawValue), \(method.rawValue), \(at))
                ON CONFLICT (invite_id) DO NOTHING RETURNING invite_id
                """, logger: logger
            ).collect()
            let isFirst = !inserted.isEmpty
            if isFirst {
                try await InviteEvent.insert(
                    [.appInstalled], for: record.invite, now: claim.at, platform: claim.platform, method: method,
                    on: connection, logger: logger)
                try await Self.notePlatform(
                    claim.platform, of: record.invite.id, replacing: true, on: connection, logger: logger)
            }
            return InstallMatch(record: record, method: method, isFirst: isFirst)
        }
    }

    /// Keeps an invite's platform for the funnel: the first one recorded, or, `replacing`, this
    /// one (an install's).
    static func notePlatform(
        _ platform: ClientPlatform, of inviteID: UUID, replacing: Bool, on connection: PostgresConnection,
        logger: Logger
    ) async throws {
        if replacing {
            try await connection.query(
                """
                INSERT INTO invite_platforms (invite_id, platform) VALUES (\(inviteID), \(platform.rawValue))
                ON CONFLICT (invite_id) DO UPDATE SET platform = excluded.platform
                """, logger: logger)
        } else {
            try await connection.query(
                """
                INSERT INTO invite_platforms (invite_id, platform) VALUES (\(inviteID), \(platform.rawValue))
                ON CONFLICT (invite_id) DO NOTHING
                """, logger: logger)
        }
    }

    public func purgeStoreClicks(before date: Date) async throws(StoreError) -> Int {
        try await transaction("purging store clicks") { connection, logger in
            try await connection.query(
                "DELETE FROM store_clicks WHERE at < \(Milliseconds.from(date)) RETURNING id", logger: logger
            ).collect().count
        }
    }

    public func joinWaitlist(_ entry: WaitlistEntry) async throws(StoreError) -> Bool {
        try await transaction("adding to the waiting list") { connection, logger in
            try await !connection.query(
                """
                INSERT INTO waitlist (address, locale, consent, at)
                VALUES (\(entry.address), \(entry.locale), \(entry.consent), \(Milliseconds.from(entry.at)))
                ON CONFLICT (address) DO NOTHING RETURNING address
                """, logger: logger
            ).collect().isEmpty
        }
    }

    public func suppress(addressHash: String, at date: Date) async throws(StoreError) -> Bool {
        try await transaction("adding to the suppression list") { connection, logger in
            try await !connection.query(
                """
                INSERT INTO suppressions (address_hash, at) VALUES (\(addressHash), \(Milliseconds.from(date)))
                ON CONFLICT (address_hash) DO NOTHING RETURNING address_hash
                """, logger: logger
            ).collect().isEmpty
        }
    }

    public func isSuppressed(addressHashes: [String]) async throws(StoreError) -> Bool {
        guard !addressHashes.isEmpty else { return false }
        return try await read("reading the suppression list") { connection, logger in
            try await !connection.query(
                "SELECT 1 FROM suppressions WHERE address_hash = ANY(\(addressHashes))", logger: logger
            ).collect().isEmpty
        }
    }

    public func waitlist() async throws(StoreError) -> [WaitlistEntry] {
        try await read("reading the waiting list") { connection, logger in
            try await connection.query(
                "SELECT address, locale, consent, at FROM waitlist ORDER BY at, address", logger: logger
            ).collect().map { row in
                let columns = ColumnReader(row, table: "waitlist")
                return WaitlistEntry(
                    address: try columns.required("address"), locale: try columns.required("locale"),
                    consent: try columns.required("consent"), at: Milliseconds.date(try columns.required("at")))
            }
        }
    }

    public func leaveWaitlist(address: String) async throws(StoreError) -> Bool {
        try await transaction("removing from the waiting list") { connection, logger in
            try await !connection.query(
                "DELETE FROM waitlist WHERE address = \(address) RETURNING address", logger: logger
            ).collect().isEmpty
        }
    }
}

/// The app's events (see `InviteStore.recordAppEvents`).
extension PostgresInviteStore {
    public func recordAppEvents(_ events: [AppEvent]) async throws(StoreError) -> AppEventOutcome {
        let logger = Self.logger
        do {
            // An unknown code thrown inside rolls the transaction back: nothing of the batch is recorded.
            return try await client.withTransaction(logger: logger) { connection in
                var recorded = 0
                for (index, event) in events.enumerated() {
                    var invite: Invite?
                    if let code = event.code {
                        guard
                            let record = try await Self.fetchInvite(
                                "WHERE code = \(code.rawValue)", on: connection, logger: logger)
                        else { throw UnknownEventCode(index: index) }
                        invite = record.invite
                    }
                    guard try await InviteEvent.insert(event, invite: invite, on: connection, logger: logger) else {
                        continue
                    }
                    recorded += 1
                    if let invite, let platform = event.platform {
                        try await Self.notePlatform(
                            platform, of: invite.id, replacing: false, on: connection, logger: logger)
                    }
                }
                return AppEventOutcome.recorded(new: recorded, repeated: events.count - recorded)
            }
        } catch {
            let unknown =
                error as? UnknownEventCode ?? (error as? PostgresTransactionError)?.closureError as? UnknownEventCode
            if let unknown { return .unknownCode(index: unknown.index) }
            throw StoreError.from(error, during: "recording the app's events")
        }
    }
}
