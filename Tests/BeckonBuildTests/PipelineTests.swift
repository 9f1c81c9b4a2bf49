import BeckonBuild
import BeckonDiagnostics
import BeckonRender
import BeckonSite
import BeckonTestSupport
import Foundation
import Testing

@Suite struct PipelineTests {
    func site(_ fixture: String = SiteFixture.minimal) throws -> TemporaryDirectory {
        let folder = TemporaryDirectory()
        try SiteFixture.write(fixture, to: folder.url)
        return folder
    }

    func build(
        _ site: TemporaryDirectory, output: URL? = nil, _ configure: (inout BuildOptions) -> Void = { _ in }
    )
        async -> BuildResult
    {
        var options = BuildOptions(
            site: site.url, output: output,
            environment: [
                "BECKON_LINK_KEY": BeckonBinary.testLinkKey, "SOURCE_DATE_EPOCH": BeckonBinary.sourceDateEpoch,
            ])
        configure(&options)
        return await Pipeline(options: options).run()
    }

    @Test func buildsEveryPageKindInEveryLocale() async throws {
        let folder = try site()
        let result = await build(folder)
        #expect(result.report.diagnostics.isEmpty, "\(result.report.diagnostics)")
        #expect(result.wrote)
        let manifest = try Manifest(data: try Data(contentsOf: folder.path("output/manifest.json")))
        #expect(manifest.entries.map(\.path) == manifest.entries.map(\.path).sorted())
        let kinds = Dictionary(grouping: manifest.entries, by: \.kind).mapValues(\.count)
        #expect(
            kinds == ["landing": 4, "expired": 4, "gone": 2, "android": 2, "aasa": 1, "assetlinks": 1, "review": 1])
        let gone = try #require(manifest.entries.first { $0.path == "de-DE/gone/index.html" })
        #expect(gone.status == 410)
        #expect(gone.locale == "de-DE")
        let sample = try #require(manifest.entries.first { $0.path == "en-US/samples/maya/invite/index.html" })
        #expect(sample.sample == "maya")
        #expect(sample.context == "achievement")
        let page = try String(contentsOf: folder.path("output/en-US/samples/maya/invite/index.html"), encoding: .utf8)
        #expect(page.contains("<h1><bdi>Maya</bdi> invited you to Minimo</h1>"))
        #expect(page.contains("<a href=\"https://join.minimo.test/invite/"))
    }

    /// The layouts are compiled beside the bundles: a broken layout and a broken string are both
    /// reported, each where it is, in the same order every time.
    @Test func aBrokenLayoutAndABrokenStringAreBothReported() async throws {
        let folder = try site()
        let layout = folder.path("templates/layouts/page.mustache")
        let text = try String(contentsOf: layout, encoding: .utf8)
        try text.replacingOccurrences(of: "<title>{{page.title}}</title>", with: "<title>{{#page}}</title>")
            .write(to: layout, atomically: true, encoding: .utf8)
        let bundle = folder.path("locales/de-DE.yml")
        let strings = try String(contentsOf: bundle, encoding: .utf8)
        try strings.replacingOccurrences(
            of: "title: Diese Einladung ist abgelaufen", with: "title: \"{count, plural,\""
        )
        .write(to: bundle, atomically: true, encoding: .utf8)
        let first = await build(folder)
        let second = await build(folder)
        let found = first.report.diagnostics
        #expect(!first.wrote)
        let broken = try #require(found.first { $0.rule == "layout.syntax" })
        #expect(broken.location?.file == "templates/layouts/page.mustache")
        #expect(broken.location?.line != nil)
        let string = try #require(found.first { $0.rule == "l10n.icu-syntax" })
        #expect(string.location?.file == "locales/de-DE.yml")
        #expect(found == second.report.diagnostics)
    }

    @Test func twoBuildsAreByteIdentical() async throws {
        let folder = try site()
        let first = TemporaryDirectory()
        let second = TemporaryDirectory()
        _ = await build(folder, output: first.path("out"))
        _ = await build(folder, output: second.path("out"))
        let a = OutputSnapshot.files(in: first.path("out"))
        #expect(!a.isEmpty)
        #expect(a == OutputSnapshot.files(in: second.path("out")))
    }

    @Test func aFailedBuildLeavesThePreviousOutputUntouched() async throws {
        let folder = try site()
        #expect(await build(folder).wrote)
        let before = OutputSnapshot.files(in: folder.path("output"))
        let broken = folder.path("templates/pages/gone.md")
        try Data("---\nkind: gone\ntitle: gone.title\n---\n# {{t.gone.title}} {{nope}}\n".utf8).write(to: broken)
        let result = await build(folder)
        #expect(result.report.hasErrors)
        #expect(!result.wrote)
        #expect(OutputSnapshot.files(in: folder.path("output")) == before)
        let siblings = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
        #expect(!siblings.contains { $0.contains("beckon-staging") }, "staging folder left behind: \(siblings)")
    }

    @Test func keepGoingWritesDespiteErrors() async throws {
        let folder = try site(
            SiteFixture.replacing("# {{t.gone.title}}", with: "# {{t.gone.title}}\n# Two", in: SiteFixture.minimal))
        let result = await build(folder) { $0.keepGoing = true }
        #expect(result.report.diagnostics.contains { $0.rule == "doc.h1" })
        #expect(result.wrote)
    }

    @Test func checkWritesNothing() async throws {
        let folder = try site()
        let result = await build(folder) { $0.write = false }
        #expect(!result.report.hasErrors)
        #expect(!FileManager.default.fileExists(atPath: folder.path("output").path))
    }

    @Test func localeSelectionKeepsTheDefault() async throws {
        let folder = try site()
        let result = await build(folder) { $0.locales = [LocaleID("de-DE")!] }
        #expect(Set(result.artifacts.compactMap(\.locale?.rawValue)) == ["en-US", "de-DE"])
        let unknown = await build(folder) { $0.locales = [LocaleID("fr-FR")!] }
        #expect(unknown.report.diagnostics.map(\.rule) == ["build.unknown-locale"])
    }

    @Test func refusesToReplaceTheSiteOrAForeignFolder() async throws {
        let folder = try site()
        let intoSite = await build(folder, output: folder.url)
        #expect(intoSite.report.diagnostics.map(\.rule) == ["build.unsafe-output"])
        let foreign = TemporaryDirectory()
        try Data("keep me".utf8).write(to: foreign.path("notes.txt"))
        let intoForeign = await build(folder, output: foreign.url)
        #expect(intoForeign.report.diagnostics.map(\.rule) == ["build.unsafe-output"])
        #expect(FileManager.default.fileExists(atPath: foreign.path("notes.txt").path))
    }

    @Test func refusesToWriteInsideAnInputFolder() async throws {
        let folder = try site()
        let result = await build(folder, output: folder.path("static/out"))
        #expect(!result.wrote)
        #expect(result.report.diagnostics.first?.rule == "build.unsafe-output")
        #expect(result.report.diagnostics.first?.message.contains("static/") == true)
        #expect(!FileManager.default.fileExists(atPath: folder.path("static/out").path))
    }

    /// A file the system refuses is named in the finding, and the previous output stays whole.
    @Test func aFileThatCannotBeWrittenIsNamedAndChangesNothing() throws {
        let earlier = KeptOutput()
        let name = String(repeating: "n", count: 300) + ".html"
        let refused = [Artifact(path: name, kind: .document, contentType: "text/html", bytes: [])]
        let problem = earlier.writer.write(refused)
        #expect(problem?.rule == "build.write-failed")
        #expect(problem?.message.contains("\(name): File name too long") == true, "\(problem?.message ?? "")")
        #expect(problem?.fix != nil)
        #expect(earlier.isKept)
        let siblings = try FileManager.default.contentsOfDirectory(atPath: earlier.folder.url.path)
        #expect(!siblings.contains { $0.contains("beckon-staging") }, "staging folder left behind: \(siblings)")
    }

    @Test func aKilledBuildsStagingFolderIsCleanedUp() async throws {
        let folder = try site()
        // A process id that is not running stands for a build killed before it cleaned up.
        var dead: Int32 = 4_000_000
        while kill(dead, 0) == 0 || errno != ESRCH { dead -= 1 }
        let staging = folder.path(".output.beckon-staging-\(dead)-42")
        let old = folder.path(".output.beckon-old-\(dead)-7")
        for abandoned in [staging, old] {
            try FileManager.default.createDirectory(at: abandoned, withIntermediateDirectories: true)
            try Data("half".utf8).write(to: abandoned.appendingPathComponent("half.html"))
        }
        // A build still running (this process) keeps its staging folder.
        let running = folder.path(".output.beckon-staging-\(ProcessInfo.processInfo.processIdentifier)-1")
        try FileManager.default.createDirectory(at: running, withIntermediateDirectories: true)
        #expect(await build(folder).wrote)
        #expect(!FileManager.default.fileExists(atPath: staging.path))
        #expect(!FileManager.default.fileExists(atPath: old.path))
        #expect(FileManager.default.fileExists(atPath: running.path))
    }

    @Test func aDeletedTranslationIsAnError() async throws {
        let folder = try site(
            SiteFixture.replacing(
                "expired:\n  title: Diese Einladung ist abgelaufen\n", with: "", in: SiteFixture.minimal))
        let result = await build(folder) { $0.write = false }
        #expect(result.report.hasErrors)
        #expect(result.report.diagnostics.map(\.rule) == ["l10n.missing-translation"])
        #expect(result.localization.first { $0.locale == "de-DE" }?.missing == 1)
    }

    @Test func strictTurnsFallbacksIntoErrors() async throws {
        let folder = try site(
            SiteFixture.replacing(
                "expired:\n  title: Diese Einladung ist abgelaufen\n", with: "",
                in: SiteFixture.replacing(
                    "list: [en-US, de-DE]\n", with: "list: [en-US, de-DE]\n  fallback: {de-DE: [en-US]}\n",
                    in: SiteFixture.minimal)))
        let lenient = await build(folder) { $0.write = false }
        #expect(!lenient.report.hasErrors)
        #expect(lenient.report.diagnostics.map(\.rule) == ["l10n.fallback"])
        // A string a fallback fills is still missing from German, and the status says who filled it.
        let german = try #require(lenient.localization.first { $0.locale == "de-DE" })
        #expect(german.missing == 1 && german.fallback == 1 && german.fallbackFrom == ["en-US": 1])
        #expect(german.progress == (german.total - 1) * 100 / german.total)
        let strict = await build(folder) {
            $0.write = false
            $0.strict = true
        }
        #expect(strict.report.hasErrors)
    }
}
