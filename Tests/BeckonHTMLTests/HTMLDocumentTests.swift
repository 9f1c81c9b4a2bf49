import BeckonHTML
import PropertyBased
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

    /// libxml2 knows HTML 4 only: its complaints about HTML5, SVG and custom elements are dropped,
    /// and those about tags no standard has are kept.
    @Test func onlyTagsNoStandardHasAreInvalid() {
        let document = HTMLDocument(
            "<html><body>\n<nav><svg><path d=\"M0\"/></svg></nav>\n<my-card>x</my-card>\n<blink>y</blink>\n<Main>z</Main>\n</body></html>"
        )
        #expect(document.errors.map(\.line) == [4])
        #expect(document.errors.map(\.message).allSatisfy { $0.hasPrefix("Tag blink invalid") })
    }

    @Test func brokenMarkupIsReportedWithItsLine() {
        let document = HTMLDocument("<html><body>\n<p>text</span>\n</body></html>")
        #expect(document.errors.contains { $0.line == 2 && $0.message.contains("span") })
    }

    /// The tree is built from the parser's events; it is the tree libxml2's own builder makes.
    @Test func whitespaceIsKeptWhereHTML4AllowsText() {
        let document = HTMLDocument(
            "<html><body><div>\n<p>a <b>b</b> <i>c</i></p>\n<ul> <li>x</li> </ul></div></body></html>")
        // `div`, `p` and `li` may hold text, so whitespace in or after them stays; `ul` may not,
        // so the space that opens it goes.
        #expect(document.elements(named: "div")[0].children.map(\.name) == ["#text", "p", "#text", "ul"])
        #expect(document.elements(named: "p")[0].textContent == "a b c")
        #expect(document.elements(named: "ul")[0].children.map(\.name) == ["li", "#text"])
        #expect(HTMLDocument("<html><head> <title>t</title> </head></html>").head?.children.map(\.name) == ["title"])
    }

    @Test func bareBooleanAttributesHoldTheirName() {
        let input = HTMLDocument("<input type=radio checked data-x>").elements(named: "input")[0]
        #expect(input[attribute: "checked"] == "checked")
        #expect(input[attribute: "data-x"] == "")
    }

    @Test func textRunsAreMergedUntilAnotherNodeComes() {
        let document = HTMLDocument(
            "<p>a &amp; b<!-- c -->d<?pi x?>e</p><style>\(String(repeating: "a{} ", count: 600))</style>")
        #expect(document.elements(named: "p")[0].children.map(\.name) == ["#text", "#comment", "#text", "#text"])
        #expect(document.elements(named: "p")[0].children[0].text == "a & b")
        #expect(document.elements(named: "style")[0].children.count == 1)
    }

    @Test func elementsAfterTheEndOfTheRootJoinIt() {
        let document = HTMLDocument("<p>one</p></html><p>two</p>")
        #expect(document.elements(named: "p").map(\.textContent) == ["one", "two"])
        // With a doctype, libxml2 puts them beside the root, and the root alone is the page.
        #expect(HTMLDocument("<!DOCTYPE html><p>one</p></html><p>two</p>").elements(named: "p").count == 1)
    }

    @Test func aTakenIDIsAParseError() {
        let document = HTMLDocument(
            "<html><body>\n<p id=a>x</p>\n<a name=a>y</a><div name=a id=''></div></body></html>")
        #expect(document.errors.map(\.line) == [3])
        #expect(document.errors.map(\.message) == ["ID a already defined"])
    }

    @Test func headElementsAreIndexedApart() {
        let document = HTMLDocument("<html><head><meta name=a><title>t</title></head><body><meta name=b></body></html>")
        #expect(document.headElements(named: "meta").map { $0[attribute: "name"] } == ["a"])
        #expect(document.elements(named: "meta").count == 2)
        #expect(document.headElements(named: "head").count == 1)
    }

    @Test func anyBytesParseWithoutCrashing() {
        let bytes: [UInt8] = [0x3C, 0xFF, 0x00, 0x3E, 0xC3, 0x28, 0x3C, 0x2F]
        _ = HTMLDocument(bytes: bytes)
        _ = HTMLDocument(bytes: [])
    }

    /// The elements a document gathers as it is read (the names the checks ask for) and those it
    /// finds by a walk (any other) are the elements a walk of the tree finds, in document order,
    /// in the page and in its head, for 2,000 pages of generated markup.
    @Test func elementsByNameAreTheElementsOfAWalk() async {
        let pieces = [
            "<html>", "<head>", "</head>", "<body>", "</body>", "<title>T</title>", "<meta name=x content=y>",
            "<link rel=alternate href=/a>", "<base href=/>", "<style>p{}</style>", "<main>", "</main>", "<h1>H</h1>",
            "<p>", "</p>", "<a href=/b>", "</a>", "<img src=/i.png>", "<svg><text>S</text></svg>", "<div>", "</div>",
            "<!-- c -->", "text ", "<span>", "</span>", "<ul><li>i</li></ul>",
        ]
        let names = [
            "a", "base", "body", "h1", "img", "link", "main", "meta", "style", "text", "title", "p", "div", "span",
            "li", "head", "html", "svg", "ul", "#text", "#comment", "none",
        ]
        await propertyCheck(count: 2_000, input: Gen<String?>.element(of: pieces).map { $0 ?? "" }.array(of: 0...24)) {
            parts in
            let document = HTMLDocument(parts.joined())
            let head = document.root.children.first { $0.name == "head" }
            for name in names {
                let walked = document.root.elements(named: name)
                #expect(document.elements(named: name) == (name.hasPrefix("#") ? walked : walked.filter(\.isElement)))
                let inHead = name.hasPrefix("#") ? [] : head?.elements(named: name) ?? []
                #expect(document.headElements(named: name) == inHead, "\(name) in \(parts.joined())")
            }
        }
    }
}
