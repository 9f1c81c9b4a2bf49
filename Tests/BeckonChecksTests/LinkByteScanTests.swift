import BeckonTestSupport
import Testing

@testable import BeckonChecks

/// The link scans that read a URL's bytes (its scheme, a brace in it) answer as reading its
/// Unicode scalars does, for any text.
@Suite struct LinkByteScanTests {
    static let pieces = [
        "https", "HTTPS", "mailto", "Tel", "x-app", "a+b", "a.b", "1", ":", "//", "/", "{", "}", "%", "%7", "7",
        "b", "B", "d", "D", "%7B", "%7d", "%7c", "é", "\u{301}", " ", "?", "#", "ß", "😀",
    ]

    /// The scheme read a Unicode scalar at a time: up to the first `:`, a letter, then letters,
    /// digits, `+`, `-` and `.`, all ASCII.
    func schemeByScalars(_ url: String) -> String? {
        let scalars = Array(url.unicodeScalars)
        guard let colon = scalars.firstIndex(of: ":"), colon != 0 else { return nil }
        let candidate = scalars[..<colon]
        func isLetter(_ scalar: Unicode.Scalar) -> Bool { ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) }
        guard isLetter(candidate[0]),
            candidate.allSatisfy({ isLetter($0) || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0) })
        else { return nil }
        return String(String.UnicodeScalarView(candidate)).lowercased()
    }

    /// A brace, or `%7B`/`%7D` in either case, read a Unicode scalar at a time.
    func holdsBraceByScalars(_ url: String) -> Bool {
        let scalars = Array(url.unicodeScalars)
        return scalars.indices.contains { index in
            scalars[index] == "{" || scalars[index] == "}"
                || (index + 2 < scalars.count && scalars[index] == "%" && scalars[index + 1] == "7"
                    && "bBdD".unicodeScalars.contains(scalars[index + 2]))
        }
    }

    @Test func bytesReadWhatScalarsRead() {
        var generator = SeededGenerator(seed: 101)
        var schemes = 0
        var braces = 0
        for round in 0..<20_000 {
            // Every other text starts as a link does, so many have a scheme.
            let start = round.isMultiple(of: 2) ? ["https:", "Tel:", "x-app:", "a+b:"][round / 2 % 4] : ""
            let url = start + generator.text(from: Self.pieces, upTo: 8)
            let scheme = BeckonChecks.scheme(of: url)
            #expect(scheme == schemeByScalars(url), "\(url)")
            let brace = LinkPlaceholderRule.holdsBrace(url)
            #expect(brace == holdsBraceByScalars(url), "\(url)")
            if scheme != nil { schemes += 1 }
            if brace { braces += 1 }
        }
        // The texts reach both answers of each, many times.
        #expect(schemes > 1_000 && schemes < 19_000)
        #expect(braces > 1_000 && braces < 19_000)
    }

    @Test func examples() {
        #expect(BeckonChecks.scheme(of: "HTTPS://x") == "https")
        #expect(BeckonChecks.scheme(of: "x-app://open") == "x-app")
        #expect(BeckonChecks.scheme(of: ":x") == nil)
        #expect(BeckonChecks.scheme(of: "1a:x") == nil)
        #expect(BeckonChecks.scheme(of: "/path:x") == nil)
        #expect(LinkPlaceholderRule.holdsBrace("https://x/%7b%7Bname%7D"))
        #expect(LinkPlaceholderRule.holdsBrace("https://x/{code}"))
        #expect(!LinkPlaceholderRule.holdsBrace("https://x/%7"))
        #expect(!LinkPlaceholderRule.holdsBrace("https://x/%7C%7"))
    }
}
