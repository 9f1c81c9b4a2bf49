import BeckonTestSupport
import Foundation
import Testing

/// The reviewer page of examples/selffull as a reviewer reads it: arguments are chips, never
/// dropped; strings read with a sample's values; every plural branch is there with the numbers
/// that choose it in the locale.
@Suite struct ReviewPageTests {
    static let page: String = {
        let output = TemporaryDirectory()
        _ = try? BeckonBinary.run(["build", "--site", "examples/selffull", "--output", output.path("out").path])
        return (try? String(contentsOf: output.path("out/review/index.html"), encoding: .utf8)) ?? ""
    }()

    @Test func argumentsAreShownNotDropped() {
        #expect(Self.page.contains("Your invite to <code class=\"chip\" dir=\"ltr\">{invitee}</code> has expired"))
        #expect(Self.page.contains("with sample coach-maya:</span> Your invite to Jonas has expired</p>"))
        #expect(!Self.page.contains("Your invite to  has expired"))
    }

    /// Arabic distinguishes six plural categories: each branch is listed with CLDR's numbers for it.
    @Test(arguments: [
        ("zero", "(0)"), ("one", "(1)"), ("two", "(2)"), ("few", "(3, 4, 5…)"), ("many", "(11, 12, 13…)"),
        ("other", "(100, 101, 102…)"),
    ])
    func everyArabicPluralBranchHasItsNumbers(category: String, numbers: String) {
        let branch =
            "<li><code class=\"chip\" dir=\"ltr\">\(category)</code> <span class=\"examples\" lang=\"en\" dir=\"ltr\">\(numbers)</span>"
        #expect(Self.page.contains(branch))
    }

    /// A branch of a string that prints `{link}` reads with the sample's own link, signed as the
    /// build signs it, not a link made again from the sample's code.
    @Test func aBranchShowsTheSamplesSignedLink() throws {
        let output = TemporaryDirectory()
        _ = try BeckonBinary.run(
            ["build", "--output", output.path("out").path], environment: ["BECKON_LINK_KEY": BeckonBinary.testLinkKey])
        let page = try String(contentsOf: output.path("out/review/index.html"), encoding: .utf8)
        let variant =
            "dir=\"ltr\">invitee = none:</span> Hey, I use Playa and think you'd love it! https://join.playa.app/invite/"
        let start = try #require(page.range(of: variant), "\(page.count) bytes")
        let link = page[start.upperBound...].prefix { $0 != " " }
        #expect(link.contains("sig="), "\(link)")
    }

    /// A branch of a string that shows `{link}` twice, where every sample gives the other
    /// arguments the same values: the shown sample's variant holds its own signed link in both
    /// places, as the build rendered it (the samples' texts are joined around their links).
    @Test func aBranchJoinedAroundTheLinkReadsAsTheBuildRenderedIt() throws {
        let folder = TemporaryDirectory()
        let site = folder.path("site")
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        for item in ["beckon.yml", "templates", "locales", "static"] {
            try FileManager.default.copyItem(
                at: Repository.root.appendingPathComponent(item), to: site.appendingPathComponent(item))
        }
        let english = site.appendingPathComponent("locales/en-US.yml")
        let original = try String(contentsOf: english, encoding: .utf8)
        let generic =
            "    message: \"{invitee, select, none {Hey} other {Hey {invitee}}}, I use {app} and think you'd love it! {link}\"\n"
        try #require(original.contains(generic))
        try Data(
            original.replacingOccurrences(
                of: generic, with: "    message: \"{app, select, none {Nothing yet} other {Open {link} or {link}}}\"\n"
            ).utf8
        ).write(to: english)
        _ = try BeckonBinary.run(
            ["build", "--site", site.path, "--keep-going"], environment: ["BECKON_LINK_KEY": BeckonBinary.testLinkKey])
        let page = try String(contentsOf: site.appendingPathComponent("output/review/index.html"), encoding: .utf8)
        let row = try #require(page.range(of: "<code>share.generic</code>"))
        let cell = try #require(page[row.upperBound...].range(of: "data-column=\"en-US\""))
        let html = String(page[cell.upperBound...].prefix { $0 != "\n" }.prefix(6000))
        let rendered = try #require(html.range(of: "with sample long-name:</span> Open "))
        let link = String(html[rendered.upperBound...].prefix { $0 != " " })
        #expect(link.hasPrefix("https://join.playa.app/invite/") && link.contains("sig="), "\(link)")
        #expect(html.contains("app = other:</span> Open \(link) or \(link) "), "\(html)")
        #expect(html.contains("app = none:</span> Nothing yet "), "\(html)")
    }

