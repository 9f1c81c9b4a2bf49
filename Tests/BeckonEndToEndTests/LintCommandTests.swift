import BeckonTestSupport
import Foundation
import Testing

/// `beckon lint` on HTML Beckon did not build, as a user runs it.
@Suite struct LintCommandTests {
    static let page = """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
        <title>Hi</title></head><body><h1>Hi</h1>
        <p><a href="other.html#part">other</a> <a href="playa://invite/ABC">app</a> <a href="https://elsewhere.test/">x</a></p>
        </body></html>
        """

    func folder() throws -> TemporaryDirectory {
        let folder = TemporaryDirectory()
        try Data(Self.page.utf8).write(to: folder.path("index.html"))
        try Data(Self.page.replacingOccurrences(of: "<h1>Hi</h1>", with: "<h1 id=\"part\">Hi</h1>").utf8).write(
            to: folder.path("other.html"))
        return folder
    }

    @Test func aSingleFileReachesItsSiblings() throws {
        let folder = try folder()
        let run = try BeckonBinary.run(["lint", folder.path("index.html").path, "--scheme", "playa"], in: folder.url)
        #expect(run.status == 0, "\(run.stdout)")
        #expect(run.stdout.contains("Linted 1 page: no problems."))
    }

    @Test func aSitesOwnSchemeAndHostsApply() throws {
        let folder = try folder()
        let site = TemporaryDirectory()
        try SiteFixture.write(
            SiteFixture.replacing("urlScheme: minimo", with: "urlScheme: playa", in: SiteFixture.minimal), to: site.url)
        // Without the site, `playa://` is an undeclared scheme.
        let bare = try BeckonBinary.run(["lint", folder.url.path], in: folder.url)
        #expect(bare.status == 1)
        #expect(bare.stdout.contains("links.scheme"))
        // With it, the scheme is the site's, and hosts are checked against the site's.
        let withSite = try BeckonBinary.run(["lint", folder.url.path, "--site", site.url.path], in: folder.url)
        #expect(!withSite.stdout.contains("links.scheme"), "\(withSite.stdout)")
        #expect(withSite.stdout.contains("`elsewhere.test`"))
        // Run inside the site folder, the scheme is found without --site; hosts are not restricted.
        let inside = try BeckonBinary.run(["lint", folder.url.path], in: site.url)
        #expect(inside.status == 0, "\(inside.stdout)")
    }

    /// Each folder given is a site of its own: two folders with an `index.html` each are both
    /// linted, each finding named with its folder and quoted from its own file; a page given twice
    /// (on its own and in its folder) is linted once.
    @Test func severalFoldersAreEachLinted() throws {
        let parent = TemporaryDirectory()
        for name in ["a", "b"] {
            try FileManager.default.createDirectory(at: parent.path(name), withIntermediateDirectories: true)
            try Data(
                Self.page.replacingOccurrences(of: "other.html#part", with: "gone-\(name).html").utf8
            ).write(to: parent.path(name).appendingPathComponent("index.html"))
        }
        let run = try BeckonBinary.run(
            ["lint", "a", "b", "a/index.html", "--scheme", "playa"], in: parent.url)
        #expect(run.status == 1)
        #expect(run.stdout.contains("a/index.html:4:"), "\(run.stdout)")
        #expect(run.stdout.contains("b/index.html:4:"), "\(run.stdout)")
        #expect(run.stdout.contains("`gone-a.html`") && run.stdout.contains("`gone-b.html`"))
        #expect(run.stdout.contains("Linted 2 pages: 2 errors"), "\(run.stdout)")
        // One folder alone names its files as before, relative to it.
        let alone = try BeckonBinary.run(["lint", "b", "--scheme", "playa"], in: parent.url)
        #expect(alone.stdout.contains("\nindex.html:4:") || alone.stdout.hasPrefix("index.html:4:"), "\(alone.stdout)")
    }

    /// A folder and a symbolic link to it are one site: a page given through the link and through
    /// the folder is linted once.
    @Test func aFolderGivenThroughALinkIsLintedOnce() throws {
        let parent = TemporaryDirectory()
        try FileManager.default.createDirectory(at: parent.path("site/blog"), withIntermediateDirectories: true)
        try Data(Self.page.utf8).write(to: parent.path("site/blog/index.html"))
        try FileManager.default.createSymbolicLink(atPath: parent.path("link").path, withDestinationPath: "site")
        let run = try BeckonBinary.run(
            ["lint", "site", "link/blog/index.html", "link/blog", "--scheme", "playa"], in: parent.url)
        #expect(run.stdout.contains("Linted 1 page:"), "\(run.stdout)")
        #expect(run.stdout.components(separatedBy: "error[links.target]").count == 2, "\(run.stdout)")
    }

