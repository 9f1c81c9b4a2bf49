import BeckonStore
import Foundation
import PostgresNIO

/// Reads `postgres://user:password@host:port/database?sslmode=disable` into a client
/// configuration. Errors name the part that is wrong, never the URL, which holds the password.
enum DatabaseURL {
    static func configuration(_ url: String) throws(StoreError) -> PostgresClient.Configuration {
        guard let components = URLComponents(string: url),
            let scheme = components.scheme?.lowercased(), ["postgres", "postgresql"].contains(scheme)
        else {
            throw invalid("it must start with postgres:// or postgresql://")
        }
        guard let host = components.host, !host.isEmpty else { throw invalid("it names no host") }
        guard let username = components.user, !username.isEmpty else { throw invalid("it names no user") }
        let database = String(components.path.drop { $0 == "/" })
        guard !database.isEmpty, !database.contains("/") else {
            throw invalid("its path must be one database name")
        }
        var tls = PostgresClient.Configuration.TLS.prefer(.makeClientConfiguration())
        for item in components.queryItems ?? [] {
            guard item.name == "sslmode" else { throw invalid("it has a parameter other than sslmode") }
            switch item.value {
            case "disable": tls = .disable
            case "allow", "prefer": tls = .prefer(.makeClientConfiguration())
            case "require", "verify-ca", "verify-full": tls = .require(.makeClientConfiguration())
            default: throw invalid("its sslmode must be disable, allow, prefer, require, verify-ca or verify-full")
            }
        }
        // IPv6 literals come in brackets, which the socket address does not take.
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        return PostgresClient.Configuration(
            host: bare, port: components.port ?? 5432, username: username, password: components.password,
            database: database, tls: tls)
    }

    private static func invalid(_ reason: String) -> StoreError {
        .unavailable("the PostgreSQL database URL is invalid: \(reason)")
    }
}
