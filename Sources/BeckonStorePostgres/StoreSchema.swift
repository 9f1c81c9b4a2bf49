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
        Migration(name: "v4-create-invite-function", statements: version4),
        Migration(name: "v5-change-notifications", statements: version5),
        Migration(name: "v6-create-invite-takes-a-row", statements: version6),
        Migration(name: "v7-store-clicks-installs-waitlist", statements: version7),
        Migration(name: "v8-experiments", statements: version8),
        Migration(name: "v9-app-events", statements: version9),
        Migration(name: "v10-create-invite-unique-recipient", statements: version10),
        Migration(name: "v11-invitee-first-name", statements: version11),
        Migration(name: "v12-sender-gender", statements: version12),
        Migration(name: "v13-outbound-queue", statements: version13),
        Migration(name: "v14-outbound-events", statements: version14),
        Migration(name: "v15-sender-notices", statements: version15),
        Migration(name: "v16-suppressions", statements: version16),
    ]

    /// The addresses that unsubscribed (RFC 8058), each as a keyed hash, never the address.
    private static let version16: [PostgresQuery] = [
        "CREATE TABLE suppressions (address_hash TEXT COLLATE \"C\" NOT NULL PRIMARY KEY, at BIGINT NOT NULL)"
    ]

    /// The sender's notices (seed 003 #13, #49): the sender's address (erased with the sender's
    /// data) and language; an expiry notice is queued only for an invite with an address; a
    /// digest covers a day, made once per sender and day (on the sender's first invite accepted
    /// that day); the day's accepted invites are found by an index of the ones with an address.
    /// `beckon_create_invite` takes the invite as a row of the table, so it takes the new columns as is.
    private static let version15: [PostgresQuery] = [
        "ALTER TABLE invites ADD COLUMN sender_email TEXT",
        "ALTER TABLE invites ADD COLUMN sender_language TEXT",
        "CREATE INDEX invites_accepted_with_sender_email ON invites (accepted_at) WHERE sender_email IS NOT NULL",
        "ALTER TABLE outbound_jobs ADD COLUMN covers_until BIGINT",
        "ALTER TABLE outbound_jobs ADD COLUMN sender_id TEXT",
        """
        CREATE UNIQUE INDEX outbound_jobs_one_digest ON outbound_jobs (sender_id, covers_until)
        WHERE kind = 'digest'
        """,
        """
        CREATE OR REPLACE FUNCTION beckon_make_outbound_jobs() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            INSERT INTO outbound_jobs (kind, invite_id, event, message_id, state, queued_at, due_at, updated_at)
            SELECT p.kind, NEW.invite_id, NEW.name, replace(gen_random_uuid()::TEXT, '-', ''), 'queued', NEW.at,
                NEW.at, NEW.at
            FROM outbound_plan p
            WHERE p.event = NEW.name AND (p.channel IS NULL OR p.channel = NEW.channel)
                AND (p.kind <> 'notice' OR EXISTS (
                    SELECT 1 FROM invites i WHERE i.id = NEW.invite_id AND i.sender_email IS NOT NULL));
            RETURN NULL;
        END
        $$
        """,
    ]

    /// Each job keeps the event that made it (a webhook says which); the trigger's function writes it.
    private static let version14: [PostgresQuery] = [
        "ALTER TABLE outbound_jobs ADD COLUMN event TEXT",
        """
        CREATE OR REPLACE FUNCTION beckon_make_outbound_jobs() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            INSERT INTO outbound_jobs (kind, invite_id, event, message_id, state, queued_at, due_at, updated_at)
            SELECT p.kind, NEW.invite_id, NEW.name, replace(gen_random_uuid()::TEXT, '-', ''), 'queued', NEW.at,
                NEW.at, NEW.at
            FROM outbound_plan p
            WHERE p.event = NEW.name AND (p.channel IS NULL OR p.channel = NEW.channel);
            RETURN NULL;
        END
        $$
        """,
    ]

    /// The outbound queue (`OutboundQueue`): the plan of which events make which jobs, the jobs
    /// (no personal data: the recipient is read from the invite when a job is sent), and the
    /// trigger that makes a job in the transaction of the event the plan names, whichever
    /// statement records it (`beckon_create_invite` too). The message id's local part is a random
    /// UUID's 32 hex digits.
    private static let version13: [PostgresQuery] = [
        "CREATE TABLE outbound_plan (event TEXT NOT NULL, channel TEXT, kind TEXT NOT NULL)",
        """
        CREATE TABLE outbound_jobs (
            id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            kind TEXT NOT NULL,
            invite_id UUID NOT NULL REFERENCES invites (id),
            message_id TEXT NOT NULL,
            state TEXT NOT NULL,
            attempts INTEGER NOT NULL DEFAULT 0,
            queued_at BIGINT NOT NULL,
            due_at BIGINT NOT NULL,
            updated_at BIGINT NOT NULL,
            last_reply TEXT
        )
        """,
        "CREATE INDEX outbound_jobs_due ON outbound_jobs (due_at) WHERE state IN ('queued', 'sending', 'deferred')",
        "CREATE INDEX outbound_jobs_by_invite ON outbound_jobs (invite_id, kind, id)",
        """
        CREATE FUNCTION beckon_make_outbound_jobs() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            INSERT INTO outbound_jobs (kind, invite_id, message_id, state, queued_at, due_at, updated_at)
            SELECT p.kind, NEW.invite_id, replace(gen_random_uuid()::TEXT, '-', ''), 'queued', NEW.at, NEW.at, NEW.at
            FROM outbound_plan p
            WHERE p.event = NEW.name AND (p.channel IS NULL OR p.channel = NEW.channel);
            RETURN NULL;
        END
        $$
        """,
        """
        CREATE TRIGGER events_make_outbound_jobs AFTER INSERT ON events
        FOR EACH ROW WHEN (NEW.invite_id IS NOT NULL AND NEW.source = 'server')
        EXECUTE FUNCTION beckon_make_outbound_jobs()
        """,
    ]

    /// The sender's grammatical gender, for Arabic's verbs; erased with the sender's data.
    private static let version12: [PostgresQuery] = ["ALTER TABLE invites ADD COLUMN sender_gender TEXT"]

    /// The invitee's first name, for the share message's greeting; erased with the sender's data.
    /// `beckon_create_invite` takes the invite as a row of the table, so it takes the new column as is.
    private static let version11: [PostgresQuery] = ["ALTER TABLE invites ADD COLUMN invitee_first_name TEXT"]

    /// A create that may refuse a recipient the sender has a pending invite for
    /// (`invites.uniqueRecipient`, seed 003 #3): `beckon_create_invite` with one more argument,
    /// checked under the sender's lock after the idempotency key (a retry gets its invite back)
    /// and before the limit; `recipient_pending` names the pending invite. The function of
    /// version 6 stays for instances of the earlier release during an upgrade.
    private static let version10: [PostgresQuery] = [
        """
        CREATE FUNCTION beckon_create_invite(
            p_invite invites, p_key TEXT, p_request_hash TEXT, p_limit BIGINT, p_window_start BIGINT,
            p_unique_recipient BOOLEAN
        ) RETURNS TABLE (result_kind TEXT, result_invite UUID, result_oldest BIGINT)
        LANGUAGE plpgsql VOLATILE AS $$
        DECLARE
            previous_hash TEXT;
            previous_invite UUID;
            counted BIGINT;
            oldest BIGINT;
        BEGIN
            PERFORM pg_advisory_xact_lock(1650549583, hashtext(p_invite.sender_id));
            IF p_key IS NOT NULL THEN
                SELECT k.request_hash, k.invite_id INTO previous_hash, previous_invite
                FROM idempotency_keys k WHERE k.sender_id = p_invite.sender_id AND k.key = p_key;
                IF FOUND THEN
                    IF previous_hash IS NOT DISTINCT FROM p_request_hash THEN
                        RETURN QUERY SELECT 'replayed'::TEXT, previous_invite, NULL::BIGINT;
                    ELSE
                        RETURN QUERY SELECT 'key_reused'::TEXT, NULL::UUID, NULL::BIGINT;
                    END IF;
                    RETURN;
                END IF;
            END IF;
            IF p_unique_recipient AND p_invite.recipient IS NOT NULL THEN
                SELECT i.id INTO previous_invite FROM invites i
                WHERE i.sender_id = p_invite.sender_id AND lower(i.recipient) = lower(p_invite.recipient)
                    AND i.status IN ('created', 'sent', 'opened') AND i.expires_at > p_invite.created_at
                ORDER BY i.created_at DESC LIMIT 1;
                IF FOUND THEN
                    RETURN QUERY SELECT 'recipient_pending'::TEXT, previous_invite, NULL::BIGINT;
                    RETURN;
                END IF;
            END IF;
            IF p_limit <= 0 THEN
                RETURN QUERY SELECT 'limited'::TEXT, NULL::UUID, NULL::BIGINT;
                RETURN;
            END IF;
            SELECT COUNT(*) INTO counted FROM invites i
            WHERE i.sender_id = p_invite.sender_id AND i.created_at > p_window_start;
            IF counted >= p_limit THEN
                SELECT i.created_at INTO oldest FROM invites i
                WHERE i.sender_id = p_invite.sender_id AND i.created_at > p_window_start
                ORDER BY i.created_at LIMIT 1 OFFSET counted - p_limit;
                RETURN QUERY SELECT 'limited'::TEXT, NULL::UUID, oldest;
                RETURN;
            END IF;
            INSERT INTO invites SELECT (p_invite).* ON CONFLICT (code) DO NOTHING;
            IF NOT FOUND THEN
                RETURN QUERY SELECT 'code_taken'::TEXT, NULL::UUID, NULL::BIGINT;
                RETURN;
            END IF;
            INSERT INTO events (name, invite_id, code, sender_id, context, channel, at)
            VALUES (
                'invite_created', p_invite.id, p_invite.code, p_invite.sender_id, p_invite.context,
                p_invite.channel, p_invite.created_at);
            IF p_key IS NOT NULL THEN
                INSERT INTO idempotency_keys (sender_id, key, request_hash, invite_id, created_at)
                VALUES (p_invite.sender_id, p_key, p_request_hash, p_invite.id, p_invite.created_at);
            END IF;
            RETURN QUERY SELECT 'created'::TEXT, p_invite.id, NULL::BIGINT;
        END
        $$
        """
    ]

    /// The app's events join the feed: an event may name no invite, each says who recorded it,
    /// and the app's carry its own id (unique: a retry records once), version and properties.
    /// The funnel finds the events of a stage by name, and each invite's platform (its install's,
    /// else its first event's that names one) in a table of its own, filled from what is there.
    private static let version9: [PostgresQuery] = [
        "ALTER TABLE events ALTER COLUMN invite_id DROP NOT NULL",
        "ALTER TABLE events ALTER COLUMN code DROP NOT NULL",
        "ALTER TABLE events ALTER COLUMN sender_id DROP NOT NULL",
        "ALTER TABLE events ALTER COLUMN context DROP NOT NULL",
        "ALTER TABLE events ALTER COLUMN channel DROP NOT NULL",
        "ALTER TABLE events ADD COLUMN source TEXT NOT NULL DEFAULT 'server'",
        "ALTER TABLE events ADD COLUMN client_event_id TEXT COLLATE \"C\"",
        "ALTER TABLE events ADD COLUMN app_version TEXT",
        "ALTER TABLE events ADD COLUMN properties TEXT",
        "CREATE UNIQUE INDEX events_by_client_id ON events (client_event_id) WHERE client_event_id IS NOT NULL",
        "CREATE INDEX events_by_name ON events (name, invite_id)",
        """
        CREATE TABLE invite_platforms (
            invite_id UUID NOT NULL PRIMARY KEY REFERENCES invites (id),
            platform TEXT NOT NULL
        )
        """,
        "INSERT INTO invite_platforms (invite_id, platform) SELECT invite_id, platform FROM installs",
        """
        INSERT INTO invite_platforms (invite_id, platform)
        SELECT DISTINCT ON (invite_id) invite_id, platform FROM events
        WHERE platform IS NOT NULL AND invite_id IS NOT NULL ORDER BY invite_id, id
        ON CONFLICT (invite_id) DO NOTHING
        """,
    ]

    /// Each A/B experiment (its arms' ids, sorted) with its weights and since when they hold.
    private static let version8: [PostgresQuery] = [
        """
        CREATE TABLE experiments (
            arms TEXT COLLATE "C" NOT NULL PRIMARY KEY,
            weights TEXT NOT NULL,
            since BIGINT NOT NULL
        )
        """
    ]

    /// The install hand-off: store clicks (a keyed client hash, never an address; claimed by at
    /// most one install), one install per invite, the Android waiting list, and the platform and
    /// method of the events that have them.
    private static let version7: [PostgresQuery] = [
        "ALTER TABLE events ADD COLUMN platform TEXT",
        "ALTER TABLE events ADD COLUMN method TEXT",
        """
        CREATE TABLE store_clicks (
            id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            invite_id UUID NOT NULL REFERENCES invites (id),
            platform TEXT NOT NULL,
            client_hash TEXT COLLATE "C" NOT NULL,
            at BIGINT NOT NULL,
            claimed_at BIGINT
        )
        """,
        """
        CREATE INDEX store_clicks_unclaimed ON store_clicks (client_hash, platform, at)
        WHERE claimed_at IS NULL
        """,
        "CREATE INDEX store_clicks_unclaimed_by_invite ON store_clicks (invite_id) WHERE claimed_at IS NULL",
        "CREATE INDEX store_clicks_by_time ON store_clicks (at)",
        """
        CREATE TABLE installs (
            invite_id UUID NOT NULL PRIMARY KEY REFERENCES invites (id),
            platform TEXT NOT NULL,
            method TEXT NOT NULL,
            at BIGINT NOT NULL
        )
        """,
        """
        CREATE TABLE waitlist (
            address TEXT COLLATE "C" NOT NULL PRIMARY KEY,
            locale TEXT NOT NULL,
            consent TEXT NOT NULL,
            at BIGINT NOT NULL
        )
        """,
    ]

    /// `beckon_create_invite` takes the new invite as one row of `invites` (`CreateInvite` builds
    /// it from `InviteColumn.all`) instead of a parameter per column, and inserts it whole: the
    /// function names only the columns it decides with, so a column added to the table needs no
    /// new function. The decisions, their order and their answers are v4's. v4's function is kept
    /// beside it (the two differ in their parameters), so an instance of the previous version still
    /// creates invites while a rolling deploy replaces it.
    private static let version6: [PostgresQuery] = [
        """
        CREATE FUNCTION beckon_create_invite(
            p_invite invites, p_key TEXT, p_request_hash TEXT, p_limit BIGINT, p_window_start BIGINT
        ) RETURNS TABLE (result_kind TEXT, result_invite UUID, result_oldest BIGINT)
        LANGUAGE plpgsql VOLATILE AS $$
        DECLARE
            previous_hash TEXT;
            previous_invite UUID;
            counted BIGINT;
            oldest BIGINT;
        BEGIN
            PERFORM pg_advisory_xact_lock(1650549583, hashtext(p_invite.sender_id));
            IF p_key IS NOT NULL THEN
                SELECT k.request_hash, k.invite_id INTO previous_hash, previous_invite
                FROM idempotency_keys k WHERE k.sender_id = p_invite.sender_id AND k.key = p_key;
                IF FOUND THEN
                    IF previous_hash IS NOT DISTINCT FROM p_request_hash THEN
                        RETURN QUERY SELECT 'replayed'::TEXT, previous_invite, NULL::BIGINT;
                    ELSE
                        RETURN QUERY SELECT 'key_reused'::TEXT, NULL::UUID, NULL::BIGINT;
                    END IF;
                    RETURN;
                END IF;
            END IF;
            IF p_limit <= 0 THEN
                RETURN QUERY SELECT 'limited'::TEXT, NULL::UUID, NULL::BIGINT;
                RETURN;
            END IF;
            SELECT COUNT(*) INTO counted FROM invites i
            WHERE i.sender_id = p_invite.sender_id AND i.created_at > p_window_start;
            IF counted >= p_limit THEN
                SELECT i.created_at INTO oldest FROM invites i
                WHERE i.sender_id = p_invite.sender_id AND i.created_at > p_window_start
                ORDER BY i.created_at LIMIT 1 OFFSET counted - p_limit;
                RETURN QUERY SELECT 'limited'::TEXT, NULL::UUID, oldest;
                RETURN;
            END IF;
            INSERT INTO invites SELECT (p_invite).* ON CONFLICT (code) DO NOTHING;
            IF NOT FOUND THEN
                RETURN QUERY SELECT 'code_taken'::TEXT, NULL::UUID, NULL::BIGINT;
                RETURN;
            END IF;
            INSERT INTO events (name, invite_id, code, sender_id, context, channel, at)
            VALUES (
                'invite_created', p_invite.id, p_invite.code, p_invite.sender_id, p_invite.context,
                p_invite.channel, p_invite.created_at);
            IF p_key IS NOT NULL THEN
                INSERT INTO idempotency_keys (sender_id, key, request_hash, invite_id, created_at)
                VALUES (p_invite.sender_id, p_key, p_request_hash, p_invite.id, p_invite.created_at);
            END IF;
            RETURN QUERY SELECT 'created'::TEXT, p_invite.id, NULL::BIGINT;
        END
        $$
        """
    ]

    /// Every change of an invite or a sender's picture notifies `ChangeListener.channel` at its
    /// commit, with the payload `LinkLookupCache.changed(_:)` reads: `i` and the invite's code, `a`
    /// and the sender's id (or `*`, any invite, for an id too long for a notification), and `*` for
    /// a `TRUNCATE` of either table. Instances
    /// keeping the invites their links looked up drop what changed.
    private static let version5: [PostgresQuery] = [
        """
        CREATE FUNCTION beckon_notify_invite_changed() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            PERFORM pg_notify('beckon_changes', 'i' || OLD.code);
            RETURN NULL;
        END
        $$
        """,
        """
        CREATE TRIGGER invites_notify_changed AFTER UPDATE OR DELETE ON invites
        FOR EACH ROW EXECUTE FUNCTION beckon_notify_invite_changed()
        """,
        """
        CREATE FUNCTION beckon_notify_avatar_changed() RETURNS trigger LANGUAGE plpgsql AS $$
        DECLARE
            sender TEXT := CASE WHEN TG_OP = 'DELETE' THEN OLD.sender_id ELSE NEW.sender_id END;
        BEGIN
            PERFORM pg_notify(
                'beckon_changes', CASE WHEN octet_length(sender) <= 7000 THEN 'a' || sender ELSE '*' END);
            RETURN NULL;
        END
        $$
        """,
        """
        CREATE TRIGGER avatars_notify_changed AFTER INSERT OR UPDATE OR DELETE ON avatars
        FOR EACH ROW EXECUTE FUNCTION beckon_notify_avatar_changed()
        """,
        """
        CREATE FUNCTION beckon_notify_all_changed() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            PERFORM pg_notify('beckon_changes', '*');
            RETURN NULL;
        END
        $$
        """,
        """
        CREATE TRIGGER invites_notify_truncated AFTER TRUNCATE ON invites
        FOR EACH STATEMENT EXECUTE FUNCTION beckon_notify_all_changed()
        """,
        """
        CREATE TRIGGER avatars_notify_truncated AFTER TRUNCATE ON avatars
        FOR EACH STATEMENT EXECUTE FUNCTION beckon_notify_all_changed()
        """,
    ]

    /// A create as one statement (`CreateInvite`): the sender's lock, the idempotency key, the
    /// rate limit and the inserts in a function, so that a create is one round trip and one
    /// transaction instead of one per statement. Each statement in the function reads a new
    /// snapshot (it is `VOLATILE`), so the count after the lock sees every create that committed
    /// while this one waited for it.
    private static let version4: [PostgresQuery] = [
        """
        CREATE FUNCTION beckon_create_invite(
            p_id UUID, p_code TEXT, p_sender_id TEXT, p_context TEXT, p_context_id TEXT, p_channel TEXT,
            p_status TEXT, p_invitee_id TEXT, p_created_at BIGINT, p_sent_at BIGINT, p_resent_at BIGINT,
            p_opened_at BIGINT, p_accepted_at BIGINT, p_cancelled_at BIGINT, p_expires_at BIGINT,
            p_sender_first_name TEXT, p_recipient TEXT, p_locale TEXT, p_variant TEXT, p_context_title TEXT,
            p_key TEXT, p_request_hash TEXT, p_limit BIGINT, p_window_start BIGINT
        ) RETURNS TABLE (result_kind TEXT, result_invite UUID, result_oldest BIGINT)
        LANGUAGE plpgsql VOLATILE AS $$
        DECLARE
            previous_hash TEXT;
            previous_invite UUID;
            counted BIGINT;
            oldest BIGINT;
        BEGIN
            PERFORM pg_advisory_xact_lock(1650549583, hashtext(p_sender_id));
            IF p_key IS NOT NULL THEN
                SELECT k.request_hash, k.invite_id INTO previous_hash, previous_invite
                FROM idempotency_keys k WHERE k.sender_id = p_sender_id AND k.key = p_key;
                IF FOUND THEN
                    IF previous_hash IS NOT DISTINCT FROM p_request_hash THEN
                        RETURN QUERY SELECT 'replayed'::TEXT, previous_invite, NULL::BIGINT;
                    ELSE
                        RETURN QUERY SELECT 'key_reused'::TEXT, NULL::UUID, NULL::BIGINT;
                    END IF;
                    RETURN;
                END IF;
            END IF;
            IF p_limit <= 0 THEN
                RETURN QUERY SELECT 'limited'::TEXT, NULL::UUID, NULL::BIGINT;
                RETURN;
            END IF;
            SELECT COUNT(*) INTO counted FROM invites i
            WHERE i.sender_id = p_sender_id AND i.created_at > p_window_start;
            IF counted >= p_limit THEN
                SELECT i.created_at INTO oldest FROM invites i
                WHERE i.sender_id = p_sender_id AND i.created_at > p_window_start
                ORDER BY i.created_at LIMIT 1 OFFSET counted - p_limit;
                RETURN QUERY SELECT 'limited'::TEXT, NULL::UUID, oldest;
                RETURN;
            END IF;
            INSERT INTO invites (
                id, code, sender_id, context, context_id, channel, status, invitee_id, created_at, sent_at,
                resent_at, opened_at, accepted_at, cancelled_at, expires_at, sender_first_name, recipient,
                locale, variant, context_title
            ) VALUES (
                p_id, p_code, p_sender_id, p_context, p_context_id, p_channel, p_status, p_invitee_id,
                p_created_at, p_sent_at, p_resent_at, p_opened_at, p_accepted_at, p_cancelled_at, p_expires_at,
                p_sender_first_name, p_recipient, p_locale, p_variant, p_context_title
            ) ON CONFLICT (code) DO NOTHING;
            IF NOT FOUND THEN
                RETURN QUERY SELECT 'code_taken'::TEXT, NULL::UUID, NULL::BIGINT;
                RETURN;
            END IF;
            INSERT INTO events (name, invite_id, code, sender_id, context, channel, at)
            VALUES ('invite_created', p_id, p_code, p_sender_id, p_context, p_channel, p_created_at);
            IF p_key IS NOT NULL THEN
                INSERT INTO idempotency_keys (sender_id, key, request_hash, invite_id, created_at)
                VALUES (p_sender_id, p_key, p_request_hash, p_id, p_created_at);
            END IF;
            RETURN QUERY SELECT 'created'::TEXT, p_id, NULL::BIGINT;
        END
        $$
        """
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
