import BeckonTestSupport
import BeckonWeb
import Testing

/// A page that leaves its site gets its root-relative URLs made absolute, and nothing else changes.
@Suite struct AbsoluteLinksTests {
    static let origin = "https://join.example.test"

    func absolutized(_ html: String) -> String {
        String(decoding: AbsoluteLinks.absolutized(Array(html.utf8), origin: Self.origin), as: UTF8.self)
    }

    @Test(arguments: [
        (#"<img src="/assets/logo.svg" alt="">"#, #"<img src="https://join.example.test/assets/logo.svg" alt="">"#),
        (#"<a href='/en-US/android/'>x</a>"#, #"<a href='https://join.example.test/en-US/android/'>x</a>"#),
        (#"<a HREF = /de/ class=b>x</a>"#, #"<a HREF = https://join.example.test/de/ class=b>x</a>"#),
        (
            #"<img srcset="/a.png 1x, /b.png 2x,https://c.test/c.png 3x">"#,
            #"<img srcset="https://join.example.test/a.png 1x, https://join.example.test/b.png 2x,https://c.test/c.png 3x">"#
        ),
        (
            #"<div style="background:url('/bg.png')"></div>"#,
            #"<div style="background:url('https://join.example.test/bg.png')"></div>"#
        ),
        (
            #"<a href="/a" ping="/p1  https://t.test/p2 //cdn.test/p3 /p4">x</a>"#,
            #"<a href="https://join.example.test/a" ping="https://join.example.test/p1  https://t.test/p2 //cdn.test/p3 https://join.example.test/p4">x</a>"#
        ),
        (
            "<style>.a{background:url(/x.png)} .b{background:url(//cdn.test/y.png)}</style>",
            "<style>.a{background:url(https://join.example.test/x.png)} .b{background:url(//cdn.test/y.png)}</style>"
        ),
    ])
    func rootRelativeURLsBecomeAbsolute(html: String, expected: String) {
        #expect(absolutized(html) == expected)
    }

    @Test(arguments: [
        #"<a href="//cdn.test/x">x</a>"#, ##"<a href="#main">x</a>"##, #"<a href="https://a.test/">x</a>"#,
        #"<a href="de/">x</a>"#, #"<a href="/\evil.test">x</a>"#, #"<p title="/not-a-url">/text</p>"#,
        "<!-- <a href=\"/in-a-comment\"> -->", "<script>var a = '<a href=\"/x\">';</script>",
        #"<meta property="og:url" content="/x">"#, "<input disabled><br/>a < b",
    ])
    func everythingElseIsKept(html: String) {
        #expect(absolutized(html) == html)
    }

    /// For random pages made of tags, attributes, comments, scripts and text: taking the inserted
    /// origins out gives the page back, and a second pass changes nothing.
    @Test func onlyOriginsAreInsertedAndOnce() {
        var generator = SeededGenerator(seed: 0x5EED)
        let pieces = [
            #"<a href="/p/">"#, "</a>", #"<img src='/i.png' alt=x>"#, "<br/>", "text /slash ", "&amp;", "<!-- c -->",
            "<script>if (a < b) { x = '/y' }</script>", #"<p class="/c" data="/d">"#, "<", ">", "=", "\"", "'",
            #"<img srcset="/a 1x, /b 2x">"#, "<style>a{b:url(/c)}</style>", "<A HREF=/Q>", #"<x y=/z/>"#, "é",
        ]
        for _ in 0..<500 {
            let count = Int(generator.next() % 12)
            let page = (0..<count).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
            let once = absolutized(page)
            #expect(once.replacingOccurrences(of: Self.origin, with: "") == page, "\(page)")
            #expect(absolutized(once) == once, "\(page)")
        }
    }
}
