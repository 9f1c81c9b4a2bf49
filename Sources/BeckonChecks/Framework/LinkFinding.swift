import BeckonDiagnostics
import BeckonRender

extension SiteRule {
    /// A finding about a link, placed where the link's bytes were written.
    func finding(
        _ severity: Severity, _ message: String, _ artifact: Artifact, _ link: FoundLink, fix: String
    ) -> Diagnostic {
        let location = FindingPlacement.location(in: artifact, line: link.line, needle: link.url)
        var diagnostic = Diagnostic(severity, id, message, at: location, fix: fix)
        diagnostic.notes = ["in \(link.attribute)"]
        if artifact.kind != .document {
            diagnostic.artifact = artifact.path
            diagnostic.artifactLine = link.line
        }
        diagnostic.locale = artifact.locale?.rawValue
        diagnostic.sample = artifact.sample
        return diagnostic
    }
}

/// A URL's scheme, lower-cased, or `nil` for a relative reference.
func scheme(of url: String) -> String? {
    // Read in place when the text is stored as UTF-8, as it is when the page's bytes made it.
    url.utf8.withContiguousStorageIfAvailable(scheme(in:)) ?? scheme(in: Array(url.utf8))
}

private func scheme(in bytes: UnsafeBufferPointer<UInt8>) -> String? {
    guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon != 0, isASCIILetter(bytes[0]) else {
        return nil
    }
    var hasCapital = false
    for byte in bytes[..<colon] {
        guard isASCIILetter(byte) || (0x30...0x39).contains(byte) || byte == 0x2B || byte == 0x2D || byte == 0x2E
        else { return nil }
        hasCapital = hasCapital || (0x41...0x5A).contains(byte)
    }
    // ASCII only: lower-cased by its bytes, and copied only when it has a capital to lower.
    let candidate = UnsafeBufferPointer(rebasing: bytes[..<colon])
    guard hasCapital else { return String(decoding: candidate, as: UTF8.self) }
    return String(decoding: candidate.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
}

private func scheme(in bytes: [UInt8]) -> String? {
    bytes.withUnsafeBufferPointer(scheme(in:))
}

private func isASCIILetter(_ byte: UInt8) -> Bool {
    (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
}

/// Where the host and the path of an absolute URL lie in its bytes: after the first `:` that
/// `//` follows, the host is what comes before the first `/`, `?` or `#` (after any `user@`,
/// before any `:port`; possibly empty), and the path runs from there to the query or fragment.
/// `nil` for a URL without `//`. Generic, so a caller with a contiguous buffer scans it directly.
func authorityParts<Bytes: BidirectionalCollection<UInt8>>(
    _ bytes: Bytes
) -> (host: Bytes.SubSequence, path: Bytes.SubSequence)? {
    var index = bytes.startIndex
    var start: Bytes.Index?
    while let colon = bytes[index...].firstIndex(of: UInt8(ascii: ":")) {
        let rest = bytes[bytes.index(after: colon)...]
        if rest.starts(with: [0x2F, 0x2F]) {
            start = bytes.index(colon, offsetBy: 3)
            break
        }
        index = bytes.index(after: colon)
    }
    guard let start else { return nil }
    let authority = bytes[start...].prefix { $0 != 0x2F && $0 != 0x3F && $0 != 0x23 }
    let afterUser =
        authority.lastIndex(of: UInt8(ascii: "@")).map { authority[authority.index(after: $0)...] } ?? authority
    let host = afterUser.prefix { $0 != UInt8(ascii: ":") }
    let path = bytes[authority.endIndex...].prefix { $0 != 0x3F && $0 != 0x23 }
    return (host, path)
}

/// The host of an absolute URL, lower-cased.
func host(of url: String) -> String? {
    guard let host = authorityParts(url.utf8)?.host, !host.isEmpty else { return nil }
    return String(decoding: host, as: UTF8.self).lowercased()
}

/// The path of an absolute URL (`/invite/ABC` for `https://host/invite/ABC?x=1`).
func path(of url: String) -> String {
    guard let path = authorityParts(url.utf8)?.path else { return url }
    return String(decoding: path, as: UTF8.self)
}
