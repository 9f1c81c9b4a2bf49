import BeckonChecks
import BeckonLocalization
import BeckonRender
import BeckonSite
import BeckonText

/// A string of one locale rendered with branch choices set over each sample's arguments (the
/// build renders each sample once, so a plural on `{days}` only ever reads one way there): what
/// each branch says and how long it is.
struct StringVariants {
    let key: MessageKey
    let locale: LocaleID
    let catalog: Catalog
    let counter: WordCounter
    /// Each sample's arguments in the locale.
    private let sampleArguments: SampleArguments
    /// Each rendering the build made (no invite, then samples) that reads differently, with what
    /// it was made with: worked out when a branch is first rendered, since most strings have none.
    private let bases: Bases
    /// The rendering whose text a cell shows: the first with a sample, so arguments read as they will.
    let shown: LocalizationInput.Rendering?

    /// - Parameters:
    ///   - renderings: The build's renderings of the string in the locale.
    ///   - arguments: Each sample's arguments in the locale, made once for all its strings.
    init(
        _ key: MessageKey, in locale: LocaleID, renderings: [LocalizationInput.Rendering], catalog: Catalog,
        config: SiteConfig, arguments sampleArguments: SampleArguments, counter: WordCounter
    ) {
        self.key = key
        self.locale = locale
        self.catalog = catalog
        self.counter = counter
        self.sampleArguments = sampleArguments
        shown = renderings.first { $0.sample != nil } ?? renderings.first
        let shown = self.shown
        bases = Bases {
            let message = catalog.message(key, in: locale)?.message
            let read = (message?.argumentNames ?? []).sorted()
            let readsLink = read.contains("link")
            var bases: [Base] = []
            // Each distinct set of the other arguments' values, numbered in order of first use,
            // with the string formatted with the marker for its link, in the pieces around it:
            // made once for all the samples that give the same values (a string that reads only
            // `{link}`, once for every sample; `nil` when it does not format).
            var groups: [[ArgumentValue?]: (number: Int, pieces: [ArraySlice<UInt8>]?)] = [:]
            var sizes: [Int] = []
            // Samples that give the string the same values render it the same way: one of them is
            // enough (the shown one is always kept). A string that reads `{link}` reads alike
            // only with the same text too.
            var seen: Set<Reading> = []
            for rendering in renderings {
                guard let arguments = sampleArguments[rendering.sample] else { continue }
                let others = read.map { $0 == "link" ? nil : arguments[$0] }
                let group: (number: Int, pieces: [ArraySlice<UInt8>]?)
                if let known = groups[others] {
                    group = known
                } else {
                    group = (sizes.count, readsLink ? Self.markedPieces(of: arguments, key, locale, catalog) : nil)
                    groups[others] = group
                    sizes.append(0)
                }
                let isShown = rendering == shown
                let reading = Reading(group: group.number, text: readsLink ? UTF8Key(rendering.text) : nil)
                guard seen.insert(reading).inserted || isShown else { continue }
                // Only a string that prints `{link}` holds one to find.
                let link = group.pieces.flatMap { Self.link(in: rendering.text, between: $0) }
                sizes[group.number] += 1
                bases.append(
                    Base(
                        sample: rendering.sample,
                        link: link
                            ?? config.links.url(code: rendering.sample.flatMap { sampleArguments.code(of: $0) } ?? ""),
                        group: group.number, isShown: isShown))
            }
            return (bases, sizes, readsLink && message?.showsOnlyAsText("link") == true)
        }
    }

    /// What tells renderings that read alike apart: the values of the string's other arguments
    /// (by their group) and, for a string that reads `{link}`, the text.
    private struct Reading: Hashable {
        let group: Int
        let text: UTF8Key?
    }

    /// What the string of one rendering is formatted with: its sample's arguments with its link.
    private struct Base {
        let sample: String?
        let link: String
        /// Bases with the same values of the string's other arguments share a number: with any
        /// branch choices set, their texts differ only where the link stands.
        let group: Int
        /// Whether it is the rendering a cell shows.
        let isShown: Bool
    }

    /// Each sample's arguments in one locale (with `linkMarker` for the link), and the arguments
    /// without an invite: made once per locale, read for each of its strings with branches.
    final class SampleArguments {
        private let none: [String: ArgumentValue]
        private let samples: [String: (code: String, arguments: [String: ArgumentValue])]

        init(locale: LocaleID, catalog: Catalog, config: SiteConfig, samples: [String: InviteValues]) {
            let anonymous =
                catalog.format(MessageArguments.anonymousInviterKey, in: locale, arguments: [:])?.rawText ?? ""
            func arguments(_ sample: InviteValues?) -> [String: ArgumentValue] {
                MessageArguments.values(config: config, sample: sample, anonymousInviter: anonymous, link: linkMarker)
            }
            none = arguments(nil)
            self.samples = samples.mapValues { ($0.code.rawValue, arguments($0)) }
        }

        /// The arguments of the sample with this id (`nil`: without an invite); `nil` for an id
        /// the site does not have.
        subscript(sample: String?) -> [String: ArgumentValue]? {
            guard let sample else { return none }
            return samples[sample]?.arguments
        }

        /// The invite code of the sample with this id.
        func code(of sample: String) -> String? { samples[sample]?.code }
    }

    /// The bases, how many share each group, and whether the string shows its link only as
    /// text (never chooses a branch or formats a number by it): made once, when first asked for.
    private final class Bases {
        typealias Values = (bases: [Base], groupSizes: [Int], linkIsText: Bool)
        private let make: () -> Values
        private(set) lazy var values = make()

