import BeckonStore
import Foundation
import InviteModel
import Logging
import NIOCore
import NIOPosix
import PostgresNIO

/// An `InviteStore` in a PostgreSQL database, through PostgresNIO, for several `beckon serve`
/// instances sharing one database.
///
/// The store owns a `PostgresClient` (a pool of up to `maximumConnections` connections) and the
/// task that runs it; `close()` ends that task, and so does releasing the store. Every method is
/// one transaction in PostgreSQL's default isolation (read committed) made exact by locks: a
/// create (one call of a function, `CreateInvite`) holds an advisory lock keyed by the sender, an
/// update and the expiry sweep lock the invites they change (`SELECT … FOR UPDATE`), and events
/// are numbered in order when the feed is read (`EventNumbering`). See docs/store.md.
public final class PostgresInviteStore: InviteStore {
    /// The names of the schema migrations this version knows, in the order they run.
    public static var migrationNames: [String] { StoreSchema.migrations.map(\.name) }

    let client: PostgresClient
    private let runner: Task<Void, Never>
    /// The invites links looked up, kept between notifications of a change; `nil` when off.
    let linkCache: LinkLookupCache?
    /// Listens for the changes that `linkCache` drops.
    private let listener: Task<Void, Never>?
    /// PostgresNIO wants a logger; the store logs nothing.
    static let logger = Logger(label: "BeckonStorePostgres", factory: { _ in SwiftLogNoOpLogHandler() })

    /// Connects to the database at `url` (`postgres://user:password@host:port/database`, with an
    /// optional `?sslmode=disable|prefer|require`; `prefer` when absent, and `require` verifies
    /// the server's certificate) and runs the migrations it has not run yet, on one connection
    /// whose failure (refused, wrong password, no such database) is thrown at once. The pool
    /// connects later, on demand.
    ///
    /// - Parameter maximumConnections: The most connections this store opens at once; the
    ///   server's `max_connections` must cover every instance's.
    /// - Parameter eventLoopGroup: The threads the pool's connections run on (`beckon serve`
    ///   gives its own, so requests and their queries share them).
    /// - Parameter linkCacheLifetime: How long `inviteAndAvatar(code:)` may answer from what it
    ///   found before, without a round trip: every instance's change of an invite or a picture
    ///   reaches the others through PostgreSQL's notifications (on a connection of its own), and
    ///   drops what they kept; this bounds what a notification lost unnoticed could leave stale.
    ///   Zero (the default) looks every link up. See docs/store.md.
    /// - Parameter listeningChanged: Told when the store starts keeping links' lookups (`true`:
    ///   notifications demonstrably reach it) and when it stops (its listening connection failed,
    ///   or fell silent), so that a server can log it.
    public init(
        url: String, maximumConnections: Int = 20,
        eventLoopGroup: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton,
        linkCacheLifetime: Duration = .zero, listeningChanged: (@Sendable (Bool) -> Void)? = nil
    ) async throws(StoreError) {
        let url = try DatabaseURL(url)
        let logger = Self.logger
        let listening: PostgresConnection.Configuration
        do {
            var configuration = try url.connectionConfiguration()
            configuration.options.connectTimeout = .seconds(Int64(Self.connectTimeout))
            listening = configuration
            let connection = try await PostgresConnection.connect(configuration: configuration, id: 0, logger: logger)
            do {
                try await StoreSchema.migrate(connection, logger: logger)
            } catch {
                try? await connection.close()
                throw error
            }
            try await connection.close()
        } catch {
            throw StoreError.from(error, during: "opening the invite database")
        }
        var configuration = url.clientConfiguration
        configuration.options.maximumConnections = maximumConnections
        configuration.options.connectTimeout = .seconds(Int64(Self.connectTimeout))
        let client = PostgresClient(configuration: configuration, eventLoopGroup: RoundRobinEventLoops(eventLoopGroup))
        self.client = client
        self.runner = Task { await client.run() }
        if linkCacheLifetime > .zero {
            let cache = LinkLookupCache(lifetime: linkCacheLifetime, listeningChanged: listeningChanged)
            linkCache = cache
            let eventLoop = eventLoopGroup.any()
            listener = Task {
                await ChangeListener.run(configuration: listening, eventLoop: eventLoop, cache: cache, logger: logger)
            }
        } else {
            linkCache = nil
            listener = nil
        }
    }

    deinit {
        runner.cancel()
        listener?.cancel()
    }

