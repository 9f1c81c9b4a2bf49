import ArgumentParser
import BeckonSite
import Foundation
import InviteModel
import InviteSecurity

/// `beckon link`: sign and verify invite links.
struct LinkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "link", abstract: "Sign and verify invite links.", subcommands: [SignLink.self, VerifyLink.self])
}

/// `beckon link sign`.
struct SignLink: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sign",
        abstract: "Print a signed invite link.",
        discussion: """
            Path form (links.form: path): --code CODE. Query form (links.form: query): --ref SENDER \
            --ctx CONTEXT [--cid ID] [--code CODE] (the code makes the link one invite's own, as \
            `beckon serve` makes them). --variant V signs the A/B variant of the message that carries \
            the link into it. The key comes from BECKON_LINK_KEY or BECKON_LINK_KEYS.
            """)

    @OptionGroup var config: ConfigOptions
    @Option(help: "The invite code (path form; in the query form, the invite the link is for).") var code: String?
    @Option(help: "The sender's opaque id (query form).") var ref: String?
    @Option(help: "The invite context (query form).") var ctx: InviteContext?
    @Option(help: "The content id (query form).") var cid: String?
    @Option(help: "When the link expires, ISO 8601 (default: expiry.days from now).") var expires: String?
    @Option(help: "The A/B variant of the message that carries the link (share.variants).") var variant: String?

    func run() throws {
        let site = try config.load()
        let target: InviteLink.Target
        switch site.links.form {
        case .path:
            guard let code, let parsed = InviteCode(code) else {
                throw ValidationError("The path form needs --code with a valid invite code.")
            }
            target = .code(parsed)
        case .query:
            guard let ref, let ctx, InviteLink.isOpaqueID(ref), cid.map(InviteLink.isOpaqueID) ?? true else {
                throw ValidationError("The query form needs --ref and --ctx; --ref and --cid are opaque ids.")
            }
            var parsedCode: InviteCode?
            if let code {
                guard let parsed = InviteCode(code) else { throw ValidationError("--code is not a valid invite code.") }
                parsedCode = parsed
            }
            target = .referral(senderID: ref, context: ctx, contentID: cid, code: parsedCode)
        }
        if let variant, !InviteLink.isOpaqueID(variant) {
            throw ValidationError("--variant is an opaque id: 1–64 letters, digits, `-` and `_`.")
        }
        let expiry = try expires.map { try moment($0) } ?? ExpiryPolicy(days: site.expiryDays).expiry(from: Date())
        print(try LinkSigning.sign(target, policy: site.links, expiresAt: expiry, variant: variant))
    }
}

/// `beckon link verify URL`: exit 0 when valid, 1 with the reason.
struct VerifyLink: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check an invite link: shape, key, signature and expiry.",
        discussion:
            "Exits 0 when the link is valid, 1 with the reason: malformed, unknown key, bad signature or expired.")

    @OptionGroup var config: ConfigOptions
    @Argument(help: "The link.") var url: String
    @Option(help: "Check as of this moment, ISO 8601 (default: now).") var at: String?

    func run() throws {
        let site = try config.load()
        let ring = try LinkSigning.keyring(site.links)
        switch ring.verify(url, policy: site.links, at: try moment(at)) {
        case .success(let link):
            let target =
                switch link.target {
                case .code(let code): "code \(code)"
                case .referral(let sender, let context, let content, let code):
                    "sender \(sender), context \(context.rawValue)" + (content.map { ", content \($0)" } ?? "")
                        + (code.map { ", code \($0)" } ?? "")
                }
            let variant = link.variant.map { ", variant \($0)" } ?? ""
            print(
                "valid: \(target)\(variant), key \(link.keyID), expires \(Timestamp.string(from: link.expiresAt))")
        case .failure(let error):
            throw fail("links.\(error.ruleSuffix)", error.description)
        }
    }
}

extension LinkVerificationError {
    /// `malformed`, `unknown-key`, `bad-signature` or `expired`.
    var ruleSuffix: String {
        switch self {
        case .malformed: "malformed"
        case .unknownKey: "unknown-key"
        case .badSignature: "bad-signature"
        case .expired: "expired"
        }
    }
}
