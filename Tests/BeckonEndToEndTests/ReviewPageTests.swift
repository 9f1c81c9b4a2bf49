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

    /// The filters, run by headless Chromium from a linked query: German strings another locale
    /// fills are the one string left.
    @Test func theFiltersNarrowTheStringsInABrowser() throws {
        guard HeadlessChromium.isAvailable() else { return }
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
        #expect(html.contains("<tr data-status=\"de-DE:fallback de-DE:missing de-DE:finding\">"))
        let dom = try HeadlessChromium.dom(
            page.absoluteString + "?status=missing&locale=de-DE", arguments: ["--virtual-time-budget=2000"])
        let total = html.components(separatedBy: "<tr data-status=").count - 1
        #expect(dom.contains("id=\"review-count\" aria-live=\"polite\">1 of \(total) strings<"), "\(dom.suffix(400))")
    }
}
