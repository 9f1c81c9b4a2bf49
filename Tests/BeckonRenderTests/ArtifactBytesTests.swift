import BeckonRender
import BeckonTestSupport
import Foundation
import Testing

/// An artifact's bytes moved to a file read the same, from wherever the folder goes.
@Suite struct ArtifactBytesTests {
    @Test func movedBytesAreReadFromTheFileByEveryCopy() throws {
        let folder = TemporaryDirectory()
        let bytes = Array("<p>Hallo, Welt</p>\n".utf8)
        let artifact = Artifact(path: "de/page.html", kind: .document, contentType: "text/html", bytes: bytes)
        let copy = artifact
        let digest = artifact.sha256
        #expect(digest == "626319ba4f19090c4f3471b3e59493a361f44cf93b99510b9fa44ede64162a49")
        try FileManager.default.createDirectory(at: folder.path("one/de"), withIntermediateDirectories: true)
        try Data(bytes).write(to: folder.path("one/de/page.html"))
        let home = ArtifactFolder(path: folder.path("one").path)
        artifact.moveBytes(to: home, file: "de/page.html")
        #expect(copy.bytesFile?.file == "de/page.html")
        #expect(copy.bytes == bytes)
        #expect(copy.byteCount == bytes.count)
        #expect(copy.sha256 == digest)
        #expect(copy == Artifact(path: "de/page.html", kind: .document, contentType: "text/html", bytes: bytes))
        // The folder moves (a staging folder becoming the output): the bytes follow it.
        try FileManager.default.moveItem(at: folder.path("one"), to: folder.path("two"))
        home.path = folder.path("two").path
        #expect(artifact.bytes == bytes)
        // A changed copy is its own again, in memory.
        var changed = copy
        changed.bytes = Array("new".utf8)
        #expect(changed.bytesFile == nil)
        #expect(changed.byteCount == 3)
        #expect(artifact.bytes == bytes)
    }

    @Test func aMissingOrShortFileReadsAsNothing() throws {
        let folder = TemporaryDirectory()
        let artifact = Artifact(path: "a.txt", kind: .document, contentType: "text/plain", bytes: Array("abc".utf8))
        try Data("ab".utf8).write(to: folder.path("a.txt"))
        artifact.moveBytes(to: ArtifactFolder(path: folder.url.path), file: "a.txt")
        #expect(artifact.bytes.isEmpty)
        #expect(artifact.byteCount == 3)
        try FileManager.default.removeItem(at: folder.path("a.txt"))
        #expect(artifact.bytes.isEmpty)
    }

    @Test func aKeptCopyIsReadFromMemoryAndNamesItsFile() throws {
        let folder = TemporaryDirectory()
        let bytes = Array("Join me on Playa\n".utf8)
        let artifact = Artifact(path: "m.txt", kind: .document, contentType: "text/plain", bytes: bytes)
        try Data(bytes).write(to: folder.path("m.txt"))
        artifact.moveBytes(to: ArtifactFolder(path: folder.url.path), file: "m.txt", keepsCopy: true)
        try FileManager.default.removeItem(at: folder.path("m.txt"))
        #expect(artifact.bytesFile?.file == "m.txt")
        #expect(artifact.bytes == bytes)
        #expect(artifact.byteCount == bytes.count)
    }
}
