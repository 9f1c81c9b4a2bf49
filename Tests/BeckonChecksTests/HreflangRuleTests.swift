import BeckonChecks
import BeckonDiagnostics
import BeckonRender
import Testing

/// `doc.hreflang`: each alternate is a page of the build that links back, and there is an
/// `x-default`.
@Suite struct HreflangRuleTests {
    /// A page Beckon built at `path` whose head lists `alternates` (language, href).
    static func page(_ path: String, _ alternates: [(String, String)]) -> Artifact {
        let links = alternates.map { #"<link rel="alternate" hreflang="\#($0.0)" href="\#($0.1)">"# }
        let html = """
            <!DOCTYPE html><html lang="en"><head><title>T</title>
            \(links.joined(separator: "\n"))
            </head><body><h1>Hi</h1></body></html>
            """
        return Artifact(
            path: path, kind: .landing, contentType: "text/html; charset=utf-8", bytes: Array(html.utf8),
            origin: SourceLocation(file: "templates/pages/landing.md", line: 1, column: 1))
    }

    static func findings(_ artifacts: [Artifact]) -> [String] {
        Checker.standard().check(artifacts).filter { $0.rule == "doc.hreflang" }
            .map { "\($0.artifact ?? "?"):\($0.artifactLine ?? 0): \($0.message)" }.sorted()
    }

    static let pair = [("en", "/en/"), ("de", "/de/"), ("x-default", "/en/")]

    @Test func pagesThatListEachOtherPass() {
        #expect(Self.findings([Self.page("en/index.html", Self.pair), Self.page("de/index.html", Self.pair)]).isEmpty)
    }

    @Test func missingPagesOneWayAlternatesAndNoDefaultAreFound() {
        let findings = Self.findings([
            Self.page("en/index.html", Self.pair), Self.page("de/index.html", Self.pair),
            Self.page("fr/index.html", [("fr", "/fr/"), ("en", "/en/")]),
            Self.page("ja/index.html", [("ja", "/ja/"), ("x-default", "/ja/"), ("ko", "/ko/")]),
        ])
        #expect(
            findings == [
                "fr/index.html:1: the page has `hreflang` alternates but no `x-default`",
                "fr/index.html:3: en/index.html does not link back to this page as an alternate",
                "ja/index.html:4: the `ko` alternate /ko/ is not a page of the build",
            ])
    }

    /// An alternate names the file a server would answer: `/a` is the file `a` when the build
    /// wrote one, so it does not link back to `a/index.html`, although that is among the files
    /// `/a` may mean.
    @Test func anAlternateLinksBackOnlyThroughTheFileItResolvesTo() {
        let plain = Artifact(path: "a", kind: .asset, contentType: "text/plain", bytes: Array("a".utf8))
        let folder = Self.page("a/index.html", [("en", "/a/"), ("de", "/b/"), ("x-default", "/a/")])
        let other = Self.page("b/index.html", [("en", "/a"), ("de", "/b/"), ("x-default", "/a")])
        #expect(
            Self.findings([plain, folder, other]) == [
                "a/index.html:3: b/index.html does not link back to this page as an alternate",
                "b/index.html:2: the `en` alternate /a is not a page of the build",
            ])
    }

    /// Alternates relative to the page's folder are read in each page's own folder, though two
    /// sections of the site write the same texts: `y` has no German page, `x` has one.
    @Test func relativeAlternatesAreReadInTheirOwnFolder() {
        let relative = [("en", "../en/"), ("de", "../de/"), ("x-default", "../en/")]
        let findings = Self.findings([
            Self.page("x/en/index.html", relative), Self.page("x/de/index.html", relative),
            Self.page("y/en/index.html", relative),
        ])
        #expect(findings == ["y/en/index.html:3: the `de` alternate ../de/ is not a page of the build"])
    }

    /// A page at the top of the output reads its relative alternates in the top folder, and two
    /// such pages share what was read.
    @Test func relativeAlternatesAtTheTopAreRead() {
        let relative = [("en", "index.html"), ("de", "de.html"), ("x-default", "index.html")]
        #expect(Self.findings([Self.page("index.html", relative), Self.page("de.html", relative)]).isEmpty)
        #expect(
            Self.findings([Self.page("index.html", relative)]) == [
                "index.html:3: the `de` alternate de.html is not a page of the build"
            ])
    }
}
