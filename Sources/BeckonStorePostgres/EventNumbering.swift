import PostgresNIO

/// Gives committed events their sequence numbers, in the order they were written, when the feed
/// is read.
///
/// Numbers drawn at the insert would be committed in any order: a transaction holding 10 could
/// commit after one holding 11, and a reader that had read 11 would never see 10. Numbering at the
/// read avoids that without making writers wait for one another. A numbering transaction takes the
/// events lock, then numbers the events it sees committed and unnumbered from the highest number
/// so far, by `id`; it commits before the lock is released, so the next one starts above it. Each
/// commit makes a whole run of numbers visible at once, above every number visible before: a
/// reader that has seen `n` never later finds a new event below `n`.
enum EventNumbering {
    /// The most events one numbering transaction numbers; a reader asks for at most a page.
    static let batch = 10_000

    /// Whether any committed event waits for its number.
    static let pending: PostgresQuery = "SELECT EXISTS (SELECT 1 FROM events WHERE sequence IS NULL) AS pending"

    /// Numbers up to `batch` waiting events, in the order of their ids.
    static let number: PostgresQuery = """
        UPDATE events SET sequence = numbered.sequence
        FROM (
            SELECT id, (SELECT COALESCE(MAX(sequence), 0) FROM events)
                + row_number() OVER (ORDER BY id) AS sequence
            FROM (SELECT id FROM events WHERE sequence IS NULL ORDER BY id LIMIT \(batch)) AS waiting
        ) AS numbered
        WHERE events.id = numbered.id
        """
}
