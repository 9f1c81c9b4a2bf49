/// The states that read the start of a `file` URL, with the standard's Windows drive letter quirks.
extension BasicURLParser {
    /// File state: after `file:`, or at the start of a relative URL against a `file` base.
    mutating func fileState(_ c: UInt8?) {
        url.scheme = "file"
        url.host = .empty
        if c == .slash || c == .backslash {
            state = .fileSlash
        } else if let base, base.scheme == "file" {
            url.host = base.host
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
                if inputStartsWithWindowsDriveLetter() {
                    url.pathSegments = []
                } else {
                    url.shortenPath()
                }
                state = .path
                pointer -= 1
            }
        } else {
            state = .path
            pointer -= 1
        }
    }

    /// File slash state: after one `/` or `\`.
    mutating func fileSlashState(_ c: UInt8?) {
        if c == .slash || c == .backslash {
            state = .fileHost
            return
        }
        if let base, base.scheme == "file" {
            url.host = base.host
            if !inputStartsWithWindowsDriveLetter(), let drive = base.pathSegments.first,
                URLRecord.isNormalizedWindowsDriveLetter(drive)
            {
                url.pathSegments.append(drive)
            }
        }
        state = .path
        pointer -= 1
    }

    /// File host state: the host after `file://`; `localhost` becomes the empty host and a drive letter
    /// (`file://C:/`) is the start of the path instead.
    mutating func fileHostState(_ c: UInt8?) throws(URLParseFailure) {
        switch c {
        case nil, .slash, .backslash, .questionMark, .numberSign:
            pointer -= 1
            if URLRecord.isWindowsDriveLetter(buffer) {
                state = .path
            } else if buffer.isEmpty {
                url.host = .empty
                state = .pathStart
            } else {
                let host = try HostParser.parse(buffer, isOpaque: !url.isSpecial)
                url.host = host == .domain("localhost") ? .empty : host
                buffer = []
                state = .pathStart
            }
        case let c?:
            buffer.append(c)
        }
    }
}
