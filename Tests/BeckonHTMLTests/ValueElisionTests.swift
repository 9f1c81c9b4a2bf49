import PropertyBased
import Testing

@testable import BeckonHTML

/// Attribute values left out of what libxml2 reads must not change the tree or the errors.
@Suite struct ValueElisionTests {
    /// A value long enough to be left out.
    static let long = "Join 50,000 people who stay close — Schließ dich an, 参加する 🎉"

    /// Pieces of pages, plain and tricky: everything the scan must agree with libxml2 on or give
    /// up at.
    static let pieces: [String] = [
        "<!DOCTYPE html>", "<html lang=\"en\">", "<head>", "</head>", "<body>", "</body>", "</html>",
        "<meta charset=\"utf-8\">", "<meta http-equiv=\"Content-Type\" content=\"text/html; charset=ISO-8859-1\">",
        "<meta name=\"description\" content=\"\(long)\">", "<a href=\"https://example.com/de-DE/invite/ABC\">x</a>",
        "<p title=\"\(long)\" class=\"lead paragraph\">Text</p>", "<p title=\"a &amp; b and more\">x</p>",
        "<p title=\"line one\nline two\">x</p>", "<p title=\"tab\there and there\">x</p>",
        "<p title=\"<b>not quiet</b>\">x</p>", "<p title=\"short\">x</p>", "<p title='single quoted value'>x</p>",
        "<p title = \"spaced equals sign\">x</p>", "<p title=\"\u{E000} marker in the page\">x</p>",
        "<p title=\"\u{80}\u{9F} C1 controls here\">x</p>", "<p title=\"\u{FFFE} not a character\">x</p>",
        "<p id=\"duplicated-id-value\">x</p>", "<p title=\"first value here\" title=\"second value here\">x</p>",
        "<script>var a=\"\(long)\";</script>", "<!-- <a href=\"https://example.com/comment\"> -->",
        "<style>a[title=\"quoted in a sheet\"]{}</style>", "text a=\"equals quote in text\" more",
        "<title>t=\"in the title text\"</title>", "<textarea>v=\"in a text area here\"</textarea>",
        "<img alt=\"\(long)\" src=\"/assets/logo.png\">", "<p data-x=\"unclosed value", "\"", "=\"", "<", "\n",
        "<div class=\"wrap page\">", "</div>", "<br/>", "\u{FF}", "<p title=\"\u{FF} invalid byte\">x</p>",
    ]

    @Test func leavingValuesOutChangesNothing() async {
        let plain = [
            "<html>", "<body>", "<meta name=\"description\" content=\"\(Self.long)\">",
            "<p title=\"\(Self.long)\" class=\"lead paragraph\">Text</p>",
            "<a href=\"https://example.com/de-DE/invite/ABC\">x</a>", "\n",
        ]
        let elided = await pagesReadTheSameWithShortcuts(pieces: Self.pieces, plain: plain) {
            ValueElision.find(in: $0) != nil
        }
        // The pages the shortcut took are a fair part of those tried.
        #expect(elided > 1_000)
    }

    /// Arbitrary bytes (quotes, equals signs, angle brackets, letters, bytes that are not UTF-8,
    /// the marker's own) read the same with the shortcut as without it.
    @Test func arbitraryBytesReadTheSame() async {
        let fragments: [[UInt8]] = [
            Array("=\"".utf8), Array("\"".utf8), Array("<".utf8), Array(">".utf8), Array("<p a".utf8),
            Array("<!--".utf8), Array("-->".utf8), Array("<script>".utf8), Array("</script>".utf8), Array(" ".utf8),
            Array("long value text".utf8), Array("&amp;".utf8), [0x0A], [0xC3, 0xBC], [0xEE, 0x80, 0x80], [0xFF],
            [0xC3], [0x00], Array("é".utf8), Array("<html>".utf8),
        ]
        // Whole quiet values count three times as often, so that many inputs take the shortcut.
        let plain = [Array("=\"long value text\"".utf8), Array(" title=\"é — long value\"".utf8)]
        let elided = await pagesReadTheSameWithShortcuts(pieces: fragments, plain: plain, most: 24) {
            ValueElision.find(in: $0) != nil
        }
        #expect(elided > 1_000)
    }

