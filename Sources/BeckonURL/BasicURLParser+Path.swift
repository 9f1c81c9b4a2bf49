/// The states that read the path, query and fragment.
extension BasicURLParser {
    /// Path start state: after the authority.
    mutating func pathStartState(_ c: UInt8?) {
        if url.isSpecial {
            state = .path
            if c != .slash, c != .backslash {
                pointer -= 1
            }
        } else if c == .questionMark {
            url.query = []
            state = .query
        } else if c == .numberSign {
            url.fragment = []
            state = .fragment
        } else if c != nil {
            state = .path
            if c != .slash {
                pointer -= 1
            }
        }
    }

    /// Path state: one segment per run of bytes, with `.` and `..` segments (also `%2e`) removed.
    mutating func pathState(_ c: UInt8?) {
        let isSeparator = c == .slash || (url.isSpecial && c == .backslash)
        if let c, !isSeparator, c != .questionMark, c != .numberSign {
            buffer.appendPercentEncoded(c, using: .path)
            return
        }
        if Self.isDoubleDotSegment(buffer) {
            url.shortenPath()
            if !isSeparator { url.pathSegments.append([]) }
        } else if Self.isSingleDotSegment(buffer) {
            if !isSeparator { url.pathSegments.append([]) }
        } else {
            if url.scheme == "file", url.pathSegments.isEmpty, URLRecord.isWindowsDriveLetter(buffer) {
                buffer[1] = .colon
            }
            url.pathSegments.append(buffer)
        }
        buffer = []
        if c == .questionMark {
            url.query = []
            state = .query
        } else if c == .numberSign {
            url.fragment = []
            state = .fragment
        }
    }

    /// Whether `segment` is `.` or `%2e` (any case).
    private static func isSingleDotSegment(_ segment: [UInt8]) -> Bool {
        segment == [.period] || isEncodedDot(segment[...])
    }

    /// Whether `segment` is `..`, `.%2e`, `%2e.` or `%2e%2e` (any case).
    private static func isDoubleDotSegment(_ segment: [UInt8]) -> Bool {
        switch segment.count {
        case 2: segment == [.period, .period]
        case 4:
            (segment[0] == .period && isEncodedDot(segment[1...]))
                || (isEncodedDot(segment[..<3]) && segment[3] == .period)
        case 6: isEncodedDot(segment[..<3]) && isEncodedDot(segment[3...])
        default: false
        }
    }

    /// Whether `bytes` is `%2e` or `%2E`.
    private static func isEncodedDot(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.elementsEqual([.percentSign, 0x32, 0x65]) || bytes.elementsEqual([.percentSign, 0x32, 0x45])
    }

    /// Opaque path state: everything up to `?` or `#`, with C0 controls and non-ASCII percent-encoded.
    mutating func opaquePathState(_ c: UInt8?) {
        switch c {
        case .questionMark:
            url.query = []
            state = .query
        case .numberSign:
            url.fragment = []
            state = .fragment
        case .space:
            let beforeQueryOrFragment = remainingStarts(with: .questionMark) || remainingStarts(with: .numberSign)
            url.opaquePath?.append(contentsOf: beforeQueryOrFragment ? Array("%20".utf8) : [.space])
        case let c?:
            url.opaquePath?.appendPercentEncoded(c, using: .c0Control)
        case nil:
            break
        }
    }

    /// Query state: everything up to `#`; special URLs also percent-encode `'`.
    mutating func queryState(_ c: UInt8?) {
        switch c {
        case .numberSign:
            url.fragment = []
            state = .fragment
        case let c?:
            url.query?.appendPercentEncoded(c, using: url.isSpecial ? .specialQuery : .query)
        case nil:
            break
        }
    }

    /// Fragment state: everything to the end.
    mutating func fragmentState(_ c: UInt8?) {
        if let c {
            url.fragment?.appendPercentEncoded(c, using: .fragment)
        }
    }
}
