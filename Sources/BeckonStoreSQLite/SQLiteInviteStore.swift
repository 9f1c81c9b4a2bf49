import BeckonStore
import Foundation
import GRDB
import InviteModel

/// An `InviteStore` in one SQLite database file, through GRDB.
///
/// The file is opened in WAL mode (`DatabasePool`): reads run concurrently on their own
/// snapshots while one connection writes, and every write is an `IMMEDIATE` transaction, so
/// the rate limit, the idempotency keys and updates stay exact across tasks, across store
/// instances and across processes sharing the file (a writer waits up to `busyTimeout` for
/// another's transaction). Writes that queue behind a commit share the next transaction, each in a
/// savepoint of its own (`WriteBatcher`: group commit). Commits are synced to disk
/// (`synchronous = FULL`), and erased
/// personal data is overwritten (`secure_delete`). See docs/store.md for the schema.
public final class SQLiteInviteStore: InviteStore {
    /// The names of the schema migrations this version knows, in the order they run.
    public static var migrationNames: [String] { StoreSchema.migrationNames }

    /// How long a write waits for another connection's transaction before failing.
    public static let busyTimeout: TimeInterval = 10

    /// The most KiB of database pages the writer's connection keeps in memory.
    static let writerCacheKiB = 32_768

    /// The database file, or `nil` for an in-memory database.
    public let path: String?
    private let writer: any DatabaseWriter
    /// Connections of their own for the lookups every link makes; `nil` in memory.
    private let lookups: LookupConnections?
    /// Write transactions, grouped when they queue behind one another (group commit).
    let batcher: WriteBatcher

    /// Opens the database file at `path`, creating it when missing, and runs the migrations it
    /// has not run yet.
    public init(path: String) throws(StoreError) {
        do {
            let pool = try DatabasePool(path: path, configuration: Self.configuration)
            // GRDB sets `synchronous = NORMAL` with WAL, which can lose the last commits on a
            // power failure; invites and their events are worth a sync per commit. The writer
            // keeps more pages than SQLite's 2 MB default: each create steps into the indexes on
            // codes and senders at random places, which it would otherwise read from the file.
            try pool.writeWithoutTransaction {
                try $0.execute(sql: "PRAGMA synchronous = FULL")
                try $0.execute(sql: "PRAGMA cache_size = -\(Self.writerCacheKiB)")
            }
            try StoreSchema.migrator.migrate(pool)
            self.writer = pool
            self.lookups = try LookupConnections(
                path: path, count: max(2, ProcessInfo.processInfo.activeProcessorCount), busyTimeout: Self.busyTimeout)
            self.batcher = WriteBatcher(writer: pool)
        } catch {
            throw StoreError.from(error, during: "opening the invite database")
        }
        self.path = path
    }

    /// A store in a private in-memory database, gone when the store is released; for tests and
    /// previews. Reads and writes are serialized (there is no WAL in memory).
    public static func inMemory() throws(StoreError) -> SQLiteInviteStore {
        do {
            let queue = try DatabaseQueue(configuration: configuration)
            try StoreSchema.migrator.migrate(queue)
            return SQLiteInviteStore(writer: queue)
        } catch {
            throw StoreError.from(error, during: "opening an in-memory invite database")
        }
    }

    private init(writer: any DatabaseWriter) {
        self.writer = writer
        self.lookups = nil
        self.batcher = WriteBatcher(writer: writer)
        self.path = nil
    }

