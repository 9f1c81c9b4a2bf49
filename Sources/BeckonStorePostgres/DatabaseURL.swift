import BeckonStore
import Foundation
import PostgresNIO

/// `postgres://user:password@host:port/database?sslmode=disable`, read. Errors name the part that
/// is wrong, never the URL, which holds the password.
struct DatabaseURL {
    /// Whether the connections use TLS, as libpq's `sslmode` says; `require` (and the verifying
    /// modes) also verify the server's certificate and name.
    enum TLSMode {
        case disable, prefer, require
    }

    var host: String
    var port: Int
    var username: String
    var password: String?
    var database: String
    var tls: TLSMode

    init(_ url: String) throws(StoreError) {
        guard let components = URLComponents(string: url),
            let scheme = components.scheme?.lowercased(), ["postgres", "postgresql"].contains(scheme)
        else {
            throw Self.invalid("it must start with postgres:// or postgresql://")
        }
        guard let host = components.host, !host.isEmpty else { throw Self.invalid("it names no host") }
        guard let username = components.user, !username.isEmpty else { throw Self.invalid("it names no user") }
        let database = String(components.path.drop { $0 == "/" })
        guard !database.isEmpty, !database.contains("/") else {
            throw Self.invalid("its path must be one database name")
        }
        var tls = TLSMode.prefer
        for item in components.queryItems ?? [] {
            guard item.name == "sslmode" else { throw Self.invalid("it has a parameter other than sslmode") }
            switch item.value {
            case "disable": tls = .disable
            case "allow", "prefer": tls = .prefer
            case "require", "verify-ca", "verify-full": tls = .require
            default:
                throw Self.invalid("its sslmode must be disable, allow, prefer, require, verify-ca or verify-full")
            }
        }
        // IPv6 literals come in brackets, which the socket address does not take.
        self.host = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        self.port = components.port ?? 5432
        self.username = username
        self.password = components.password
        self.database = database
        self.tls = tls
    }

    /// The configuration of the store's connection pool.
    var clientConfiguration: PostgresClient.Configuration {
        let tls: PostgresClient.Configuration.TLS =
            switch self.tls {
            case .disable: .disable
            case .prefer: .prefer(.makeClientConfiguration())
            case .require: .require(.makeClientConfiguration())
            }
        return PostgresClient.Configuration(
            host: host, port: port, username: username, password: password, database: database, tls: tls)
    }

    /// The configuration of a single connection (the one that migrates, whose errors are
    /// reported at once, where the pool would retry).
    func connectionConfiguration() throws -> PostgresConnection.Configuration {
        let tls: PostgresConnection.Configuration.TLS =
            switch self.tls {
            case .disable: .disable
            case .prefer: .prefer(try NIOSSLContext(configuration: .makeClientConfiguration()))
            case .require: .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
            }
        return PostgresConnection.Configuration(
            host: host, port: port, username: username, password: password, database: database, tls: tls)
    }

    private static func invalid(_ reason: String) -> StoreError {
        .unavailable("the PostgreSQL database URL is invalid: \(reason)")
    }
}
