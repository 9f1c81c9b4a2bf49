import BeckonTestSupport
import Foundation
import Testing

/// The test folders a run leaves behind (those a `static let` keeps) are removed by a later run.
@Suite struct TemporaryDirectoryTests {
    @Test func onlyTheFoldersOfEndedTestProcessesAreRemoved() throws {
        let parent = TemporaryDirectory()
        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/true")
        try ended.run()
        ended.waitUntilExit()
        let names = [
            "beckon-tests-\(ended.processIdentifier)-A1": false,
            "beckon-tests-\(getpid())-B2": true,
            "beckon-tests-1-C3": true,
            "beckon-tests-0F9A-D4": true,
            "beckon-tests-": true,
            "other-\(ended.processIdentifier)-E5": true,
        ]
        for name in names.keys {
            try FileManager.default.createDirectory(
                at: parent.path(name).appendingPathComponent("site"), withIntermediateDirectories: true)
        }
        TemporaryDirectory.removeLeftovers(in: parent.url)
        for (name, kept) in names {
            #expect(FileManager.default.fileExists(atPath: parent.path(name).path) == kept, "\(name)")
        }
    }

    @Test func aFolderIsGoneWhenReleased() throws {
        var folder: TemporaryDirectory? = TemporaryDirectory()
        let path = try #require(folder).url.path
        #expect(FileManager.default.fileExists(atPath: path))
        folder = nil
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}
