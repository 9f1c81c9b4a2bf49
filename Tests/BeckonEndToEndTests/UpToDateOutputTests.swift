import BeckonTestSupport
import Foundation
import Testing

/// A build whose output folder already holds exactly that build writes nothing; a file edited by
/// hand, one removed or one added since makes it write the folder again, as the build makes it.
@Suite struct UpToDateOutputTests {
    static func modified(_ url: URL) throws -> Date {
        try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date)
    }

    @Test func anUnchangedOutputIsLeftAloneAndAnEditedOneWrittenAgain() throws {
        let folder = TemporaryDirectory()
        let output = folder.path("out")
        let build = ["build", "--cache", folder.path("cache").path, "--output", output.path]
        #expect(try BeckonBinary.run(build).status == 0)
        let page = output.appendingPathComponent("en-US/invite/index.html")
        let original = try Data(contentsOf: page)
        let written = try Self.modified(page)
        Thread.sleep(forTimeInterval: 0.05)

        // Nothing changed: the folder is left as it is (the page not written again).
        #expect(try BeckonBinary.run(build).status == 0)
        #expect(try Self.modified(page) == written)

        // A page edited by hand (its size changed, or only its time): written again.
        try Data(original + Array("<!-- edited -->".utf8)).write(to: page)
        #expect(try BeckonBinary.run(build).status == 0)
        #expect(try Data(contentsOf: page) == original)
        Thread.sleep(forTimeInterval: 0.05)
        try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: page.path)
        let touched = try Self.modified(page)
        #expect(try BeckonBinary.run(build).status == 0)
        #expect(try Self.modified(page) != touched && (try Data(contentsOf: page)) == original)

        // A file added beside the build's, or one of them removed: the folder written again.
        let extra = output.appendingPathComponent("en-US/extra.txt")
        try Data("not the build's".utf8).write(to: extra)
        #expect(try BeckonBinary.run(build).status == 0)
        #expect(!FileManager.default.fileExists(atPath: extra.path))
        try FileManager.default.removeItem(at: page)
        #expect(try BeckonBinary.run(build).status == 0)
        #expect(try Data(contentsOf: page) == original)
    }
}