    /// A folder inside another folder given belongs to it, whatever the order of the arguments:
    /// its pages' root-relative and `../` links resolve in the outer site. The current folder is
    /// named `./` when findings are prefixed.
    @Test func aNestedFolderBelongsToTheOuterSiteInAnyOrder() throws {
        let parent = TemporaryDirectory()
        let blog = parent.path("site/blog")
        try FileManager.default.createDirectory(at: blog, withIntermediateDirectories: true)
        try Data(Self.page.replacingOccurrences(of: "other.html#part", with: "/other.html#part").utf8).write(
            to: blog.appendingPathComponent("index.html"))
        try Data(Self.page.replacingOccurrences(of: "<h1>Hi</h1>", with: "<h1 id=\"part\">Hi</h1>").utf8).write(
            to: parent.path("site/other.html"))
        for order in [["site/blog", "site"], ["site", "site/blog"], ["site", "site/blog/index.html"]] {
            let run = try BeckonBinary.run(["lint"] + order + ["--scheme", "playa"], in: parent.url)
            #expect(run.status == 0, "\(order): \(run.stdout)")
            #expect(run.stdout.contains("Linted 2 pages: no problems."), "\(order): \(run.stdout)")
        }
        // Two sites, one of them the current folder (named `./`), the other outside it (named by
        // its whole path).
        try FileManager.default.createDirectory(at: parent.path("other"), withIntermediateDirectories: true)
        try Data(Self.page.utf8).write(to: parent.path("other/index.html"))
        let two = try BeckonBinary.run(["lint", ".", "../other", "--scheme", "playa"], in: parent.path("site"))
        let outside = parent.path("other").standardizedFileURL.path
        #expect(two.stdout.contains(outside + "/index.html:4:"), "\(two.stdout)")
        #expect(two.stdout.contains("Linted 3 pages"), "\(two.stdout)")
    }

    /// A link finding points at the URL on its line, counted in characters of the file.
    @Test func findingsPointAtTheLinkOnItsLine() throws {
        let folder = try folder()
        let run = try BeckonBinary.run(
            ["lint", folder.path("index.html").path, "--allow-host", "good.example"], in: folder.url)
        #expect(run.status == 1)
        #expect(run.stdout.contains("index.html:4:49: error[links.scheme]"), "\(run.stdout)")
        #expect(run.stdout.contains("index.html:4:86: error[links.host]"), "\(run.stdout)")
        // In characters, not bytes: two-byte letters before the link move it by one column each.
        try Data(Self.page.replacingOccurrences(of: ">other</a>", with: ">äöü</a>").utf8).write(
            to: folder.path("index.html"))
        let wide = try BeckonBinary.run(["lint", folder.path("index.html").path], in: folder.url)
        #expect(wide.stdout.contains("index.html:4:47: error[links.scheme]"), "\(wide.stdout)")
        // A tag over several lines: the attribute's own line, not the one its tag ends on.
        try Data(Self.page.replacingOccurrences(of: "<a href=\"playa:", with: "<a class=\"x\"\n  href=\"playa:").utf8)
            .write(to: folder.path("index.html"))
        let split = try BeckonBinary.run(["lint", folder.path("index.html").path], in: folder.url)
        #expect(split.stdout.contains("index.html:5:9: error[links.scheme]"), "\(split.stdout)")
    }

    /// `lint` reads no beckon.yml of its own: its hints name its options, not the site's keys.
    @Test func lintHintsNameItsOptions() throws {
        let folder = try folder()
        let run = try BeckonBinary.run(
            ["lint", folder.path("index.html").path, "--allow-host", "good.example"], in: folder.url)
        #expect(run.stdout.contains("`--scheme playa`"), "\(run.stdout)")
        #expect(run.stdout.contains("`--site DIR`"))
        #expect(run.stdout.contains("`--allow-host elsewhere.test`"))
        #expect(!run.stdout.contains("declare the scheme as `app.urlScheme`"))
        #expect(!run.stdout.contains("in beckon.yml"))
    }

    /// What Beckon writes lints clean: the default site, every example and every starter kind, each
    /// built and linted from its own folder (whose app scheme is then declared) as a user would.
    @Test func everythingBeckonWritesLintsClean() throws {
        let outputs = TemporaryDirectory()
        var sites: [(name: String, folder: URL)] = [("default site", Repository.root)]
        let examples = Repository.root.appendingPathComponent("examples")
        for name in try FileManager.default.contentsOfDirectory(atPath: examples.path).sorted()
        where FileManager.default.fileExists(atPath: examples.appendingPathComponent(name + "/beckon.yml").path) {
            sites.append(("examples/" + name, examples.appendingPathComponent(name)))
        }
        // The kinds `beckon init` knows, as it lists them for a kind it does not.
        let refused = try BeckonBinary.run(["init", outputs.path("none").path, "--kind", "no-such-kind"])
        let list = try #require(refused.stdout.range(of: "; use ") ?? refused.stderr.range(of: "; use "))
        let listed = (refused.stdout + refused.stderr)[list.upperBound...].prefix { $0 != "." }
        let kinds = listed.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(kinds.count >= 3, "\(refused.stdout)\(refused.stderr)")
        for kind in kinds {
            let folder = outputs.path("starter-" + kind)
            let initRun = try BeckonBinary.run(["init", folder.path, "--kind", kind], in: outputs.url)
            #expect(initRun.status == 0, "\(initRun.stdout)\(initRun.stderr)")
            sites.append(("starter " + kind, folder))
        }
        for (index, site) in sites.enumerated() {
            let output = outputs.path("output-\(index)")
            let build = try BeckonBinary.run(["build", "--site", site.folder.path, "--output", output.path])
            #expect(build.status == 0, "\(site.name): \(build.stdout)\(build.stderr)")
            let lint = try BeckonBinary.run(["lint", output.path], in: site.folder)
            #expect(lint.status == 0, "\(site.name): \(lint.stdout)")
            #expect(lint.stdout.contains("no problems."), "\(site.name): \(lint.stdout)")
        }
    }
}
