import BeckonChecks
import BeckonDiagnostics
import BeckonRender
import Foundation
import Testing

/// What `beckon lint` reads as links beyond `href` and `src`, and how it reads fragments and hosts:
/// fragment directives, internationalised hosts, `ping`, CSS `url()` and `@import`, `<base href>`.
@Suite struct LintLinkSourcesTests {
    typealias Folder = LintFilesTests.Folder

    /// The findings of linting `index.html` of a folder, with allowed hosts.
    static func lint(_ files: [String: String], allowedHosts: Set<String> = []) -> [Diagnostic] {
        let folder = Folder(files)
        var lintFiles = folder.lintFiles
        lintFiles.add(linting: [Folder.root.appendingPathComponent("index.html")], below: Folder.root)
        return Checker.lint(allowedHosts: allowedHosts, schemes: []).check(lintFiles.site)
    }

    static func page(_ body: String, head: String = "") -> String {
        """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
        <title>T</title>\(head)</head><body>
        \(body)
        </body></html>
        """
    }

    /// A text fragment names no element: only the id before `:~:` is looked up, none when it is empty.
    @Test func fragmentDirectivesAreCheckedOnlyForTheirID() {
        let clean = Self.lint([
            "index.html": Self.page(
                ##"<h1 id="part">T</h1><a href="#:~:text=hello%20world">a</a> <a href="other.html#:~:text=x">b</a> "##
                    + ##"<a href="#part:~:text=T">c</a> <a href="other.html#sec:~:text=a&amp;text=b">d</a>"##),
            "other.html": Self.page(#"<h1 id="sec">O</h1>"#),
        ])
        #expect(clean.isEmpty, "\(clean.map(\.message))")
        let broken = Self.lint(["index.html": Self.page(##"<h1>T</h1><a href="#gone:~:text=T">c</a>"##)])
        #expect(broken.map(\.rule) == ["links.fragment"])
        #expect(broken.first?.message.contains("`#gone`") == true, "\(broken.map(\.message))")
    }

    /// A host with non-ASCII letters is a valid URL, compared with allowed hosts in Punycode,
    /// whichever form the allowed host was given in.
    @Test func internationalisedHostsAreReadAsABrowserReadsThem() {
        let page = Self.page(#"<h1>T</h1><a href="https://granö.fi/">g</a> <a href="https://GRANÖ.fi/x">G</a>"#)
        #expect(Self.lint(["index.html": page]).isEmpty)
        #expect(Self.lint(["index.html": page], allowedHosts: ["granö.fi"]).isEmpty)
        #expect(Self.lint(["index.html": page], allowedHosts: ["xn--gran-8qa.fi"]).isEmpty)
        let other = Self.lint(["index.html": page], allowedHosts: ["example.com"])
        #expect(other.map(\.rule) == ["links.host", "links.host"])
        #expect(other.first?.message.contains("`xn--gran-8qa.fi`") == true, "\(other.map(\.message))")
    }

    /// Each URL of `ping` is a link: a `javascript:` one and one to a missing page are findings.
    @Test func pingURLsAreLinks() {
        let findings = Self.lint([
            "index.html": Self.page(
                #"<h1>T</h1><a href="/" ping="https://ok.example/p  javascript:void(0)"#
                    + "\n" + #"missing.html">x</a>"#)
        ])
        #expect(findings.map(\.rule).sorted() == ["links.scheme", "links.target"], "\(findings.map(\.message))")
    }

    /// The Smart App Banner's argument is a link, its encoded commas decoded (the tag's content
    /// is a comma-separated list, so a comma in the argument is written `%2C`).
    @Test(arguments: [
        ("https://a.test/i/X%2CY", "https://a.test/i/X,Y"), ("https://a.test/i/XY", "https://a.test/i/XY"),
        ("https://a.test/i/%41", "https://a.test/i/%41"),
    ])
    func theSmartAppBannerArgumentIsALink(argument: String, expected: String) {
        let html = Self.page(
            "<h1>T</h1>", head: #"<meta name="apple-itunes-app" content="app-id=1, app-argument=\#(argument)">"#)
        let page = CheckedPage(
            Artifact(path: "index.html", kind: .document, contentType: "text/html", bytes: Array(html.utf8)))
        #expect(page.links.filter { $0.attribute == "app-argument" }.map(\.url) == [expected])
    }

    /// CSS `url()` and `@import` in a `<style>` element and a `style` attribute are links, each
    /// found on its own line and column.
    @Test func styleSheetURLsAreLinksOnTheirOwnLines() {
        let head = """
            <style>
            body { color: #111; }
            .a { background: url( "javascript:alert(1)" ); }
            @import 'http://plain.example/x.css';
            /* url(ignored.png) */
            .b { background: URL(missing.png) }
            .c { background: url(data:image/png;base64,AAAA) }
            </style>
            """
        let findings = Self.lint([
            "index.html": Self.page(#"<h1 style="background:url('gone.png')">T</h1>"#, head: head)
        ])
        let places = findings.map { "\($0.rule) \($0.location?.line ?? 0):\($0.location?.column ?? 0)" }
        #expect(
            places.sorted() == [
                "links.scheme 5:24", "links.scheme 6:10", "links.target 11:28", "links.target 8:22",
            ], "\(findings.map(\.message))")
    }

    /// A style sheet a page links to is read, its URLs resolved against its own address and found on
    /// their own lines; the files they name are read in turn.
    @Test func aLinkedStyleSheetIsChecked() {
        let folder = Folder([
            "index.html": Self.page(#"<h1>T</h1>"#, head: #"<link rel="stylesheet" href="css/site.css">"#),
            "css/site.css": "body {\n  background: url(../img/bg.png);\n}\n@import url(\"missing.css\");\n",
            "img/bg.png": "PNG",
        ])
        var files = folder.lintFiles
        files.add(linting: [Folder.root.appendingPathComponent("index.html")], below: Folder.root)
        #expect(folder.reads == ["index.html", "css/site.css", "img/bg.png"])
        let findings = Checker.lint(allowedHosts: [], schemes: []).check(files.site)
        #expect(findings.map(\.rule) == ["links.target"], "\(findings.map(\.message))")
        #expect(findings.first?.location?.file == "css/site.css")
        #expect(findings.first?.location?.line == 4)
        #expect(findings.first?.location?.column == 14)
    }

    /// The base's own scheme is checked: a `wss:` or `javascript:` base is a finding; an https one is not.
    @Test(arguments: [("wss://socket.example/", 1), ("javascript:alert(1)", 1), ("https://cdn.example/", 0)])
    func theBaseURLIsALink(_ href: String, _ count: Int) {
        let findings = Self.lint(["index.html": Self.page("<h1>T</h1>", head: "<base href=\"\(href)\">")])
        #expect(findings.map(\.rule) == Array(repeating: "links.scheme", count: count), "\(findings.map(\.message))")
        #expect(findings.allSatisfy { $0.message.contains("base") || $0.message.contains(href) })
    }
}
