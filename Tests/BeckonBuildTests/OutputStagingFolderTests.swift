import Foundation
import Testing

@testable import BeckonBuild

/// The staging folder makes the folders its files go in as `mkdir -p` does, from every core at
/// once, and names the folder when something else is in its way.
@Suite struct OutputStagingFolderTests {
    static func staging() throws -> (OutputStaging, URL) {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("staging-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        return (OutputStaging(url: url), url)
    }

    @Test func filesInNewFoldersAreWrittenFromManyThreadsAtOnce() throws {
        let (staging, url) = try Self.staging()
        defer { try? FileManager.default.removeItem(at: url) }
        let paths = (0..<400).map { "l\($0 % 3)/deep/er/\($0 % 7)/file\($0).html" }
        DispatchQueue.concurrentPerform(iterations: paths.count) { index in
            try? staging.write(Array("page \(index)".utf8), to: paths[index])
        }
        for (index, path) in paths.enumerated() {
            let bytes = FileManager.default.contents(atPath: url.appendingPathComponent(path).path)
            #expect(bytes.map { String(decoding: $0, as: UTF8.self) } == "page \(index)")
        }
    }

    /// A file written from parts (`manifest.json` as it was made) holds them in order, over a
    /// file already there; a part in the way of its folder is named.
    @Test func aFileWrittenFromPartsHoldsThemInOrder() throws {
        let (staging, url) = try Self.staging()
        defer { try? FileManager.default.removeItem(at: url) }
        let parts = [Array(repeating: UInt8(ascii: "a"), count: 70_000), [], Array("{b}".utf8), Array("c\n".utf8)]
        try staging.write(Array("an older, longer file than the parts make".utf8), to: "m/manifest.json")
        try staging.write(parts, to: "m/manifest.json")
        #expect(FileManager.default.contents(atPath: url.path + "/m/manifest.json") == Data(parts.joined()))
        try staging.write(Array("a file".utf8), to: "x")
        #expect(throws: OutputFileError.self) { try staging.write(parts, to: "x/manifest.json") }
    }

    @Test func aFileInTheWayOfAFolderIsNamed() throws {
        let (staging, url) = try Self.staging()
        defer { try? FileManager.default.removeItem(at: url) }
        try staging.write(Array("a file".utf8), to: "en/invite")
        #expect {
            try staging.write(Array("a page".utf8), to: "en/invite/samples/maya/index.html")
        } throws: { error in
            let failure = error as? OutputFileError
            return failure?.shown == "en/invite" && failure?.reason == String(cString: strerror(ENOTDIR))
        }
        // The file is the folder itself.
        #expect {
            try staging.write(Array("a page".utf8), to: "en/invite/index.html")
        } throws: { error in
            (error as? OutputFileError)?.shown == "en/invite"
        }
    }
}
