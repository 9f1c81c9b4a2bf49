import BeckonURL

/// `url`: a URL as an `href` or `src` attribute holds it (`beckon lint`, the link checks).
///
/// Parses the input without a base and against fixed bases of every kind (special, `file:`,
/// non-special with a host, non-special without one, an opaque path, an IPv6 host). When the
/// input has a line break, the first line is also parsed as a base for the rest. Every URL that
/// parses is held to the module's own robustness requirements (Tests/BeckonURLTests/RobustnessTests):
/// its `href` is printable ASCII and parses again to the same URL, and the scheme is never empty.
enum URLTarget {
    static let bases: [ParsedURL] = [
        "https://h/dir/index.html?q#f", "file:///C:/dir/file", "file://server/share/x", "foo://h/a/b", "foo:/a/b",
        "mailto:a@b", "http://[::1]:8080/",
    ].map { text in
        guard case .success(let url) = URLParser.parse(text) else { fatalError("fixture base \(text)") }
        return url
    }

    static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        let input = String(fuzzInput: bytes)
        check(URLParser.parse(input), input: input)
        for base in bases {
            check(URLParser.parse(input, base: base), input: input)
        }
        if let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) {
            let baseText = String(decoding: bytes[..<newline], as: UTF8.self)
            let relative = String(decoding: bytes[(newline + 1)...], as: UTF8.self)
            if case .success(let base) = URLParser.parse(baseText) {
                check(URLParser.parse(relative, base: base), input: relative)
            }
        }
    }

    static func check(_ result: Result<ParsedURL, URLParseFailure>, input: String) {
        Trace.note("\(input.debugDescription): \(result.map(\.href))")
        guard case .success(let url) = result else { return }
        Invariant.expect(!url.scheme.isEmpty, "empty scheme for \(input.debugDescription)")
        Invariant.expect(
            url.href.utf8.allSatisfy { $0 >= 0x20 && $0 <= 0x7E },
            "href of \(input.debugDescription) is not printable ASCII: \(url.href.debugDescription)")
        Invariant.expect(
            url.isSpecial == ["http", "https", "ws", "wss", "ftp", "file"].contains(url.scheme),
            "isSpecial is wrong for \(url.href.debugDescription)")
        let reparsed = URLParser.parse(url.href)
        Invariant.expect(
            reparsed == .success(url),
            "href of \(input.debugDescription) is \(url.href.debugDescription), which parses to \(reparsed)")
    }
}
