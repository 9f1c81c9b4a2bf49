import BeckonURL
import Testing

/// Requirement 9: no crash, no endless loop and linear time on any input, and the standard's idempotence:
/// parsing `href` again gives the same URL.
@Suite struct RobustnessTests {
    /// Pieces random inputs are made of, weighted towards the characters the parser treats specially.
    static let alphabet: [String] = [
        "/", "/", "\\", ":", ":", "?", "#", "@", "[", "]", ".", ".", "..", "%", "%2e", "%41", "%zz", "0x", "0",
        "1", "9", "255", "a", "b", "Z", "x", "-", "+", "_", "~", " ", "\t", "\n", "\u{0}", "\u{1F}", "\u{7F}", "'",
        "\"", "<", ">", "`", "{", "}", "^", "|", "ü", "€", "😀", "https:", "http://", "file:", "mailto:", "C:", "C|",
        "//", "localhost", "xn--", "::", "[::1]", "127.0.0.1", "foo:",
    ]

    /// Bases the random inputs are also resolved against.
    static let bases = [
        "https://h/dir/index.html?q#f", "file:///C:/dir/file", "file://server/share/x", "foo://h/a/b", "foo:/a/b",
        "mailto:a@b", "http://[::1]:8080/",
    ]

    /// A random input of up to `maximumPieces` pieces of the alphabet.
    private static func randomInput(using generator: inout XorShiftGenerator, maximumPieces: Int) -> String {
        let count = Int.random(in: 0...maximumPieces, using: &generator)
        return (0..<count).map { _ in alphabet.randomElement(using: &generator) ?? "" }.joined()
    }

    /// Checks the invariants of a successful parse.
    private static func checkInvariants(of url: ParsedURL, input: String) {
        let reparsed = URLParser.parse(url.href)
        #expect(reparsed == .success(url), "href of \(input.debugDescription) is \(url.href.debugDescription)")
        #expect(url.href.utf8.allSatisfy { $0 >= 0x20 && $0 <= 0x7E }, "href is printable ASCII")
        #expect(!url.scheme.isEmpty)
        #expect(url.isSpecial == ["http", "https", "ws", "wss", "ftp", "file"].contains(url.scheme))
    }

    @Test(arguments: 0..<8)
    func randomInputsParseIdempotently(seed: Int) throws {
        var generator = XorShiftGenerator(seed: UInt64(seed) &* 0x1000_0001 &+ 17)
        let bases = try Self.bases.map { try URLParser.parse($0).get() }
        for _ in 0..<400 {
            let input = Self.randomInput(using: &generator, maximumPieces: 12)
            if case .success(let url) = URLParser.parse(input) {
                Self.checkInvariants(of: url, input: input)
            }
            let base = bases.randomElement(using: &generator)
            if case .success(let url) = URLParser.parse(input, base: base) {
                Self.checkInvariants(of: url, input: input)
            }
        }
    }

    @Test func randomBytesNeverCrash() {
        var generator = XorShiftGenerator(seed: 0xC0FFEE)
        for _ in 0..<2000 {
            let scalars = (0..<Int.random(in: 0...24, using: &generator)).map { _ in
                Unicode.Scalar(UInt8.random(in: 0...0x7F, using: &generator))
            }
            let input = String(String.UnicodeScalarView(scalars))
            if case .success(let url) = URLParser.parse(input) {
                Self.checkInvariants(of: url, input: input)
            }
        }
    }

    /// One-megabyte inputs built to stress each state; all must finish quickly.
    static let megabyteInputs: [(name: String, input: String)] = {
        let size = 1 << 20
        return [
            ("long path", "https://example.com/" + String(repeating: "a/", count: size / 2)),
            ("dot segments", "https://example.com/" + String(repeating: "../", count: size / 3)),
            ("at signs", "https://" + String(repeating: "@", count: size) + "example.com/"),
            ("colons in credentials", "https://" + String(repeating: ":", count: size) + "@example.com/"),
            ("long host", "https://" + String(repeating: "a.", count: size / 2) + "com/"),
            ("long numeric host", "https://" + String(repeating: "1.", count: size / 2) + "1/"),
            ("long port", "https://example.com:" + String(repeating: "0", count: size) + "80/"),
            ("long scheme", String(repeating: "a", count: size) + ":x"),
            ("scheme-like relative", String(repeating: "a", count: size)),
            ("long IPv6", "https://[" + String(repeating: ":", count: size) + "]/"),
            ("percent signs", "https://example.com/" + String(repeating: "%", count: size)),
            (
                "tabs",
                String(repeating: "\t", count: size) + "https://example.com/" + String(repeating: "\n", count: size)
            ),
            ("long query", "https://example.com/?" + String(repeating: "ü'", count: size / 3)),
            ("long opaque path", "data:," + String(repeating: " ", count: size) + "x"),
            ("backslashes", "https:" + String(repeating: "\\", count: size) + "example.com"),
        ]
    }()

    /// The inputs are named, not passed: a test's arguments are printed with its result.
    @Test(arguments: megabyteInputs.map(\.name))
    func megabyteInputsFinishQuickly(name: String) throws {
        let input = try #require(Self.megabyteInputs.first { $0.name == name }).input
        let base = try URLParser.parse("https://h/dir/").get()
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            _ = URLParser.parse(input)
            _ = URLParser.parse(input, base: base)
        }
        #expect(elapsed < .seconds(20), "\(name) took \(elapsed)")
    }

    /// Doubling the input roughly doubles the time, rather than quadrupling it.
    @Test func timeGrowsLinearly() {
        let clock = ContinuousClock()
        func time(_ count: Int) -> Duration {
            let input = "https://example.com/" + String(repeating: "a/../b%2e/", count: count)
            return clock.measure { _ = URLParser.parse(input) }
        }
        _ = time(1000)
        let small = time(20_000)
        let large = time(80_000)
        #expect(large < small * 16, "4× the input took \(large) against \(small)")
    }
}
