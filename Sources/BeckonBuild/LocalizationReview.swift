import BeckonChecks
import BeckonEmail
import BeckonLocalization
import BeckonMessages
import BeckonRender
import BeckonSite
import BeckonWeb
import InviteModel

/// Gathers what the localization rules need: where each key is used, and every string rendered
/// in every locale without an invite and with each sample invite.
enum LocalizationReview {
    static func input(
        site: Site, catalog: Catalog, layouts: LayoutLibrary, sampleLinks: [String: String], cards: CardSet?
    ) -> LocalizationInput {
        LocalizationInput(
            catalog: catalog, usage: usage(site: site, layouts: layouts, cards: cards),
            renderings: renderings(site: site, catalog: catalog, sampleLinks: sampleLinks), locales: site.buildLocales)
    }

    /// Where each key is used: template and layout paths, and "share messages".
    static func usage(site: Site, layouts: LayoutLibrary, cards: CardSet?) -> [MessageKey: [String]] {
        var places: [MessageKey: Set<String>] = [:]
        for template in site.orderedTemplates {
            var keys = [template.titleKey] + (template.descriptionKey.map { [$0] } ?? [])
            keys += template.placeholders.map(\.path).filter { $0.hasPrefix(RenderScope.messagePrefix) }
                .map { String($0.dropFirst(RenderScope.messagePrefix.count)) }
            for key in keys { places[MessageKey(key), default: []].insert(template.path) }
            if template.kind.isPersonal {
                places[MessageArguments.anonymousInviterKey, default: []].insert(template.path)
            }
        }
        for (key, path) in layouts.messageKeys() { places[MessageKey(key), default: []].insert(path) }
        if let cards {
            for key in [cards.layout.title.key, cards.layout.subtitle?.key, cards.layout.footer?.key].compactMap({ $0 })
            {
                places[MessageKey(key), default: []].insert(cards.layoutPath)
            }
        }
        for template in site.emailTemplates {
            for (key, _) in template.messageKeys { places[MessageKey(key), default: []].insert(template.path) }
            if template.transactional {
                for key in EmailRenderer.footerKeys { places[key, default: []].insert(template.path) }
            }
        }
        if let share = site.config.share {
            for context in InviteContext.allCases {
                places[ShareMessageRenderer.key(for: context), default: []].insert("share messages")
            }
            if share.channels.contains(.email) {
                places[ShareMessageRenderer.emailSubjectKey, default: []].insert("share messages")
            }
            places[MessageArguments.anonymousInviterKey, default: []].insert("share messages")
        }
        return places.mapValues { $0.sorted() }
    }

    /// Every string of every locale as plain text, without an invite and with each sample.
    static func renderings(
        site: Site, catalog: Catalog, sampleLinks: [String: String]
    ) -> [LocaleID: [MessageKey: [LocalizationInput.Rendering]]] {
        var result: [LocaleID: [MessageKey: [LocalizationInput.Rendering]]] = [:]
        for locale in site.buildLocales {
            result[locale] = renderings(locale, site: site, catalog: catalog, sampleLinks: sampleLinks)
        }
        return result
    }

    /// Every string of one locale as plain text, without an invite and with each sample.
    static func renderings(
        _ locale: LocaleID, site: Site, catalog: Catalog, sampleLinks: [String: String]
    ) -> [MessageKey: [LocalizationInput.Rendering]] {
        let keys = Set(catalog.bundles.values.flatMap(\.entries.keys)).sorted()
        let anonymous =
            catalog.format(MessageArguments.anonymousInviterKey, in: locale, arguments: [:])?.rawText ?? ""
        let samples: [SampleInvite?] = [nil] + site.config.samples.map { $0 }
        var byKey: [MessageKey: [LocalizationInput.Rendering]] = [:]
        for sample in samples {
            let link = sample.flatMap { sampleLinks[$0.id] } ?? site.config.links.url(code: "")
            let arguments = MessageArguments.values(
                config: site.config, sample: sample, anonymousInviter: anonymous, link: link)
            for key in keys {
                guard let message = catalog.format(key, in: locale, arguments: arguments) else { continue }
                byKey[key, default: []].append(
                    LocalizationInput.Rendering(sample: sample?.id, text: MessageRenderer.plainText(message)))
            }
        }
        return byKey
    }
}
