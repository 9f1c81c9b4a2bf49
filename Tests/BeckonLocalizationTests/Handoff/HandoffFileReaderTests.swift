import BeckonTestSupport
import Foundation
import Testing

@testable import BeckonLocalization

/// Only regular files are read, and a FIFO, a device or a folder is refused at once.
@Suite struct HandoffFileReaderTests {
    @Test func aRegularFileIsReadWhole() throws {
        let folder = TemporaryDirectory()
        let path = folder.path("de.xlf").path
        try Data("<xliff/>".utf8).write(to: URL(fileURLWithPath: path))
        #expect(try HandoffFileReader.read(path).get() == Array("<xliff/>".utf8))
    }

    @Test func aFileOverTheLimitIsReadOnlyOneBytePastIt() throws {
        let folder = TemporaryDirectory()
        let path = folder.path("big.xlf").path
        try Data(repeating: 0x41, count: 5_000).write(to: URL(fileURLWithPath: path))
        #expect(try HandoffFileReader.read(path, limit: 1_000).get().count == 1_001)
    }

    @Test func aFIFOWithoutAWriterIsRefusedWithoutWaiting() throws {
        let folder = TemporaryDirectory()
        let path = folder.path("de.xlf").path
        try #require(mkfifo(path, 0o600) == 0)
        let started = Date()
        let result = HandoffFileReader.read(path)
        #expect(Date().timeIntervalSince(started) < 5)
        guard case .failure(let diagnostic) = result else {
            Issue.record("a FIFO was read")
            return
        }
        #expect(diagnostic.rule == "input.not-a-file")
        #expect(diagnostic.location?.description == "\(path):1:1")
        #expect(diagnostic.message.contains("FIFO"))
        #expect(diagnostic.fix != nil)
    }

    @Test(arguments: ["/dev/zero", "/dev/null", "/tmp"])
    func devicesAndFoldersAreRefused(path: String) {
        guard case .failure(let diagnostic) = HandoffFileReader.read(path) else {
            Issue.record("\(path) was read")
            return
        }
        #expect(diagnostic.rule == "input.not-a-file")
    }

    @Test func aMissingFileIsReportedAsMissing() {
        guard case .failure(let diagnostic) = HandoffFileReader.read("/nonexistent/de.xlf") else {
            Issue.record("a missing file was read")
            return
        }
        #expect(diagnostic.rule == "input.missing-file")
    }
}
