import BeckonBuild
import BeckonRender
import BeckonTestSupport
import Foundation
import Testing

/// An output folder holding an earlier build (`keep.html`) and the writer that replaces it: for
/// tests that a write that fails leaves that output as it was.
struct KeptOutput {
    let folder = TemporaryDirectory()
    let output: URL
    let writer: OutputWriter

    init() {
        output = folder.path("output")
        writer = OutputWriter(output: output, site: folder.path("site"))
        let kept = [Artifact(path: "keep.html", kind: .document, contentType: "text/html", bytes: Array("k".utf8))]
        #expect(writer.write(kept) == nil)
    }

    /// Whether the earlier build's file is still in the output.
    var isKept: Bool { FileManager.default.fileExists(atPath: output.appendingPathComponent("keep.html").path) }
}
