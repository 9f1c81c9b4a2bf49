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
    /// Each rendering the build made (no invite, then samples), with the arguments it was made
    /// with: worked out when a branch is first rendered, since most strings have none.
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
        shown = renderings.first { $0.sample != nil } ?? renderings.first
        let shown = self.shown
        bases = Bases {
            let read = (catalog.message(key, in: locale)?.message.argumentNames ?? []).sorted()
            let readsLink = read.contains("link")
            var bases: [(LocalizationInput.Rendering, [String: ArgumentValue])] = []
            // Samples that give the string the same values render it the same way: one of them is
            // enough (the shown one is always kept).
            var seen: Set<[ArgumentValue?]> = []
            // The string with the marker for its link, in the pieces around it, by the values of
            // its other arguments: made once for all the samples that give it the same ones (a
            // string that reads only `{link}`, once for every sample).
            var piecesByValues: [[ArgumentValue?]: [ArraySlice<UInt8>]?] = [:]
            for rendering in renderings {
                guard var arguments = sampleArguments[rendering.sample] else { continue }
                var values = read.map { $0 == "link" ? nil : arguments[$0] }
                let others = values
                if readsLink { values.append(ArgumentValue(rendering.text)) }
                guard seen.insert(values).inserted || rendering == shown else { continue }
                // Only a string that prints `{link}` holds one to find.
                var link: String?
                if readsLink {
                    let pieces = piecesByValues[others] ?? Self.markedPieces(of: arguments, key, locale, catalog)
                    // Kept when it does not format too (`nil`), not removed.
                    piecesByValues[others] = .some(pieces)
                    link = pieces.flatMap { Self.link(in: rendering.text, between: $0) }
                }
                arguments["link"] = ArgumentValue(
                    link ?? config.links.url(code: rendering.sample.flatMap { sampleArguments.code(of: $0) } ?? ""))
                bases.append((rendering, arguments))
            }
            return bases
        }
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

    /// The renderings and their arguments, made once, when first asked for.
    private final class Bases {
        typealias Values = [(rendering: LocalizationInput.Rendering, arguments: [String: ArgumentValue])]
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
    func render(_ choices: [BranchChoice]) -> (text: String, length: VariantLength)? {
        var text: String?
        var length = VariantLength(characters: 0, words: 0)
        // Each distinct text measured once: most samples read the same in most branches.
        var measured: Set<UTF8Key> = []
        for (rendering, base) in bases.values {
            var arguments = base
            for choice in choices { choice.apply(to: &arguments) }
            guard let message = catalog.format(key, in: locale, arguments: arguments) else { continue }
            let plain = MessageRenderer.plainText(message)
            if measured.insert(UTF8Key(plain)).inserted {
                length = length.union(VariantLength(characters: plain.count, words: counter.count(plain)))
            }
            if rendering == shown { text = plain }
        }
        return text.map { ($0, length) }
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
