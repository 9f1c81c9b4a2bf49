import BeckonStore
import BeckonStorePostgres
import BeckonTestSupport
import Foundation
import InviteModel
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The PostgreSQL store's errors name the operation and PostgreSQL's code, never a value, a
/// host, a user or a password.
@Suite(.enabled(if: PostgresCluster.isInstalled, "postgresql is not installed: make test-deps installs it"))
struct PostgresErrorTests {
    /// The message of the `StoreError` opening a store at `url` throws.
    static func openingError(_ url: String) async -> String? {
        do {
            let store = try await PostgresInviteStore(url: url)
            await store.close()
            return nil
        } catch {
            guard case .unavailable(let message) = error else { return nil }
            return message
        }
    }

    @Test(arguments: [
        ("mysql://maya:secret-pw@db.example/invites", "it must start with postgres:// or postgresql://"),
        ("postgres://maya:secret-pw@/invites", "it names no host"),
        ("postgres://db.example/invites", "it names no user"),
        ("postgres://maya:secret-pw@db.example", "its path must be one database name"),
        (
            "postgres://maya:secret-pw@db.example/invites?sslmode=maybe",
            "its sslmode must be disable, allow, prefer, require, verify-ca or verify-full"
        ),
        ("postgres://maya:secret-pw@db.example/invites?password=x", "it has a parameter other than sslmode"),
    ])
    func anInvalidURLIsNamedWithoutItsParts(_ url: String, _ reason: String) async {
        #expect(await Self.openingError(url) == "the PostgreSQL database URL is invalid: \(reason)")
    }

    @Test func aWrongPasswordIsRefusedWithoutNamingIt() async throws {
        let cluster = try PostgresCluster.shared.get()
        let name = try await cluster.makeDatabaseNamed()
        let message = await Self.openingError(cluster.url(database: name, password: "wrong-maya-pw"))
        #expect(message == "opening the invite database failed: PostgreSQL error 28P01")
    }

    @Test func aServerThatDoesNotAnswerFailsWithoutNamingItsAddress() async throws {
        // A loopback port held by a socket that is bound but never listens, so nothing else can
        // take it while the test runs and every connection to it is refused.
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0
            }
        }
        try #require(bound)
        let port = Int(UInt16(bigEndian: address.sin_port))
        let url = "postgres://beckon:secret-pw@127.0.0.1:\(port)/invites?sslmode=disable"
        let message = try #require(await Self.openingError(url))
        #expect(message.hasPrefix("opening the invite database failed"))
        #expect(!message.contains("127.0.0.1") && !message.contains("secret") && !message.contains("beckon"))
    }

    @Test func anUnreadableValueNamesItsColumnOnly() async throws {
        let cluster = try PostgresCluster.shared.get()
        let name = try await cluster.makeDatabaseNamed()
        let store = try await PostgresInviteStore(url: cluster.url(database: name), maximumConnections: 2)
        let record = try await Fixture.create(Fixture.record(), in: store)
        try await cluster.administer(
            "UPDATE invites SET status = '+4915123456789' WHERE code = \(record.invite.code.rawValue)",
            database: name)
        await #expect(
            throws: StoreError.unavailable(
                "reading an invite failed: the database holds an unreadable value in invites.status")
        ) {
            try await store.invite(code: record.invite.code)
        }
        await store.close()
    }
}
