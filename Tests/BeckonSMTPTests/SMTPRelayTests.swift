import BeckonSMTP
import Testing

@Suite("Relay URLs")
struct SMTPRelayTests {
    @Test(arguments: [
        ("smtp://relay.example.com", "relay.example.com", 587, SMTPRelay.Security.startTLS),
        ("smtp://relay.example.com:2525", "relay.example.com", 2525, .startTLS),
        ("SMTP://Relay.Example.COM:25/", "relay.example.com", 25, .startTLS),
        ("smtp://[2001:db8::1]", "2001:db8::1", 587, .startTLS),
        ("smtp://192.0.2.7:587", "192.0.2.7", 587, .startTLS),
        ("smtps://relay.example.com", "relay.example.com", 465, .implicitTLS),
        ("smtps://relay.example.com:4650", "relay.example.com", 4650, .implicitTLS),
        ("smtp://127.0.0.1:2525?tls=none", "127.0.0.1", 2525, .none),
        ("smtp://127.1.2.3:25?TLS=None", "127.1.2.3", 25, .none),
        ("smtp://LocalHost:25?tls=none", "localhost", 25, .none),
        ("smtp://[::1]:2525?tls=none", "::1", 2525, .none),
        ("smtp://[0:0:0:0:0:0:0:1]:25?tls=none", "0:0:0:0:0:0:0:1", 25, .none),
    ])
    func accepts(url: String, host: String, port: Int, security: SMTPRelay.Security) throws {
        let relay = try SMTPRelay(url: url)
        #expect(relay.host == host)
        #expect(relay.port == port)
        #expect(relay.security == security)
    }

    private static let forms =
        "smtp://HOST[:PORT] (STARTTLS, port 587 by default) or smtps://HOST[:PORT] (TLS, port 465 by default)"
    private static let plainText = "tls=none (plain text, for a relay on this machine)"
    private static let brackets = "an IPv6 address is written in brackets: smtp://[::1]:2525?tls=none"
    private static let noHost = "the relay URL names no host: write \(forms)"
    private static let notLocal = "is only for a relay on this machine (127.0.0.0/8, ::1 or localhost), not"
    private static let notLocalFix = "remove ?tls=none to require STARTTLS, or write smtps:// for TLS"
    private static let hostForm =
        "write ASCII letters, digits, dots and hyphens (an international name in its xn-- form)"

    @Test(arguments: [
        ("relay.example.com", "a relay URL is written \(forms)"),
        ("http://relay.example.com", "“http://” is not a relay URL's scheme: write \(forms)"),
        ("smtp+tls://relay.example.com", "“smtp+tls://” is not a relay URL's scheme: write \(forms)"),
        ("smtp ://relay.example.com", "this is not a relay URL's scheme: write \(forms)"),
        (
            "smtp://beckon:s3cret@relay.example.com",
            "a relay URL must not hold a user name or password (URLs show in process lists and logs): "
                + "remove the part up to “@” and give them through the environment instead"
        ),
        ("smtp://relay.example.com/mail", "a relay URL has no path: write \(forms), with nothing after the port"),
        ("smtp://relay.example.com#top", "a relay URL has no fragment (#…): write \(forms)"),
        (
            "smtp://relay.example.com?timeout=5",
            "unknown query item “timeout” in the relay URL: the only one is \(plainText)"
        ),
        (
            "smtp://relay.example.com?tls=starttls",
            "“tls=starttls” is not understood: smtp:// requires STARTTLS and smtps:// is TLS; "
                + "the only other setting is \(plainText)"
        ),
        (
            "smtp://relay.example.com:25?tls=none",
            "plain text (tls=none) \(notLocal) “relay.example.com”: \(notLocalFix)"
        ),
        ("smtp://10.0.0.1:25?tls=none", "plain text (tls=none) \(notLocal) “10.0.0.1”: \(notLocalFix)"),
        ("smtp://[::2]:25?tls=none", "plain text (tls=none) \(notLocal) “::2”: \(notLocalFix)"),
        ("smtp://127.0.0.1?tls=none", "tls=none needs the relay's port: write smtp://HOST:PORT?tls=none"),
        (
            "smtps://127.0.0.1:465?tls=none",
            "tls=none goes with smtp:// only (smtps:// is TLS): write smtp://HOST:PORT?tls=none"
        ),
        ("smtp://relay.example.com:0", "the relay's port must be a number from 1 to 65535, not “0”"),
        ("smtp://relay.example.com:65536", "the relay's port must be a number from 1 to 65535, not “65536”"),
        ("smtp://relay.example.com:+25", "the relay's port must be a number from 1 to 65535, not “+25”"),
        ("smtp://relay.example.com:", "the relay's port must be a number from 1 to 65535, not “”"),
        ("smtp://", noHost),
        ("smtp://:25", noHost),
        ("smtp://::1:25", brackets),
        ("smtp://[::1", brackets),
        ("smtp://[::1]25", "write the port after the bracketed address: smtp://[::1]:2525?tls=none"),
        ("smtp://[relay]:25", "“[relay]” is not an IPv6 address"),
        ("smtp://relay example.com", "“relay example.com” is not a host name or an IP address: \(hostForm)"),
        ("smtp://rélay.example.com", "“rélay.example.com” is not a host name or an IP address: \(hostForm)"),
    ])
    func refuses(url: String, message: String) {
        do {
            let relay = try SMTPRelay(url: url)
            Issue.record("\(url) was taken as \(relay)")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func theDescriptionNamesNeitherUserNorPassword() throws {
        let relay = try SMTPRelay(url: "smtp://relay.example.com", username: "beckon-user", password: "s3cret")
        #expect(relay.description == "smtp://relay.example.com:587 (STARTTLS required, with a login)")
        #expect(try SMTPRelay(url: "smtps://[2001:db8::1]").description == "smtps://[2001:db8::1]:465 (TLS)")
        let local = try SMTPRelay(url: "smtp://127.0.0.1:2525?tls=none")
        #expect(local.description == "smtp://127.0.0.1:2525?tls=none (plain text)")
    }
}
