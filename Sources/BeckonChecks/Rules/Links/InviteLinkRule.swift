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
        var url = url
        let read: Bool? = url.withUTF8 { bytes in
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
            func lower(_ byte: UInt8) -> UInt8 { (0x41...0x5A).contains(byte) ? byte | 0x20 : byte }
            // The scheme: what comes before the first colon.
            let https: [UInt8] = [0x68, 0x74, 0x74, 0x70, 0x73]
            guard bytes.count > 6, bytes[5] == UInt8(ascii: ":"), (0..<5).allSatisfy({ lower(bytes[$0]) == https[$0] })
            else { return false }
            // The authority: after the first colon followed by `//`, up to `/`, `?` or `#`.
            var index = 5
            while index < bytes.count,
                bytes[index] != UInt8(ascii: ":")
                    || index + 2 >= bytes.count || bytes[index + 1] != 0x2F || bytes[index + 2] != 0x2F
            {
                index += 1
            }
            guard index < bytes.count else { return false }
            let start = index + 3
            var end = start
            while end < bytes.count, bytes[end] != 0x2F, bytes[end] != 0x3F, bytes[end] != 0x23 { end += 1 }
            var hostStart = start
            if let at = bytes[start..<end].lastIndex(of: UInt8(ascii: "@")) { hostStart = at + 1 }
            var hostEnd = hostStart
            while hostEnd < end, bytes[hostEnd] != UInt8(ascii: ":") { hostEnd += 1 }
            guard hostEnd > hostStart, bytes[hostStart..<hostEnd].lazy.map(lower).elementsEqual(host.utf8) else {
                return false
            }
            var pathEnd = end
            while pathEnd < bytes.count, bytes[pathEnd] != 0x3F, bytes[pathEnd] != 0x23 { pathEnd += 1 }
            return bytes[end..<pathEnd].starts(with: pathPrefix.utf8)
        }
        return read
            ?? (scheme(of: url) == "https" && BeckonChecks.host(of: url) == host
                && BeckonChecks.path(of: url).hasPrefix(pathPrefix))
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
