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
