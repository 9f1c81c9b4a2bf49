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
        let uuid = "0F9A3C1E-2B4D-4E6F-8A1B-3C5D7E9F0A2B"
        let names = [
            "beckon-tests-\(ended.processIdentifier)-\(uuid)": false,
            "beckon-tests-\(getpid())-\(uuid)": true,
            "beckon-tests-1-\(uuid)": true,
            // The older form, a UUID alone, even one whose first group is digits.
            "beckon-tests-\(uuid)": true,
            "beckon-tests-12345678-2B4D-4E6F-8A1B-3C5D7E9F0A2B": true,
            "beckon-tests-\(ended.processIdentifier)-3C1E-2B4D-4E6F-8A1B-3C5D7E9F0A2B": true,
            "beckon-tests-\(ended.processIdentifier)-not-a-uuid": true,
            "beckon-tests-": true,
            "other-\(ended.processIdentifier)-\(uuid)": true,
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
