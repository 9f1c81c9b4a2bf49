import BeckonInvitePages
import BeckonRecords
import BeckonRender
import BeckonTestSupport
import Testing

@testable import BeckonBuild

/// The whole build's record keeps `manifest.json` beside the files it lists, made once when the
/// record is written, so a build reading the record back does not make it again.
@Suite struct BuildOutcomeRecordTests {
    static let artifacts = [
        Artifact(path: "a.html", kind: .document, contentType: "text/html", bytes: Array("<p>a".utf8)),
        Artifact(path: "b/c.txt", kind: .document, contentType: "text/plain", bytes: Array("c".utf8)),
    ]

    @Test func theManifestIsStoredAndReadBackWithTheFiles() throws {
        let folder = TemporaryDirectory()
        let cache = try #require(BuildCache.engine(folder: folder.path("cache")).0.cache)
        let outcome = BuildOutcome(artifacts: Self.artifacts, diagnostics: [], servingDiagnostics: [])
        var writer = RecordWriter(userInfo: cache.codingUserInfo)
        outcome.write(to: &writer)
        var reader = RecordReader(writer.bytes, userInfo: cache.codingUserInfo)
        let read = try BuildOutcome(from: &reader)
        #expect(reader.isAtEnd)
        #expect(read.artifacts.map(\.path) == ["a.html", "b/c.txt"])
        let stored = try #require(read.manifestFile)
        let json = FileBytes.read(stored.folder.path + "/" + stored.file, count: stored.count)
        #expect(json == Manifest.json(of: Self.artifacts).bytes)
    }

    /// Without a store, the files and the manifest are not kept apart: none is read back.
    @Test func withoutAStoreNoManifestIsKept() throws {
        var writer = RecordWriter()
        BuildOutcome(artifacts: Self.artifacts, diagnostics: [], servingDiagnostics: []).write(to: &writer)
        var reader = RecordReader(writer.bytes)
        let read = try BuildOutcome(from: &reader)
        #expect(read.manifestFile == nil && read.artifacts.map(\.bytes) == Self.artifacts.map(\.bytes))
    }
}
