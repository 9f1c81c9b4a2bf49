import BeckonDiagnostics
import BeckonLocalization
import BeckonRender
import BeckonSite
import BeckonURL
import InviteModel

/// Renders the pre-composed share messages (seed 001 §5.2, seed 000 R6, seed 002's message pools):
/// for every locale, the messages of each invite context in `share.contexts` and of each sample
/// (recipient), in every channel, with the deep link that opens the channel with the text,
/// recorded in the manifest.
///
/// A share key may hold one string, a pool (`share.partner: [...]`, every item rendered) or, when
/// the site runs an A/B test (`share.variants`), one string or pool per variant; each variant's
/// messages carry links with the variant signed in. A context's message is rendered with the first
/// sample invite of that context, so names and links are realistic; without one it uses the
/// `common.friend` stand-in and the link the pipeline made for the context. Every sample's messages
/// are rendered too, so each is checked (SMS length varies with names), with links to its
/// recipient.
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

    /// The key of the link a message carries in `sampleLinks`: the sample's id (or `@CONTEXT` for a
    /// context without a sample), with `~VARIANT` for a variant's link.
    public static func linkKey(sample: String?, context: InviteContext, variant: String?) -> String {
        (sample ?? "@\(context.rawValue)") + (variant.map { "~\($0)" } ?? "")
    }

    /// The key of a sample's messages: its own `messages`, or its context's.
    public static func key(for sample: InviteValues) -> MessageKey {
        sample.messages.map { MessageKey($0) } ?? key(for: sample.context)
    }

    private var variantIDs: [String] { site.config.share?.variants.map(\.id) ?? [] }

    /// The messages a share key stands for (its string, pool items or variants).
    public func entries(of base: MessageKey) -> [ShareEntry] {
        ShareEntry.entries(of: base, in: catalog, variants: variantIDs)
    }

    /// Every share key the site's messages read, each once, with where a sample asked for it.
    public func baseKeys() -> [(key: MessageKey, requestedAt: SourceLocation?)] {
        guard let share = site.config.share else { return [] }
        var keys: [(MessageKey, SourceLocation?)] = share.contexts.map { (Self.key(for: $0), nil) }
        for sample in site.config.samples {
            let key = Self.key(for: sample)
            if !keys.contains(where: { $0.0 == key }) { keys.append((key, sample.fieldLocations["messages"])) }
        }
        return keys
    }

    /// Every string key the messages read: each message entry, and the email subject.
    public func stringKeys() -> [MessageKey] {
        guard let share = site.config.share else { return [] }
        var keys = baseKeys().flatMap { entries(of: $0.key).map(\.key) }
        if share.channels.contains(.email)
            || site.config.samples.contains(where: { $0.channels?.contains(.email) == true })
        {
            keys.append(Self.emailSubjectKey)
        }
        return keys
    }

    /// Problems found before rendering: missing keys and variants, unknown arguments, and pool items
    /// whose arguments differ from their siblings'.
    public func validate() -> [Diagnostic] {
        guard site.config.share != nil else { return [] }
        let sourcePath = catalog.sourceBundle?.path ?? "locales/"
        var diagnostics: [Diagnostic] = []
        for (base, requestedAt) in baseKeys() {
            let entries = entries(of: base)
            if entries.isEmpty {
                diagnostics.append(
                    .error(
                        "l10n.missing-key", "share messages need the string or pool `\(base)`",
                        at: requestedAt ?? SourceLocation(file: sourcePath),
                        fix: "Add `\(base)` to every locale bundle, or remove it from `share` in beckon.yml."))
                continue
            }
            for variant in ShareEntry.missingVariants(of: base, in: catalog, variants: variantIDs) {
                let location = entries.first.flatMap { catalog.sourceBundle?.entries[$0.key]?.keyLocation }
                diagnostics.append(
                    .error(
                        "share.missing-variant", "`\(base)` has no message for the variant `\(variant)`",
                        at: location ?? SourceLocation(file: sourcePath),
                        fix: "Add `\(base).\(variant)`, or write `\(base)` as one message for every variant."))
            }
            for entry in entries {
                diagnostics += catalog.unknownArguments(key: entry.key, known: MessageArguments.names)
            }
            diagnostics += poolArgumentMismatches(entries)
        }
        if let subject = stringKeys().last, subject == Self.emailSubjectKey,
            !catalog.contains(subject, in: site.config.locales.defaultLocale)
        {
            diagnostics.append(
                .error(
                    "l10n.missing-key", "email share messages need the string `\(subject)`",
                    at: SourceLocation(file: sourcePath),
                    fix: "Add `\(subject)` to every locale bundle, or remove `email` from `share.channels`."))
        }
        return diagnostics
    }

    /// Pool items that use other arguments than the first item of their pool.
    private func poolArgumentMismatches(_ entries: [ShareEntry]) -> [Diagnostic] {
        guard let source = catalog.sourceBundle else { return [] }
        var diagnostics: [Diagnostic] = []
        for variant in Set(entries.map(\.variant)) {
            let pool = entries.filter { $0.variant == variant && $0.poolItem != nil }.compactMap {
                source.entries[$0.key]
            }
            guard let first = pool.first else { continue }
            let expected = Set(first.message.argumentNames)
            for item in pool.dropFirst() where Set(item.message.argumentNames) != expected {
                let names = { (set: Set<String>) in set.sorted().map { "{\($0)}" }.joined(separator: ", ") }
                diagnostics.append(
                    .error(
                        "share.pool-arguments",
                        "`\(item.key)` uses \(names(Set(item.message.argumentNames)).isEmpty ? "no arguments" : names(Set(item.message.argumentNames))), its pool's first item \(expected.isEmpty ? "none" : names(expected))",
                        at: item.location,
                        fix:
                            "Give every item of a pool the same arguments, so any of them can be sent to any recipient."
                    ))
            }
        }
        return diagnostics
    }

    /// Every share message artifact: per locale, each context's messages
    /// (`messages/LOCALE/CONTEXT[.VARIANT][.N].CHANNEL.txt`, with the context's first sample) and
    /// each sample's (`messages/LOCALE/samples/SAMPLE[.VARIANT][.N].CHANNEL.txt`), whose links
    /// address the sample's recipient.
    public func artifacts() -> [Artifact] {
        site.buildLocales.flatMap(artifacts(locale:))
    }

    /// The share message artifacts of one locale; they read only the strings `stringKeys()` and
    /// `MessageArguments.anonymousInviterKey` name.
    public func artifacts(locale: LocaleID) -> [Artifact] {
        guard let share = site.config.share else { return [] }
        var artifacts: [Artifact] = []
        for context in share.contexts {
            let sample = site.config.samples.first { $0.context == context }
            for entry in entries(of: Self.key(for: context)) {
                artifacts += render(
                    entry, locale: locale, context: context, sample: sample, recipient: nil,
                    channels: share.channels,
                    path: { "messages/\(locale)/\(context.rawValue)\(entry.suffix).\($0.rawValue).txt" })
            }
        }
        for sample in site.config.samples {
            for entry in entries(of: Self.key(for: sample)) {
                artifacts += render(
                    entry, locale: locale, context: sample.context, sample: sample, recipient: sample,
                    channels: sample.channels ?? share.channels,
                    path: { "messages/\(locale)/samples/\(sample.id)\(entry.suffix).\($0.rawValue).txt" })
            }
        }
        return artifacts
    }

    /// One message in every channel.
    /// - Parameter recipient: The sample whose phone, Instagram username and email the links
    ///   address; `nil` for links that let the sender pick the recipient.
    private func render(
        _ shareEntry: ShareEntry, locale: LocaleID, context: InviteContext, sample: InviteValues?,
        recipient: InviteValues?, channels: [InviteChannel], path: (InviteChannel) -> String
    ) -> [Artifact] {
        let link =
            sampleLinks[Self.linkKey(sample: sample?.id, context: context, variant: shareEntry.variant)]
            ?? site.config.links.url(code: "")
        let anonymous = catalog.format(MessageArguments.anonymousInviterKey, in: locale, arguments: [:])?.rawText ?? ""
        let arguments = MessageArguments.values(
            config: site.config, sample: sample, anonymousInviter: anonymous, link: link)
        guard let message = catalog.format(shareEntry.key, in: locale, arguments: arguments),
            let written = catalog.location(message.key, in: locale)?.location
        else { return [] }
        let text = MessageRenderer.plainText(message, rightToLeft: locale.isRightToLeft)
        let subject = plainText(Self.emailSubjectKey, in: locale, arguments: arguments)
        return channels.map { channel in
            let links = Self.links(channel, text: text, subject: subject, to: recipient.map(ShareRecipient.init))
            var artifact = Artifact(
                path: path(channel), kind: .shareMessage, locale: locale, template: written.file,
                context: context.rawValue, sample: sample?.id, contentType: "text/plain; charset=utf-8",
                bytes: Array(text.utf8), deepLink: links.deep, origin: written)
            artifact.alternateLink = links.alternate
            artifact.note = links.note
            artifact.variant = shareEntry.variant
            artifact.poolItem = shareEntry.poolItem
            return artifact
        }
    }

    /// One real invite's message for its channel (`beckon serve`): its context's string (for a
    /// pool, the item the invite's code picks, so asking again gives the same one; with
    /// `share.variants`, the invite's variant, else the first) in `locale`, with the sender's first
    /// name (the anonymous stand-in when `invite` is `nil`: none was given, or it was erased) and
    /// the invite's own link, and the link that opens the channel with it, addressed to the
    /// recipient.
    /// - Returns: `nil` for a site without `share`, or a context with no string of its own.
    public func message(
        context: InviteContext, code: InviteCode, invite: InviteValues?, channel: InviteChannel, variant: String?,
        locale: LocaleID, link: String, recipient: ShareRecipient?
    ) -> ShareMessage? {
        guard site.config.share != nil else { return nil }
        let all = entries(of: Self.key(for: context))
        let chosenVariant = all.contains { $0.variant == variant } ? variant : all.first?.variant
        let pool = all.filter { $0.variant == chosenVariant }
        guard !pool.isEmpty else { return nil }
        let shareEntry = pool[Self.poolIndex(code, count: pool.count)]
        // The stand-in is read only where it is shown: for a sender without a name.
        let anonymous =
            invite != nil
            ? "" : catalog.format(MessageArguments.anonymousInviterKey, in: locale, arguments: [:])?.rawText ?? ""
        let arguments = MessageArguments.values(
            config: site.config, sample: invite, anonymousInviter: anonymous, link: link)
        guard let text = plainText(shareEntry.key, in: locale, arguments: arguments) else { return nil }
        let subject = channel == .email ? plainText(Self.emailSubjectKey, in: locale, arguments: arguments) : nil
        let links = Self.links(channel, text: text, subject: subject, to: recipient)
        return ShareMessage(
            text: text, subject: subject, url: links.deep, alternateURL: links.alternate, note: links.note)
    }

    /// The string `key` formatted in `locale` as the plain text a message carries, or `nil` when
    /// the catalog lacks it.
    private func plainText(_ key: MessageKey, in locale: LocaleID, arguments: [String: ArgumentValue]) -> String? {
        catalog.format(key, in: locale, arguments: arguments)
            .map { MessageRenderer.plainText($0, rightToLeft: locale.isRightToLeft) }
    }

    /// Which of `count` pool items an invite gets: its code's bytes summed, the same in every
    /// process and release. Codes are drawn at random, so the items are picked about evenly.
    static func poolIndex(_ code: InviteCode, count: Int) -> Int {
        code.rawValue.utf8.reduce(0) { $0 + Int($1) } % count
    }

    /// What the manifest says of every Instagram message.
    static let instagramNote =
        "Instagram cannot prefill a message: the link opens the recipient's profile, and the text is for the clipboard."

    /// The links that open a channel with the message filled in, addressed to `recipient` where
    /// the channel can be: `sms:+NUMBER?&body=` (the `?&` form both iOS and Android read; the plain
    /// `?body=` form beside it),
    /// `https://wa.me/NUMBER?text=` beside `whatsapp://send?phone=&text=`, `mailto:`, and
    /// `instagram://user?username=` beside the web profile. Channels that cannot take a link
    /// (copying the link, AirDrop) have none.
    static func links(
        _ channel: InviteChannel, text: String, subject: String?, to recipient: ShareRecipient?
    ) -> (deep: String?, alternate: String?, note: String?) {
        let phone = recipient?.phone
        switch channel {
        case .sms, .imessage:
            // Seed 002 §8.3 writes `sms:NUMBER?body=`; the `?&body=` form is the one iOS reads too.
            let plain = "sms:\(phone?.e164 ?? "")?body=\(PercentEncoding.encode(text))"
            return (DeepLink.sms(phone: phone, body: text).url, plain, nil)
        case .whatsapp:
            return (
                DeepLink.whatsApp(phone: phone, text: text).url, DeepLink.whatsAppScheme(phone: phone, text: text).url,
                nil
            )
        case .email:
            return (DeepLink.mailto(to: recipient?.email, subject: subject, body: text).url, nil, nil)
        case .instagram:
            guard let username = recipient?.instagram else { return (nil, nil, instagramNote) }
            return (DeepLink.instagram(username).url, DeepLink.instagramWeb(username).url, instagramNote)
        case .copyLink, .airdrop, .other:
            return (nil, nil, nil)
        }
    }
}
