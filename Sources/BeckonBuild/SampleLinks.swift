import BeckonDiagnostics
import BeckonMessages
import BeckonSite
import Foundation
import InviteModel
import InviteSecurity

/// The invite links of the sample invites: signed with the site's link key when the environment
/// has one, as an invite service would sign them, so checks can verify them; unsigned otherwise,
/// with a warning. Links expire `expiry.days` after each sample's `createdAt`.
///
/// Invite contexts no sample covers get a link too, under the key `@CONTEXT`, with a code derived
/// from the context, so every share message carries a real link. With A/B variants
/// (`share.variants`), each link also exists once per variant with the variant signed in
/// (`ShareMessageRenderer.linkKey`).
///
/// Without a key, each unsigned link also has a stand-in of its signed form (`standIns`): the
/// same link with its `kid`, `exp` and `v` as configured and a placeholder signature of the real
/// length, which the length checks measure instead, so a message that fits only while its link
/// is unsigned fails with or without the key.
enum SampleLinks {
    /// The links by `ShareMessageRenderer.linkKey`, the signed-length stand-ins of unsigned links
    /// (empty when the links are signed), and the key problems.
    static func make(
        _ site: Site, environment: [String: String]
    ) -> (links: [String: String], standIns: [String: String], diagnostics: [Diagnostic]) {
        let config = site.config
        let keyLocation = SiteLoader.locate(key: "keyID", in: site.configSource)
        var keyring: LinkKeyring?
        var diagnostics: [Diagnostic] = []
        do {
            keyring = try LinkKeyring.fromEnvironment(environment, signingKeyID: config.links.keyID)
        } catch {
            diagnostics.append(
                .error(
                    "links.key", "the link signing keys in the environment are unusable: \(error.description)",
                    at: keyLocation,
                    fix:
                        "Set \(LinkKeyring.singleKeyVariable) to a secret of at least 32 bytes (hex or base64), or \(LinkKeyring.keysVariable) to `ID:SECRET,…`."
                ))
        }
        // Invite links appear on pages, in share messages and in emails whose button is the link.
        let linksUsed =
            (!site.templates.isEmpty && !config.samples.isEmpty) || config.share?.requireLink == true
            || (config.email?.accept == .link && !site.emailTemplates.isEmpty)
        if keyring == nil, diagnostics.isEmpty, linksUsed {
            diagnostics.append(
                .warning(
                    "links.unsigned", "sample invite links are not signed: \(LinkKeyring.singleKeyVariable) is not set",
                    at: keyLocation,
                    fix:
                        "Set \(LinkKeyring.singleKeyVariable) (at least 32 bytes, hex or base64) to sign them as the invite service does; see docs/invite-model.md."
                ))
        }
        var links: [String: String] = [:]
        var standIns: [String: String] = [:]
        let expiry = ExpiryPolicy(days: config.expiryDays)
        func sign(_ link: InviteLink) -> String {
            if let keyring { return keyring.sign(link).url }
            let unsigned = unsignedURL(link)
            standIns[unsigned] = LinkKeyring.placeholderSigned(link).url
            return unsigned
        }
        let variants: [String?] = [nil] + (config.share?.variants.map(\.id) ?? [])
        for sample in config.samples {
            for variant in variants {
                links[ShareMessageRenderer.linkKey(sample: sample.id, context: sample.context, variant: variant)] =
                    sign(
                        InviteLink(
                            policy: config.links, target: target(of: sample, form: config.links.form),
                            expiresAt: expiry.expiry(from: sample.createdAt), variant: variant))
            }
        }
        for context in InviteContext.allCases where !config.samples.contains(where: { $0.context == context }) {
            let target: InviteLink.Target =
                config.links.form == .path
                ? .code(InviteValues.derivedCode(for: "context-\(context.rawValue)"))
                : .referral(
                    senderID: "sample-\(context.rawValue)", context: context, contentID: nil,
                    code: InviteValues.derivedCode(for: "context-\(context.rawValue)"))
            for variant in variants {
                links[ShareMessageRenderer.linkKey(sample: nil, context: context, variant: variant)] = sign(
                    InviteLink(
                        policy: config.links, target: target,
                        expiresAt: expiry.expiry(from: config.samplesCreatedAt), variant: variant))
            }
        }
        return (links, standIns, diagnostics)
    }

    static func target(of sample: InviteValues, form: LinkPolicy.Form) -> InviteLink.Target {
        switch form {
        case .path: .code(sample.code)
        case .query:
            .referral(
                senderID: "sample-\(sample.id)", context: sample.context, contentID: sample.contextID, code: sample.code
            )
        }
    }

    /// Without a key, the path form is the bare link (with its variant) and the query form keeps
    /// its parameters.
    private static func unsignedURL(_ link: InviteLink) -> String {
        if case .code = link.target {
            return "https://\(link.host)\(link.path)" + (link.variant.map { "?v=\($0)" } ?? "")
        }
        return link.url
    }
}
