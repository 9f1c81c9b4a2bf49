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
/// made for the context (keyed `@CONTEXT` in `sampleLinks`).
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

    /// Every share message artifact.
    public func artifacts() -> [Artifact] {
        guard let share = site.config.share else { return [] }
        var artifacts: [Artifact] = []
        for locale in site.buildLocales {
            for context in InviteContext.allCases {
                let sample = site.config.samples.first { $0.context == context }
                let link = sampleLinks[sample?.id ?? "@\(context.rawValue)"] ?? site.config.links.url(code: "")
                let anonymous =
                    catalog.format(MessageArguments.anonymousInviterKey, in: locale, arguments: [:])?.rawText ?? ""
                let arguments = MessageArguments.values(
                    config: site.config, sample: sample, anonymousInviter: anonymous, link: link)
                guard let message = catalog.format(Self.key(for: context), in: locale, arguments: arguments),
                    let entry = catalog.lookup(message.key, in: locale)?.entry
                else { continue }
                let text = MessageRenderer.plainText(message, rightToLeft: locale.isRightToLeft)
                let subject = catalog.format(Self.emailSubjectKey, in: locale, arguments: arguments)
                    .map { MessageRenderer.plainText($0, rightToLeft: locale.isRightToLeft) }
                for channel in share.channels {
                    artifacts.append(
                        Artifact(
                            path: "messages/\(locale)/\(context.rawValue).\(channel.rawValue).txt", kind: .shareMessage,
                            locale: locale, template: entry.location.file,
                            context: context.rawValue, sample: sample?.id,
                            contentType: "text/plain; charset=utf-8", bytes: Array(text.utf8),
                            deepLink: Self.deepLink(channel, text: text, subject: subject)?.url, origin: entry.location)
                    )
                }
            }
        }
        return artifacts
    }

    /// The link that opens a channel with the message filled in; `nil` for channels that cannot
    /// take one (Instagram, copying the link, AirDrop).
    static func deepLink(_ channel: InviteChannel, text: String, subject: String?) -> DeepLink? {
        switch channel {
        case .sms, .imessage: .sms(phone: nil, body: text)
        case .whatsapp: .whatsApp(phone: nil, text: text)
        case .email: .mailto(to: nil, subject: subject, body: text)
        case .instagram, .copyLink, .airdrop, .other: nil
        }
    }
}
