extension URLParser {
    /// The parts of `https://host/path?query#fragment` written so that the standard's parser
    /// would keep every byte as it is, read without its state machine (most links of a page are
    /// such); `nil` for any other URL, which the parser reads.
    ///
    /// Such a URL is ASCII; its host is lower-case letters, digits and `-` in labels that are not
    /// empty, none starting with `xn--` and the last starting with a letter (so it is neither
    /// Punycode to check nor an IPv4 address); it has no port, user or password; and no part
    /// holds a byte the parser would percent-encode or drop, a backslash, or (in the path) a `%`
    /// or a `.` or `..` segment. A base URL changes nothing for it: its scheme and host are its own.
    static func plainHTTPS(_ input: String) -> ParsedURL? {
        var input = input
        return input.withUTF8 { plainHTTPS(bytes: $0) }
    }

    private static func plainHTTPS(bytes: UnsafeBufferPointer<UInt8>) -> ParsedURL? {
        let prefix = 8
        guard bytes.count > prefix, bytes.starts(with: "https://".utf8) else { return nil }
        var index = prefix
        while index < bytes.count, !isAuthorityEnd(bytes[index]) { index += 1 }
        let host = bytes[prefix..<index]
        guard isPlainHost(host) else { return nil }
        let pathStart = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "?"), bytes[index] != UInt8(ascii: "#") {
            index += 1
        }
        let path = bytes[pathStart..<index]
        guard path.allSatisfy(isPlainPathByte) else { return nil }
        var segments: [String] = []
        if path.isEmpty {
            segments = [""]
        } else {
            for segment in path.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false) {
                if segment.elementsEqual(".".utf8) || segment.elementsEqual("..".utf8) { return nil }
                segments.append(String(decoding: segment, as: UTF8.self))
            }
        }
        var query: String?
        if index < bytes.count, bytes[index] == UInt8(ascii: "?") {
            let start = index + 1
            index = start
            while index < bytes.count, bytes[index] != UInt8(ascii: "#") { index += 1 }
            let part = bytes[start..<index]
            guard part.allSatisfy(isPlainQueryByte) else { return nil }
            query = String(decoding: part, as: UTF8.self)
        }
        var fragment: String?
        if index < bytes.count {
            let part = bytes[(index + 1)...]
            guard part.allSatisfy(isPlainFragmentByte) else { return nil }
            fragment = String(decoding: part, as: UTF8.self)
        }
        let hostName = String(decoding: host, as: UTF8.self)
        // A URL without a path is written with the `/` the parser gives it.
        let href =
            path.isEmpty
            ? "https://" + hostName + "/" + String(decoding: bytes[pathStart...], as: UTF8.self)
            : String(decoding: bytes, as: UTF8.self)
        return ParsedURL(
            scheme: "https", username: "", password: "", host: .domain(hostName), port: nil,
            path: path.isEmpty ? "/" : String(decoding: path, as: UTF8.self), query: query, fragment: fragment,
            isSpecial: true, href: href, pathSegments: segments)
    }

    /// Where a special URL's authority ends: `/`, `?`, `#`, or the `\` the parser reads as `/`.
    private static func isAuthorityEnd(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#")
            || byte == UInt8(ascii: "\\")
    }

    /// Labels of lower-case letters, digits and `-`, none empty or starting with `xn--`, the last
    /// starting with a letter.
    private static func isPlainHost(_ host: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        var lastStart: UInt8 = 0
        for label in host.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false) {
            guard let first = label.first, !label.starts(with: "xn--".utf8), label.allSatisfy(isHostByte) else {
                return false
            }
            lastStart = first
        }
        return lastStart &- UInt8(ascii: "a") < 26
    }

    private static func isHostByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || byte.isASCIIDigit || byte == UInt8(ascii: "-")
    }

    /// A byte the parser keeps as it is in a path (outside the path percent-encode set), and no
    /// `%` or `\`.
    private static func isPlainPathByte(_ byte: UInt8) -> Bool {
        !PercentEncodeSet.path.contains(byte) && byte != UInt8(ascii: "%") && byte != UInt8(ascii: "\\")
    }

    /// A byte the parser keeps as it is in a special URL's query, and no `\`.
    private static func isPlainQueryByte(_ byte: UInt8) -> Bool {
        !PercentEncodeSet.specialQuery.contains(byte) && byte != UInt8(ascii: "\\")
    }

    /// A byte the parser keeps as it is in a fragment, and no `\`.
    private static func isPlainFragmentByte(_ byte: UInt8) -> Bool {
        !PercentEncodeSet.fragment.contains(byte) && byte != UInt8(ascii: "\\")
    }
}
