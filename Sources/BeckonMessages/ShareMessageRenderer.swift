import BeckonDiagnostics
import BeckonLocalization
import BeckonRender
import BeckonSite
import InviteModel

/// Renders the pre-composed share messages (seed 001 §5.2, seed 000 R6): for every locale, invite
/// context and channel, the text in `messages/LOCALE/CONTEXT.CHANNEL.txt` and the deep link that
/// opens the channel with it, recorded in the manifest.
///
/// A context's message is rendered with the first sample invite of that context, so names and
/// links are realistic; without one it uses the `common.friend` stand-in and the link the pipeline
/// made for the context (keyed `@CONTEXT` in `sampleLinks`). Every sample's message is rendered
/// too, so each is checked (SMS length varies with names), with links to its recipient.
public struct ShareMessageRenderer: Sendable {
    public let site: Site
    public let catalog: Catalog
    public let sampleLinks: [String: String]

    public init(site: Site, catalog: Catalog, sampleLinks: [String: String]) {
        self.site = site
        self.catalog = catalog
        self.sampleLinks = sampleLinks
    }

    /// The key of a context's message: `share.generic`, `share.achievement`, …
    public static func key(for context: InviteContext) -> MessageKey {
        MessageKey("share.\(context.rawValue)")
    }

    /// The key of the subject used by the email channel.
    public static let emailSubjectKey: MessageKey = "share.emailSubject"

    /// Problems found before rendering: missing keys and unknown arguments.
    public func validate() -> [Diagnostic] {
        guard let share = site.config.share else { return [] }
        var keys = InviteContext.allCases.map(Self.key(for:))
        if share.channels.contains(.email) { keys.append(Self.emailSubjectKey) }
        var diagnostics: [Diagnostic] = []
        for key in keys {
            if catalog.lookup(key, in: site.config.locales.defaultLocale) == nil {
                diagnostics.append(
                    .error(
                        "l10n.missing-key", "share messages need the string `\(key)`",
                        at: SourceLocation(file: catalog.sourceBundle?.path ?? "locales/"),
                        fix: "Add `\(key)` to every locale bundle, or remove `share` from beckon.yml."))
            }
            diagnostics += catalog.unknownArguments(key: key, known: MessageArguments.names)
        }
        return diagnostics
    }

    /// Every share message artifact: per locale, each context's message
    /// (`messages/LOCALE/CONTEXT.CHANNEL.txt`, with the context's first sample) and each sample's
    /// (`messages/LOCALE/samples/SAMPLE.CHANNEL.txt`), whose links address the sample's recipient.
    public func artifacts() -> [Artifact] {
        guard let share = site.config.share else { return [] }
        var artifacts: [Artifact] = []
        for locale in site.buildLocales {
            for context in InviteContext.allCases {
                let sample = site.config.samples.first { $0.context == context }
                artifacts += render(
                    locale: locale, context: context, sample: sample, recipient: nil, channels: share.channels,
                    path: { "messages/\(locale)/\(context.rawValue).\($0.rawValue).txt" })
            }
            for sample in site.config.samples {
                artifacts += render(
                    locale: locale, context: sample.context, sample: sample, recipient: sample,
                    channels: share.channels, path: { "messages/\(locale)/samples/\(sample.id).\($0.rawValue).txt" })
            }
        }
        return artifacts
    }

    /// One message in every channel.
    /// - Parameter recipient: The sample whose phone, Instagram username and email the links
    ///   address; `nil` for links that let the sender pick the recipient.
    private func render(
        locale: LocaleID, context: InviteContext, sample: SampleInvite?, recipient: SampleInvite?,
        channels: [InviteChannel], path: (InviteChannel) -> String
    ) -> [Artifact] {
        let link = sampleLinks[sample?.id ?? "@\(context.rawValue)"] ?? site.config.links.url(code: "")
        let anonymous = catalog.format(MessageArguments.anonymousInviterKey, in: locale, arguments: [:])?.rawText ?? ""
        let arguments = MessageArguments.values(
            config: site.config, sample: sample, anonymousInviter: anonymous, link: link)
        guard let message = catalog.format(Self.key(for: context), in: locale, arguments: arguments),
            let entry = catalog.lookup(message.key, in: locale)?.entry
        else { return [] }
        let text = MessageRenderer.plainText(message, rightToLeft: locale.isRightToLeft)
        let subject = catalog.format(Self.emailSubjectKey, in: locale, arguments: arguments)
            .map { MessageRenderer.plainText($0, rightToLeft: locale.isRightToLeft) }
        return channels.map { channel in
            let links = Self.links(channel, text: text, subject: subject, recipient: recipient)
            var artifact = Artifact(
                path: path(channel), kind: .shareMessage, locale: locale, template: entry.location.file,
                context: context.rawValue, sample: sample?.id, contentType: "text/plain; charset=utf-8",
                bytes: Array(text.utf8), deepLink: links.deep, origin: entry.location)
            artifact.alternateLink = links.alternate
            artifact.note = links.note
            return artifact
        }
    }

    /// What the manifest says of every Instagram message.
    static let instagramNote =
        "Instagram cannot prefill a message: the link opens the recipient's profile, and the text is for the clipboard."

    /// The links that open a channel with the message filled in, addressed to `recipient` where
    /// the channel can be: `sms:+NUMBER?&body=` (the `?&` form both iOS and Android read),
    /// `https://wa.me/NUMBER?text=` beside `whatsapp://send?phone=&text=`, `mailto:`, and
    /// `instagram://user?username=` beside the web profile. Channels that cannot take a link
    /// (copying the link, AirDrop) have none.
    static func links(
        _ channel: InviteChannel, text: String, subject: String?, recipient: SampleInvite?
    ) -> (deep: String?, alternate: String?, note: String?) {
        let phone = recipient?.phone
        switch channel {
        case .sms, .imessage:
            return (DeepLink.sms(phone: phone, body: text).url, nil, nil)
        case .whatsapp:
            return (
                DeepLink.whatsApp(phone: phone, text: text).url, DeepLink.whatsAppScheme(phone: phone, text: text).url,
                nil
            )
        case .email:
            let address = recipient.flatMap { $0.hasInviteeEmail ? $0.inviteeEmail : nil }
            return (DeepLink.mailto(to: address, subject: subject, body: text).url, nil, nil)
        case .instagram:
            guard let username = recipient?.instagram else { return (nil, nil, instagramNote) }
            return (DeepLink.instagram(username).url, DeepLink.instagramWeb(username).url, instagramNote)
        case .copyLink, .airdrop, .other:
            return (nil, nil, nil)
        }
    }
}
