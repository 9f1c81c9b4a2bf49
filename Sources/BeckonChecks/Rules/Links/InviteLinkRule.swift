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

    /// Whether `url` is an `https` link to `host` with a path that starts with `pathPrefix`, as
    /// `scheme(of:)`, `host(of:)` and `path(of:)` read it. An ASCII link (nearly all) is read
    /// from its bytes, without making a string of any part; any other is read as characters.
    static func isInviteLink(_ url: String, host: String, pathPrefix: Substring) -> Bool {
        let bytes = url.utf8
        guard bytes.allSatisfy({ $0 < 0x80 }) else {
            return scheme(of: url) == "https" && BeckonChecks.host(of: url) == host
                && BeckonChecks.path(of: url).hasPrefix(pathPrefix)
        }
        func lower(_ byte: UInt8) -> UInt8 { (0x41...0x5A).contains(byte) ? byte | 0x20 : byte }
        // The scheme: what comes before the first colon.
        guard bytes.count > 6, bytes[bytes.index(bytes.startIndex, offsetBy: 5)] == UInt8(ascii: ":"),
            bytes.prefix(5).map(lower).elementsEqual("https".utf8)
        else { return false }
        // The authority: after the first colon followed by `//`, up to `/`, `?` or `#`.
        var index = bytes.startIndex
        var start: String.UTF8View.Index?
        while let colon = bytes[index...].firstIndex(of: UInt8(ascii: ":")) {
            if bytes[bytes.index(after: colon)...].starts(with: [0x2F, 0x2F]) {
                start = bytes.index(colon, offsetBy: 3)
                break
            }
            index = bytes.index(after: colon)
        }
        guard let start else { return false }
        let authority = bytes[start...].prefix { $0 != 0x2F && $0 != 0x3F && $0 != 0x23 }
        let afterUser =
            authority.lastIndex(of: UInt8(ascii: "@")).map { authority[authority.index(after: $0)...] } ?? authority
        let hostPart = afterUser.prefix { $0 != UInt8(ascii: ":") }
        guard !hostPart.isEmpty, hostPart.lazy.map(lower).elementsEqual(host.utf8) else { return false }
        let path = bytes[authority.endIndex...].prefix { $0 != 0x3F && $0 != 0x23 }
        return path.starts(with: pathPrefix.utf8)
    }

    func check(_ artifact: Artifact, _ link: FoundLink, site: CheckedSite, context: CheckContext) -> Diagnostic? {
        guard let policy = context.linkPolicy,
            Self.isInviteLink(link.url, host: policy.host, pathPrefix: policy.pathPrefix)
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