    /// A plural's branches are each rendered and measured against the string's limit, not only
    /// the one the samples' values choose: English `one` is over 30 characters while every sample
    /// (7 days) reads the short `other`, so the rule, which measures the samples' renderings, says
    /// nothing, but the page marks the branch and the string over its limit.
    @Test func eachBranchIsMeasuredAgainstTheLimit() throws {
        let folder = TemporaryDirectory()
        let site = folder.path("site")
        try FileManager.default.copyItem(at: Repository.root.appendingPathComponent("examples/selffull"), to: site)
        let english = site.appendingPathComponent("locales/en-US.yml")
        let long = "The invite is valid for just one single day."
        try Data(
            try String(contentsOf: english, encoding: .utf8).replacingOccurrences(
                of:
                    "  expiry: \"{days, plural, one {The invite is valid for # day.} other {The invite is valid for # days.}}\"\n",
                with:
                    "  expiry:\n    message: \"{days, plural, one {\(long)} other {Valid # days.}}\"\n    maxChars: 30\n"
            ).utf8
        ).write(to: english)
        _ = try BeckonBinary.run(["build", "--site", site.path])
        let page = try String(contentsOf: site.appendingPathComponent("output/review/index.html"), encoding: .utf8)
        let row = try #require(page.range(of: "<code>invite.expiry</code>"))
        let start = try #require(page[..<row.lowerBound].range(of: "<tr ", options: .backwards))
        let html = String(page[start.lowerBound...].prefix { $0 != "\n" })
        #expect(html.contains("<p class=\"note\">≤ 30 characters</p>"))
        #expect(
            html.contains(
                "<p class=\"variant\"><span class=\"meta\" lang=\"en\" dir=\"ltr\">days = 1:</span> \(long) "
                    + "<span class=\"length over\" lang=\"en\" dir=\"ltr\">\(long.count) / 30 characters: over the limit</span></p>"
            ), "\(html.prefix(3000))")
        #expect(
            html.contains(
                "<p class=\"variant\"><span class=\"meta\" lang=\"en\" dir=\"ltr\">days = 0:</span> Valid 0 days. "
                    + "<span class=\"length\" lang=\"en\" dir=\"ltr\">13 / 30 characters</span></p>"))
        // The sample reads `other` (7 days), well within the limit; the branch is what is over.
        #expect(html.contains("with sample coach-maya:</span> Valid 7 days.</p>"))
        #expect(html.contains("Longest of every sample and branch: <span class=\"length over\""))
        #expect(html.contains("en-US:over-limit"))
        #expect(!html.contains("l10n.too-long"))
        // German and Arabic are measured against the same limit, branch by branch.
        #expect(
            html.contains(
                "days = 1:</span> Die Einladung gilt 1 Tag. <span class=\"length\" lang=\"en\" dir=\"ltr\">25 / 30 characters</span>"
            ))
    }

    /// The default site's page on a 390 px wide phone: nothing is wider than the screen, with the
    /// groups closed or all open; the groups named in the address's fragment are open on load,
    /// and opening or closing one writes the fragment again, so a reload or a shared link shows
    /// the same groups; a filter writes the query.
    @Test(.enabled(if: TestTool.chromium.isAvailable, "chromium is not installed: run `make test-deps`"))
    func thePageFitsAPhoneAndItsAddressKeepsTheOpenGroups() throws {
        let output = TemporaryDirectory()
        let build = try BeckonBinary.run(["build", "--output", output.path("out").path])
        #expect(build.status == 0, "\(build.stdout)")
        let folder = output.path("out/review")
        let html = try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)
        let groups = html.components(separatedBy: "<section id=\"").dropFirst()
            .filter { $0.prefix { $0 != ">" }.contains("class=\"group\"") }.map { String($0.prefix { $0 != "\"" }) }
        try #require(groups.count >= 3)
        #expect(html.components(separatedBy: "<details>").count - 1 == groups.count)
        let (first, second) = (groups[1], groups[2])
        let driver = """
            <!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>driver</title></head><body style="margin:0">
            <iframe id="f" src="index.html#\(first),\(second)" title="review" style="width:390px;height:844px;border:0"></iframe>
            <pre id="out">not run</pre><script>
            var f=document.getElementById("f"),lines=[];f.onload=function(){var d=f.contentDocument,w=f.contentWindow;
            function open(){return [].map.call(d.querySelectorAll("section.group"),function(s){
            return s.querySelector("details").open?s.id:null}).filter(Boolean).join(",")}
            setTimeout(function(){lines.push("width "+d.documentElement.scrollWidth,"open "+open(),"hash "+w.location.hash);
            d.querySelector("#\(first) details").open=false;
            setTimeout(function(){lines.push("closed "+w.location.hash);
            d.querySelectorAll("details").forEach(function(e){e.open=true});
            setTimeout(function(){lines.push("all "+d.documentElement.scrollWidth,"every "+w.location.hash.split(",").length);
            var l=d.getElementById("review-locale");l.value="ar";l.dispatchEvent(new Event("input"));
            lines.push("query "+w.location.search+w.location.hash.slice(0,1));
            document.getElementById("out").textContent=lines.join("\\n")},200)},200)},200)};
            </script></body></html>
            """
        let driverURL = folder.appendingPathComponent("driver.html")
        try Data(driver.utf8).write(to: driverURL)
        let dom = try HeadlessChromium.dom(
            driverURL.absoluteString, arguments: ["--allow-file-access-from-files", "--virtual-time-budget=4000"])
        let shown = try #require(dom.range(of: "<pre id=\"out\">")).upperBound
        let lines = dom[shown...].prefix { $0 != "<" }.split(separator: "\n").map(String.init)
        try #require(lines.count == 7, "\(dom.suffix(800))")
        let closedWidth = try #require(Int(lines[0].dropFirst("width ".count)))
        #expect(closedWidth <= 390)
        #expect(lines[1] == "open \(first),\(second)")
        #expect(lines[2] == "hash #\(first),\(second)")
        #expect(lines[3] == "closed #\(second)")
        let openWidth = try #require(Int(lines[4].dropFirst("all ".count)))
        #expect(openWidth <= 390, "every group open: \(openWidth) px wide")
        #expect(lines[5] == "every \(groups.count)")
        // A filter writes itself into the query, beside the fragment.
        #expect(lines[6] == "query ?locale=ar#")
        // Without a frame: the page at its own address opens the named group.
        let page = try HeadlessChromium.dom(
            folder.appendingPathComponent("index.html").absoluteString + "#\(second)",
            arguments: ["--virtual-time-budget=2000"])
        #expect(page.components(separatedBy: "<details open=\"\">").count - 1 == 1)
        #expect(page.contains("<section id=\"\(second)\" class=\"group\">\n<details open=\"\">"))
    }

    /// The filters, run by headless Chromium from a linked query: German strings another locale
    /// fills are the one string left.
    @Test(.enabled(if: TestTool.chromium.isAvailable, "chromium is not installed: run `make test-deps`"))
    func theFiltersNarrowTheStringsInABrowser() throws {
        let folder = TemporaryDirectory()
        try FileManager.default.copyItem(
            at: Repository.root.appendingPathComponent("examples/selffull"), to: folder.path("site"))
        let config = folder.path("site/beckon.yml")
        try Data(
            try String(contentsOf: config, encoding: .utf8).replacingOccurrences(
                of: "  list: [en-US, de-DE, ar]", with: "  list: [en-US, de-DE, ar]\n  fallback: {de-DE: [en-US]}"
            ).utf8
        ).write(to: config)
        let german = folder.path("site/locales/de-DE.yml")
        try Data(
            try String(contentsOf: german, encoding: .utf8).replacingOccurrences(
                of: "  heading: Deine Einladung ist abgelaufen\n", with: ""
            ).utf8
        ).write(to: german)
        let build = try BeckonBinary.run(["build", "--site", folder.path("site").path])
        #expect(build.status == 0, "\(build.stdout)")
        let page = folder.path("site/output/review/index.html")
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(html.contains("<tr data-status=\"de-DE:fallback de-DE:missing de-DE:finding ar:unreviewed\">"))
        let dom = try HeadlessChromium.dom(
            page.absoluteString + "?status=missing&locale=de-DE", arguments: ["--virtual-time-budget=2000"])
        let total = html.components(separatedBy: "<tr data-status=").count - 1
        #expect(dom.contains("id=\"review-count\" aria-live=\"polite\">1 of \(total) strings<"), "\(dom.suffix(400))")
        // A template narrows to its section; a locale keeps only its column and the source's.
        let section = try #require(html.range(of: "<section id=\"templates-email-invite-expired-md\" class=\"group\">"))
        let rows = html[section.upperBound...]
        let expiredRows =
            String(rows[..<(rows.range(of: "</section>")?.lowerBound ?? rows.endIndex)])
            .components(separatedBy: "<tr data-status=").count - 1
        let narrowed = try HeadlessChromium.dom(
            page.absoluteString + "?template=templates-email-invite-expired-md&locale=ar",
            arguments: ["--virtual-time-budget=2000"])
        #expect(narrowed.contains(">\(expiredRows) of \(total) strings<"), "\(narrowed.suffix(400))")
        #expect(narrowed.contains("<th scope=\"col\" data-column=\"de-DE\" hidden=\"\">"))
        #expect(narrowed.contains("<th scope=\"col\" data-column=\"ar\">"))
    }

    /// The reviewer's loop of issue 15, in headless Chromium: on the Arabic column, approve the
    /// expiry plural and the subject, ask for changes to the button with a note, take the
    /// downloaded `review-ar.json`, and `beckon l10n import` it; the bundle records the three
    /// decisions, `l10n status` counts them, and the next review page shows them.
    @Test(.enabled(if: TestTool.chromium.isAvailable, "chromium is not installed: run `make test-deps`"))
    func decisionsMadeInTheBrowserAreImportedIntoTheBundle() throws {
        let folder = TemporaryDirectory()
        let site = folder.path("site")
        try FileManager.default.copyItem(at: Repository.root.appendingPathComponent("examples/selffull"), to: site)
        #expect(try BeckonBinary.run(["build", "--site", site.path]).status == 0)
        let page = try String(contentsOf: site.appendingPathComponent("output/review/index.html"), encoding: .utf8)
        // The expiry string links to the email it appears in, highlighted there.
        let expiryRow = try #require(page.range(of: "<code>invite.expiry</code>")).upperBound
        let row = page[expiryRow...].prefix { $0 != "\n" }
        #expect(row.contains("Seen in <a href=\"../emails/ar/"))
        #expect(row.contains("#:~:text="))
        // A page beside the review page drives it as a reviewer would, then shows the download.
        let driver = """
            <!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>driver</title></head><body>
            <iframe id="f" src="index.html" title="review"></iframe><pre id="out">not run</pre><script>
            var f=document.getElementById("f");f.onload=function(){var d=f.contentDocument;
            function choose(key,value,note){var s=d.querySelector('fieldset.decision[data-locale="ar"][data-key="'+key+'"]');
            s.querySelector('input[value="'+value+'"]').click();
            if(note){var t=s.querySelector("textarea");t.value=note;t.dispatchEvent(new Event("input",{bubbles:true}))}}
            choose("invite.expiry","approved");choose("invite.subject","approved");
            choose("invite.accept","needs-work","Use “اقبل دعوتك” & keep it short");
            var a=d.querySelector('#review-exports a[data-locale="ar"]');
            document.getElementById("out").textContent=a.download+"\\n"+decodeURIComponent(a.href.slice(a.href.indexOf(",")+1))};
            </script></body></html>
            """
        let driverURL = site.appendingPathComponent("output/review/driver.html")
        try Data(driver.utf8).write(to: driverURL)
        let dom = try HeadlessChromium.dom(
            driverURL.absoluteString, arguments: ["--allow-file-access-from-files", "--virtual-time-budget=3000"])
        let shown = try #require(dom.range(of: "<pre id=\"out\">")).upperBound
        let output = String(dom[shown...].prefix { $0 != "<" })
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
        let lines = output.split(separator: "\n", maxSplits: 1).map(String.init)
        try #require(lines.count == 2, "\(dom.suffix(600))")
        #expect(lines[0] == "review-ar.json")
        let file = folder.path("review-ar.json")
        try Data(lines[1].utf8).write(to: file)
        let imported = try BeckonBinary.run(["l10n", "import", file.path, "--site", site.path])
        #expect(imported.status == 0, "\(imported.stdout)")
        #expect(imported.stdout.contains("Updated locales/ar.yml: 3 strings"), "\(imported.stdout)")
        let bundle = try String(contentsOf: site.appendingPathComponent("locales/ar.yml"), encoding: .utf8)
        #expect(bundle.components(separatedBy: "review: approved").count - 1 == 2)
        #expect(bundle.contains("review: needs-work"))
        #expect(bundle.contains("reviewNote: Use “اقبل دعوتك” & keep it short"))
        let status = try BeckonBinary.run(["l10n", "status", "--site", site.path, "--format", "json"])
        #expect(status.stdout.contains("\"approved\" : 2"), "\(status.stdout)")
        #expect(status.stdout.contains("\"needsWork\" : 1"))
        #expect(status.stdout.contains("l10n.needs-work"))
        // The next build's page shows the recorded decisions, and importing again changes nothing.
        _ = try BeckonBinary.run(["build", "--site", site.path])
        let rebuilt = try String(contentsOf: site.appendingPathComponent("output/review/index.html"), encoding: .utf8)
        #expect(
            rebuilt.contains(
                "<p class=\"recorded needs-work\" lang=\"en\" dir=\"ltr\"><strong>Needs work</strong>: Use “اقبل دعوتك” &amp; keep it short</p>"
            ))
        #expect(rebuilt.components(separatedBy: "<p class=\"recorded approved\"").count - 1 == 2)
        let again = try BeckonBinary.run(["l10n", "import", file.path, "--site", site.path])
        #expect(again.stdout.contains("No changes"), "\(again.stdout)")
    }
}
