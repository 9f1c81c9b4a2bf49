import BeckonDiagnostics
import BeckonRender
import Foundation
import Testing

@testable import BeckonChecks

/// What `beckon lint` reads: the files it lints, and of their folder only what their links reach.
@Suite struct LintFilesTests {
    /// A folder in memory below `/site`, which records every file read.
    final class Folder: @unchecked Sendable {
        static let root = URL(fileURLWithPath: "/site")
        let files: [String: [UInt8]]
        private let lock = NSLock()
        private var recorded: [String] = []
        /// The files read, in the order read.
        var reads: [String] { lock.withLock { recorded } }

        init(_ files: [String: String]) { self.files = files.mapValues { Array($0.utf8) } }

        func relative(_ url: URL) -> String { String(url.standardizedFileURL.path.dropFirst("/site/".count)) }

        var lintFiles: LintFiles {
            LintFiles(
                read: { url in
                    self.lock.withLock { self.recorded.append(self.relative(url)) }
                    return self.files[self.relative(url)]
                }, isFile: { self.files[self.relative($0)] != nil })
        }
    }

    static func page(_ body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
        <title>T</title></head><body>
        \(body)
        </body></html>
        """
    }

    /// A page is known by its path below the folder, as its standardized URL gives it, whether or
    /// not the path needs standardizing.
    @Test(arguments: [
        "/site/a.html", "/site/de/page-1/index.html", "/site/./a.html", "/site/de/../a.html", "/site//de/a.html",
        "/site/de/./b/../a.html", "/site/.hidden/a.html", "/site/..a/b.html",
    ])
    func aPageIsKnownByItsStandardPathBelowItsFolder(file: String) {
        let url = URL(fileURLWithPath: file)
        let root = Folder.root.standardizedFileURL.path
        let standard = url.standardizedFileURL.path.utf8.dropFirst(root.utf8.count + 1)
        #expect(LintFiles.path(of: url, below: root) == String(decoding: standard, as: UTF8.self))
    }

    /// Linting one page reads it and the files its links point at — not a sibling folder of large
    /// files, nor a broken page no link names (whose `#missing` link would be a finding if it
    /// were linted, and whose read the test would see).
    @Test func aSingleFileReadsOnlyWhatItsLinksReach() {
        let folder = Folder([
            "index.html": Self.page(
                #"<h1>T</h1><a href="other.html#part">o</a> <img src="img/logo.png" alt=""> <a href="sub/">s</a> "#
                    + ##"<a href="missing.html">m</a> <a href="#top">top</a>"##),
            "other.html": Self.page(#"<h1 id="part">O</h1>"#),
            "img/logo.png": "PNG",
            "sub/index.html": Self.page("<h1>S</h1>"),
            "big/huge.html": Self.page(String(repeating: ##"<p><a href="#missing">x</a></p>"##, count: 10_000)),
            "unrelated.html": Self.page(#"<a href="nowhere.html">x</a>"#),
        ])
        var files = folder.lintFiles
        files.add(linting: [Folder.root.appendingPathComponent("index.html")], below: Folder.root)
        #expect(folder.reads == ["index.html", "img/logo.png", "other.html", "sub/index.html"])
        #expect(files.artifacts.map(\.kind) == [.document, .asset, .asset, .asset])
        let findings = Checker.lint(allowedHosts: [], schemes: []).check(files.site)
        #expect(findings.map(\.rule) == ["links.target"], "\(findings.map(\.message))")
        #expect(findings.first?.message == "`missing.html` points at no file in the folder linted")
        #expect(findings.first?.fix == "Fix the path, or add the file where it points.")
    }

    /// A fragment in another page is looked up in that page, which is read for its ids.
    @Test func aFragmentTargetIsReadForItsIDs() {
        let folder = Folder([
            "index.html": Self.page(#"<h1>T</h1><a href="other.html#nope">o</a>"#),
            "other.html": Self.page(#"<h1 id="part">O</h1>"#),
        ])
        var files = folder.lintFiles
        files.add(linting: [Folder.root.appendingPathComponent("index.html")], below: Folder.root)
        let findings = Checker.lint(allowedHosts: [], schemes: []).check(files.site)
        #expect(findings.map(\.rule) == ["links.fragment"])
    }

    /// Each page's own rules run as soon as it is parsed, and its tree is let go of then: the
    /// findings are those of checking the whole site at the end, page rules and site rules alike.
    @Test func pagesCheckedAsTheyAreParsedFindWhatTheWholeSiteCheckFinds() {
        let folder = Folder([
            "index.html": Self.page(
                #"<h1>T</h1><h1>Twice</h1><img src="logo.png"> <a href="other.html#nope">o</a> <a href="gone.html">g</a>"#
            ),
            "other.html": Self.page(#"<h1 id="part">O</h1><img src="logo.png" alt="">"#),
            "third.html": "<p>no doctype, no title, no lang</p>",
            "logo.png": "PNG",
        ])
        let checker = Checker.lint(allowedHosts: [], schemes: [])
        let pages = ["index.html", "other.html", "third.html"].map { Folder.root.appendingPathComponent($0) }
        var atTheEnd = folder.lintFiles
        atTheEnd.add(linting: pages, below: Folder.root)
        var asParsed = folder.lintFiles
        asParsed.add(linting: pages, below: Folder.root, checkingPagesWith: checker)
        let expected = DiagnosticReport(checker.check(atTheEnd.site)).finalized()
        let found = DiagnosticReport(asParsed.pageFindings + checker.check(asParsed.site, pagesChecked: true))
            .finalized()
        #expect(Set(expected.diagnostics.map(\.rule)).isSuperset(of: ["links.target", "links.fragment"]))
        #expect(!asParsed.pageFindings.isEmpty)
        #expect(found.diagnostics == expected.diagnostics)
    }

    /// The HTML files below a folder: nested ones, and a symbolic link to a page; not other files,
    /// a link to a folder, or a dangling link.
    @Test func theHTMLFilesBelowAFolderAreListedInPathOrder() throws {
        let manager = FileManager.default
        let root = manager.temporaryDirectory.appendingPathComponent("lint-list-\(UUID().uuidString)")
        defer { try? manager.removeItem(at: root) }
        for (path, text) in [("b.html", "b"), ("a/z.htm", "z"), ("a/deep/x.HTML", "x"), ("a/notes.txt", "n")] {
            let url = root.appendingPathComponent(path)
            try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        try manager.createSymbolicLink(
            atPath: root.appendingPathComponent("c.html").path, withDestinationPath: "b.html")
        try manager.createSymbolicLink(atPath: root.appendingPathComponent("loop").path, withDestinationPath: ".")
        try manager.createSymbolicLink(
            atPath: root.appendingPathComponent("gone.html").path, withDestinationPath: "missing.html")
        let listed = LintFiles.htmlFiles(below: root).map { String($0.path.dropFirst(root.path.count + 1)) }
        #expect(listed == ["a/deep/x.HTML", "a/z.htm", "b.html", "c.html"])
    }
}
