import BeckonHTML
import Testing

@Suite struct HTMLDocumentTests {
    let page = """
        <!DOCTYPE html>
        <html lang="de-DE" dir="ltr">
        <head><title>Hallo</title><meta name="robots" content="noindex"></head>
        <body>
        <main><h1>Titel</h1>
        <p>Mit <a href="/de-DE/gone/">Link</a> &amp; <bdi>Maya</bdi></p>
        </main>
        </body>
        </html>
        """

    @Test func readsElementsAttributesAndLines() {
        let document = HTMLDocument(page)
        #expect(document.root[attribute: "lang"] == "de-DE")
        #expect(document.head?.elements(named: "title").first?.textContent == "Hallo")
        let link = document.elements(named: "a").first
        #expect(link?[attribute: "href"] == "/de-DE/gone/")
        #expect(link?.line == 6)
        #expect(document.elements(named: "p").first?.textContent == "Mit Link & Maya")
    }

    @Test func html5ElementsAreNotParseErrors() {
        #expect(HTMLDocument(page).errors.isEmpty)
    }

    @Test func brokenMarkupIsReportedWithItsLine() {
        let document = HTMLDocument("<html><body>\n<p>text</span>\n</body></html>")
        #expect(document.errors.contains { $0.line == 2 && $0.message.contains("span") })
    }

    @Test func anyBytesParseWithoutCrashing() {
        let bytes: [UInt8] = [0x3C, 0xFF, 0x00, 0x3E, 0xC3, 0x28, 0x3C, 0x2F]
        _ = HTMLDocument(bytes: bytes)
        _ = HTMLDocument(bytes: [])
    }
}
