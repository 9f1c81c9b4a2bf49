import BeckonBuild
import BeckonDiagnostics
import BeckonEngine
import BeckonInvitePages
import BeckonSite
import BeckonTestSupport
import Foundation
import Testing

/// With a cache on disk, a build of a site whose bytes, options and environment are those of an
/// earlier build reads that build's record through the index (`build.index`) without loading the
/// site. Any byte changed under the folders a build reads, another option, key or day finds no
/// index and loads the site; the result is always the build a fresh engine makes.
@Suite struct WholeBuildIndexTests {
    let folder = TemporaryDirectory()
    let cache = TemporaryDirectory()
    let output = TemporaryDirectory()

    init() throws {
        try SiteFixture.write(IncrementalFixture.site, to: folder.url)
    }

    /// Builds the site once into an output folder, which writes its translation lock: a build
    /// that would bring the lock up to date writes no index.
    func writeLock() async {
        var written = options
        written.write = true
        written.output = output.url.appendingPathComponent("lock-build")
        _ = await Pipeline(options: written).run()
    }

    var options: BuildOptions { IncrementalBuildTests.options(folder.url) }

    /// A build with a new engine on the cache, as the next process makes it.
    func build(_ options: BuildOptions? = nil) async -> BuildResult {
        let (engine, problem) = BuildCache.engine(folder: cache.url)
        #expect(problem == nil)
        return await Pipeline(options: options ?? self.options, engine: engine).run()
    }

    func clean(_ options: BuildOptions? = nil) async -> IncrementalBuildTests.Snapshot {
        IncrementalBuildTests.Snapshot(await Pipeline(options: options ?? self.options).run())
    }

    func indexed(_ result: BuildResult) -> Bool {
        result.steps.diskHits["build.index"] == 1 && result.steps.diskHits["build.outcome"] == 1
    }

    /// The lock written, the site built with the cache, and built again through the index.
    func buildTwice() async {
        await writeLock()
        _ = await build()
        #expect(indexed(await build()))
    }

    @Test func anUnchangedSiteIsReadWithoutLoadingIt() async throws {
        await writeLock()
        let first = await build()
        #expect(!indexed(first))
        let second = await build()
        #expect(indexed(second))
        #expect(second.steps.totalRuns == 0, "\(second.steps.runs)")
        #expect(second.steps.phases.map(\.name) == ["whole build by bytes"])
        #expect(IncrementalBuildTests.Snapshot(second) == IncrementalBuildTests.Snapshot(first))
        #expect(second.artifacts == first.artifacts)
        #expect(second.localization == first.localization)
        #expect(second.locales == first.locales)
        #expect(second.report.diagnostics == first.report.diagnostics)
    }

    /// Every edit of the incremental fixture: the first build after it loads the site; once the
    /// translation lock is written (a build that writes it writes no index, as its bytes change),
    /// the next build reads the index, and makes what a fresh engine makes.
    @Test(arguments: IncrementalFixture.Edit.allCases.filter { ![.revert, .removeLocale, .removeSample].contains($0) })
    func anEditFindsNoIndexUntilItIsBuilt(_ edit: IncrementalFixture.Edit) async throws {
        var written = options
        written.write = true
        written.output = output.url.appendingPathComponent("site")
        _ = await build(written)
        _ = await build(written)
        #expect(indexed(await build(written)), "\(edit)")
        try edit.apply(to: folder.url, step: 1)
        let edited = await build(written)
        #expect(!indexed(edited), "\(edit)")
        var found: BuildResult?
        for _ in 0..<2 where found == nil {
            let next = await build(written)
            if indexed(next) { found = next }
        }
        let result = try #require(found, "\(edit): no build of the edited site read the index")
        #expect(IncrementalBuildTests.Snapshot(result) == (await clean()), "\(edit)")
        #expect(result.localization == (await Pipeline(options: options).run()).localization, "\(edit)")
    }

    /// Bytes the site's loader passes over (a hidden file, a file of another kind) are still
    /// part of the index's key: the site is loaded, and the whole build's record is found by its
    /// own key.
    @Test(arguments: ["templates/.draft.md", "locales/README.txt", "static/.keep", "beckon.yml"])
    func anyByteBelowTheFoldersIsAnotherKey(_ path: String) async throws {
        await buildTwice()
        let url = folder.url.appendingPathComponent(path)
        let before = (try? Data(contentsOf: url)) ?? Data()
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try (before + Data("\n# x\n".utf8)).write(to: url)
        let result = await build()
        #expect(result.steps.diskHits["build.index"] == nil, "\(path)")
        #expect(IncrementalBuildTests.Snapshot(result) == (await clean()), "\(path)")
        #expect(indexed(await build()), "\(path)")
    }

    @Test func anotherOptionKeyOrDayIsAnotherKey() async throws {
        await buildTwice()
        var strict = options
        strict.strict = true
        var otherKey = options
        otherKey.environment["BECKON_LINK_KEY"] = String(repeating: "5a", count: 32)
        var otherDay = options
        otherDay.environment["SOURCE_DATE_EPOCH"] = "1767312000"
        var oneLocale = options
        oneLocale.locales = [LocaleID("de-DE")!]
        var pseudo = options
        pseudo.pseudo = true
        for (name, other) in [
            ("strict", strict), ("key", otherKey), ("day", otherDay), ("locale", oneLocale), ("pseudo", pseudo),
        ] {
            let first = await build(other)
            #expect(first.steps.diskHits["build.index"] == nil, "\(name)")
            let second = await build(other)
            #expect(indexed(second), "\(name)")
            #expect(IncrementalBuildTests.Snapshot(second) == (await clean(other)), "\(name)")
        }
    }

    /// A server (which keeps the loaded site's pages for real invites) and `--explain` (which
    /// names the step behind each file) load the site whatever the index holds.
    @Test func runsThatNeedTheLoadedSiteLoadIt() async throws {
        await buildTwice()
        var serving = options
        serving.needsLoadedSite = true
        let served = await build(serving)
        #expect(served.steps.diskHits["build.index"] == nil)
        #expect(served.invitePages != nil)
        var explained = options
        explained.explain = .rendered
        #expect((await build(explained)).steps.diskHits["build.index"] == nil)
    }

    /// The findings read through the index quote their source lines as a loaded build does.
    @Test func findingsReadThroughTheIndexHaveTheirSources() async throws {
        let url = folder.url.appendingPathComponent("locales/de-DE.yml")
        let text = try String(contentsOf: url, encoding: .utf8)
        try Data((text + "extra: \"nur hier\"\n").utf8).write(to: url)
        await writeLock()
        let sources = SourceStore()
        let (engine, _) = BuildCache.engine(folder: cache.url)
        let first = await Pipeline(options: options, sources: sources, engine: engine).run()
        let files = Set(first.report.diagnostics.compactMap(\.location?.file))
        try #require(!files.isEmpty)
        let later = SourceStore()
        let (next, _) = BuildCache.engine(folder: cache.url)
        let second = await Pipeline(options: options, sources: later, engine: next).run()
        #expect(indexed(second))
        for file in files {
            #expect(later.source(for: file) == sources.source(for: file), "\(file)")
        }
    }
}
