import BeckonBuild
import BeckonRender
import BeckonTestSupport
import Foundation
import Testing

/// `beckon build` writes each file to the staging folder as it is rendered (`streamsOutput`):
/// the same bytes as a build that holds everything until the end, the same all-or-nothing output.
@Suite struct StreamedOutputTests {
    func build(_ site: URL, output: URL, streams: Bool) async -> BuildResult {
        var options = BuildOptions(
            site: site, output: output,
            environment: [
                "BECKON_LINK_KEY": BeckonBinary.testLinkKey, "SOURCE_DATE_EPOCH": BeckonBinary.sourceDateEpoch,
            ])
        options.streamsOutput = streams
        return await Pipeline(options: options).run()
    }

    @Test func aStreamedBuildWritesTheSameBytesAsOneHeldInMemory() async throws {
        let folder = TemporaryDirectory()
        let held = await build(Repository.root, output: folder.path("held"), streams: false)
        let streamed = await build(Repository.root, output: folder.path("streamed"), streams: true)
        #expect(held.wrote && streamed.wrote)
        let files = OutputSnapshot.files(in: folder.path("streamed"))
        #expect(files.count > 100)
        #expect(files == OutputSnapshot.files(in: folder.path("held")))
        #expect(streamed.report.diagnostics == held.report.diagnostics)
        // The artifacts let go of their bytes and read them from the output now.
        let moved = streamed.artifacts.filter { $0.bytesFile != nil }
        #expect(moved.count > 100)
        for artifact in moved.prefix(40) {
            #expect(artifact.bytesFile?.folder.path == folder.path("streamed").path)
            #expect(Data(artifact.bytes) == files[artifact.path])
            #expect(artifact.byteCount == files[artifact.path]?.count)
        }
        let siblings = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
        #expect(siblings.sorted() == ["held", "streamed"])
    }

    @Test func aFailedStreamedBuildChangesNothingAndLeavesNoStagingFolder() async throws {
        let site = TemporaryDirectory()
        try SiteFixture.write(SiteFixture.minimal, to: site.url)
        let output = site.path("output")
        #expect(await build(site.url, output: output, streams: true).wrote)
        let before = OutputSnapshot.files(in: output)
        try Data("---\nkind: gone\ntitle: gone.title\n---\n# {{t.gone.title}} {{nope}}\n".utf8)
            .write(to: site.path("templates/pages/gone.md"))
        let failed = await build(site.url, output: output, streams: true)
        #expect(failed.report.hasErrors && !failed.wrote)
        #expect(OutputSnapshot.files(in: output) == before)
        let siblings = try FileManager.default.contentsOfDirectory(atPath: site.url.path)
        #expect(!siblings.contains { $0.contains("beckon-staging") }, "staging folder left behind: \(siblings)")
    }

    @Test func anUpToDateStreamedBuildReadsItsBytesFromTheOutput() async throws {
        let site = TemporaryDirectory()
        try SiteFixture.write(SiteFixture.minimal, to: site.url)
        let output = site.path("output")
        #expect(await build(site.url, output: output, streams: true).wrote)
        let again = await build(site.url, output: output, streams: true)
        #expect(again.wrote)
        let page = try #require(again.artifacts.first { $0.path == "en-US/samples/maya/invite/index.html" })
        #expect(page.bytesFile?.folder.path == output.path)
        #expect(Data(page.bytes) == (try Data(contentsOf: output.appendingPathComponent(page.path))))
        let siblings = try FileManager.default.contentsOfDirectory(atPath: site.url.path)
        #expect(!siblings.contains { $0.contains("beckon-staging") }, "staging folder left behind: \(siblings)")
    }

    /// A streamed file changed under the build is named, and the previous output stays.
    @Test func aStreamedFileChangedInTheStagingFolderFailsTheWrite() throws {
        let earlier = KeptOutput()
        let writer = earlier.writer
        let staging = try writer.openStaging()
        let page = Artifact(path: "a/page.html", kind: .document, contentType: "text/html", bytes: Array("<p>hi".utf8))
        staging.stream([page])
        #expect(page.bytesFile != nil)
        try Data("<p>h".utf8).write(to: staging.url.appendingPathComponent("a/page.html"))
        let problem = writer.write([page], staging: staging)
        #expect(problem?.rule == "build.write-failed")
        #expect(problem?.message.contains("a/page.html: it was changed in the staging folder") == true)
        #expect(earlier.isKept)
        #expect(!FileManager.default.fileExists(atPath: staging.url.path))
    }

    /// Two artifacts for one path (a collision the build reports): the second keeps its bytes in
    /// memory instead of overwriting the first's file.
    @Test func aSecondArtifactForAPathKeepsItsBytes() throws {
        let folder = TemporaryDirectory()
        let staging = try OutputWriter(output: folder.path("output"), site: folder.path("site")).openStaging()
        let first = Artifact(path: "x.txt", kind: .document, contentType: "text/plain", bytes: Array("one".utf8))
        let second = Artifact(path: "x.txt", kind: .asset, contentType: "text/plain", bytes: Array("two".utf8))
        staging.stream([first, second])
        #expect(first.bytesFile != nil)
        #expect(second.bytesFile == nil)
        #expect(first.bytes == Array("one".utf8))
        #expect(second.bytes == Array("two".utf8))
    }
}