    /// How long a connection attempt waits for the server to answer.
    public static let connectTimeout: TimeInterval = 10

    /// Closes the connections and waits until they are closed; the store answers nothing after.
    public func close() async {
        listener?.cancel()
        await listener?.value
        runner.cancel()
        await runner.value
    }

    public var linkLookupUsage: LinkLookupUsage? { linkCache?.usage }

    /// The migrations this database has run, in order.
    public func appliedMigrations() async throws(StoreError) -> [String] {
        try await read("reading the migrations") { connection, logger in
            try await StoreSchema.appliedNames(connection, logger: logger)
        }
    }

    // MARK: InviteStore

    public func create(
        _ record: InviteRecord, limit: RateLimit, uniqueRecipient: Bool, idempotencyKey: String?,
        requestHash: String?
    ) async throws(StoreError) -> CreateOutcome {
        let record = record.rounded
        return try await read("creating an invite") { connection, logger in
            try await Self.create(
                record, limit: limit, uniqueRecipient: uniqueRecipient, idempotencyKey: idempotencyKey,
                requestHash: requestHash, on: connection, logger: logger)
        }
    }

    public func createAll(
        _ records: [InviteRecord], limit: RateLimit, uniqueRecipient: Bool, idempotencyKeys: [String?],
        requestHash: String?
    ) async throws(StoreError) -> CreateAllOutcome {
        let records = records.map(\.rounded)
        let logger = Self.logger
        do {
            // `beckon_create_invite` takes the sender's lock until the transaction ends, so the
            // limit counts every invite of the batch; a refusal thrown rolls them all back.
            return .stored(
                try await client.withTransaction(logger: logger) { connection in
                    var outcomes: [CreateOutcome] = []
                    for (record, key) in zip(records, idempotencyKeys) {
                        outcomes.append(
                            try RefusedBatch.stored(
                                try await Self.create(
                                    record, limit: limit, uniqueRecipient: uniqueRecipient, idempotencyKey: key,
                                    requestHash: requestHash, on: connection, logger: logger)))
                    }
                    return outcomes
                })
        } catch {
            let refusal = error as? RefusedBatch ?? (error as? PostgresTransactionError)?.closureError as? RefusedBatch
            if let refusal { return .refused(refusal.outcome) }
            throw StoreError.from(error, during: "creating invites")
        }
    }

    /// One create through `beckon_create_invite` on `connection`.
    private static func create(
        _ record: InviteRecord, limit: RateLimit, uniqueRecipient: Bool, idempotencyKey: String?,
        requestHash: String?, on connection: PostgresConnection, logger: Logger
    ) async throws -> CreateOutcome {
        let statement = CreateInvite(
            record: record, limit: limit, idempotencyKey: idempotencyKey, requestHash: requestHash,
            uniqueRecipient: uniqueRecipient)
        var decision: CreateInvite.Decision?
        for try await row in try await connection.execute(statement, logger: logger) {
            decision = decision ?? row
        }
        switch decision {
        case .created: return .created(record)
        case .keyReused: return .keyReused
        case .codeTaken: return .codeTaken
        case .limited(let oldest):
            return .limited(
                retryAt: oldest.map { Milliseconds.date($0).addingTimeInterval(limit.window) } ?? .distantFuture)
        case .replayed(let inviteID):
            guard let first = try await Self.fetchInvite("WHERE id = \(inviteID)", on: connection, logger: logger)
            else { throw StoredValueError(column: "idempotency_keys.invite_id") }
            return .replayed(first)
        case .recipientPending(let inviteID):
            guard let pending = try await Self.fetchInvite("WHERE id = \(inviteID)", on: connection, logger: logger)
            else { throw StoredValueError(column: "invites.id") }
            return .recipientPending(pending)
        case nil:
            throw StoredValueError(column: "beckon_create_invite.result_kind")
        }
    }

    public func invite(code: InviteCode) async throws(StoreError) -> InviteRecord? {
        try await read("reading an invite") { connection, logger in
            try await connection.execute(InviteByCode(code: code.rawValue), logger: logger)
                .reduce(into: nil) { found, row in found = found ?? row.record }
        }
    }

