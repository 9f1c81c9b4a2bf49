import CBeckonCurl

/// One connection to a relay, kept open between messages (one curl easy handle, so libcurl reuses
/// the connection: no new TCP+TLS+EHLO+AUTH per message).
///
/// Not thread-safe: one per worker thread; `send` blocks its thread.
public final class SMTPConnection {
    let relay: SMTPRelay
    let connectTimeout: Double
    let timeout: Double
    let curl = CurlHandle()
    let upload = MessageUpload()
    let log = SessionLog()
    private var recipientList: RecipientList?
    /// Why no message can be sent at all, when libcurl refused the relay's settings.
    private var unusable: String?
    /// Whether the last message failed, so that the next one must not reuse its connection (which
    /// libcurl may keep after a failure). The connection of a relay that did not answer is also shut
    /// down then; one that answered gets its QUIT when libcurl closes it.
    private var mustReconnect = false

    /// Why no connection can send in this process, or `nil`: the dynamic loader's words when
    /// libcurl, which `beckon` loads on first use rather than at start, could not be loaded.
    public static var libraryUnavailable: String? { CurlHandle.unavailable }

    /// A connection to `relay`, made when the first message is sent. `connectTimeout` bounds the
    /// TCP connection (and TLS, for `smtps://`) in seconds; `timeout` bounds each message, from its
    /// first command to the relay's reply to the end of DATA, and any stall within it.
    public init(relay: SMTPRelay, connectTimeout: Double = 10, timeout: Double = 60) {
        self.relay = relay
        self.connectTimeout = connectTimeout
        self.timeout = timeout
        if let reason = CurlHandle.unavailable {
            unusable = "libcurl could not be loaded (\(reason)): install libcurl4; nothing was sent"
            return
        }
        if relay.security == .none && !LoopbackHost.contains(relay.host) {
            unusable = "plain text is only for a relay on this machine, not \(relay.host): nothing was sent"
            return
        }
        do throws(CurlFailure) {
            try configure()
        } catch {
            unusable = "libcurl refused the relay's settings: \(error)"
        }
    }

    /// MAIL FROM `from`, RCPT TO each of `recipients`, DATA `message` (RFC 5322 bytes with CRLF line
    /// ends; libcurl does the dot-stuffing), and the relay's answer.
    ///
    /// Addresses with a line break or another control character, or no recipient at all, are not
    /// sent: the outcome is then `.permanent` with a 501 reply made here, not by the relay.
    public func send(from: String, recipients: [String], message: [UInt8]) -> SMTPOutcome {
        if let unusable { return .unreachable(unusable) }
        if let refusal = Self.refusal(from: from, recipients: recipients) { return .permanent(refusal) }
        do throws(CurlFailure) {
            try prepare(from: from, recipients: recipients, size: message.count)
        } catch {
            return .unreachable("libcurl refused the message's settings: \(error)")
        }
        log.start()
        upload.start(message)
        let code = curl.perform()
        upload.finish()
        let result = TransferResult(
            code: code, reply: log.reply, step: log.step, responseCode: curl.info(CURLINFO_RESPONSE_CODE),
            connected: curl.seconds(CURLINFO_CONNECT_TIME) > 0, elapsed: curl.seconds(CURLINFO_TOTAL_TIME),
            errorText: code == CURLE_OK ? "" : curl.errorText(code))
        let outcome = result.outcome(relay: relay)
        switch outcome {
        case .accepted: mustReconnect = false
        case .transient, .permanent: mustReconnect = true
        case .unreachable:
            mustReconnect = true
            curl.shutDownConnection()
        }
        return outcome
    }

    /// The per-message options: sender, recipients (a new list only when they change), size, and a
    /// fresh connection after a failure.
    private func prepare(from: String, recipients: [String], size: Int) throws(CurlFailure) {
        try curl.set(CURLOPT_MAIL_FROM, from)
        if recipients != recipientList?.addresses {
            guard let list = RecipientList(recipients) else { throw CurlFailure(code: CURLE_OUT_OF_MEMORY) }
            try curl.set(CURLOPT_MAIL_RCPT, list: list.list)
            recipientList = list
        }
        try curl.set(CURLOPT_INFILESIZE, size)
        try curl.set(CURLOPT_FRESH_CONNECT, mustReconnect ? 1 : 0)
    }

    /// The reply made here for addresses that must not reach the relay, or `nil` when they may.
    private static func refusal(from: String, recipients: [String]) -> SMTPReply? {
        guard !recipients.isEmpty else { return SMTPReply(code: 501, text: "5.5.2 no recipient; not sent") }
        let control = ([from] + recipients).contains {
            $0.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
        }
        return control ? SMTPReply(code: 501, text: "5.1.3 an address holds a control character; not sent") : nil
    }
}
