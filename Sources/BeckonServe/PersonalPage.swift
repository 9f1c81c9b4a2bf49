import BeckonDiagnostics
import BeckonInvitePages
import BeckonRender
import Foundation
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

/// A page as `--cache DIR` keeps it on disk (sealed: it holds the invite's values): its kept
/// artifact or the rules it failed, and its body inline.
extension PersonalPage: Codable {
    private enum CodingKeys: String, CodingKey {
        case page, failed, body, policy, tag
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let artifact = try container.decodeIfPresent(Artifact.self, forKey: .page) {
            rendered = .page(artifact)
        } else if let rules = try container.decodeIfPresent([RuleID].self, forKey: .failed) {
            rendered = .failed(rules)
        } else {
            rendered = .notPersonal
        }
        body = try container.decodeIfPresent(Data.self, forKey: .body).map { ByteBuffer(bytes: $0) }
        policy = try container.decodeIfPresent(String.self, forKey: .policy)
        tag = try container.decodeIfPresent(String.self, forKey: .tag)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch rendered {
        case .page(let artifact): try container.encode(artifact, forKey: .page)
        case .failed(let rules): try container.encode(rules, forKey: .failed)
        case .notPersonal: break
        }
        try container.encodeIfPresent(body.map { Data($0.readableBytesView) }, forKey: .body)
        try container.encodeIfPresent(policy, forKey: .policy)
        try container.encodeIfPresent(tag, forKey: .tag)
    }
}
