import Foundation
import Logging
import PostgresNIO

/// A throwaway PostgreSQL 15 cluster for the tests: started once per test process, in a
/// temporary folder, on a free loopback port, with a password (so the store's URLs carry one).
/// Every store the tests open gets a database of its own (`makeDatabase()`).
///
/// PostgreSQL refuses to run as root, so as root (CI) `initdb` and `pg_ctl` run as the `postgres`
/// user Debian's package creates, on a folder that user owns. A watchdog started with the cluster
/// stops it and removes the folder once the test process has exited, however it exited.
public final class PostgresCluster: Sendable {
    /// Where Debian's `postgresql-15` puts its programs.
    public static let binaries = URL(fileURLWithPath: "/usr/lib/postgresql/15/bin")

    /// Whether the cluster can be started here: the programs, and as root `runuser` and the
    /// `postgres` user.
    public static let isInstalled: Bool = {
        let programs = ["initdb", "pg_ctl", "postgres"].allSatisfy {
            FileManager.default.isExecutableFile(atPath: binaries.appendingPathComponent($0).path)
        }
        guard programs, isRoot else { return programs }
        return FileManager.default.isExecutableFile(atPath: "/usr/sbin/runuser") && getpwnam("postgres") != nil
    }()

    /// The cluster of this test process, started by the first caller.
    public static let shared: Result<PostgresCluster, ClusterError> = Result {
        () throws(ClusterError) in try PostgresCluster()
    }

    public static let user = "beckon"
    public static let password = "pw-4f9c-not-in-messages"

    public let port: Int
    let folder: URL

    private static let isRoot = geteuid() == 0

    private init() throws(ClusterError) {
        // Not $TMPDIR: the postgres user must reach the folder.
        folder = URL(fileURLWithPath: "/tmp/beckon-postgres-\(UUID().uuidString)")
        let data = folder.appendingPathComponent("data").path
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let passwordFile = folder.appendingPathComponent("password").path
            try Self.password.write(toFile: passwordFile, atomically: false, encoding: .utf8)
            if Self.isRoot {
                guard let account = getpwnam("postgres") else { throw ClusterError("no postgres user") }
                for path in [folder.path, passwordFile] {
                    chown(path, account.pointee.pw_uid, account.pointee.pw_gid)
                }
            }
            try Self.run(
                "initdb", "-D", data, "-U", Self.user, "--pwfile=\(passwordFile)", "--auth-local=trust",
                "--auth-host=scram-sha-256", "-E", "UTF8", "--no-sync", in: folder)
        } catch let error as ClusterError {
            throw error
        } catch {
            throw ClusterError("preparing \(folder.path) failed: \(error)")
        }
        var lastError = ClusterError("no free port")
        for _ in 0..<3 {
            guard let port = LoopbackHTTP.freePort() else { continue }
            do {
                try Self.run(
                    "pg_ctl", "start", "-D", data, "-w", "-t", "60", "-l", folder.appendingPathComponent("log").path,
                    "-o",
                    "-c listen_addresses=127.0.0.1 -p \(port) -c unix_socket_directories=\(folder.path) "
                        + "-c max_connections=300 -c fsync=off -c synchronous_commit=off -c full_page_writes=off",
                    in: folder)
                self.port = port
                Self.watch(data: data, folder: folder)
                return
            } catch {
                lastError = error
            }
        }
        throw lastError
    }

    /// A new empty database on the cluster, as a URL for `PostgresInviteStore`.
    public func makeDatabase() async throws -> String {
        url(database: try await makeDatabaseNamed())
    }

    /// A new empty database on the cluster; returns its name.
    public func makeDatabaseNamed() async throws -> String {
        let name = "beckon_\(UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: ""))"
        try await administer("CREATE DATABASE \(unescaped: name)")
        return name
    }

    /// The URL of `database`, with the cluster's user and password.
    public func url(database: String, password: String = PostgresCluster.password) -> String {
        "postgres://\(Self.user):\(password)@127.0.0.1:\(port)/\(database)?sslmode=disable"
    }

    /// Runs `query` on `database` over a connection of its own.
    public func administer(_ query: PostgresQuery, database: String = "postgres") async throws {
        let logger = Logger(label: "BeckonStoreTests", factory: { _ in SwiftLogNoOpLogHandler() })
        let connection = try await PostgresConnection.connect(
            configuration: .init(
                host: "127.0.0.1", port: port, username: Self.user, password: Self.password, database: database,
                tls: .disable),
            id: 1, logger: logger)
        do {
            try await connection.query(query, logger: logger)
        } catch {
            try? await connection.close()
            throw error
        }
        try await connection.close()
    }

    /// Runs one of the cluster's programs (as `postgres` when root) and waits for it.
    private static func run(_ program: String, _ arguments: String..., in folder: URL) throws(ClusterError) {
        let command = [binaries.appendingPathComponent(program).path] + arguments
        // Output goes to a file, not a pipe: the server pg_ctl starts would hold a pipe open.
        let output = folder.appendingPathComponent("\(program).out").path
        let status = ChildProcess.spawn(
            isRoot ? ["/usr/sbin/runuser", "-u", "postgres", "--"] + command : command, output: output
        )
        .map(ChildProcess.wait)
        guard status == 0 else {
            let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
            throw ClusterError("\(program) failed (\(status.map(String.init) ?? "not started")): \(text)")
        }
    }

    /// Starts a shell that waits for this process to end, then stops the cluster and removes
    /// its folder.
    private static func watch(data: String, folder: URL) {
        let stop = [binaries.appendingPathComponent("pg_ctl").path, "stop", "-D", data, "-m", "immediate"]
        let asPostgres = isRoot ? ["/usr/sbin/runuser", "-u", "postgres", "--"] + stop : stop
        let script = """
            while kill -0 \(getpid()) 2>/dev/null; do sleep 1; done
            \(asPostgres.map { "'\($0)'" }.joined(separator: " "))
            rm -rf '\(folder.path)'
            """
        _ = ChildProcess.spawn(["/bin/sh", "-c", script], output: "/dev/null")
    }
}

/// Why the cluster could not be started, with the program's output.
public struct ClusterError: Error, CustomStringConvertible {
    public var description: String

    init(_ description: String) {
        self.description = description
    }
}
