import PropertyBased
import Testing

@testable import BeckonHTML

/// Style sheets left out of what libxml2 reads must not change the tree or the errors.
@Suite struct StyleElisionTests {
    /// A style sheet long enough to be left out, over several lines.
    static let sheet = """
        :root{--text:#1b1b1f;--background:#ffffff;--link:#0b57d0}
        @media (prefers-color-scheme:dark){:root{--text:#e6e6ec;--background:#121216}}
        body{margin:0;font:1rem/1.5 system-ui, sans-serif;background:url("/assets/bg.png")}
        a{color:var(--link)}
        """

    /// Pieces of pages, plain and tricky: everything the scan must agree with libxml2 on or give
    /// up at.
    static let pieces: [String] = [
        "<!DOCTYPE html>", "<!doctype html>", "<html lang=\"en\">", "<head>", "</head>", "<body>", "</body>",
        "</html>", "<meta charset=\"utf-8\">", "<title>Hallo</title>", "<p class=\"x\">Text</p>", "\n", "  ",
        "<style>\(sheet)</style>", "<STYLE media=\"all\">\(sheet)</STYLE>", "<style>a{}</style>",
        "<style>\(sheet)→</style>", "<style>\(sheet)\r\n</style>", "<style>\(sheet)</p></style>",
        "<style>\(sheet)<b></style>", "<style>\(sheet)</style >", "<style/>", "<style>", "<style>\(sheet)",
        "<style >\(sheet)</style>", "<style\nmedia='print'>\(sheet)</style>", "<title>a<b>c</b></title>",
        "<script>var a = 1;</script>", "<script>if (a<b) {}</script>", "<!-- <style>\(sheet)</style> -->",
        "<p title=\"<style>\">x</p>", "<p title='a>b'>x</p>", "<a x=a\"b y=\"c>", "text < more", "a &amp; b",
        "<br/>", "<svg><style>\(sheet)</style></svg>", "<textarea><style>\(sheet)</style></textarea>", "</ p>",
        "<?php x ?>", "<![CDATA[x]]>", "<plaintext>", "<noscript><style>\(sheet)</style></noscript>", "\u{FF}",
        "<p id=\"a\">x</p>", "<div\tdata-x = \"1\">", "</div>", "<", "</", "<!", ">", "<style", "<style ",
        "<styles>", "<style-x>",
    ]

    @Test func leavingStyleSheetsOutChangesNothing() async {
        let plain = [
            "<html>", "<head>", "</head>", "<body>", "</body>", "<title>Hallo</title>", "<p class=\"x\">Text</p>",
            "\n", "<style>\(Self.sheet)</style>", "<STYLE media=\"all\">\(Self.sheet)</STYLE>", "<style>a{}</style>",
        ]
        let elided = await pagesReadTheSameWithShortcuts(pieces: Self.pieces, plain: plain) {
            StyleElision.find(in: $0) != nil
        }
        // The pages the shortcut took are a fair part of those tried.
        #expect(elided > 150)
    }

    /// A page as Beckon writes one: its style sheet is left out, and the page reads the same.
    @Test func aWrittenPageLeavesItsStyleSheetOut() throws {
        let page = """
            <!DOCTYPE html>
            <html lang="de-DE" dir="ltr">
            <head>
            <meta charset="utf-8">
            <title>Maya hat dich eingeladen</title>
            <style>
            \(Self.sheet)
            </style>
            </head>
            <body>
            <main class="wrap"><h1>Hallo</h1>
            <p>Mit <a href="/de-DE/gone/">Link</a></p></main>
            </body>
            </html>
            """
        let bytes = Array(page.utf8)
        let elision = try #require(StyleElision.find(in: bytes))
        #expect(elision.styles.count == 1)
        #expect(elision.parsedBytes.count < bytes.count - Self.sheet.utf8.count + 10)
        let document = HTMLDocument(bytes: bytes)
        #expect(document.root == HTMLDocument(bytes: bytes, eliding: false).root)
        #expect(document.elements(named: "style").first?.textContent == "\n\(Self.sheet)\n")
        #expect(document.elements(named: "a").first?.line == 15)
    }

    /// A style sheet that is short, not plain ASCII, holds a `<` or has attributes is given to
    /// libxml2 as written.
    @Test(arguments: [
        "<style>short</style>", "<style>\(sheet)é</style>", "<style>\(sheet)<b></style>",
        "<style media=\"all\">\(sheet)</style>", "<style>\(sheet)</style >", "<style>\(sheet)\r\n</style>",
    ])
    func aStyleSheetThatIsNotPlainIsParsedAsWritten(page: String) {
        #expect(StyleElision.find(in: Array(page.utf8)) == nil)
    }

    /// `<style` where libxml2 reads no tag (a comment, an attribute, a script) is counted; libxml2
    /// then reports fewer `style` elements, and the page is parsed again as written.
    @Test(arguments: [
        "<!-- <style>\(sheet)</style> --><style>\(sheet)</style>", "<p title=\"<style>\">x</p><style>\(sheet)</style>",
        "<script>document.write('<style>')</script><style>\(sheet)</style>",
        // libxml2 makes an element of a `<style` the page ends in, so it counts as one.
        "<!-- <style>\(sheet)</style> --><p>x</p><style",
    ])
    func aStyleTagLibXMLDoesNotReadSendsThePageBackWhole(page: String) throws {
        let bytes = Array(page.utf8)
        let elision = try #require(StyleElision.find(in: bytes))
        #expect(elision.styles.count == 2)
        let document = HTMLDocument(bytes: bytes)
        #expect(document.root == HTMLDocument(bytes: bytes, eliding: false).root)
        #expect(document.elements(named: "style").count == 1)
    }
}

/// The word-at-a-time reading of a style sheet's bytes, against one a byte at a time.
@Suite struct QuietLineFeedsTests {
    @Test func countsAsAByteAtATimeReadingDoes() async {
        await checkMostlyPlainBytes(
            odd: [0x20, 0x41, 0x7E, 0x0A, 0x09, 0x0D, 0x1F, 0x7F, 0x80, 0xC3, 0xFF, 0x00], most: 6
        ) {
            bytes in
            let expected: Int? =
                bytes.allSatisfy { (0x20...0x7E).contains($0) || $0 == 0x09 || $0 == 0x0A }
                ? bytes.count { $0 == 0x0A } : nil
            #expect(bytes.withUnsafeBufferPointer { StyleElision.quietLineFeeds($0) } == expected)
        }
    }
}
