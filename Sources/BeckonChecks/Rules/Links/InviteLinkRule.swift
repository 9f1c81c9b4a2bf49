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
            // A link written `https://HOST/` with the host as the policy names it (most links of a
            // page): its path is the rest, which starts with the prefix as its path does when the
            // prefix holds no `?` or `#`. Compared in memory, where the collection algorithms
            // cost tens of instructions a byte.
            if let plain = plainMatch(bytes, host: host, pathPrefix: pathPrefix) { return plain }
            // Compared as lower-cased, as `scheme(of:)` and `host(of:)` return them.
            func reads(_ part: some Collection<UInt8>, as lowerCased: String) -> Bool {
                part.lazy.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }.elementsEqual(lowerCased.utf8)
            }
            // The scheme is what comes before the first colon.
            guard bytes.count > 6, bytes[5] == UInt8(ascii: ":"), reads(bytes.prefix(5), as: "https"),
                let parts = authorityParts(bytes), !parts.host.isEmpty, reads(parts.host, as: host)
            else { return false }
            return parts.path.starts(with: pathPrefix.utf8)
        }
        return read
            ?? (scheme(of: url) == "https" && BeckonChecks.host(of: url) == host
                && BeckonChecks.path(of: url).hasPrefix(pathPrefix))
    }

    /// Whether a link that starts `https://HOST/`, with `host` of lower-case letters, digits, `.`
    /// and `-` (no capital the byte reading would fold, no port or user), has a path starting with
    /// `pathPrefix`; `nil` for any other link or a prefix holding `?` or `#`.
    private static func plainMatch(_ bytes: UnsafeBufferPointer<UInt8>, host: String, pathPrefix: Substring) -> Bool? {
        var host = host
        return host.withUTF8 { name -> Bool? in
            let start = 8 + name.count
            guard let link = bytes.baseAddress, let hostName = name.baseAddress, bytes.count > start,
                bytes[start] == UInt8(ascii: "/"), memcmp(link, "https://", 8) == 0,
                memcmp(link + 8, hostName, name.count) == 0,
                name.allSatisfy({
                    $0 &- UInt8(ascii: "a") < 26 || $0 &- UInt8(ascii: "0") < 10 || $0 == UInt8(ascii: ".")
                        || $0 == UInt8(ascii: "-")
                })
            else { return nil }
            return pathPrefix.utf8.withContiguousStorageIfAvailable { prefix -> Bool? in
                guard !prefix.contains(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }) else {
                    return nil
                }
                guard let prefixStart = prefix.baseAddress else { return true }
                return bytes.count - start >= prefix.count && memcmp(link + start, prefixStart, prefix.count) == 0
            } ?? nil
        }
    }

    func check(_ artifact: Artifact, _ link: FoundLink, site: CheckedSite, context: CheckContext) -> Diagnostic? {
        guard let policy = context.linkPolicy, let pathPrefix = context.invitePathPrefix,
            Self.isInviteLink(link.url, host: policy.host, pathPrefix: pathPrefix)
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
