import PostgresNIO

/// The database's tables and indexes, built by numbered migrations that run once each, in order.
/// `schema_migrations` records the applied ones; a released migration is never edited, a change
/// to the schema is a new migration appended to the list.
enum StoreSchema {
    struct Migration {
        var name: String
        var statements: [PostgresQuery]
    }

    /// The migrations, in the order they run; a migration's version is its position plus one.
    static let migrations = [
        Migration(name: "v1-invites-idempotency-events", statements: version1),
        Migration(name: "v2-avatars", statements: version2),
        Migration(name: "v3-events-numbered-when-read", statements: version3),
    ]

    /// Events are numbered when they are read, in the order they were written, instead of when
    /// they are inserted (see `EventNumbering`): `sequence` becomes empty until then, and `id`, an
    /// identity drawn at the insert, keeps the order they were written in. Rows already numbered
    /// keep their numbers.
    private static let version3: [PostgresQuery] = [
        "ALTER TABLE events ALTER COLUMN sequence DROP IDENTITY",
        "ALTER TABLE events DROP CONSTRAINT events_pkey",
        "ALTER TABLE events ALTER COLUMN sequence DROP NOT NULL",
        "ALTER TABLE events ADD COLUMN id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY",
        "CREATE UNIQUE INDEX events_by_sequence ON events (sequence)",
        "CREATE INDEX events_unnumbered ON events (id) WHERE sequence IS NULL",
    ]

    /// A sender's picture, a PNG of at most a few hundred KB; `updated_at` in milliseconds.
    private static let version2: [PostgresQuery] = [
        """
        CREATE TABLE avatars (
            sender_id TEXT COLLATE "C" NOT NULL PRIMARY KEY,
            png BYTEA NOT NULL,
            updated_at BIGINT NOT NULL
        )
        """
    ]

    static let createMigrationsTable: PostgresQuery = """
        CREATE TABLE IF NOT EXISTS schema_migrations (
            version INTEGER PRIMARY KEY,
            name TEXT NOT NULL,
            applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
        )
        """

    /// Invites as columns (dates are `BIGINT` milliseconds since 1970 UTC; codes and sender ids
    /// compare byte by byte, as in SQLite, whatever the database's collation), the idempotency keys
    /// scoped by sender, and the event feed keyed by an identity sequence.
    private static let version1: [PostgresQuery] = [
        """
        CREATE TABLE invites (
            id UUID NOT NULL PRIMARY KEY,
            code TEXT COLLATE "C" NOT NULL,
            sender_id TEXT COLLATE "C" NOT NULL,
            context TEXT NOT NULL,
            context_id TEXT,
            channel TEXT NOT NULL,
            status TEXT NOT NULL,
            invitee_id TEXT,
            created_at BIGINT NOT NULL,
            sent_at BIGINT,
            resent_at BIGINT,
            opened_at BIGINT,
            accepted_at BIGINT,
            cancelled_at BIGINT,
            expires_at BIGINT NOT NULL,
            sender_first_name TEXT,
            recipient TEXT,
            locale TEXT,
            variant TEXT,
            context_title TEXT
        )
        """,
        "CREATE UNIQUE INDEX invites_by_code ON invites (code)",
        "CREATE INDEX invites_by_sender ON invites (sender_id, created_at, code)",
        "CREATE INDEX invites_open_by_expiry ON invites (expires_at) WHERE status IN ('created', 'sent', 'opened')",
        """
        CREATE TABLE idempotency_keys (
            sender_id TEXT NOT NULL,
            key TEXT NOT NULL,
            request_hash TEXT,
            invite_id UUID NOT NULL REFERENCES invites (id),
            created_at BIGINT NOT NULL,
            PRIMARY KEY (sender_id, key)
        )
        """,
        """
        CREATE TABLE events (
            sequence BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            name TEXT NOT NULL,
            invite_id UUID NOT NULL REFERENCES invites (id),
            code TEXT NOT NULL,
            sender_id TEXT NOT NULL,
            context TEXT NOT NULL,
            channel TEXT NOT NULL,
            at BIGINT NOT NULL
        )
        """,
        "CREATE INDEX events_by_invite ON events (invite_id)",
    ]

    /// Runs the migrations `connection`'s database lacks, all in one transaction that first takes
    /// the migration lock: a second instance starting at the same moment waits, then finds them run.
    /// `version` stops at an earlier version (a test's database as an older release left it).
    static func migrate(
        _ connection: PostgresConnection, logger: Logger, through version: Int = migrations.count
    ) async throws {
        try await connection.withTransaction(logger: logger) { connection in
            try await connection.query(AdvisoryLock.migrations, logger: logger)
            try await connection.query(createMigrationsTable, logger: logger)
            let applied = try await appliedVersions(connection, logger: logger)
            for (index, migration) in migrations.prefix(version).enumerated() where !applied.contains(index + 1) {
                for statement in migration.statements {
                    try await connection.query(statement, logger: logger)
                }
                try await connection.query(
                    "INSERT INTO schema_migrations (version, name) VALUES (\(Int32(index + 1)), \(migration.name))",
                    logger: logger)
            }
        }
    }

    /// The names of the migrations the database has run, in order.
    static func appliedNames(_ connection: PostgresConnection, logger: Logger) async throws -> [String] {
        var names: [String] = []
        let rows = try await connection.query("SELECT name FROM schema_migrations ORDER BY version", logger: logger)
        for try await name in rows.decode(String.self) {
            names.append(name)
        }
        return names
    }

    private static func appliedVersions(_ connection: PostgresConnection, logger: Logger) async throws -> Set<Int> {
        var versions: Set<Int> = []
        let rows = try await connection.query("SELECT version FROM schema_migrations", logger: logger)
        for try await version in rows.decode(Int32.self) {
            versions.insert(Int(version))
        }
        return versions
    }
}
