import CBeckonCurl

extension SMTPConnection {
    /// The options every message shares, set once on the handle.
    func configure() throws(CurlFailure) {
        try curl.set(CURLOPT_URL, relay.curlURL)
        // STARTTLS is required (and smtps:// is TLS anyway); plain text only to a loopback relay.
        let tls = relay.security == .none ? CURLUSESSL_NONE : CURLUSESSL_ALL
        try curl.set(CURLOPT_USE_SSL, Int(tls.rawValue))
        if let certificateAuthorities = relay.certificateAuthorities {
            try curl.set(CURLOPT_CAINFO, certificateAuthorities)
            try curl.set(CURLOPT_CAPATH, nil)
        }
        if relay.username != nil || relay.password != nil {
            try curl.set(CURLOPT_USERNAME, relay.username ?? "")
            try curl.set(CURLOPT_PASSWORD, relay.password ?? "")
            // Whichever of the two the relay offers; never a mechanism libcurl would pick otherwise.
            try curl.set(CURLOPT_LOGIN_OPTIONS, "AUTH=PLAIN;AUTH=LOGIN")
        }
        try curl.set(CURLOPT_NOSIGNAL, 1)
        try curl.set(CURLOPT_CONNECTTIMEOUT_MS, Self.milliseconds(connectTimeout))
        try curl.set(CURLOPT_TIMEOUT_MS, Self.milliseconds(timeout))
        try curl.set(CURLOPT_SERVER_RESPONSE_TIMEOUT, Self.seconds(timeout))
        try curl.set(CURLOPT_LOW_SPEED_LIMIT, 1)
        try curl.set(CURLOPT_LOW_SPEED_TIME, Self.seconds(timeout))
        try curl.set(CURLOPT_MAXCONNECTS, 1)
        try curl.set(CURLOPT_UPLOAD, 1)
        try curl.setReadFunction(CurlCallbacks.read)
        try curl.set(CURLOPT_READDATA, object: upload)
        // Verbose output goes to the debug callback only, which keeps the replies and command names.
        try curl.set(CURLOPT_VERBOSE, 1)
        try curl.setDebugFunction(CurlCallbacks.debug)
        try curl.set(CURLOPT_DEBUGDATA, object: log)
        try curl.keepErrorText()
    }

    private static func milliseconds(_ seconds: Double) -> Int { Int(max(1, (seconds * 1000).rounded())) }

    private static func seconds(_ seconds: Double) -> Int { Int(max(1, seconds.rounded(.up))) }
}
