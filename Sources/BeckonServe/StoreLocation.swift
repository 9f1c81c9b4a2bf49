import BeckonStore
import BeckonStorePostgres
import BeckonStoreSQLite
import Foundation

/// Where a site's invite store is, as `--database` names it: a SQLite file, a PostgreSQL URL, or
/// nothing for `.beckon/invites.sqlite` in the site's folder (`StateFolder`). `beckon serve` and
/// the commands that read what it keeps (`beckon waitlist`) open it alike.
public struct StoreLocation: Sendable {
    /// `--database`, or `nil` for the site's own file.
    public var database: String?
    /// The site's folder.
    public var siteFolder: URL

    public init(database: String?, siteFolder: URL) {
        self.database = database
        self.siteFolder = siteFolder
    }

    /// Whether `database` names a PostgreSQL server rather than a SQLite file.
    public var isPostgres: Bool {
        guard let database else { return false }
        return database.hasPrefix("postgres://") || database.hasPrefix("postgresql://")
    }

    /// A SQLite store, or PostgreSQL with one connection (for a command that reads and leaves);
    /// `close` it when done.
    public func open() async throws(ServeSetupError) -> any InviteStore {
        do {
            guard let database else { return try SQLiteInviteStore(path: try defaultFile().path) }
            guard isPostgres else { return try SQLiteInviteStore(path: database) }
            return try await PostgresInviteStore(url: database, maximumConnections: 1)
        } catch {
            throw ServeSetupError("serve.store", "cannot open the invite store: \(error)", fix: fix)
        }
    }

    /// The site's own file, in its `.beckon/` (made when missing).
    func defaultFile() throws -> URL {
        try StateFolder.prepare(in: siteFolder).appendingPathComponent(StateFolder.databaseName)
    }

    /// What to check when the store does not open.
    var fix: String {
        isPostgres
            ? "Check that PostgreSQL answers at that address and the user may create tables in the database."
            : database == nil
                ? "Check that the site's folder is writable (the store goes in its `.beckon/`), or give a file with `--database`."
                : "Check that the folder exists and is writable, or give another file with `--database`."
    }

    /// Closes a store `open` gave (PostgreSQL's connections; SQLite closes when released).
    public static func close(_ store: any InviteStore) async {
        await (store as? PostgresInviteStore)?.close()
    }
}
