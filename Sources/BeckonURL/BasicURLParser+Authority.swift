/// The states that read the credentials, host and port.
extension BasicURLParser {
    /// Authority state: collects up to the end of the authority; the last `@` ends the credentials.
    mutating func authorityState(_ c: UInt8?) throws(URLParseFailure) {
        if c == .atSign {
            if atSignSeen {
                appendToCredentials(Array("%40".utf8))
            }
            atSignSeen = true
            for byte in buffer {
                if byte == .colon, !passwordTokenSeen {
                    passwordTokenSeen = true
                } else {
                    appendToCredentials([byte])
                }
            }
            buffer = []
        } else if endsAuthority(c) {
            if atSignSeen, buffer.isEmpty {
                throw .credentialsWithoutHost
            }
            pointer -= buffer.count + 1
            buffer = []
            state = .host
        } else if let c {
            buffer.append(c)
        }
    }

    /// Appends `bytes`, percent-encoded, to the password once its `:` was seen, to the username before.
    private mutating func appendToCredentials(_ bytes: [UInt8]) {
        if passwordTokenSeen {
            url.password.appendPercentEncoded(contentsOf: bytes, using: .userinfo)
        } else {
            url.username.appendPercentEncoded(contentsOf: bytes, using: .userinfo)
        }
    }

    /// Host state: collects the host up to `:` (outside brackets) or the end of the authority.
    mutating func hostState(_ c: UInt8?) throws(URLParseFailure) {
        if c == .colon, !insideBrackets {
            guard !buffer.isEmpty else { throw .hostMissing }
            url.host = try HostParser.parse(buffer, isOpaque: !url.isSpecial)
            buffer = []
            state = .port
        } else if endsAuthority(c) {
            pointer -= 1
            if url.isSpecial, buffer.isEmpty {
                throw .hostMissing
            }
            url.host = try HostParser.parse(buffer, isOpaque: !url.isSpecial)
            buffer = []
            state = .pathStart
        } else if let c {
            if c == .leftBracket { insideBrackets = true }
            if c == .rightBracket { insideBrackets = false }
            buffer.append(c)
        }
    }

    /// Port state: decimal digits up to the end of the authority; the default port is dropped.
    mutating func portState(_ c: UInt8?) throws(URLParseFailure) {
        if let c, c.isASCIIDigit {
            buffer.append(c)
        } else if endsAuthority(c) {
            if !buffer.isEmpty {
                var port = 0
                for digit in buffer {
                    port = port * 10 + Int(digit - .digitZero)
                    guard port <= 65535 else { throw .portOutOfRange }
                }
                url.port = port == SpecialScheme.defaultPort(of: url.scheme) ? nil : port
                buffer = []
            }
            state = .pathStart
            pointer -= 1
        } else {
            throw .portInvalid
        }
    }
}
