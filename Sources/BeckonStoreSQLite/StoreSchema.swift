import GRDB

/// The database's tables and indexes, built by named migrations that run once each, in order.
/// GRDB records the applied ones in `grdb_migrations`; a released migration is never edited,
/// a change to the schema is a new migration appended to the list.
enum StoreSchema {
    /// The migrations' names, in the order they run.
    static let migrationNames = [
        "v1-invites-idempotency-events", "v2-avatars", "v3-avatar-times", "v4-store-clicks-installs-waitlist",
        "v5-experiments", "v6-app-events", "v7-invitee-first-name",
        "v8-sender-gender", "v9-outbound-queue", "v10-outbound-events", "v11-sender-notices",
        "v12-suppressions",
    ]

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration(migrationNames[0]) { db in
            try createVersion1(db)
        }
        migrator.registerMigration(migrationNames[1]) { db in
            // A sender's picture, a PNG of at most a few hundred KB; `updated_at` in milliseconds.
            try db.execute(
                sql: """
                    CREATE TABLE avatars (
                        sender_id TEXT NOT NULL PRIMARY KEY,
                        png BLOB NOT NULL,
                        updated_at INTEGER NOT NULL
                    ) WITHOUT ROWID;
                    """)
        }
        migrator.registerMigration(migrationNames[2]) { db in
            // Every link's lookup asks for its sender's picture's time: read from this index
            // (named with `INDEXED BY`: SQLite's planner would take the primary key), it never
            // walks the picture's overflow pages, which the row stores before the time.
            try db.execute(sql: "CREATE INDEX avatars_updated_at ON avatars (sender_id, updated_at)")
        }
        migrator.registerMigration(migrationNames[3]) { db in
            try createVersion4(db)
        }
        migrator.registerMigration(migrationNames[4]) { db in
            // Each A/B experiment (its arms' ids, sorted) with its weights and since when they hold.
            try db.execute(
                sql: """
                    CREATE TABLE experiments (
                        arms TEXT NOT NULL PRIMARY KEY,
                        weights TEXT NOT NULL,
                        since INTEGER NOT NULL
                    ) WITHOUT ROWID;
                    """)
        }
        migrator.registerMigration(migrationNames[5]) { db in
            try createVersion6(db)
        }
        migrator.registerMigration(migrationNames[6]) { db in
            // The invitee's first name, for the share message's greeting; erased with the sender's data.
            try db.execute(sql: "ALTER TABLE invites ADD COLUMN invitee_first_name TEXT")
        }
        migrator.registerMigration(migrationNames[7]) { db in
            // The sender's grammatical gender, for Arabic's verbs; erased with the sender's data.
            try db.execute(sql: "ALTER TABLE invites ADD COLUMN sender_gender TEXT")
        }
        migrator.registerMigration(migrationNames[8]) { db in
            try createVersion9(db)
        }
        migrator.registerMigration(migrationNames[9]) { db in
            // Each job keeps the event that made it (a webhook says which), the trigger writes it.
            try db.execute(
                sql: """
                    ALTER TABLE outbound_jobs ADD COLUMN event TEXT;
                    DROP TRIGGER events_make_outbound_jobs;
                    CREATE TRIGGER events_make_outbound_jobs AFTER INSERT ON events
                    WHEN NEW.invite_id IS NOT NULL AND NEW.source = 'server'
                    BEGIN
                        INSERT INTO outbound_jobs (kind, invite_id, event, message_id, state, queued_at, due_at, updated_at)
                        SELECT p.kind, NEW.invite_id, NEW.name, lower(hex(randomblob(16))), 'queued', NEW.at, NEW.at, NEW.at
                        FROM outbound_plan p
                        WHERE p.event = NEW.name AND (p.channel IS NULL OR p.channel = NEW.channel);
                    END;
                    """)
        }
        migrator.registerMigration(migrationNames[10]) { db in
            try createVersion11(db)
        }
        migrator.registerMigration(migrationNames[11]) { db in
            // The addresses that unsubscribed (RFC 8058), each as a keyed hash, never the address.
            try db.execute(
                sql: """
                    CREATE TABLE suppressions (
                        address_hash TEXT NOT NULL PRIMARY KEY,
                        at INTEGER NOT NULL
                    ) WITHOUT ROWID;
                    """)
        }
        return migrator
    }

    /// The sender's notices (seed 003 #13, #49): the sender's address (erased with the sender's
    /// data) and language; an expiry notice is queued only for an invite with an address; a
    /// digest covers a day, made once per sender and day (kept on the sender's first invite
    /// accepted that day); the day's accepted invites are found by an index of the ones with an address.
    private static func createVersion11(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE invites ADD COLUMN sender_email TEXT;
                ALTER TABLE invites ADD COLUMN sender_language TEXT;
                CREATE INDEX invites_accepted_with_sender_email ON invites (accepted_at)
                    WHERE sender_email IS NOT NULL;
                ALTER TABLE outbound_jobs ADD COLUMN covers_until INTEGER;
                ALTER TABLE outbound_jobs ADD COLUMN sender_id TEXT;
                CREATE UNIQUE INDEX outbound_jobs_one_digest ON outbound_jobs (sender_id, covers_until)
                    WHERE kind = 'digest';
                DROP TRIGGER events_make_outbound_jobs;
                CREATE TRIGGER events_make_outbound_jobs AFTER INSERT ON events
                WHEN NEW.invite_id IS NOT NULL AND NEW.source = 'server'
                BEGIN
                    INSERT INTO outbound_jobs (kind, invite_id, event, message_id, state, queued_at, due_at, updated_at)
                    SELECT p.kind, NEW.invite_id, NEW.name, lower(hex(randomblob(16))), 'queued', NEW.at, NEW.at, NEW.at
                    FROM outbound_plan p
                    WHERE p.event = NEW.name AND (p.channel IS NULL OR p.channel = NEW.channel)
                        AND (p.kind <> 'notice' OR EXISTS (
                            SELECT 1 FROM invites i WHERE i.id = NEW.invite_id AND i.sender_email IS NOT NULL));
                END;
                """)
    }

    /// The outbound queue (`OutboundQueue`): the plan of which events make which jobs, the jobs
    /// (no personal data: the recipient is read from the invite when a job is sent), and the
    /// trigger that makes a job in the transaction of the event the plan names, whichever
    /// statement records it. The message id's local part is 16 random bytes in hex.
    private static func createVersion9(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE outbound_plan (
                    event TEXT NOT NULL,
                    channel TEXT,
                    kind TEXT NOT NULL
                );
                CREATE TABLE outbound_jobs (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    kind TEXT NOT NULL,
                    invite_id TEXT NOT NULL REFERENCES invites (id),
                    message_id TEXT NOT NULL,
                    state TEXT NOT NULL,
                    attempts INTEGER NOT NULL DEFAULT 0,
                    queued_at INTEGER NOT NULL,
                    due_at INTEGER NOT NULL,
                    updated_at INTEGER NOT NULL,
                    last_reply TEXT
                );
                CREATE INDEX outbound_jobs_due ON outbound_jobs (due_at) WHERE state IN ('queued', 'sending', 'deferred');
                CREATE INDEX outbound_jobs_by_invite ON outbound_jobs (invite_id, kind, id);
                CREATE TRIGGER events_make_outbound_jobs AFTER INSERT ON events
                WHEN NEW.invite_id IS NOT NULL AND NEW.source = 'server'
                BEGIN
                    INSERT INTO outbound_jobs (kind, invite_id, message_id, state, queued_at, due_at, updated_at)
                    SELECT p.kind, NEW.invite_id, lower(hex(randomblob(16))), 'queued', NEW.at, NEW.at, NEW.at
                    FROM outbound_plan p
                    WHERE p.event = NEW.name AND (p.channel IS NULL OR p.channel = NEW.channel);
                END;
                """)
    }

    /// The app's events join the feed: an event may name no invite (SQLite cannot drop `NOT NULL`,
    /// so the table is rebuilt, its rows and their sequences kept), each says who recorded it,
    /// and the app's carry its own id (unique: a retry records once), version and properties.
    /// The funnel finds the events of a stage by name, and each invite's platform (its install's,
    /// else its first event's that names one) in a column of the invite's row, filled from what
    /// is there: not one of `InviteColumn.all`, since no record carries it (the statements name
    /// their columns, so it stays out of their way).
    private static func createVersion6(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE events_rebuilt (
                    sequence INTEGER PRIMARY KEY AUTOINCREMENT,
                    name TEXT NOT NULL,
                    source TEXT NOT NULL DEFAULT 'server',
                    invite_id TEXT REFERENCES invites (id),
                    code TEXT,
                    sender_id TEXT,
                    context TEXT,
                    channel TEXT,
                    at INTEGER NOT NULL,
                    platform TEXT,
                    method TEXT,
                    client_event_id TEXT,
                    app_version TEXT,
                    properties TEXT
                );
                INSERT INTO events_rebuilt (sequence, name, invite_id, code, sender_id, context, channel, at, platform, method)
                    SELECT sequence, name, invite_id, code, sender_id, context, channel, at, platform, method FROM events;
                DELETE FROM sqlite_sequence WHERE name = 'events_rebuilt';
                INSERT INTO sqlite_sequence (name, seq)
                    SELECT 'events_rebuilt', seq FROM sqlite_sequence WHERE name = 'events';
                DROP TABLE events;
                ALTER TABLE events_rebuilt RENAME TO events;
                CREATE INDEX events_by_invite ON events (invite_id);
                CREATE UNIQUE INDEX events_by_client_id ON events (client_event_id) WHERE client_event_id IS NOT NULL;
                CREATE INDEX events_by_name ON events (name, invite_id);

                ALTER TABLE invites ADD COLUMN platform TEXT;
                UPDATE invites SET platform = (SELECT x.platform FROM installs x WHERE x.invite_id = invites.id);
                UPDATE invites SET platform = (
                    SELECT e.platform FROM events e WHERE e.invite_id = invites.id AND e.platform IS NOT NULL
                    ORDER BY e.sequence LIMIT 1
                ) WHERE platform IS NULL;
                """)
    }

    /// The install hand-off: store clicks (a keyed client hash, never an address; claimed by at
    /// most one install), one install per invite, the Android waiting list, and the platform and
    /// method of the events that have them.
    private static func createVersion4(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE events ADD COLUMN platform TEXT;
                ALTER TABLE events ADD COLUMN method TEXT;

                CREATE TABLE store_clicks (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    invite_id TEXT NOT NULL REFERENCES invites (id),
                    platform TEXT NOT NULL,
                    client_hash TEXT NOT NULL,
                    at INTEGER NOT NULL,
                    claimed_at INTEGER
                );
                CREATE INDEX store_clicks_unclaimed ON store_clicks (client_hash, platform, at)
                    WHERE claimed_at IS NULL;
                CREATE INDEX store_clicks_unclaimed_by_invite ON store_clicks (invite_id) WHERE claimed_at IS NULL;
                CREATE INDEX store_clicks_by_time ON store_clicks (at);

                CREATE TABLE installs (
                    invite_id TEXT NOT NULL PRIMARY KEY REFERENCES invites (id),
                    platform TEXT NOT NULL,
                    method TEXT NOT NULL,
                    at INTEGER NOT NULL
                ) WITHOUT ROWID;

                CREATE TABLE waitlist (
                    address TEXT NOT NULL PRIMARY KEY,
                    locale TEXT NOT NULL,
                    consent TEXT NOT NULL,
                    at INTEGER NOT NULL
                ) WITHOUT ROWID;
                """)
    }

    /// Invites as columns (dates are integer milliseconds since 1970 UTC), the idempotency keys
    /// scoped by sender, and the event feed keyed by its sequence.
    private static func createVersion1(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE invites (
                    id TEXT NOT NULL PRIMARY KEY,
                    code TEXT NOT NULL,
                    sender_id TEXT NOT NULL,
                    context TEXT NOT NULL,
                    context_id TEXT,
                    channel TEXT NOT NULL,
                    status TEXT NOT NULL,
                    invitee_id TEXT,
                    created_at INTEGER NOT NULL,
                    sent_at INTEGER,
                    resent_at INTEGER,
                    opened_at INTEGER,
                    accepted_at INTEGER,
                    cancelled_at INTEGER,
                    expires_at INTEGER NOT NULL,
                    sender_first_name TEXT,
                    recipient TEXT,
                    locale TEXT,
                    variant TEXT,
                    context_title TEXT
                );
                CREATE UNIQUE INDEX invites_by_code ON invites (code);
                CREATE INDEX invites_by_sender ON invites (sender_id, created_at, code);
                CREATE INDEX invites_open_by_expiry ON invites (expires_at)
                    WHERE status IN ('created', 'sent', 'opened');

                CREATE TABLE idempotency_keys (
                    sender_id TEXT NOT NULL,
                    key TEXT NOT NULL,
                    request_hash TEXT,
                    invite_id TEXT NOT NULL REFERENCES invites (id),
                    created_at INTEGER NOT NULL,
                    PRIMARY KEY (sender_id, key)
                ) WITHOUT ROWID;

                CREATE TABLE events (
                    sequence INTEGER PRIMARY KEY AUTOINCREMENT,
                    name TEXT NOT NULL,
                    invite_id TEXT NOT NULL REFERENCES invites (id),
                    code TEXT NOT NULL,
                    sender_id TEXT NOT NULL,
                    context TEXT NOT NULL,
                    channel TEXT NOT NULL,
                    at INTEGER NOT NULL
                );
                CREATE INDEX events_by_invite ON events (invite_id);
                """)
    }
}
