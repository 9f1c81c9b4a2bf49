import BeckonDiagnostics
import BeckonRender
import Foundation
import InviteModel

/// `links.invite`: every link to the invite host matches the site's link policy, and — when a
/// signing key is available — its signature verifies, as of the sample invite's creation.
///
/// A link that does not verify is refused by the invite service: the invitee sees an error
/// instead of the invite. Render invite links from `{{invite.url}}`, never by hand.
struct InviteLinkRule: LinkRule {
    let id: RuleID = "links.invite"
    private static let signature = Array("sig=".utf8)

    /// Whether the link holds `sig=` as characters: found by bytes, and confirmed by characters
    /// only in a link with non-ASCII text, where a combining mark could join the `=`.
    private static func holdsSignature(_ url: String) -> Bool {
        guard url.utf8.firstIndex(ofBytes: signature) != nil else { return false }
        return url.utf8.allSatisfy { $0 < 0x80 } || url.firstRange(of: "sig=") != nil
    }

    func check(_ artifact: Artifact, _ link: FoundLink, site: CheckedSite, context: CheckContext) -> Diagnostic? {
        guard let policy = context.linkPolicy else { return nil }
        guard scheme(of: link.url) == "https", host(of: link.url) == policy.host,
            path(of: link.url).hasPrefix(policy.pathPrefix)
        else { return nil }
        guard Self.holdsSignature(link.url) else {
            // Without a key, sample links are unsigned and reported once, as links.unsigned.
            guard context.verifyInviteLink != nil else { return nil }
            return finding(
                .error, "`\(Redact.url(link.url))` is an unsigned invite link", artifact, link,
                fix: "Render invite links from `{{invite.url}}`, which Beckon signs.")
        }
        do {
            _ = try InviteLink(parsing: link.url, policy: policy)
        } catch {
            return finding(
                .error, "`\(Redact.url(link.url))` does not match the link policy: \(error)", artifact, link,
                fix: "Render invite links from `{{invite.url}}`.")
        }
        guard let verify = context.verifyInviteLink else { return nil }
        let moment = artifact.sample.flatMap { context.sampleTimes[$0] } ?? context.sampleTimes["@"] ?? Date()
        guard let reason = verify(link.url, moment) else { return nil }
        return finding(
            .error, "the invite link does not verify: \(reason)", artifact, link,
            fix:
                "Render invite links from `{{invite.url}}`; check that links.keyID names the key in the environment."
        )
    }
}