    /// With `linkCacheLifetime`, an invite found is kept for the next link to it (a code no
    /// invite has is looked up every time).
    public func inviteAndAvatar(
        code: InviteCode
    ) async throws(StoreError) -> (record: InviteRecord, avatarUpdatedAt: Date?)? {
        if let kept = linkCache?.found(code: code.rawValue) { return kept }
        let ticket = linkCache?.ticket()
        let found = try await read("reading an invite") { connection, logger in
            try await connection.execute(InviteByCode(code: code.rawValue), logger: logger)
                .reduce(into: nil) { found, row in found = found ?? row }
        }
        if let found, let ticket { linkCache?.keep(found, code: code.rawValue, ticket: ticket) }
        return found
    }

    public func invite(id: UUID) async throws(StoreError) -> InviteRecord? {
        try await read("reading an invite") { connection, logger in
            try await Self.fetchInvite("WHERE id = \(id)", on: connection, logger: logger)
        }
    }

    public func invites(sender: String, before: InviteCode?, limit: Int) async throws(StoreError) -> [InviteRecord] {
        guard limit > 0 else { return [] }
        return try await read("listing a sender's invites") { connection, logger in
            let query: PostgresQuery
            if let before {
                // A cursor that is not one of this sender's codes gives an empty page.
                query = """
                    \(unescaped: InviteRecord.selectSQL) WHERE sender_id = \(sender) AND (created_at, code) <
                        (SELECT created_at, code FROM invites WHERE code = \(before.rawValue) AND sender_id = \(sender))
                    ORDER BY created_at DESC, code DESC LIMIT \(limit)
                    """
            } else {
                query = """
                    \(unescaped: InviteRecord.selectSQL) WHERE sender_id = \(sender)
                    ORDER BY created_at DESC, code DESC LIMIT \(limit)
                    """
            }
            return try await connection.query(query, logger: logger).collect().map(InviteRecord.init(row:))
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
        defer { linkCache?.inviteChanged(code: code.rawValue) }
        return try await transaction("updating an invite") { connection, logger in
            let original = try await Self.fetchInvite(
                "WHERE code = \(code.rawValue) FOR UPDATE", on: connection, logger: logger)
            guard let original else { return nil }
            let (record, names) = try original.applying(change)
            if record != original {
                try await connection.query(record.updateQuery, logger: logger)
            }
            try await InviteEvent.insert(names, for: record.invite, now: Date(), on: connection, logger: logger)
            return record
        }
    }

    public func events(after sequence: Int64, limit: Int) async throws(StoreError) -> [InviteEvent] {
        guard limit > 0 else { return [] }
        try await numberEvents()
        return try await read("reading events") { connection, logger in
            try await connection.query(
                "\(unescaped: InviteEvent.selectSQL) WHERE e.sequence > \(sequence) ORDER BY e.sequence LIMIT \(limit)",
                logger: logger
            ).collect().map(InviteEvent.init(row:))
        }
    }

    /// Numbers the committed events that wait for their sequence numbers (`EventNumbering`).
    private func numberEvents() async throws(StoreError) {
        let pending = try await read("numbering events") { connection, logger in
            try await connection.query(EventNumbering.pending, logger: logger).collect().first
                .map { try ColumnReader($0, table: "events").required("pending", as: Bool.self) } ?? false
        }
        guard pending else { return }
        _ = try await transaction("numbering events") { connection, logger in
            try await connection.query(AdvisoryLock.events, logger: logger)
            try await connection.query(EventNumbering.number, logger: logger)
            return 0
        }
    }

    public func expire(at date: Date) async throws(StoreError) -> Int {
        let moved = try await transaction("expiring invites") { connection, logger in
            // Locked in one order, so concurrent sweeps wait for each other instead of deadlocking;
            // a row another sweep expired meanwhile no longer matches once its lock is granted.
            let due = try await connection.query(
                """
                \(unescaped: InviteRecord.selectSQL)
                WHERE status IN ('created', 'sent', 'opened') AND expires_at <= \(Milliseconds.from(date))
                ORDER BY expires_at, code FOR UPDATE
                """, logger: logger
            ).collect().map(InviteRecord.init(row:))
            var moved: [InviteCode] = []
            for record in due {
                var invite = record.invite
                // The query compares whole milliseconds; the model decides on the exact date.
                guard invite.expireIfNeeded(at: date) else { continue }
                try await connection.query(
                    "UPDATE invites SET status = \(invite.status.rawValue) WHERE id = \(invite.id)", logger: logger)
                try await InviteEvent.insert([.expired], for: invite, now: date, on: connection, logger: logger)
                moved.append(invite.code)
            }
            return moved
        }
        for code in moved { linkCache?.inviteChanged(code: code.rawValue) }
        return moved.count
    }

    /// PostgreSQL keeps the old row versions until `VACUUM` reclaims their space, and its
    /// write-ahead log keeps them until it is recycled; see docs/store.md.
    public func eraseSender(_ senderID: String) async throws(StoreError) -> Int {
        defer { linkCache?.anyChanged() }
        return try await transaction("erasing a sender's personal data") { connection, logger in
            let changed = try await connection.query(
                """
                UPDATE invites SET sender_first_name = NULL, recipient = NULL, invitee_first_name = NULL, sender_gender = NULL,
                    sender_email = NULL, sender_language = NULL
                WHERE sender_id = \(senderID) AND (sender_first_name IS NOT NULL OR recipient IS NOT NULL OR invitee_first_name IS NOT NULL
                    OR sender_gender IS NOT NULL OR sender_email IS NOT NULL)
                RETURNING id
                """, logger: logger
            ).collect().count
            try await connection.query("DELETE FROM avatars WHERE sender_id = \(senderID)", logger: logger)
            try await connection.query("DELETE FROM idempotency_keys WHERE sender_id = \(senderID)", logger: logger)
            return changed
        }
    }

    public func setAvatar(_ png: [UInt8], sender: String, at date: Date) async throws(StoreError) {
        let bytes = ByteBuffer(bytes: png)
        let updated = Milliseconds.from(date)
        defer { linkCache?.pictureChanged(sender: sender) }
        _ = try await transaction("keeping a sender's picture") { connection, logger in
            try await connection.query(
                """
                INSERT INTO avatars (sender_id, png, updated_at) VALUES (\(sender), \(bytes), \(updated))
                ON CONFLICT (sender_id) DO UPDATE SET png = excluded.png, updated_at = excluded.updated_at
                """, logger: logger)
            return 0
        }
    }

    public func avatar(sender: String) async throws(StoreError) -> [UInt8]? {
        try await read("reading a sender's picture") { connection, logger in
            let rows = try await connection.query(
                "SELECT png FROM avatars WHERE sender_id = \(sender)", logger: logger
            ).collect()
            return try rows.first.map { row in Array(buffer: try row.decode(ByteBuffer.self)) }
        }
    }

    public func avatarUpdatedAt(sender: String) async throws(StoreError) -> Date? {
        try await read("reading a sender's picture") { connection, logger in
            let rows = try await connection.query(
                "SELECT updated_at FROM avatars WHERE sender_id = \(sender)", logger: logger
            ).collect()
            return try rows.first.map { row in Date(timeIntervalSince1970: Double(try row.decode(Int64.self)) / 1000) }
        }
    }

    public func removeAvatar(sender: String) async throws(StoreError) -> Bool {
        defer { linkCache?.pictureChanged(sender: sender) }
        return try await transaction("removing a sender's picture") { connection, logger in
            try await connection.query(
                "DELETE FROM avatars WHERE sender_id = \(sender) RETURNING sender_id", logger: logger
            ).collect().count > 0
        }
    }

    public func ping() async throws(StoreError) {
        _ = try await read("pinging the invite database") { connection, logger in
            try await connection.query("SELECT 1", logger: logger).collect().count
        }
    }

    // MARK: Helpers

    /// The first invite `InviteRecord.selectSQL` followed by `condition` finds, or `nil`.
    static func fetchInvite(
        _ condition: PostgresQuery, on connection: PostgresConnection, logger: Logger
    ) async throws -> InviteRecord? {
        let query = PostgresQuery(unsafeSQL: "\(InviteRecord.selectSQL) \(condition.sql)", binds: condition.binds)
        return try await connection.query(query, logger: logger).collect().first.map(InviteRecord.init(row:))
    }

    func read<T: Sendable>(
        _ operation: String, _ body: (PostgresConnection, Logger) async throws -> T
    ) async throws(StoreError) -> T {
        let logger = Self.logger
        do {
            return try await client.withConnection { connection in try await body(connection, logger) }
        } catch {
            throw StoreError.from(error, during: operation)
        }
    }

    func transaction<T: Sendable>(
        _ operation: String, _ body: (PostgresConnection, Logger) async throws -> T
    ) async throws(StoreError) -> T {
        let logger = Self.logger
        do {
            return try await client.withTransaction(logger: logger) { connection in
                try await body(connection, logger)
            }
        } catch {
            throw StoreError.from(error, during: operation)
        }
    }
}
