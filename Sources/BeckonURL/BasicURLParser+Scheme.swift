/// The states that read the scheme and decide between an absolute and a relative URL.
extension BasicURLParser {
    /// Scheme start state: a scheme must start with an ASCII letter.
    mutating func schemeStartState(_ c: UInt8?) {
        if let c, c.isASCIIAlpha {
            buffer.append(c.asciiLowercased)
            state = .scheme
        } else {
            state = .noScheme
            pointer -= 1
        }
    }

    /// Scheme state: letters, digits, `+`, `-` and `.` up to `:`; anything else means there is no scheme.
    mutating func schemeState(_ c: UInt8?) {
        if let c, c.isASCIIAlphanumeric || c == .plusSign || c == .hyphen || c == .period {
            buffer.append(c.asciiLowercased)
        } else if c == .colon {
            url.scheme = String(decoding: buffer, as: UTF8.self)
            buffer = []
            if url.scheme == "file" {
                state = .file
            } else if url.isSpecial, let base, base.scheme == url.scheme {
                state = .specialRelativeOrAuthority
            } else if url.isSpecial {
                state = .specialAuthoritySlashes
            } else if remainingStarts(with: .slash) {
                state = .pathOrAuthority
                pointer += 1
            } else {
                url.opaquePath = []
                state = .opaquePath
            }
        } else {
            buffer = []
            state = .noScheme
            pointer = -1
        }
    }

    /// No scheme state: the input is relative to the base URL.
    mutating func noSchemeState(_ c: UInt8?) throws(URLParseFailure) {
        guard let base else { throw .missingScheme }
        if base.opaquePath != nil {
            guard c == .numberSign else { throw .opaqueBase }
            url.scheme = base.scheme
            url.opaquePath = base.opaquePath
            url.query = base.query
            url.fragment = []
            state = .fragment
        } else if base.scheme != "file" {
            state = .relative
            pointer -= 1
        } else {
            state = .file
            pointer -= 1
        }
    }

    /// Special relative or authority state: `https:` against an `https:` base is relative unless `//` follows.
    mutating func specialRelativeOrAuthorityState(_ c: UInt8?) {
        if c == .slash, remainingStarts(with: .slash) {
            state = .specialAuthorityIgnoreSlashes
            pointer += 1
        } else {
            state = .relative
            pointer -= 1
        }
    }

    /// Path or authority state: after `scheme:/` of a URL that is not special.
    mutating func pathOrAuthorityState(_ c: UInt8?) {
        if c == .slash {
            state = .authority
        } else {
            state = .path
            pointer -= 1
        }
    }

    /// Relative state: copies the base URL, replacing what the input gives.
    mutating func relativeState(_ c: UInt8?) {
        guard let base else { return }
        url.scheme = base.scheme
        if c == .slash || (url.isSpecial && c == .backslash) {
            state = .relativeSlash
            return
        }
        copyAuthority(of: base)
        url.pathSegments = base.pathSegments
        url.query = base.query
        if c == .questionMark {
            url.query = []
            state = .query
        } else if c == .numberSign {
            url.fragment = []
            state = .fragment
        } else if c != nil {
            url.query = nil
            url.shortenPath()
            state = .path
            pointer -= 1
        }
    }

    /// Relative slash state: `//` (or `\\`, `/\` in special URLs) starts an authority, `/` an absolute path.
    mutating func relativeSlashState(_ c: UInt8?) {
        if url.isSpecial, c == .slash || c == .backslash {
            state = .specialAuthorityIgnoreSlashes
        } else if c == .slash {
            state = .authority
        } else {
            if let base { copyAuthority(of: base) }
            state = .path
            pointer -= 1
        }
    }

    /// Special authority slashes state: expects `//` after a special scheme but does without.
    mutating func specialAuthoritySlashesState(_ c: UInt8?) {
        if c == .slash, remainingStarts(with: .slash) {
            state = .specialAuthorityIgnoreSlashes
            pointer += 1
        } else {
            state = .specialAuthorityIgnoreSlashes
            pointer -= 1
        }
    }

    /// Special authority ignore slashes state: skips any number of `/` and `\`.
    mutating func specialAuthorityIgnoreSlashesState(_ c: UInt8?) {
        if c != .slash, c != .backslash {
            state = .authority
            pointer -= 1
        }
    }

    /// Sets the username, password, host and port to the base URL's.
    private mutating func copyAuthority(of base: URLRecord) {
        url.username = base.username
        url.password = base.password
        url.host = base.host
        url.port = base.port
    }
}
