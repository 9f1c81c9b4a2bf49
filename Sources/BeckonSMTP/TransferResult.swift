import CBeckonCurl

/// What one transfer came to, as libcurl and the session log saw it, and the outcome that follows.
struct TransferResult {
    /// libcurl's result.
    var code: CURLcode
    /// The relay's last reply line before QUIT, caught by the debug callback.
    var reply: SMTPReply?
    /// The last command libcurl sent, or `nil` when it sent none.
    var step: SMTPStep?
    /// The last reply code libcurl read (`CURLINFO_RESPONSE_CODE`), 0 when it read none.
    var responseCode: Int
    /// Whether a TCP connection was made (`CURLINFO_CONNECT_TIME` above 0).
    var connected: Bool
    /// How long the transfer took, in seconds.
    var elapsed: Double
    /// What libcurl said of its failure.
    var errorText: String

    /// libcurl's results for a failed TLS handshake or certificate check.
    private static let tlsFailures: [CURLcode] = [
        CURLE_SSL_CONNECT_ERROR, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER, CURLE_PEER_FAILED_VERIFICATION,
        CURLE_SSL_CACERT_BADFILE, CURLE_SSL_SHUTDOWN_FAILED, CURLE_SSL_CRL_BADFILE, CURLE_SSL_ISSUER_ERROR,
        CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_INVALIDCERTSTATUS, CURLE_SSL_CLIENTCERT,
    ]

    /// Accepted when libcurl finished (the relay took the end of DATA); transient on the relay's
    /// 4xx reply; permanent on a 5xx to the message's own commands (RCPT TO, DATA), transient on a
    /// 5xx before them (the greeting, the login, MAIL FROM: the relay refuses the session, not the
    /// message, and every message would fail alike until its configuration is mended); unreachable
    /// when there was no such reply, or when the reply refused STARTTLS (nothing was sent, and
    /// another try may find TLS back).
    func outcome(relay: SMTPRelay) -> SMTPOutcome {
        let last = lastReply.map { SMTPReply(code: $0.code, text: AddressRedaction.redact($0.text)) }
        if code == CURLE_OK, let last { return .accepted(last) }
        if code != CURLE_OK, code != CURLE_USE_SSL_FAILED, let last, last.code >= 400 {
            let messageStep = step == .rcpt || step == .data
            return last.code >= 500 && messageStep ? .permanent(last) : .transient(last)
        }
        return .unreachable(unreachableText(relay: relay))
    }

    /// The reply line the debug callback caught, when libcurl read the same code; the code alone
    /// when the line was not caught.
    private var lastReply: SMTPReply? {
        guard let reply, responseCode == 0 || reply.code == responseCode else {
            return responseCode > 0 ? SMTPReply(code: responseCode, text: "") : nil
        }
        return reply
    }

    private func unreachableText(relay: SMTPRelay) -> String {
        let stage =
            step.map { "during \($0.rawValue)" } ?? (reply == nil ? "before its greeting" : "after its greeting")
        switch code {
        case CURLE_COULDNT_RESOLVE_HOST: return "could not find the relay's host \(relay.host)"
        case CURLE_COULDNT_CONNECT: return "could not connect to \(relay.address)"
        case CURLE_OPERATION_TIMEDOUT: return timeoutText(relay: relay)
        case CURLE_USE_SSL_FAILED:
            return "\(relay.address) did not start TLS when asked (STARTTLS), so nothing was sent"
        case CURLE_LOGIN_DENIED: return "could not log in to \(relay.address): \(redactedError)"
        case CURLE_SEND_ERROR, CURLE_RECV_ERROR, CURLE_GOT_NOTHING: return "the relay closed the connection \(stage)"
        case CURLE_WEIRD_SERVER_REPLY: return "the relay answered \(stage) with something that is not SMTP"
        case _ where Self.tlsFailures.contains(code): return "TLS with \(relay.address) failed: \(redactedError)"
        default: return "libcurl failed \(stage) with \(relay.address): \(redactedError)"
        }
    }

    private func timeoutText(relay: SMTPRelay) -> String {
        let seconds = (elapsed * 10).rounded() / 10
        let within = "within \(seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)) s"
        guard connected else { return "could not connect to \(relay.address) \(within)" }
        guard let step else { return "\(relay.address) took the connection but did not greet \(within)" }
        return "no reply to \(step.rawValue) \(within)"
    }

    private var redactedError: String { AddressRedaction.redact(errorText) }
}