    /// Bytes that are not UTF-8 before and after a value left out: libxml2 recovers from them
    /// where the page's length puts them, so the page is parsed again as written and reports what
    /// it reports whole (found by `arbitraryBytesReadTheSame`).
    @Test func bytesThatAreNotUTF8AroundAValueReadTheSame() {
        let bytes =
            Array("<p a".utf8) + [0xC3] + Array("<html><p a=\"long value text\"".utf8) + [0xFF]
        #expect(ValueElision.find(in: bytes) != nil)
        let shortened = HTMLDocument(bytes: bytes, eliding: true)
        let whole = HTMLDocument(bytes: bytes, eliding: false)
        #expect(shortened.root == whole.root)
        #expect(shortened.errors == whole.errors)
    }

    /// A page as Beckon writes one: its long values are left out, and the page reads the same.
    @Test func aWrittenPageLeavesItsValuesOut() throws {
        let page = """
            <!DOCTYPE html>
            <html lang="de-DE" dir="ltr">
            <head>
            <meta charset="utf-8">
            <meta name="description" content="\(Self.long)">
            <link rel="alternate" hreflang="en-US" href="https://join.example/en-US/">
            </head>
            <body><p class="x">Mit <a href="/de-DE/gone/">Link</a></p></body>
            </html>
            """
        let bytes = Array(page.utf8)
        let elision = try #require(ValueElision.find(in: bytes))
        #expect(
            elision.values.map { String(decoding: bytes[$0], as: UTF8.self) } == [
                "description", Self.long, "alternate", "https://join.example/en-US/", "/de-DE/gone/",
            ])
        let document = HTMLDocument(bytes: bytes)
        #expect(document.root == HTMLDocument(bytes: bytes, eliding: false).root)
        #expect(document.elements(named: "meta").last?[attribute: "content"] == Self.long)
    }

    /// A value that is short, not quiet, or not double-quoted is given to libxml2 as written, and
    /// so is every value of a page that holds the marker.
    @Test(arguments: [
        "<p title=\"short\">", "<p title=\"a &amp; b and more\">", "<p title=\"line one\nline two\">",
        "<p title='single quoted value'>", "<p title=\"<b>not quiet</b>\">", "<p title=\"\u{80} C1 control here\">",
        "<p title=\"long enough value\">\u{E000}", "<!-- <a href=\"https://example.com/comment\"> -->",
        "<script>var a=\"quoted in a script\";</script>",
    ])
    func aValueThatIsNotQuietIsParsedAsWritten(page: String) {
        #expect(ValueElision.find(in: Array(page.utf8)) == nil)
    }

    /// `="` where libxml2 reads no attribute value (text, a title, a duplicate attribute) leaves a
    /// marker libxml2 does not hand back as a value: the page is parsed again as written.
    @Test(arguments: [
        "<p>a=\"equals quote in text\"</p>", "<title>t=\"in the title text\"</title>",
        "<p title=\"first value here\" title=\"second value here\">x</p>",
    ])
    func aValueLibXMLDoesNotReadSendsThePageBackWhole(page: String) throws {
        let bytes = Array(page.utf8)
        _ = try #require(ValueElision.find(in: bytes))
        let document = HTMLDocument(bytes: bytes)
        #expect(document.root == HTMLDocument(bytes: bytes, eliding: false).root)
    }

    /// The word-at-a-time reading of a value, against one a byte at a time.
    @Test func quietAsAByteAtATimeReadingIs() async {
        await checkMostlyPlainBytes(odd: [0x20, 0x41, 0x7E, 0x26, 0x3C, 0x3E, 0x0A, 0x09, 0x1F, 0x7F, 0x00], most: 4) {
            bytes in
            let expected = bytes.allSatisfy { (0x20...0x7E).contains($0) && !"&<>".utf8.contains($0) }
            #expect(bytes.withUnsafeBufferPointer { ValueElision.isQuiet($0) } == expected)
        }
    }
}
