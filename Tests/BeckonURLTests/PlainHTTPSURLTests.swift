import Testing

@testable import BeckonURL

/// `https` URLs read without the state machine (`URLParser.plainHTTPS`) read exactly as the state
/// machine reads them, and every other URL is left to it.
@Suite struct PlainHTTPSURLTests {
    /// Pieces of hosts, paths, queries and fragments, with what the parser would change.
    static let hosts = [
        "join.playa.app", "beckon.invalid", "a", "a-b.c1", "x.y.z", "JOIN.playa.app", "xn--gran-7qa.fi", "xn--x",
        "127.0.0.1", "a.0x1f", "a.1", "a..b", ".a", "a.", "h:443", "u@h", "[::1]", "grän.fi", "a_b", "a%41", "",
    ]
    static let paths = [
        "", "/", "/a", "/de-DE/samples/maya/invite/", "/a/b/", "/./a", "/a/..", "/a/../b", "/.", "/%2e", "/%41", "/a b",
        "/ü", "/a\\b", "/{x}", "/`", "/a;b=c", "/~user/@x:y", "/a|b", "/a^b", "/assets/logo.svg", "//a",
    ]
    static let queries = ["", "?", "?a=1&b=2", "?q=%2C", "?a'b", "?a b", "?x=\"", "?ü", "?a?b", "?a/b\\c", "?`{}"]
    static let fragments = ["", "#", "#top", "#a#b", "#a`b", "#a b", "#ü", "#:~:text=hi", "#<x>", "#a'b"]

    @Test func plainURLsReadAsTheStateMachineReadsThem() {
        var generator = XorShiftGenerator(seed: 0x5EED_0F_71A1)
        let schemes = [
            "https://", "https://", "https://", "https://", "HTTPS://", "https:/", "https:\\", "http://", " https://",
        ]
        var plain = 0
        let count = 6_000
        for _ in 0..<count {
            // Each part plain half the time (the lists start with their plain pieces).
            func pick(_ pieces: [String], plain: Int) -> String {
                (Bool.random(using: &generator) ? pieces[..<plain] : pieces[...]).randomElement(using: &generator)!
            }
            let parts = [
                pick(schemes, plain: 4), pick(Self.hosts, plain: 5), pick(Self.paths, plain: 5),
                pick(Self.queries, plain: 4), pick(Self.fragments, plain: 4),
            ]
            let input = parts.joined()
            guard let read = URLParser.plainHTTPS(input) else { continue }
            plain += 1
            #expect(.success(read) == URLParser.parsedByStateMachine(input, base: nil), "\(input.debugDescription)")
            let base = try? URLParser.parsedByStateMachine("https://h/dir/page?q#f", base: nil).get()
            #expect(.success(read) == URLParser.parsedByStateMachine(input, base: base), "\(input.debugDescription)")
        }
        // Not vacuous: a good share of the inputs are plain.
        #expect(plain > count / 10, "\(plain) of \(count) inputs read without the state machine")
    }

    @Test(arguments: [
        "https://join.playa.app/invite/XGKCZA9KCZ23ZVK",
        "https://join.playa.app",
        "https://beckon.invalid/de-DE/samples/maya/invite/index.html",
        "https://apps.apple.com/app/id6478123450?pt=1&ct=invite#x",
        "https://a.b/~x/@y:z;w=1?%41#:~:text=a,b",
    ])
    func readWithoutTheStateMachine(_ input: String) throws {
        let read = try #require(URLParser.plainHTTPS(input))
        #expect(.success(read) == URLParser.parsedByStateMachine(input, base: nil))
        #expect(URLParser.parse(input) == .success(read))
    }

    @Test(arguments: [
        "https://Join.playa.app/", "https://xn--gran-7qa.fi/", "https://127.0.0.1/", "https://a.0x10/",
        "https://h:8443/",
        "https://u@h/", "https://h/./a", "https://h/a/..", "https://h/%41", "https://h/a b", "https://h/ü",
        "https://h\\a",
        "https://h/?a'b", "https://h/#a`b", "https://h/a^b", " https://h/", "https://h/\t", "http://h/",
        "https://a..b/",
    ])
    func leftToTheStateMachine(_ input: String) {
        #expect(URLParser.plainHTTPS(input) == nil)
    }
}
