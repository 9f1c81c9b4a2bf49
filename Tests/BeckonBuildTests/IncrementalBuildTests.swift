import BeckonBuild
import BeckonDiagnostics
import BeckonEngine
import BeckonInvitePages
import BeckonRender
import BeckonTestSupport
import Foundation
import PropertyBased
import Testing

/// The engine's promise: a build on a long-lived engine after any sequence of edits is byte for
/// byte the build a fresh engine makes of the same files, and it re-runs only what an edit read.
@Suite struct IncrementalBuildTests {
    static func options(_ folder: URL) -> BuildOptions {
        BuildOptions(
            site: folder, write: false,
            environment: [
                "BECKON_LINK_KEY": BeckonBinary.testLinkKey, "SOURCE_DATE_EPOCH": BeckonBinary.sourceDateEpoch,
            ])
    }

    /// What a build produced, comparably: every file's path and bytes, and every finding.
    struct Snapshot: Equatable {
        var files: [String: [UInt8]]
        var diagnostics: [Diagnostic]

        init(_ result: BuildResult) {
            files = Dictionary(uniqueKeysWithValues: result.artifacts.map { ($0.path, $0.bytes) })
            diagnostics = result.report.diagnostics
        }
    }

    @Test func theFixtureBuildsClean() async throws {
        let folder = TemporaryDirectory()
        try SiteFixture.write(IncrementalFixture.site, to: folder.url)
        let result = await Pipeline(options: Self.options(folder.url)).run()
        #expect(!result.report.hasErrors, "\(result.report.diagnostics)")
        let kinds = Set(result.artifacts.map(\.kind))
        #expect(kinds.isSuperset(of: [.landing, .emailHTML, .ogCard, .shareMessage, .review]))
    }

    /// Applies `sequence` one edit at a time, comparing the long-lived engine's build with a clean
    /// one after each.
    func expectIncrementalEqualsClean(_ sequence: [Int]) async throws {
        let folder = TemporaryDirectory()
        try SiteFixture.write(IncrementalFixture.site, to: folder.url)
        let engine = Engine()
        _ = await Pipeline(options: Self.options(folder.url), engine: engine).run()
        for (step, code) in sequence.enumerated() {
            let edit = try #require(IncrementalFixture.Edit(rawValue: code))
            try edit.apply(to: folder.url, step: step)
            let incremental = await Pipeline(options: Self.options(folder.url), engine: engine).run()
            let clean = await Pipeline(options: Self.options(folder.url)).run()
            let (a, b) = (Snapshot(incremental), Snapshot(clean))
            let edits = sequence.prefix(step + 1).compactMap(IncrementalFixture.Edit.init(rawValue:))
            #expect(a.files.keys.sorted() == b.files.keys.sorted(), "after \(edits)")
            for (path, bytes) in b.files where a.files[path] != bytes {
                Issue.record("\(path) differs from a clean build after \(edits)")
            }
            #expect(a.diagnostics == b.diagnostics, "after \(edits)")
        }
        // The render steps key by their arguments alone: none read a bundle without recording it.
        #expect(engine.unrecordedReads() == [])
    }

    @Test func everyKindOfEditInTurnEndsInTheCleanBuild() async throws {
        try await expectIncrementalEqualsClean(IncrementalFixture.Edit.allCases.map(\.rawValue))
    }

    @Test func randomEditSequencesEndInTheCleanBuild() async throws {
        let edits = Gen.int(in: 0...(IncrementalFixture.Edit.allCases.count - 1)).array(of: 2...5)
        await propertyCheck(count: 4, input: edits) { sequence in
            try await expectIncrementalEqualsClean(sequence)
        }
    }

    @Test func aTranslatedStringReRendersOnlyItsLocale() async throws {
        let folder = TemporaryDirectory()
        try SiteFixture.write(IncrementalFixture.site, to: folder.url)
        let engine = Engine()
        let first = await Pipeline(options: Self.options(folder.url), engine: engine).run()
        let pages = first.steps.runs(of: "render.page")
        #expect(pages == 12)
        // Nothing changed: nothing renders or is checked again.
        let again = await Pipeline(options: Self.options(folder.url), engine: engine).run()
        #expect(again.steps.runs(of: "render.page") == 0)
        #expect(again.steps.runs(of: "render.card") == 0)
        #expect(again.steps.runs(of: "check.artifact") == 0)
        #expect(again.steps.runs(of: "check.site") == 0)
        // The German "expired" title: only the two German pages that print it render again (the
        // generic one and the sample's); no email or card shows it.
        try IncrementalFixture.Edit.translatedString.apply(to: folder.url, step: 1)
        let edited = await Pipeline(options: Self.options(folder.url), engine: engine).run()
        #expect(edited.steps.runs(of: "render.page") == 2)
        #expect(edited.steps.runs(of: "render.email") == 0)
        #expect(edited.steps.runs(of: "render.card") == 0)
        #expect(edited.steps.runs(of: "parse.bundle") == 1)
        #expect(edited.steps.runs(of: "load.layouts") == 0)
        #expect(edited.steps.runs(of: "render.messages") == 0)
        // Only the two changed pages are checked against the site (links, logo, `hreflang`), the
        // one changed string is rendered again for the localization rules, and the review page
        // makes again only the German column.
        #expect(edited.steps.runs(of: "check.across") == 2)
        #expect(edited.steps.runs(of: "localization.string") == 1)
        #expect(edited.steps.runs(of: "review.column") == 1)
        // The German landing title is on the German cards, and in every German page's card alt text.
        let bundle = folder.url.appendingPathComponent("locales/de-DE.yml")
        let text = try String(contentsOf: bundle, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "hat dich zu", with: "lädt dich zu").utf8).write(to: bundle)
        let retitled = await Pipeline(options: Self.options(folder.url), engine: engine).run()
        #expect(retitled.steps.runs(of: "render.card") == 2)
        #expect(retitled.steps.runs(of: "render.page") == pages / 2)
        #expect(retitled.steps.runs(of: "render.email") == 0)
        // An English email string, which German falls back to: both emails render again.
        let english = folder.url.appendingPathComponent("locales/en-US.yml")
        let source = try String(contentsOf: english, encoding: .utf8)
        try Data(source.replacingOccurrences(of: "You are invited", with: "Come along").utf8).write(to: english)
        let fallback = await Pipeline(options: Self.options(folder.url), engine: engine).run()
        #expect(fallback.steps.runs(of: "render.email") == 2)
    }

    @Test func aSecondProcessReusesTheCache() async throws {
        let folder = TemporaryDirectory()
        let cache = TemporaryDirectory()
        try SiteFixture.write(IncrementalFixture.site, to: folder.url)
        let (engine, problem) = BuildCache.engine(folder: cache.url)
        #expect(problem == nil)
        let first = await Pipeline(options: Self.options(folder.url), engine: engine).run()
        #expect(first.steps.diskHits.isEmpty)
        // A new engine on the same folder stands for the next process.
        let (next, _) = BuildCache.engine(folder: cache.url)
        let second = await Pipeline(options: Self.options(folder.url), engine: next).run()
        #expect(second.steps.runs(of: "render.page") == 0)
        #expect(second.steps.runs(of: "render.card") == 0)
        #expect(second.steps.runs(of: "check.artifact") == 0)
        #expect(Snapshot(second) == Snapshot(first))
    }
}