    private static var configuration: Configuration {
        var configuration = Configuration()
        configuration.label = "BeckonStore"
        configuration.busyMode = .timeout(busyTimeout)
        configuration.foreignKeysEnabled = true
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA secure_delete = ON")
        }
        return configuration
    }

    /// The migrations this database has run, in order.
    public func appliedMigrations() async throws(StoreError) -> [String] {
        try await read("reading the migrations") { db in
            try StoreSchema.migrator.appliedMigrations(db)
        }
    }

    // MARK: InviteStore

    public func create(
        _ record: InviteRecord, limit: RateLimit, uniqueRecipient: Bool, idempotencyKey: String?,
        requestHash: String?
    ) async throws(StoreError) -> CreateOutcome {
        let record = record.rounded
        return try await write("creating an invite") { db in
            try Self.insert(
                record, limit: limit, uniqueRecipient: uniqueRecipient, idempotencyKey: idempotencyKey,
                requestHash: requestHash, in: db)
        }
    }

    public func createAll(
        _ records: [InviteRecord], limit: RateLimit, uniqueRecipient: Bool, idempotencyKeys: [String?],
        requestHash: String?
    ) async throws(StoreError) -> CreateAllOutcome {
        let records = records.map(\.rounded)
        do {
            // A refusal thrown inside rolls the batch's savepoint back: nothing of it is stored.
            return .stored(
                try await batcher.write { db in
                    try zip(records, idempotencyKeys).map { record, key in
                        try RefusedBatch.stored(
                            Self.insert(
                                record, limit: limit, uniqueRecipient: uniqueRecipient, idempotencyKey: key,
                                requestHash: requestHash, in: db))
                    }
                })
        } catch let refused as RefusedBatch {
            return .refused(refused.outcome)
        } catch {
            throw StoreError.from(error, during: "creating invites")
        }
    }

    /// A create inside a write transaction: the idempotency key, the rate limit, the invite, its
    /// event and the key.
    private static func insert(
        _ record: InviteRecord, limit: RateLimit, uniqueRecipient: Bool, idempotencyKey: String?,
        requestHash: String?, in db: Database
    ) throws -> CreateOutcome {
        let invite = record.invite
        if let idempotencyKey {
            let previous = try Row.fetchOne(
                db.cachedStatement(
                    sql: "SELECT request_hash, invite_id FROM idempotency_keys WHERE sender_id = ? AND key = ?"),
                arguments: [invite.senderID, idempotencyKey])
            if let previous {
                guard try previous.decode(String?.self, forColumn: "request_hash") == requestHash else {
                    return .keyReused
                }
                let inviteID = try previous.decode(String?.self, forColumn: "invite_id")
                guard let first = try Self.fetchInvite(db, where: "id = ?", [inviteID]) else {
                    throw StoredValueError(column: "idempotency_keys.invite_id")
                }
                return .replayed(first)
            }
        }
        if uniqueRecipient, let recipient = record.recipient,
            let pending = try Self.fetchInvite(
                db,
                where: """
                    sender_id = ? AND lower(recipient) = lower(?) AND status IN ('created', 'sent', 'opened')
                        AND expires_at > ?
                    ORDER BY created_at DESC LIMIT 1
                    """,
                [invite.senderID, recipient, Milliseconds.from(invite.createdAt)])
        {
            return .recipientPending(pending)
        }
        if let retryAt = try Self.retryDate(for: invite, limit: limit, in: db) {
            return .limited(retryAt: retryAt)
        }
        // A code another invite has is found by the unique index the insert steps into anyway.
        try db.cachedStatement(sql: Self.insertUnlessCodeTakenSQL).execute(arguments: record.arguments)
        guard db.changesCount == 1 else { return .codeTaken }
        try InviteEvent.insert(.created, for: invite, at: invite.createdAt, in: db)
        if let idempotencyKey {
            try db.cachedStatement(
                sql: """
                    INSERT INTO idempotency_keys (sender_id, key, request_hash, invite_id, created_at)
                    VALUES (?, ?, ?, ?, ?)
                    """
            ).execute(
                arguments: [
                    invite.senderID, idempotencyKey, requestHash, invite.id.uuidString,
                    Milliseconds.from(invite.createdAt),
                ])
        }
        return .created(record)
    }

    public func invite(code: InviteCode) async throws(StoreError) -> InviteRecord? {
        try lookUp("reading an invite", Self.inviteByCodeSQL, [code.rawValue]) { try InviteRecord(row: $0) }
    }

    /// Inserts a new invite, or nothing when its code is taken (`changesCount` tells which).
    private static let insertUnlessCodeTakenSQL = "\(InviteRecord.insertSQL) ON CONFLICT (code) DO NOTHING"

    /// The statements of the lookups, each prepared once per connection.
    private static let inviteByCodeSQL = "\(InviteRecord.selectSQL) WHERE code = ?"
    private static let inviteByIDSQL = "\(InviteRecord.selectSQL) WHERE id = ?"
    private static let inviteAndAvatarSQL = """
        SELECT \(InviteRecord.columns.joined(separator: ", ")),
            (SELECT updated_at FROM avatars INDEXED BY avatars_updated_at WHERE avatars.sender_id = invites.sender_id) AS avatar_updated_at
        FROM invites WHERE code = ?
        """
    private static let avatarUpdatedAtSQL =
        "SELECT updated_at FROM avatars INDEXED BY avatars_updated_at WHERE sender_id = ?"

    public func inviteAndAvatar(
        code: InviteCode
    ) async throws(StoreError) -> (record: InviteRecord, avatarUpdatedAt: Date?)? {
        try lookUp("reading an invite", Self.inviteAndAvatarSQL, [code.rawValue]) { row in
            let updated = try row.integer(at: InviteRecord.columns.count, column: "avatars.updated_at")
            return (try InviteRecord(row: row), updated.map { Date(timeIntervalSince1970: Double($0) / 1000) })
        }
    }

    public func invite(id: UUID) async throws(StoreError) -> InviteRecord? {
        try lookUp("reading an invite", Self.inviteByIDSQL, [id.uuidString]) { try InviteRecord(row: $0) }
    }

    public func invites(sender: String, before: InviteCode?, limit: Int) async throws(StoreError) -> [InviteRecord] {
        guard limit > 0 else { return [] }
        return try await read("listing a sender's invites") { db in
            let order = "ORDER BY created_at DESC, code DESC LIMIT :limit"
            let sql: String
            var arguments: StatementArguments = ["sender": sender, "limit": limit]
            if let before {
                // A cursor that is not one of this sender's codes gives an empty page.
                sql = """
                    \(InviteRecord.selectSQL) WHERE sender_id = :sender AND (created_at, code) <
                        (SELECT created_at, code FROM invites WHERE code = :before AND sender_id = :sender)
                    \(order)
                    """
                arguments += ["before": before.rawValue]
            } else {
                sql = "\(InviteRecord.selectSQL) WHERE sender_id = :sender \(order)"
            }
            return try Row.fetchAll(db, sql: sql, arguments: arguments).map(InviteRecord.init(row:))
        }
    }

    /// The change function may not change the invite's id, code or sender: such an update is
    /// `.rejected`. An error thrown by `change` is rejected with its description as the message,
    /// so it should name no personal data. Each returned event is dated by the timestamp its
    /// transition set on the invite (`expiresAt` for `invite_expired`), or the current time
    /// when that is missing.
    public func update(
        code: InviteCode, _ change: @Sendable (inout InviteRecord) throws -> [InviteEvent.Name]
    ) async throws(StoreError) -> InviteRecord? {
        // Its own transaction: `change` is the caller's, so it is not kept for a shared one.
        try await writeAlone("updating an invite") { db in
            guard let original = try Self.fetchInvite(db, where: "code = ?", [code.rawValue]) else { return nil }
            let (record, names) = try original.applying(change)
            if record != original {
                try db.cachedStatement(sql: InviteRecord.updateSQL).execute(arguments: record.updateArguments)
            }
            let now = Date()
            for name in names {
                let date = InviteEvent.date(of: name, for: record.invite, fallback: now)
                try InviteEvent.insert(name, for: record.invite, at: date, in: db)
            }
            return record
        }
    }

    public func events(after sequence: Int64, limit: Int) async throws(StoreError) -> [InviteEvent] {
        guard limit > 0 else { return [] }
        return try await read("reading events") { db in
            try Row.fetchAll(
                db, sql: "\(InviteEvent.selectSQL) WHERE e.sequence > ? ORDER BY e.sequence LIMIT ?",
                arguments: [sequence, limit]
            ).map(InviteEvent.init(row:))
        }
    }

    public func expire(at date: Date) async throws(StoreError) -> Int {
        try await write("expiring invites") { db in
            let due = try Row.fetchAll(
                db,
                sql: """
                    \(InviteRecord.selectSQL) WHERE status IN ('created', 'sent', 'opened') AND expires_at <= ?
                    ORDER BY expires_at, code
                    """,
                arguments: [Milliseconds.from(date)]
            ).map(InviteRecord.init(row:))
            var moved = 0
            for record in due {
                var invite = record.invite
                // The query compares whole milliseconds; the model decides on the exact date.
                guard invite.expireIfNeeded(at: date) else { continue }
                try db.execute(
                    sql: "UPDATE invites SET status = ? WHERE id = ?",
                    arguments: [invite.status.rawValue, invite.id.uuidString])
                try InviteEvent.insert(.expired, for: invite, at: invite.expiresAt, in: db)
                moved += 1
            }
            return moved
        }
    }

    /// After the transaction commits, the write-ahead log is checkpointed and truncated, so the
    /// erased values leave the WAL file too (`secure_delete` zeroes them in the database file).
    /// When readers keep the checkpoint from finishing, SQLite's next automatic checkpoint does it.
    public func eraseSender(_ senderID: String) async throws(StoreError) -> Int {
        let inWAL = path != nil
        do {
            return try await writer.writeWithoutTransaction { db in
                var changed = 0
                try db.inTransaction(.immediate) {
                    try db.execute(
                        sql: """
                            UPDATE invites SET sender_first_name = NULL, recipient = NULL, invitee_first_name = NULL, sender_gender = NULL,
                                sender_email = NULL, sender_language = NULL
                            WHERE sender_id = ? AND (sender_first_name IS NOT NULL OR recipient IS NOT NULL OR invitee_first_name IS NOT NULL
                                OR sender_gender IS NOT NULL OR sender_email IS NOT NULL)
                            """,
                        arguments: [senderID])
                    changed = db.changesCount
                    try db.execute(sql: "DELETE FROM avatars WHERE sender_id = ?", arguments: [senderID])
                    try db.execute(sql: "DELETE FROM idempotency_keys WHERE sender_id = ?", arguments: [senderID])
                    return .commit
                }
                if inWAL {
                    // Best effort: the erase is committed whether or not the checkpoint finishes.
                    _ = try? db.checkpoint(.truncate)
                }
                return changed
            }
        } catch {
            throw StoreError.from(error, during: "erasing a sender's personal data")
        }
    }

    public func ping() async throws(StoreError) {
        _ = try await read("pinging the invite database") { db in
            try Int.fetchOne(db, sql: "SELECT 1")
        }
    }

    // MARK: Helpers

    /// When the sender may create again, or `nil` when `invite` fits under the limit: the
    /// invites created after `createdAt - window` are counted, and a slot frees up when the
    /// oldest one that keeps the count at the limit leaves the window.
    private static func retryDate(for invite: Invite, limit: RateLimit, in db: Database) throws -> Date? {
        guard limit.limit > 0 else { return .distantFuture }
        let start = Milliseconds.from(invite.createdAt.addingTimeInterval(-limit.window))
        let count =
            try Int.fetchOne(
                db.cachedStatement(sql: "SELECT COUNT(*) FROM invites WHERE sender_id = ? AND created_at > ?"),
                arguments: [invite.senderID, start]) ?? 0
        guard count >= limit.limit else { return nil }
        let oldest = try Int64.fetchOne(
            db,
            sql: """
                SELECT created_at FROM invites WHERE sender_id = ? AND created_at > ?
                ORDER BY created_at LIMIT 1 OFFSET ?
                """,
            arguments: [invite.senderID, start, count - limit.limit])
        guard let oldest else { throw StoredValueError(column: "invites.created_at") }
        return Milliseconds.date(oldest).addingTimeInterval(limit.window)
    }

    static func fetchInvite(
        _ db: Database, where condition: String, _ arguments: StatementArguments
    ) throws -> InviteRecord? {
        try Row.fetchOne(db.cachedStatement(sql: "\(InviteRecord.selectSQL) WHERE \(condition)"), arguments: arguments)
            .map(InviteRecord.init(row:))
    }

    public func setAvatar(_ png: [UInt8], sender: String, at date: Date) async throws(StoreError) {
        try await write("keeping a sender's picture") { db in
            try db.execute(
                sql: """
                    INSERT INTO avatars (sender_id, png, updated_at) VALUES (?, ?, ?)
                    ON CONFLICT (sender_id) DO UPDATE SET png = excluded.png, updated_at = excluded.updated_at
                    """,
                arguments: [sender, Data(png), Int64((date.timeIntervalSince1970 * 1000).rounded(.down))])
        }
    }

    public func avatar(sender: String) async throws(StoreError) -> [UInt8]? {
        try await read("reading a sender's picture") { db in
            try Data.fetchOne(db, sql: "SELECT png FROM avatars WHERE sender_id = ?", arguments: [sender])
                .map(Array.init)
        }
    }

    public func avatarUpdatedAt(sender: String) async throws(StoreError) -> Date? {
        try lookUp("reading a sender's picture", Self.avatarUpdatedAtSQL, [sender]) { row in
            try row.integer(at: 0, column: "avatars.updated_at")
        }?.map { Date(timeIntervalSince1970: Double($0) / 1000) }
    }

    public func removeAvatar(sender: String) async throws(StoreError) -> Bool {
        try await write("removing a sender's picture") { db in
            try db.execute(sql: "DELETE FROM avatars WHERE sender_id = ?", arguments: [sender])
            return db.changesCount > 0
        }
    }

    func read<T: Sendable>(
        _ operation: String, _ value: @Sendable (Database) throws -> T
    ) async throws(StoreError) -> T {
        do {
            return try await writer.read(value)
        } catch {
            throw StoreError.from(error, during: operation)
        }
    }

    /// The first row of one statement run with `arguments`, read by `read` (`nil` when it has no
    /// row), on the calling thread: a link's lookup, the server's hottest path. One statement reads
    /// one snapshot, so it needs no transaction of its own, and the read takes an idle lookup
    /// connection (`LookupConnections`; in memory, the database's one connection) without a hop to
    /// another thread (a lookup by key takes microseconds; in WAL mode it never waits for a
    /// writer).
    private func lookUp<T>(
        _ operation: String, _ sql: String, _ arguments: [String], _ read: (any StoredColumns) throws -> T
    ) throws(StoreError) -> T? {
        do {
            if let lookups { return try lookups.first(sql, arguments, read) }
            return try writer.unsafeRead { db in
                // The row is read where SQLite holds it, not copied first (as `fetchOne` would).
                let rows = try Row.fetchCursor(
                    db.cachedStatement(sql: sql), arguments: StatementArguments(arguments))
                return try withExtendedLifetime(rows) { try rows.next().map(read) }
            }
        } catch {
            throw StoreError.from(error, during: operation)
        }
    }

    /// A write in a transaction of its own.
    func writeAlone<T: Sendable>(
        _ operation: String, _ updates: @Sendable (Database) throws -> T
    ) async throws(StoreError) -> T {
        do {
            return try await writer.write(updates)
        } catch {
            throw StoreError.from(error, during: operation)
        }
    }

    /// A write in a transaction it may share with writes queued beside it (`WriteBatcher`).
    func write<T: Sendable>(
        _ operation: String, _ updates: @escaping @Sendable (Database) throws -> T
    ) async throws(StoreError) -> T {
        do {
            return try await batcher.write(updates)
        } catch {
            throw StoreError.from(error, during: operation)
        }
    }
}
