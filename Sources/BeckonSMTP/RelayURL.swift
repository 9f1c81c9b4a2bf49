#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The parts of a relay URL `SMTPRelay(url:)` accepts, or the reason it refuses it.
struct RelayURL {
    var host: String
    var port: Int
    var security: SMTPRelay.Security

    private static let forms =
        "smtp://HOST[:PORT] (STARTTLS, port 587 by default) or smtps://HOST[:PORT] (TLS, port 465 by default)"
    private static let plainTextForm = "tls=none (plain text, for a relay on this machine)"

    init(_ text: String) throws(SMTPRelayError) {
        let parts = text.split(separator: "://", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { throw SMTPRelayError("a relay URL is written \(Self.forms)") }
        let scheme = parts[0].lowercased()
        guard scheme == "smtp" || scheme == "smtps" else {
            let named =
                scheme.allSatisfy { $0.isLetter || $0.isNumber || "+-.".contains($0) } ? "“\(scheme)://”" : "this"
            throw SMTPRelayError("\(named) is not a relay URL's scheme: write \(Self.forms)")
        }
        let rest = parts[1]
        guard !rest.contains("#") else { throw SMTPRelayError("a relay URL has no fragment (#…): write \(Self.forms)") }
        let query = rest.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let location = query[0].split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        let authority = location[0]
        guard !authority.contains("@") else {
            throw SMTPRelayError(
                "a relay URL must not hold a user name or password (URLs show in process lists and logs): "
                    + "remove the part up to “@” and give them through the environment instead")
        }
        guard location.count == 1 || location[1].isEmpty else {
            throw SMTPRelayError("a relay URL has no path: write \(Self.forms), with nothing after the port")
        }
        let (host, port) = try Self.hostAndPort(authority)
        let plainText = try Self.plainText(query.count == 2 ? query[1] : "")
        self.host = host
        if plainText {
            guard scheme == "smtp" else {
                throw SMTPRelayError(
                    "tls=none goes with smtp:// only (smtps:// is TLS): write smtp://HOST:PORT?tls=none")
            }
            guard let port else {
                throw SMTPRelayError("tls=none needs the relay's port: write smtp://HOST:PORT?tls=none")
            }
            guard LoopbackHost.contains(host) else {
                throw SMTPRelayError(
                    "plain text (tls=none) is only for a relay on this machine (127.0.0.0/8, ::1 or localhost), "
                        + "not “\(host)”: remove ?tls=none to require STARTTLS, or write smtps:// for TLS")
            }
            self.port = port
            security = .none
        } else {
            self.port = port ?? (scheme == "smtp" ? 587 : 465)
            security = scheme == "smtp" ? .startTLS : .implicitTLS
        }
    }

    /// The host (lowercased, an IPv6 address without its brackets) and the port, if one is written.
    private static func hostAndPort(_ authority: Substring) throws(SMTPRelayError) -> (String, Int?) {
        var host = authority
        var port: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else {
                throw SMTPRelayError("an IPv6 address is written in brackets: smtp://[::1]:2525?tls=none")
            }
            host = authority[authority.index(after: authority.startIndex)..<close]
            let after = authority[authority.index(after: close)...]
            guard after.isEmpty || after.hasPrefix(":") else {
                throw SMTPRelayError("write the port after the bracketed address: smtp://[::1]:2525?tls=none")
            }
            port = after.isEmpty ? nil : after.dropFirst()
            var address = in6_addr()
            guard inet_pton(AF_INET6, String(host), &address) == 1 else {
                throw SMTPRelayError("“[\(host)]” is not an IPv6 address")
            }
        } else {
            let pieces = authority.split(separator: ":", omittingEmptySubsequences: false)
            guard pieces.count <= 2 else {
                throw SMTPRelayError("an IPv6 address is written in brackets: smtp://[::1]:2525?tls=none")
            }
            host = pieces[0]
            port = pieces.count == 2 ? pieces[1] : nil
            guard !host.isEmpty else { throw SMTPRelayError("the relay URL names no host: write \(forms)") }
            guard host.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-._".contains($0)) }) else {
                throw SMTPRelayError(
                    "“\(host)” is not a host name or an IP address: write ASCII letters, digits, dots and hyphens "
                        + "(an international name in its xn-- form)")
            }
        }
        guard let port else { return (host.lowercased(), nil) }
        guard port.count <= 5, port.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(port),
            (1...65535).contains(number)
        else {
            throw SMTPRelayError("the relay's port must be a number from 1 to 65535, not “\(port)”")
        }
        return (host.lowercased(), number)
    }

    /// Whether the query asks for plain text (`tls=none`, the only query item there is).
    private static func plainText(_ query: Substring) throws(SMTPRelayError) -> Bool {
        var plainText = false
        for item in query.split(separator: "&") {
            let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard pair[0].lowercased() == "tls" else {
                throw SMTPRelayError(
                    "unknown query item “\(pair[0])” in the relay URL: the only one is \(plainTextForm)")
            }
            guard pair.count == 2, pair[1].lowercased() == "none" else {
                throw SMTPRelayError(
                    "“\(item)” is not understood: smtp:// requires STARTTLS and smtps:// is TLS; "
                        + "the only other setting is \(plainTextForm)")
            }
            plainText = true
        }
        return plainText
    }
}
