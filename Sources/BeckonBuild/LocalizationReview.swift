import BeckonChecks
import BeckonEmail
import BeckonLocalization
import BeckonMessages
import BeckonRender
import BeckonSite
import BeckonText
import BeckonWeb
import InviteModel

/// Gathers what the localization rules need: where each key is used, and each string of a locale
/// rendered without an invite and with each sample invite (`LocalizationStep` keeps them per string).
enum LocalizationReview {
    /// Where each key is used: template and layout paths, and "share messages".
    static func usage(
        site: Site, catalog: Catalog, layouts: LayoutLibrary, cards: CardSet?
    ) -> [MessageKey: [String]] {
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
            for key in cards.textKeys { places[key, default: []].insert(cards.layoutPath) }
        }
        for template in site.emailTemplates {
            for (key, _) in template.messageKeys { places[MessageKey(key), default: []].insert(template.path) }
            for key in EmailRenderer.footerKeys { places[key, default: []].insert(template.path) }
        }
        if site.emailTemplates.contains(where: { !$0.transactional }) {
            for key in EmailRenderer.unsubscribePageKeys { places[key, default: []].insert("the unsubscribe page") }
        }
        if site.config.share != nil {
            let messages = ShareMessageRenderer(site: site, catalog: catalog, sampleLinks: [:])
            for key in messages.stringKeys() { places[key, default: []].insert("share messages") }
            places[MessageArguments.anonymousInviterKey, default: []].insert("share messages")
        }
        return places.mapValues { $0.sorted() }
    }

    /// The strings of one locale rendered as plain text, one key at a time: the arguments of each
    /// sample are made once.
    struct LocaleStrings {
        let locale: LocaleID
        let catalog: Catalog
        /// Every key of every bundle, sorted.
        let keys: [MessageKey]
        /// No invite, then each sample (by id), with its arguments.
        private let samples: [(id: String?, arguments: [String: ArgumentValue])]
        private let owners: [String: Set<String>]
        /// Measures the words of each rendering.
        private let counter: WordCounter

        init(_ locale: LocaleID, site: Site, catalog: Catalog, sampleLinks: [String: String]) {
            self.locale = locale
            self.catalog = catalog
            counter = WordCounter(locale: locale.rawValue)
            keys = catalog.keys
            let anonymous =
                catalog.format(MessageArguments.anonymousInviterKey, in: locale, arguments: [:])?.rawText ?? ""
            let digests = site.emailTemplates.contains { $0.notify == .joinedDigest }
            samples = ([nil] + site.config.samples.map { $0 }).map { sample in
                let link = sample.flatMap { sampleLinks[$0.id] } ?? site.config.links.url(code: "")
                var arguments = MessageArguments.values(
                    config: site.config, sample: sample, anonymousInviter: anonymous, link: link)
                // A digest's `{count}` and `{clients}` as its email has them (other strings name neither).
                if digests {
                    let clients = MessageArguments.sampleClients(for: sample, samples: site.config.samples)
                    arguments.merge(MessageArguments.digestValues(clients, locale: locale)) { value, _ in value }
                }
                return (sample?.id, arguments)
            }
            owners = LocalizationReview.messageOwners(site.config.samples)
        }

        /// One string without an invite and with each sample, each measured.
        func renderings(of key: MessageKey) -> [LocalizationInput.Rendering] {
            guard let read = catalog.message(key, in: locale)?.message.argumentNames else { return [] }
            // Most strings read the same with every sample: the renderings share one copy of each
            // text (the same bytes), as they are kept for the whole build, measured once. A string
            // is formatted once for each set of values its own arguments take: one that names no
            // argument of the samples is formatted once, not once per sample.
            var texts: [UTF8Key: LocalizationInput.Rendering] = [:]
            var formatted: [[ArgumentValue?]: LocalizationInput.Rendering] = [:]
            let recipients = LocalizationReview.owner(of: key, in: owners)
            var renderings: [LocalizationInput.Rendering] = []
            renderings.reserveCapacity(samples.count)
            // By index: a sample's arguments are read where they are, not copied out.
            for index in samples.indices {
                let sample = samples[index].id
                // A recipient's own messages are rendered for that recipient only (and without one):
                // 50 recipients with 100 messages each are 5,000 renderings, not 250,000.
                if let sample, let recipients, !recipients.contains(sample) { continue }
                let values = read.map { samples[index].arguments[$0] }
                if var known = formatted[values] {
                    known.sample = sample
                    renderings.append(known)
                    continue
                }
                guard let message = catalog.format(key, in: locale, arguments: samples[index].arguments) else {
                    continue
                }
                let text = UTF8Key(MessageRenderer.plainText(message))
                var rendering =
                    texts[text]
                    ?? LocalizationInput.Rendering(
                        sample: nil, text: text.text, characters: text.text.count, words: counter.count(text.text))
                texts[text] = rendering
                rendering.sample = sample
                formatted[values] = rendering
                renderings.append(rendering)
            }
            return renderings
        }
    }

    /// The samples that own each `samples[].messages` key.
    static func messageOwners(_ samples: [InviteValues]) -> [String: Set<String>] {
        var owners: [String: Set<String>] = [:]
        for sample in samples {
            if let key = sample.messages { owners[key, default: []].insert(sample.id) }
        }
        return owners
    }

    /// The samples whose messages `key` is one of (the key itself, a pool item or a variant below
    /// it); `nil` for every other key.
    private static func owner(of key: MessageKey, in owners: [String: Set<String>]) -> Set<String>? {
        guard !owners.isEmpty else { return nil }
        var prefix = key.rawValue[...]
        while true {
            if let owner = owners[String(prefix)] { return owner }
            guard let dot = prefix.lastIndex(of: ".") else { return nil }
            prefix = prefix[..<dot]
        }
    }
}
