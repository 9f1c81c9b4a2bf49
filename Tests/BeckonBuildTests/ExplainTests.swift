import BeckonBuild
import BeckonEngine
import BeckonInvitePages
import BeckonTestSupport
import Foundation
import Testing

/// `--explain`: why a file was rendered again or reused, naming the string or file that changed.
@Suite struct ExplainTests {
    static let page = "de-DE/expired/index.html"
    static let landing = "de-DE/invite/index.html"

    static func build(_ folder: URL, _ engine: Engine) async -> BuildResult {
        var options = IncrementalBuildTests.options(folder)
        options.explain = .paths([page, landing, "en-US/expired/index.html", "nothing/here.html"])
        return await Pipeline(options: options, engine: engine).run()
    }

    @Test func aChangedStringOrTemplateIsNamedWithItsPlace() async throws {
        let folder = TemporaryDirectory()
        try SiteFixture.write(IncrementalFixture.site, to: folder.url)
        let engine = Engine()
        let first = await Self.build(folder.url, engine)
        #expect(first.explanations[Self.page]?.hasPrefix("rendered (render.page): no earlier result") == true)
        #expect(first.explanations["nothing/here.html"] == "no file `nothing/here.html` in this build")
        let again = await Self.build(folder.url, engine)
        #expect(again.explanations[Self.page] == "reused (render.page): nothing it reads changed")
        // The German expired title.
        try IncrementalFixture.Edit.translatedString.apply(to: folder.url, step: 1)
        let edited = await Self.build(folder.url, engine)
        let german = try #require(edited.explanations[Self.page])
        #expect(
            german.hasPrefix(
                "rendered again (render.page): the string `expired.title` as de-DE reads it (locales/de-DE.yml:"))
        #expect(edited.explanations["en-US/expired/index.html"]?.hasPrefix("reused") == true)
        // A line of the landing template: its pages, naming the template; the others are reused.
        try IncrementalFixture.Edit.templateLine.apply(to: folder.url, step: 2)
        let retemplated = await Self.build(folder.url, engine)
        #expect(
            retemplated.explanations[Self.landing]
                == "rendered again (render.page): `templates/pages/landing.md` changed")
        #expect(retemplated.explanations[Self.page]?.hasPrefix("reused") == true)
    }

    @Test func theCacheExplainsAcrossProcesses() async throws {
        let folder = TemporaryDirectory()
        let cache = TemporaryDirectory()
        try SiteFixture.write(IncrementalFixture.site, to: folder.url)
        _ = await Self.build(folder.url, BuildCache.engine(folder: cache.url).0)
        try IncrementalFixture.Edit.layoutLine.apply(to: folder.url, step: 1)
        let next = await Self.build(folder.url, BuildCache.engine(folder: cache.url).0)
        let text = try #require(next.explanations[Self.page])
        #expect(text == "rendered again (render.page): `templates/layouts/page.mustache` changed")
    }
}
