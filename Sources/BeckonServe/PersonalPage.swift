import BeckonBuild
import NIOCore

/// What a link opened on an invite's own page answers with, made once per page: the page (or why
/// there is none), and for a page its response body and Content-Security-Policy.
struct PersonalPage: Sendable {
    var rendered: InvitePages.Rendered
    var body: ByteBuffer?
    var policy: String?
    /// For a card, its `ETag`.
    var tag: String?

    /// The bytes it holds: its body and policy (its artifact is kept without bytes or provenance).
    var size: Int { (body?.readableBytes ?? 0) + (policy?.utf8.count ?? 0) }

    /// The page as it is kept: its artifact without its bytes and provenance, which the body
    /// holds once.
    var kept: PersonalPage {
        var page = self
        if case .page(var artifact) = rendered {
            artifact.bytes = []
            artifact.provenance = nil
            page.rendered = .page(artifact)
        }
        return page
    }
}
