import BeckonChecks
import BeckonRender
import Testing

/// How a link's path becomes the files it may mean, as a static server looks them up.
@Suite struct CheckedSiteTests {
    @Test(arguments: [
        ("/de-DE/gone/", "en-US/invite/index.html", ["de-DE/gone/index.html"]),
        ("../expired/", "en-US/invite/index.html", ["en-US/expired/index.html"]),
        ("/", "en-US/invite/index.html", ["index.html"]),
        ("", "index.html", ["index.html"]),
        ("/assets/logo.svg", "en-US/invite/index.html", ["assets/logo.svg", "assets/logo.svg/index.html"]),
        ("./b", "a/index.html", ["a/b", "a/b/index.html"]),
        ("/a/./b/../c", "index.html", ["a/c", "a/c/index.html"]),
        ("../../x", "a/index.html", []),
    ])
    func aPathMeansTheFileOrTheFoldersIndex(path: String, page: String, expected: [String]) {
        #expect(CheckedSite.candidates(path, from: page) == expected)
        let existing = Set(expected.suffix(1))
        #expect(CheckedSite.resolve(path, from: page, exists: existing.contains) == expected.last)
    }
}

/// A page let go of after its rules ran keeps what the site rules read, and parses again when a
/// later rule asks for the tree.
@Suite struct CheckedPageTests {
    @Test func aReleasedPageKeepsItsFactsAndParsesAgain() {
        let html = """
            <!doctype html><html lang="de"><head><title>T</title>
            <link rel="alternate" hreflang="en" href="/en/"></head>
            <body><h1 id="top">Hallo</h1><a href="/de/gone/#top">weg</a></body></html>
            """
        let page = CheckedPage(
            Artifact(path: "de/index.html", kind: .landing, contentType: "text/html", bytes: Array(html.utf8)))
        let before = page.document.elements(named: "h1").map(\.textContent)
        page.releaseDocument()
        #expect(page.anchors == ["top"])
        #expect(page.links.map(\.url) == ["/en/", "/de/gone/#top"])
        #expect(page.alternatesSignature.hasPrefix("en"))
        #expect(page.document.elements(named: "h1").map(\.textContent) == before)
        #expect(before == ["Hallo"])
    }
}