        init(_ make: @escaping () -> Values) {
            self.make = make
        }
    }

    /// The longest the build's own renderings are, as measured when they were made.
    func length(of renderings: [LocalizationInput.Rendering]) -> VariantLength {
        renderings.reduce(VariantLength(characters: 0, words: 0)) { length, rendering in
            length.union(VariantLength(characters: rendering.characters, words: rendering.words))
        }
    }

    /// The string with `choices` set over each sample's arguments: the text of the shown
    /// rendering's sample, and the longest of all of them.
    ///
    /// Bases of one group read the same but for their links. When the string shows its link
    /// only as text, a group of several is formatted twice (its first base, and with the marker
    /// for the link), and the others are the pieces around the marker joined by their own links;
    /// the first base's formatted text must equal its joined pieces, or each is formatted.
    func render(_ choices: [BranchChoice]) -> (text: String, length: VariantLength)? {
        let (bases, groupSizes, linkIsText) = self.bases.values
        let joins = linkIsText && !choices.contains { $0.argument == "link" }
        var text: String?
        var length = VariantLength(characters: 0, words: 0)
        // Each distinct text measured once: most samples read the same in most branches.
        var measured: Set<UTF8Key> = []
        // The pieces around the link of each group formatted so far (`nil`: format each base).
        var piecesByGroup: [Int: [ArraySlice<UInt8>]?] = [:]
        for base in bases {
            let plain: String
            if joins, case .some(.some(let pieces)) = piecesByGroup[base.group] {
                plain = Self.joined(pieces, base.link)
            } else {
                guard let formatted = format(base, choices, link: base.link) else { continue }
                plain = formatted
                if joins, groupSizes[base.group] > 1, piecesByGroup[base.group] == nil {
                    let pieces = format(base, choices, link: Self.linkMarker).map {
                        Self.split(Array($0.utf8), at: Array(Self.linkMarker.utf8))
                    }
                    piecesByGroup[base.group] = .some(
                        pieces.flatMap { Self.joined($0, base.link) == plain ? $0 : nil })
                }
            }
            if measured.insert(UTF8Key(plain)).inserted {
                length = length.union(VariantLength(characters: plain.count, words: counter.count(plain)))
            }
            if base.isShown { text = plain }
        }
        return text.map { ($0, length) }
    }

    /// The string as plain text, formatted with a base's sample's arguments, `link` and `choices`.
    private func format(_ base: Base, _ choices: [BranchChoice], link: String) -> String? {
        guard var arguments = sampleArguments[base.sample] else { return nil }
        arguments["link"] = ArgumentValue(link)
        for choice in choices { choice.apply(to: &arguments) }
        return catalog.format(key, in: locale, arguments: arguments).map { MessageRenderer.plainText($0) }
    }

    /// `pieces` joined by `link`.
    private static func joined(_ pieces: [ArraySlice<UInt8>], _ link: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(pieces.reduce((pieces.count - 1) * link.utf8.count) { $0 + $1.count })
        for (index, piece) in pieces.enumerated() {
            if index > 0 { bytes.append(contentsOf: link.utf8) }
            bytes.append(contentsOf: piece)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Stands in for the link while finding the one a rendering holds (private-use characters no
    /// message contains).
    static let linkMarker = "\u{F8FE}\u{F8FF}"

    /// The string formatted with `arguments` (which hold `linkMarker` for the link), in the UTF-8
    /// pieces between the markers; `nil` when it does not format.
    private static func markedPieces(
        of arguments: [String: ArgumentValue], _ key: MessageKey, _ locale: LocaleID, _ catalog: Catalog
    ) -> [ArraySlice<UInt8>]? {
        guard let message = catalog.format(key, in: locale, arguments: arguments) else { return nil }
        return split(Array(MessageRenderer.plainText(message).utf8), at: Array(linkMarker.utf8))
    }

    /// The link a rendering holds: the build renders with each sample's own link (signed when the
    /// environment has the key), which the page does not know. The same arguments with a marker for
    /// the link read the same around it (`pieces`, `markedPieces(of:_:_:_:)`), so the link is what
    /// stands where the marker does (found in UTF-8 bytes). `nil` when the rendering shows no link.
    private static func link(in text: String, between pieces: [ArraySlice<UInt8>]) -> String? {
        guard pieces.count > 1 else { return nil }
        let bytes = Array(text.utf8)
        let fixed = pieces.reduce(0) { $0 + $1.count }
        let links = pieces.count - 1
        guard bytes.count >= fixed, (bytes.count - fixed) % links == 0 else { return nil }
        let link = bytes[pieces[0].count..<(pieces[0].count + (bytes.count - fixed) / links)]
        var joined: [UInt8] = []
        joined.reserveCapacity(bytes.count)
        for (index, piece) in pieces.enumerated() {
            if index > 0 { joined += link }
            joined += piece
        }
        return joined == bytes ? String(decoding: link, as: UTF8.self) : nil
    }

    /// The parts of `bytes` between the occurrences of `separator`.
    private static func split(_ bytes: [UInt8], at separator: [UInt8]) -> [ArraySlice<UInt8>] {
        var pieces: [ArraySlice<UInt8>] = []
        var start = bytes.startIndex
        while let found = bytes.firstIndex(ofBytes: separator, from: start) {
            pieces.append(bytes[start..<found])
            start = found + separator.count
        }
        pieces.append(bytes[start...])
        return pieces
    }
}
