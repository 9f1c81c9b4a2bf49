import PostgresNIO

/// The transaction-level advisory locks the store takes (`pg_advisory_xact_lock`), released by
/// the commit or rollback of the transaction that took them. Keys are pairs of 32-bit integers:
/// the first names what is locked, so they do not collide with another application's locks on
/// the same database.
enum AdvisoryLock {
    /// Held while the schema is migrated, so instances starting at once migrate one at a time.
    static let migrations: PostgresQuery = "SELECT pg_advisory_xact_lock(1650549582, 1)"

    /// Held while committed events are given their sequence numbers, so numbering transactions
    /// run one at a time (see `EventNumbering`).
    static let events: PostgresQuery = "SELECT pg_advisory_xact_lock(1650549582, 2)"

    /// Held by a create, keyed by the sender (a hash of their id: two senders may share a key,
    /// which only makes them wait for each other), so their rate limit and idempotency keys are
    /// checked and written by one transaction at a time.
    static func sender(_ senderID: String) -> PostgresQuery {
        "SELECT pg_advisory_xact_lock(1650549583, hashtext(\(senderID)))"
    }
}
