import BeckonBuild
import BeckonEngine
import BeckonInvitePages
import BeckonTestSupport
import Foundation
import Testing

/// With a cache on disk, a build of a site in which nothing changed is read back as one record
/// (`build.outcome`, keyed by every input of the site and the run); any edit, or another option,
/// makes the build again from its parts, and reverting the edit finds the first record again.
@Suite struct WholeBuildReuseTests {
    let folder = TemporaryDirectory()
    let cache = TemporaryDirectory()

    init() throws {
        try SiteFixture.write(IncrementalFixture.site, to: folder.url)
    }

    /// A build with a new engine on the cache, as the next process makes it.
    func build(_ options: BuildOptions? = nil) async -> BuildResult {
        let (engine, problem) = BuildCache.engine(folder: cache.url)
        #expect(problem == nil)
        return await Pipeline(options: options ?? IncrementalBuildTests.options(folder.url), engine: engine).run()
    }

    /// The steps inside the whole build's record.
    static let parts = ["render.page", "render.email", "render.card", "check.artifact", "check.site", "render.review"]

    @Test func anUnchangedSiteIsReadBackAsOneRecord() async throws {
        let first = await build()
        #expect(first.steps.runs(of: "build.outcome") == 1)
        let second = await build()
        #expect(second.steps.diskHits["build.outcome"] == 1)
        for part in Self.parts {
            #expect(second.steps.runs(of: StepName(rawValue: part)) == 0, "\(part)")
            #expect(second.steps.diskHits[StepName(rawValue: part)] == nil, "\(part) was read")
        }
        #expect(IncrementalBuildTests.Snapshot(second) == IncrementalBuildTests.Snapshot(first))
        // Every field of every file, its provenance map included, reads back as it was made.
        #expect(second.artifacts == first.artifacts)
        #expect(second.localization == first.localization)
        #expect(second.locales == first.locales)
    }

    /// Every edit that changes the fixture as written (removing a locale or a sample undoes an
    /// earlier edit: on the fixture itself it changes nothing, and the first record is found).
    @Test(arguments: IncrementalFixture.Edit.allCases.filter { ![.revert, .removeLocale, .removeSample].contains($0) })
    func anEditMakesTheBuildAgainFromItsParts(_ edit: IncrementalFixture.Edit) async throws {
        let first = await build()
        try edit.apply(to: folder.url, step: 1)
        let edited = await build()
        #expect(edited.steps.runs(of: "build.outcome") == 1, "\(edit)")
        #expect(edited.steps.diskHits["build.outcome"] == nil, "\(edit)")
        let clean = await Pipeline(options: IncrementalBuildTests.options(folder.url)).run()
        #expect(IncrementalBuildTests.Snapshot(edited) == IncrementalBuildTests.Snapshot(clean), "\(edit)")
        #expect(edited.localization == clean.localization, "\(edit)")
        // Reverted, the site is the first one again, and so is its record.
        try IncrementalFixture.Edit.revert.apply(to: folder.url, step: 2)
        let reverted = await build()
        #expect(reverted.steps.diskHits["build.outcome"] == 1, "\(edit)")
        #expect(IncrementalBuildTests.Snapshot(reverted) == IncrementalBuildTests.Snapshot(first), "\(edit)")
    }

    @Test func anotherOptionOrKeyIsAnotherBuild() async throws {
        _ = await build()
        var strict = IncrementalBuildTests.options(folder.url)
        strict.strict = true
        #expect(await build(strict).steps.runs(of: "build.outcome") == 1)
        var otherKey = IncrementalBuildTests.options(folder.url)
        otherKey.environment["BECKON_LINK_KEY"] = String(repeating: "5a", count: 32)
        let signed = await build(otherKey)
        #expect(signed.steps.runs(of: "build.outcome") == 1)
        let clean = await Pipeline(options: otherKey).run()
        #expect(IncrementalBuildTests.Snapshot(signed) == IncrementalBuildTests.Snapshot(clean))
    }

    @Test func explainingAsksThePartsThemselves() async throws {
        _ = await build()
        var explained = IncrementalBuildTests.options(folder.url)
        explained.explain = .rendered
        let result = await build(explained)
        #expect(result.steps.diskHits["build.outcome"] == nil)
        #expect((result.steps.diskHits["render.page"] ?? 0) > 0)
    }

    /// Findings of files the site's inputs leave out (here a bundle of a locale the site does not
    /// list) are listed on the review page: they are part of the key.
    @Test func aFindingOfAFileOutsideTheInputsIsAnotherBuild() async throws {
        _ = await build()
        try Data("gone:\n  title: Invitation annulée\n".utf8).write(
            to: folder.url.appendingPathComponent("locales/fr-FR.yml"))
        let result = await build()
        #expect(result.report.diagnostics.contains { $0.rule == "l10n.unused-bundle" })
        #expect(result.steps.runs(of: "build.outcome") == 1)
        let clean = await Pipeline(options: IncrementalBuildTests.options(folder.url)).run()
        #expect(IncrementalBuildTests.Snapshot(result) == IncrementalBuildTests.Snapshot(clean))
    }

    /// `beckon check` (nothing written) and `beckon build` (files streamed to the output) of the
    /// same site share one record.
    @Test func aCheckAndABuildShareTheRecord() async throws {
        _ = await build()
        let output = TemporaryDirectory()
        var written = IncrementalBuildTests.options(folder.url)
        written.write = true
        written.streamsOutput = true
        written.output = output.url.appendingPathComponent("site")
        let result = await build(written)
        #expect(result.steps.diskHits["build.outcome"] == 1)
        #expect(result.wrote)
        let clean = await Pipeline(options: IncrementalBuildTests.options(folder.url)).run()
        for artifact in clean.artifacts {
            let file = written.outputFolder.appendingPathComponent(artifact.path)
            #expect((try? Data(contentsOf: file)).map { [UInt8]($0) } == artifact.bytes, "\(artifact.path)")
        }
    }

    /// Each whole build's record is as large as the site's: the cache keeps the four most recently
    /// written or read, so one read back now and then stays.
    @Test func theFourMostRecentlyUsedRecordsAreKept() async throws {
        let records = cache.url.appendingPathComponent("steps/build.outcome")
        func count() -> Int {
            let files = FileManager.default.enumerator(at: records, includingPropertiesForKeys: nil)?.allObjects
            return (files as? [URL] ?? []).filter { $0.pathExtension == "record" }.count
        }
        _ = await build()
        for step in 1...5 {
            try IncrementalFixture.Edit.sourceString.apply(to: folder.url, step: step)
            #expect(await build().steps.runs(of: "build.outcome") == 1)
            #expect(count() == min(step + 1, 4))
            try IncrementalFixture.Edit.revert.apply(to: folder.url, step: step)
            #expect(await build().steps.diskHits["build.outcome"] == 1, "the first record was removed at \(step)")
        }
        // Kept: the first site's (read last) and the last three edits'; the first two edits' are gone (the
        // first miss ends the check: it writes a record and removes another).
        for (step, kept) in [(5, true), (4, true), (3, true), (2, false)] {
            try IncrementalFixture.Edit.revert.apply(to: folder.url, step: step)
            try IncrementalFixture.Edit.sourceString.apply(to: folder.url, step: step)
            let result = await build()
            #expect((result.steps.diskHits["build.outcome"] == 1) == kept, "edit \(step)")
            if !kept { break }
        }
    }
}
