import BeckonRender
import BeckonSite
import Foundation
import PropertyBased
import Testing

@testable import BeckonBuild

/// `manifest.json` is written by hand for speed; it must stay the bytes `JSONEncoder` makes.
@Suite struct ManifestJSONTests {
    /// What Foundation writes for the same manifest.
    static func encoded(_ manifest: Manifest) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let document = Manifest.Document(version: Manifest.version, artifacts: manifest.entries)
        return Array(try encoder.encode(document)) + [UInt8(ascii: "\n")]
    }

    static func entry(_ text: String, optionals: Bool) -> Manifest.Entry {
        Manifest.Entry(
            path: "de-DE/\(text)/index.html", kind: "landing", locale: optionals ? "de-DE" : nil,
            template: optionals ? text : nil, context: optionals ? "generic" : nil, sample: optionals ? text : nil,
            status: optionals ? 410 : 200, contentType: "text/html; charset=utf-8", bytes: text.utf8.count,
            sha256: String(repeating: "ab", count: 32), deepLink: optionals ? "https://wa.me/?text=\(text)" : nil,
            alternateLink: optionals ? "whatsapp://send?text=\(text)" : nil, note: optionals ? text : nil,
            variant: optionals ? "b" : nil, poolItem: optionals ? 3 : nil)
    }

    @Test(arguments: [
        "plain", "", "quote \" and back\\slash", "a/b/c", "line\nbreak\ttab\r\u{8}\u{C}", "\u{0}\u{1}\u{1F}\u{7F}",
        "Grüße, 招待, مرحبا 👋🏽", "\u{2028}\u{2029}", "</script>",
    ])
    func aManifestIsTheBytesJSONEncoderWrites(text: String) throws {
        for optionals in [false, true] {
            let manifest = Manifest(entries: [
                Self.entry(text, optionals: optionals), Self.entry("b", optionals: !optionals),
            ])
            #expect(manifest.json == (try Self.encoded(manifest)))
        }
    }

    @Test func anyTextIsWrittenAsJSONEncoderWritesIt() async {
        let special = Gen<Character?>.element(of: Array("\"\\/\n\t\r\u{0}\u{1B}é招👋🏽 ")).map { $0! }
        let text = Gen<Character>.oneOf(Gen.letterOrNumber, special).string(of: 0...24)
        await propertyCheck(input: text, Gen.bool) { text, optionals in
            let manifest = Manifest(entries: [Self.entry(text, optionals: optionals)])
            #expect(manifest.json == (try? Self.encoded(manifest)))
        }
    }

    /// Entries are written in chunks of `entriesPerChunk` on every core: the chunks join in order,
    /// with one comma between any two entries.
    @Test(arguments: [Manifest.entriesPerChunk - 1, Manifest.entriesPerChunk, Manifest.entriesPerChunk + 1, 5_000])
    func aManifestOfManyChunksIsJoinedInOrder(count: Int) throws {
        let manifest = Manifest(entries: (0..<count).map { Self.entry("page-\($0)", optionals: $0.isMultiple(of: 3)) })
        #expect(manifest.json == (try Self.encoded(manifest)))
    }

    /// Entries are in path order whatever the artifacts' order; two artifacts for one path (a
    /// collision written under `--keep-going`) keep theirs, in which the last one is written.
    @Test(arguments: [["b", "a", "c"], ["a", "b", "c"], ["c", "b", "a"], ["b", "a", "b"], ["a", "a", "b"]])
    func entriesAreInPathOrder(paths: [String]) throws {
        let artifacts = paths.enumerated().map { index, path in
            Artifact(path: path, kind: .document, contentType: "text/html", bytes: Array(repeating: 0, count: index))
        }
        let entries = try Manifest(data: Data(Manifest.json(of: artifacts).bytes)).entries
        #expect(entries.map(\.path) == paths.sorted())
        let sizes = entries.filter { $0.path == "b" }.map(\.bytes)
        #expect(sizes == sizes.sorted())
    }

    /// The manifest of a build's artifacts, made a chunk of entries at a time, is the JSON of all
    /// their entries at once, in path order, in one chunk or several.
    @Test(arguments: [0, 1, Manifest.entriesPerChunk, Manifest.entriesPerChunk + 1, 4_500])
    func artifactsMakeTheJSONOfTheirEntries(count: Int) throws {
        let artifacts = (0..<count).reversed().map { index in
            Artifact(
                path: "page-\(index)/index.html", kind: .document, contentType: "text/html; charset=utf-8",
                bytes: Array("page \(index)".utf8))
        }
        let entries = artifacts.sorted { $0.path < $1.path }.map(Manifest.Entry.init)
        let json = Manifest.json(of: artifacts)
        let encoded = try Self.encoded(Manifest(entries: entries))
        #expect(json.bytes == encoded)
        #expect(json.matches(encoded) && !json.matches(encoded.dropLast() + [0x20]))
        #expect(json.chunks.count == max(1, (count + Manifest.entriesPerChunk - 1) / Manifest.entriesPerChunk))
    }

    /// An artifact's entry is written from its own fields, not made first: a share message's
    /// (every optional field set, text that needs escaping) reads as Foundation writes the entry
    /// made from it, and so does a page's, with the optional fields left out.
    @Test(arguments: ["plain", "quote \" and back\\slash\n", "Grüße, 招待 👋🏽"])
    func anArtifactsFieldsAreItsEntry(text: String) throws {
        var message = Artifact(
            path: "messages/de-DE/\(text).sms.txt", kind: .shareMessage, locale: LocaleID("de-DE")!,
            template: "locales/de-DE.yml", context: "generic", sample: text, status: 200,
            contentType: "text/plain; charset=utf-8", bytes: Array(text.utf8), deepLink: "sms:?&body=\(text)")
        message.alternateLink = "whatsapp://send?text=\(text)"
        message.note = text
        message.variant = "b"
        message.poolItem = 2
        let page = Artifact(
            path: "de-DE/\(text)/index.html", kind: .landing, contentType: "text/html; charset=utf-8",
            bytes: Array("<p>\(text)</p>".utf8))
        let artifacts = [page, message]
        let entries = artifacts.sorted { $0.path < $1.path }.map(Manifest.Entry.init)
        #expect(Manifest.json(of: artifacts).bytes == (try Self.encoded(Manifest(entries: entries))))
    }

    @Test func anEmptyManifest() throws {
        let manifest = Manifest(entries: [])
        #expect(manifest.json == (try Self.encoded(manifest)))
    }
}
