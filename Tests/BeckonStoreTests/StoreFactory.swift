import BeckonStore
import BeckonStorePostgres
import BeckonStoreSQLite
import BeckonTestSupport
import Testing

/// One way to open an empty store. The contract suites run every test against each factory in
/// `all`: SQLite on a file and in memory, and PostgreSQL where it is installed (where it is not,
/// `PostgresStoreTests` reports itself skipped with the reason, so the gap shows).
struct StoreFactory: Sendable, CustomTestStringConvertible {
    var testDescription: String
    var open: @Sendable () async throws -> OpenedStore

    static let all: [StoreFactory] = [sqliteFile, sqliteMemory] + (PostgresCluster.isInstalled ? [postgres] : [])

    /// SQLite in WAL mode on a file in a fresh temporary folder.
    static let sqliteFile = StoreFactory(testDescription: "SQLite file") {
        let folder = TemporaryDirectory()
        let store = try SQLiteInviteStore(path: folder.path("invites.sqlite").path)
        return OpenedStore(store: store, folder: folder)
    }

    /// SQLite in memory.
    static let sqliteMemory = StoreFactory(testDescription: "SQLite in memory") {
        OpenedStore(store: try SQLiteInviteStore.inMemory(), folder: nil)
    }

    /// PostgreSQL: a new database on the test process's cluster, keeping links' lookups as
    /// `beckon serve` does.
    static let postgres = StoreFactory(testDescription: "PostgreSQL") {
        let url = try await PostgresCluster.shared.get().makeDatabase()
        let store = try await PostgresInviteStore(url: url, maximumConnections: 10, linkCacheLifetime: .seconds(10))
        return OpenedStore(store: store, folder: nil)
    }
}

/// A store and the temporary folder that must outlive it.
struct OpenedStore: Sendable {
    var store: any InviteStore
    var folder: TemporaryDirectory?
}

/// Runs `body` with a fresh store from `factory`, keeping its folder until `body` returns.
func withStore(
    _ factory: StoreFactory, _ body: (any InviteStore) async throws -> Void
) async throws {
    let opened = try await factory.open()
    try await body(opened.store)
    withExtendedLifetime(opened) {}
}
