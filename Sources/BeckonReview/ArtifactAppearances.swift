import BeckonLocalization
import BeckonProvenance
import BeckonRender
import BeckonSite

/// Where each string appears: the pages, emails and preview cards of each locale whose bytes came
/// from it (their provenance map names the string), or whose template uses it (cards, which carry
/// no map).
struct ArtifactAppearances: Sendable {
    /// Per locale and string, the artifacts showing it, by kind.
    private var artifacts: [LocaleID: [MessageKey: [ArtifactKind: [Artifact]]]] = [:]

    /// The artifact kinds a reviewer can look at.
    static let kinds: [ArtifactKind] = [.landing, .expired, .gone, .android, .accepted, .emailHTML, .ogCard]

    /// - Parameter strings: The keys of the strings an artifact's bytes came from (`strings(in:)`,
    ///   or the same read earlier and kept).
    init(_ all: [Artifact], usage: [MessageKey: [String]], strings: (Artifact) -> Set<MessageKey>) {
        var keysByTemplate: [String: Set<MessageKey>] = [:]
        for (key, places) in usage {
            for place in places { keysByTemplate[place, default: []].insert(key) }
        }
        for artifact in all where Self.kinds.contains(artifact.kind) {
            guard let locale = artifact.locale else { continue }
            // The template's keys, then those of the artifact's strings the template does not
            // name: each once, without copying the template's set to join them.
            let fromTemplate = artifact.template.flatMap { keysByTemplate[$0] } ?? []
            let others = strings(artifact).filter { !fromTemplate.contains($0) }
            for key in [fromTemplate, others].joined() {
                artifacts[locale, default: [:]][key, default: [:]][artifact.kind, default: []].append(artifact)
            }
        }
    }

    /// The keys of the strings an artifact's provenance map says its bytes came from.
    static func strings(in artifact: Artifact) -> Set<MessageKey> {
        var keys = Set<MessageKey>()
        for key in artifact.provenanceKeys(ofKind: .string) { keys.insert(MessageKey(key)) }
        return keys
    }

    /// One artifact of each kind showing `key` in `locale`: the one made with `sample` when there
    /// is one, else the one made without a sample, else the first.
    func artifacts(_ key: MessageKey, in locale: LocaleID, sample: String?) -> [Artifact] {
        guard let byKind = artifacts[locale]?[key] else { return [] }
        return Self.kinds.compactMap { kind in
            guard let ofKind = byKind[kind] else { return nil }
            return ofKind.first { $0.sample == sample } ?? ofKind.first { $0.sample == nil } ?? ofKind.first
        }
    }

    /// The links (and card thumbnails) of a string's artifacts, for the review page.
    func html(_ key: MessageKey, in locale: LocaleID, sample: String?, text: String) -> String {
        let found = artifacts(key, in: locale, sample: sample)
        guard !found.isEmpty else { return "" }
        let fragment = Self.textFragment(text)
        var links: [String] = []
        var cards = ""
        for artifact in found {
            let href = "../" + HTMLEscaping.attribute(artifact.path)
            if artifact.kind == .ogCard {
                let label = "Preview card, \(locale)" + (artifact.sample.map { ", sample \($0)" } ?? "")
                cards +=
                    "<a class=\"card\" href=\"\(href)\"><img src=\"\(href)\" alt=\"\(HTMLEscaping.attribute(label))\" width=\"120\" height=\"63\" loading=\"lazy\"></a>"
            } else {
                links.append("<a href=\"\(href)\(HTMLEscaping.attribute(fragment))\">\(Self.label(artifact.kind))</a>")
            }
        }
        let list = links.isEmpty ? "" : "Seen in " + links.joined(separator: " · ")
        return "<div class=\"seen meta\" lang=\"en\" dir=\"ltr\">\(list)\(cards)</div>"
    }

    static func label(_ kind: ArtifactKind) -> String {
        switch kind {
        case .landing: "invite page"
        case .expired: "expired page"
        case .gone: "withdrawn page"
        case .android: "Android page"
        case .accepted: "accepted page"
        case .emailHTML: "email"
        default: kind.rawValue
        }
    }

    /// A text fragment (`#:~:text=…`) that makes the browser scroll to the string and highlight it:
    /// the whole text when short, else its first and last four words.
    static func textFragment(_ text: String) -> String {
        let words = Self.words(text)
        guard !words.isEmpty else { return "" }
        guard words.count > 8 else { return "#:~:text=" + encoded(words.joined(separator: " ")) }
        return "#:~:text=" + encoded(words.prefix(4).joined(separator: " ")) + ","
            + encoded(words.suffix(4).joined(separator: " "))
    }

    /// The words of a text, split at whitespace, without markup characters (`*`, `_`, `` ` ``);
    /// words that were nothing else are left out. An ASCII text (most of them) is split in its
    /// UTF-8 bytes, where every character is one byte; any other one character by character.
    private static func words(_ text: String) -> [String] {
        let utf8 = text.utf8
        guard utf8.allSatisfy({ $0 < 0x80 }) else {
            return text.split(whereSeparator: \.isWhitespace).map { word in
                // A word without a markup byte is kept whole, not rebuilt a character at a time.
                word.mayHoldCharacter(among: markupBytes) ? word.filter { !"*_`".contains($0) } : String(word)
            }.filter { !$0.isEmpty }
        }
        // ASCII's whitespace: tab, line feed, vertical tab, form feed, carriage return and space.
        return utf8.split(whereSeparator: { (0x09...0x0D).contains($0) || $0 == 0x20 }).compactMap { word in
            let kept = word.filter { !markupBytes.contains($0) }
            return kept.isEmpty ? nil : String(decoding: kept, as: UTF8.self)
        }
    }

    /// Percent-encoded as text directives need: a URL component with `-` encoded too, since it
    /// marks a directive's prefix and suffix.
    private static func encoded(_ text: String) -> String {
        let component = URLEscaping.component(text)
        guard component.utf8.contains(UInt8(ascii: "-")) else { return component }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(component.utf8.count + 8)
        for byte in component.utf8 {
            if byte == UInt8(ascii: "-") { bytes += "%2D".utf8 } else { bytes.append(byte) }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The bytes of `*`, `_` and `` ` ``, which a text fragment leaves out.
    private static let markupBytes = Array("*_`".utf8)
}
