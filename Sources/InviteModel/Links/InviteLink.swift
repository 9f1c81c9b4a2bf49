import BeckonURL
import Foundation

/// An invite link with its signed parameters. The link carries only opaque ids — a code, or a
/// sender id with a context and content id — never a name, address or message.
///
/// The signature covers a canonical form built the way AWS Signature V4 canonicalises requests:
///
/// ```
/// BECKON-HMAC-SHA256
/// HOST
/// PATH
/// NAME=VALUE&NAME=VALUE…   (every parameter but `sig`, sorted by name, RFC 3986-encoded)
/// ```
///
/// so the key id (`kid`), the expiry (`exp`, Unix seconds) and the A/B variant (`v`, when there is
/// one) are signed along with the target: a variant cannot be changed without breaking the link.
public struct InviteLink: Sendable, Hashable {
    /// What the link points at.
    public enum Target: Sendable, Hashable {
        /// The path form: `/invite/CODE`.
        case code(InviteCode)
        /// The query form of seed 001 §4.1: the sender (`ref`), context (`ctx`) and content
        /// (`cid`), and the invite's code (`code`) when the link is one invite's own (every link
        /// `beckon serve` makes; a link without one names a sender, not an invite).
        case referral(senderID: String, context: InviteContext, contentID: String?, code: InviteCode? = nil)

        /// The target of `invite`'s own link in `form`: its code, with its sender, context and
        /// content in the query form.
        public init(for invite: Invite, form: LinkPolicy.Form) {
            switch form {
            case .path: self = .code(invite.code)
            case .query:
                self = .referral(
                    senderID: invite.senderID, context: invite.context, contentID: invite.contextID, code: invite.code)
            }
        }

        /// The invite the link is for, in either form: `nil` for a query-form link without a code.
        public var code: InviteCode? {
            switch self {
            case .code(let code): code
            case .referral(_, _, _, let code): code
            }
        }
    }

    public var host: String
    /// The URL path, with the code filled in for the path form.
    public var path: String
    public var target: Target
    /// When the link stops working, to the second.
    public var expiresAt: Date
    public var keyID: String
    /// The A/B variant of the message that carried the link (`control`, `context-rich`), an opaque
    /// id; `nil` outside experiments.
    public var variant: String?
    /// The base64url HMAC-SHA256 of `canonicalForm` (its first 128 bits), once signed.
    public var signature: String?

    /// An unsigned link for a target under a policy.
    public init(policy: LinkPolicy, target: Target, expiresAt: Date, variant: String? = nil) {
        self.variant = variant
        host = policy.host
        switch target {
        case .code(let code):
            // `links.path` holds `{code}` once (beckon.yml's checks ask it); any other path has
            // each `{code}` replaced.
            path =
                policy.codeAffixes.map { $0.prefix + code.rawValue + $0.suffix }
                ?? policy.path.components(separatedBy: "{code}").joined(separator: code.rawValue)
        case .referral: path = policy.path
        }
        self.target = target
        self.expiresAt = Date(timeIntervalSince1970: expiresAt.timeIntervalSince1970.rounded(.down))
        self.keyID = policy.keyID
    }

    /// The signed parameters, sorted by name.
    public var parameters: [(String, String)] {
        var pairs: [(String, String)] = [
            ("exp", String(Int64(expiresAt.timeIntervalSince1970))), ("kid", keyID),
        ]
        if case .referral(let sender, let context, let content, let code) = target {
            pairs.append(("ref", sender))
            pairs.append(("ctx", context.rawValue))
            if let content { pairs.append(("cid", content)) }
            if let code { pairs.append(("code", code.rawValue)) }
        }
        if let variant { pairs.append(("v", variant)) }
        return pairs.sorted { $0.0 < $1.0 }
    }

    /// The text the signature is computed over.
    public var canonicalForm: String {
        // Split at the byte `/` (never inside a character), each segment encoded.
        let encodedPath = path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
            .map { PercentEncoding.encode(Substring($0)) }.joined(separator: "/")
        return ["BECKON-HMAC-SHA256", host, encodedPath, QueryString.build(parameters)].joined(separator: "\n")
    }

    /// The link as a URL, with `sig` last when signed.
    public var url: String {
        var pairs = parameters
        if let signature { pairs.append(("sig", signature)) }
        return "https://\(host)\(path)?\(QueryString.build(pairs))"
    }
}

extension InviteLink {
    /// Whether an id may go into a link: 1–64 letters, digits, `-` and `_`. Names, emails and phone
    /// numbers (with `@`, `+`, spaces) cannot, so links stay free of personal data.
    public static func isOpaqueID(_ text: String) -> Bool {
        (1...64).contains(text.utf8.count) && text.utf8.allSatisfy(isIDByte)
    }

    /// An ASCII letter or digit, `-` or `_`: the bytes of ids, codes and signatures.
    static func isIDByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
            true
        default: false
        }
    }
}
