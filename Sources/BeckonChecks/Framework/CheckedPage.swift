import BeckonHTML
import BeckonRender

/// An HTML artifact as the checks see it: its written bytes, parsed once.
public struct CheckedPage: Sendable {
    public let artifact: Artifact
    public let document: HTMLDocument

    public init(_ artifact: Artifact) {
        self.artifact = artifact
        self.document = HTMLDocument(bytes: artifact.bytes)
    }
}
