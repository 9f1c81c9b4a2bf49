import BeckonTestSupport
import Testing

@testable import BeckonChecks

/// The byte-wise stand-in replacement measures as a character-by-character reading of the same
/// links would, on texts made of links, their extensions, their prefixes, other URLs and
/// non-ASCII text, in any order.
@Suite struct SignedLinkStandInsTests {
    static let links = [
        "https://join.playa.app/invite/AAAAAAAAAAAAAAA",
        "https://join.playa.app/invite/AAAAAAAAAAAAAAA?v=context-rich",
        "https://join.playa.app/invite/BBBBBBBBBBBBBBB",
        "https://join.playa.app/i/C",
    ]
    static let standIns = Dictionary(
        uniqueKeysWithValues: links.map { ($0, $0 + "&exp=1&kid=k&sig=" + String(repeating: "x", count: 22)) })

    /// Every link tried at each `https://`, longest first, character by character.
    static func reference(_ text: String) -> String {
        let byLength = standIns.keys.sorted { ($0.count, $0) > ($1.count, $1) }
        var result = ""
        var rest = text[...]
        while let start = rest.range(of: "https://") {
            result += rest[..<start.lowerBound]
            let tail = rest[start.lowerBound...]
            if let link = byLength.first(where: { tail.hasPrefix($0) }) {
                result += standIns[link]!
                rest = tail.dropFirst(link.count)
            } else {
                result += "https://"
                rest = tail.dropFirst("https://".count)
            }
        }
        return result + rest
    }

    static let pieces =
        links + [
            "https://join.playa.app/invite/", "https://", "https://example.com/x", " ", "さくらさん", "، ", ")", ".", "🌴",
            "https:/", "Hey Sam, ", "\n",
        ]

    @Test(arguments: 0..<200)
    func measuresAsTheCharacterwiseReading(seed: Int) {
        var generator = SeededGenerator(seed: UInt64(seed))
        let text = generator.text(from: Self.pieces, upTo: 12)
        #expect(SignedLinkStandIns(Self.standIns).measured(text) == Self.reference(text), "\(text)")
    }

    @Test func withoutLinksTheTextIsItself() {
        #expect(SignedLinkStandIns([:]).measured("https://x") == "https://x")
        #expect(SignedLinkStandIns(Self.standIns).measured("no links here") == "no links here")
    }
}
