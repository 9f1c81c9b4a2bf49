/// A relay `beckon serve --smtp URL` hands messages to.
public struct SMTPRelay: Sendable, Hashable, CustomStringConvertible {
    /// How the connection to the relay is protected.
    public enum Security: Sendable, Hashable {
        /// `smtp://`: plain text until STARTTLS, which the relay must offer (nothing is sent otherwise).
        case startTLS
        /// `smtps://`: TLS from the first byte.
        case implicitTLS
        /// `smtp://…?tls=none`: plain text, only to a relay on this machine.
        case none
    }

    /// The relay's host name or IP address (an IPv6 address without its brackets).
    public var host: String
    /// The relay's TCP port.
    public var port: Int
    /// How the connection is protected.
    public var security: Security
    /// The user name to log in with (`AUTH`), or `nil` to send without logging in.
    public var username: String?
    /// The password to log in with.
    public var password: String?
    /// A CA bundle (PEM file path) to verify the relay's certificate with, instead of the system's.
    public var certificateAuthorities: String?

    /// Parses `smtp://HOST[:PORT]` (default port 587; the relay must offer STARTTLS),
    /// `smtps://HOST[:PORT]` (default port 465; TLS from the first byte) or
    /// `smtp://HOST:PORT?tls=none` (plain text, only when HOST is a loopback address: 127.0.0.0/8,
    /// ::1 or `localhost`). An IPv6 address is written in brackets (`smtp://[::1]:2525?tls=none`).
    ///
    /// Refuses anything else — other schemes, a user name or password in the URL (they come from
    /// the environment, given here as `username` and `password`), a path, a fragment, unknown
    /// query items — with an error that says what is wrong and what to write instead.
    public init(
        url: String, username: String? = nil, password: String? = nil, certificateAuthorities: String? = nil
    ) throws(SMTPRelayError) {
        let parsed = try RelayURL(url)
        host = parsed.host
        port = parsed.port
        security = parsed.security
        self.username = username
        self.password = password
        self.certificateAuthorities = certificateAuthorities
    }

    /// The URL libcurl connects to: scheme, host and port, nothing else.
    var curlURL: String {
        let scheme = security == .implicitTLS ? "smtps" : "smtp"
        let bracketed = host.contains(":") ? "[\(host)]" : host
        return "\(scheme)://\(bracketed):\(port)"
    }

    /// `host:port`, as the outcomes name the relay.
    var address: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }

    /// The relay's URL and how it is protected; never the user name or password.
    public var description: String {
        let login = username != nil || password != nil ? ", with a login" : ""
        switch security {
        case .startTLS: return "\(curlURL) (STARTTLS required\(login))"
        case .implicitTLS: return "\(curlURL) (TLS\(login))"
        case .none: return "\(curlURL)?tls=none (plain text\(login))"
        }
    }
}
