import BeckonChecks
import BeckonRender
import BeckonTestSupport
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

    /// Property: plain root-relative paths take a shortcut; every path, plain or not, means
    /// what resolving it segment by segment means.
    @Test func everyPathMeansWhatItsSegmentsResolveTo() {
        var random = SeededGenerator(seed: 29)
        let segments = ["a", "b.c", ".", "..", "", ".x", "...", "%2e", "index.html", "日本"]
        for _ in 0..<5_000 {
            let count = Int.random(in: 0...5, using: &random)
            var path = (0..<count).map { _ in segments.randomElement(using: &random)! }.joined(separator: "/")
            if Bool.random(using: &random) { path = "/" + path }
            if Bool.random(using: &random) { path += "/" }
            let page = ["index.html", "en/invite/index.html", "a/b/c/page.html"].randomElement(using: &random)!
            #expect(CheckedSite.candidates(path, from: page) == Self.resolvedStepByStep(path, from: page), "\(path)")
        }
    }

    /// The files a path may mean, worked out one segment at a time: the oracle for the property.
    private static func resolvedStepByStep(_ path: String, from page: String) -> [String] {
        let folder = page.split(separator: "/").dropLast().joined(separator: "/")
        // A relative path is read from the page's folder.
        let target = path.hasPrefix("/") ? path : "/" + (folder.isEmpty ? "" : folder + "/") + path
        var resolved: [String] = []
        for segment in target.split(separator: "/", omittingEmptySubsequences: true) {
            switch segment {
            case "..":
                if resolved.isEmpty { return [] }
                resolved.removeLast()
            case ".": continue
            default: resolved.append(String(segment))
            }
        }
        let file = resolved.joined(separator: "/")
        if file.isEmpty { return ["index.html"] }
        return target.hasSuffix("/") ? [file + "/index.html"] : [file, file + "/index.html"]
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
