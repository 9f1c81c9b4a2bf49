import BeckonSMTP
import BeckonTestSupport
import Testing

@Suite(
    "TLS and logins", .enabled(if: TestTool.aiosmtpd.isAvailable, "aiosmtpd (PyPI) plays the relay"),
    .enabled(if: TestTool.shell.isAvailable, "openssl makes the relay's certificate"))
struct SMTPSecurityTests {
    private static func send(_ connection: SMTPConnection) -> SMTPOutcome {
        connection.send(from: "invites@beckon.test", recipients: ["guest@example.com"], message: TestMessage.bytes())
    }

    private static let accepted = SMTPOutcome.accepted(SMTPReply(code: 250, text: "OK"))

    @Test func startTLSWithTheRelaysCertificateDelivers() throws {
        let certificate = try TestCertificate()
        let relay = try ScriptedRelay(options: certificate.relayOptions() + ["--require-tls"])
        let smtp = try SMTPRelay(url: "smtp://127.0.0.1:\(relay.port)", certificateAuthorities: certificate.certificate)
        let connection = SMTPConnection(relay: smtp)
        #expect(Self.send(connection) == Self.accepted)
        #expect(Self.send(connection) == Self.accepted)
        #expect(relay.envelope(1)["tls"] as? Bool == true)
        #expect(relay.message(2) == TestMessage.bytes())
        #expect(relay.connections == 1)
    }

    @Test func implicitTLSDelivers() throws {
        let certificate = try TestCertificate()
        let relay = try ScriptedRelay(options: certificate.relayOptions(implicit: true))
        let smtp = try SMTPRelay(
            url: "smtps://127.0.0.1:\(relay.port)", certificateAuthorities: certificate.certificate)
        #expect(Self.send(SMTPConnection(relay: smtp)) == Self.accepted)
        #expect(relay.envelope(1)["tls"] as? Bool == true)
    }

    @Test func aCertificateTheSystemDoesNotTrustIsRefused() throws {
        let certificate = try TestCertificate()
        let relay = try ScriptedRelay(options: certificate.relayOptions())
        let outcome = Self.send(SMTPConnection(relay: try SMTPRelay(url: "smtp://127.0.0.1:\(relay.port)")))
        guard case .unreachable(let text) = outcome else {
            Issue.record("expected unreachable, got \(outcome)")
            return
        }
        #expect(text.hasPrefix("TLS with 127.0.0.1:\(relay.port) failed: "))
        #expect(relay.messages.isEmpty)
    }

    @Test func aRelayWithoutStartTLSGetsNothing() throws {
        let relay = try ScriptedRelay()
        let outcome = Self.send(SMTPConnection(relay: try SMTPRelay(url: "smtp://127.0.0.1:\(relay.port)")))
        #expect(
            outcome
                == .unreachable("127.0.0.1:\(relay.port) did not start TLS when asked (STARTTLS), so nothing was sent"))
        #expect(relay.messages.isEmpty)
    }

    @Test func aLoginOverStartTLSDelivers() throws {
        let certificate = try TestCertificate()
        let relay = try ScriptedRelay(options: certificate.relayOptions() + ["--auth", "beckon:s3cret pass"])
        let smtp = try SMTPRelay(
            url: "smtp://127.0.0.1:\(relay.port)", username: "beckon", password: "s3cret pass",
            certificateAuthorities: certificate.certificate)
        #expect(Self.send(SMTPConnection(relay: smtp)) == Self.accepted)
        #expect(relay.envelope(1)["user"] as? String == "beckon")
    }

    @Test func aRelayOfferingOnlyLoginGetsALogin() throws {
        let relay = try ScriptedRelay(options: ["--auth", "beckon:s3cret", "--auth-mechanism", "LOGIN"])
        let smtp = try SMTPRelay(url: "smtp://127.0.0.1:\(relay.port)?tls=none", username: "beckon", password: "s3cret")
        #expect(Self.send(SMTPConnection(relay: smtp)) == Self.accepted)
        #expect(relay.envelope(1)["user"] as? String == "beckon")
    }

    /// The relay refuses the session, not the message: every message would fail alike until the
    /// password is mended, so it is tried again rather than failed.
    @Test func aWrongPasswordIsTransient() throws {
        let relay = try ScriptedRelay(options: ["--auth", "beckon:s3cret"])
        let smtp = try SMTPRelay(url: "smtp://127.0.0.1:\(relay.port)?tls=none", username: "beckon", password: "wrong")
        let outcome = Self.send(SMTPConnection(relay: smtp))
        #expect(outcome == .transient(SMTPReply(code: 535, text: "5.7.8 Authentication credentials invalid")))
        #expect(relay.messages.isEmpty)
    }
}
