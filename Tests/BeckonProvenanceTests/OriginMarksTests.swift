import BeckonDiagnostics
import Foundation
import PropertyBased
import Testing

@testable import BeckonProvenance

@Suite struct OriginMarksTests {
    static let string = Origin(
        .string, at: SourceLocation(file: "locales/de-DE.yml", line: 12, column: 3), key: "landing.headline",
        locale: "de-DE")
    static let template = Origin(.template, at: SourceLocation(file: "templates/pages/landing.md", line: 7, column: 1))
    static let layout = Origin(.layout, at: SourceLocation(file: "templates/layouts/base.mustache", line: 40))

    @Test func stripsMarksAndFindsTheInnermostOrigin() {
        let inner = OriginMarks.wrap("Hallo", in: Self.string)
        let text =
            OriginMarks.base(Self.layout) + "<main>" + OriginMarks.wrap("<h1>\(inner)</h1>", in: Self.template)
            + "</main>"
        let (bytes, map) = OriginMarks.strip(text)
        #expect(String(decoding: bytes, as: UTF8.self) == "<main><h1>Hallo</h1></main>")
        #expect(map.origin(at: 0) == Self.layout)
        #expect(map.origin(at: 6) == Self.template)
        #expect(map.origin(at: 10) == Self.string)
        #expect(map.origin(at: 15) == Self.template)
        #expect(map.origin(at: 22) == Self.layout)
        #expect(map.origins(overlapping: 8, 12) == [Self.string, Self.template, Self.layout])
    }

    @Test func aBaseMarkLastsUntilTheNextOne() {
        let other = Origin(.layout, at: SourceLocation(file: "templates/layouts/base.mustache", line: 41))
        let (bytes, map) = OriginMarks.strip(OriginMarks.base(Self.layout) + "a\n" + OriginMarks.base(other) + "b\n")
        #expect(bytes == Array("a\nb\n".utf8))
        #expect(map.origin(at: 1) == Self.layout)
        #expect(map.origin(at: 2) == other)
    }

    @Test func textWithoutMarksIsUntouched() {
        let text = "plain 🌴 text with plane-15 \u{F0001} characters"
        let (bytes, map) = OriginMarks.strip(text)
        #expect(bytes == Array(text.utf8))
        #expect(map.isEmpty)
        #expect(OriginMarks.removing(from: text) == text)
    }

    @Test func anUnclosedSpanEndsWithTheText() {
        let (bytes, map) = OriginMarks.strip(OriginMarks.opening(Self.string) + "cut off")
        #expect(bytes == Array("cut off".utf8))
        #expect(map.origin(at: 3) == Self.string)
    }

    /// Payloads `OriginMarks` never writes: a character above twelve bits, none, too many, and a
    /// number the process's table does not hold.
    @Test(arguments: ["\u{104141}", "", "\u{100001}\u{100001}\u{100001}\u{100001}", "\u{100FFF}\u{100FFF}"])
    func aMarkWithAnUnreadablePayloadIsDroppedWithoutAnOrigin(payload: String) {
        let broken = String(Character(OriginMarks.open)) + payload + String(Character(OriginMarks.payloadEnd))
        let (bytes, map) = OriginMarks.strip(broken + "x" + OriginMarks.closing)
        #expect(bytes == [UInt8(ascii: "x")])
        #expect(map.isEmpty)
    }

    @Test func originsSurviveEveryFieldValue() {
        let origin = Origin(
            .sample, at: SourceLocation(file: "beckon.yml", line: 80, column: 5), key: "emoji-name.inviterFirstName")
        let (_, map) = OriginMarks.strip(OriginMarks.wrap("Maya 🌴", in: origin))
        #expect(map.origin(at: 0) == origin)
        #expect(map.origins == [origin])
    }

    /// Any text with marks nested anywhere strips to the text without them, and every byte
    /// inside a span reports that span's origin (or a deeper one).
    @Test func strippingRemovesExactlyTheMarks() async {
        // U+10FFFD is a plane-16 character (led by F4, as marks are) that is no mark.
        let pieces = Gen<String?>.element(of: ["a", "é", "🌴", "<p>", "\n", "ليلى", "さくら", "\u{10FFFD}", ""])
            .map { $0 ?? "" }
        await propertyCheck(input: pieces.array(of: 0...12), Gen.int(in: 0...5)) { parts, depth in
            var text = ""
            var plain = ""
            var expected: [(Int, Int)] = []
            for (index, part) in parts.enumerated() {
                let nested = index % max(1, depth) == 0
                let start = plain.utf8.count
                text += nested ? OriginMarks.wrap(part, in: Self.string) : part
                plain += part
                if nested, !part.isEmpty { expected.append((start, plain.utf8.count)) }
            }
            let (bytes, map) = OriginMarks.strip(text)
            #expect(bytes == Array(plain.utf8))
            for (start, end) in expected {
                for offset in start..<end { #expect(map.origin(at: offset) == Self.string) }
            }
        }
    }
}

@Suite struct ProvenanceCodingTests {
    /// Spans are kept packed: any list of them — large, negative, unsorted — reads back as given.
    @Test func packedSpansReadBackAsGiven() async {
        let value = Gen.int(in: -3...300).map { $0 > 290 ? $0 * 1_000_003 : $0 }
        await propertyCheck(input: value.array(of: 0...160)) { values in
            let spans = stride(from: 0, to: values.count - 3, by: 4).map { index in
                ProvenanceMap.Span(
                    start: values[index], end: values[index] + values[index + 1], origin: values[index + 2],
                    depth: values[index + 3])
            }
            #expect(ProvenanceMap(spans: spans).spans == spans)
        }
    }

    @Test func aMapReadsBackAsWritten() throws {
        let text =
            OriginMarks.base(OriginMarksTests.layout) + "<p>"
            + OriginMarks.wrap(
                "a " + OriginMarks.wrap("ليلى", in: OriginMarksTests.string), in: OriginMarksTests.template)
            + "</p>"
        let map = OriginMarks.strip(text).provenance
        let data = try JSONEncoder().encode(map)
        #expect(try JSONDecoder().decode(ProvenanceMap.self, from: data) == map)
    }
}

/// The form the build's step cache keeps a map in: origins, then the spans as packed in memory.
@Suite struct ProvenanceCacheFormTests {
    static let origins = (0..<6).map { index in
        Origin(
            index.isMultiple(of: 2) ? .string : .template,
            at: SourceLocation(file: "templates/page-\(index).md", line: index + 1, column: 2),
            key: index == 4 ? nil : "key.\(index)", locale: index.isMultiple(of: 3) ? "ar" : nil)
    }

    /// Any map reads back from its cache form equal, and the string keys read from the bytes
    /// (and from the origin table) are the map's own.
    @Test func anyMapReadsBackFromItsCacheForm() async {
        let value = Gen.int(in: -3...300).map { $0 > 290 ? $0 * 1_000_003 : $0 }
        await propertyCheck(input: value.array(of: 0...160), Gen.int(in: 0...6)) { values, originCount in
            let spans = stride(from: 0, to: values.count - 3, by: 4).map { index in
                ProvenanceMap.Span(
                    start: values[index], end: values[index] + values[index + 1],
                    origin: originCount == 0 ? 0 : abs(values[index + 2]) % originCount, depth: values[index + 3])
            }
            let map = ProvenanceMap(
                origins: Array(Self.origins.prefix(originCount)), spans: originCount == 0 ? [] : spans)
            let form = map.cacheForm()
            #expect(ProvenanceMap(cacheForm: form) == map)
            #expect(ProvenanceMap.keys(ofKind: .string, encoded: form) == map.keys(ofKind: .string))
            #expect(ProvenanceMap.keys(ofKind: .string, encoded: map.encoded()) == map.keys(ofKind: .string))
            // Read from the origin table by number: the keys of the map's own origins of that kind.
            for kind in [Origin.Kind.string, .template] {
                #expect(map.keys(ofKind: kind) == map.origins.compactMap { $0.kind == kind ? $0.key : nil })
            }
        }
    }

    /// Cut short, lengthened or with a span naming a missing origin, a cache form is refused.
    @Test func aDamagedCacheFormIsRefused() {
        let map = ProvenanceMap(
            origins: Array(Self.origins.prefix(3)),
            spans: [.init(start: 0, end: 40, origin: 0, depth: 0), .init(start: 3, end: 9, origin: 2, depth: 1)])
        let form = map.cacheForm()
        for end in 0..<form.count {
            #expect(ProvenanceMap(cacheForm: Array(form.prefix(end))) == nil, "cut at \(end)")
        }
        #expect(ProvenanceMap(cacheForm: form + [0]) == nil)
        var wrongOrigin = form
        wrongOrigin[wrongOrigin.count - 2] = 0x0A  // the second span's origin: 5, of 3
        #expect(ProvenanceMap(cacheForm: wrongOrigin) == nil)
        // The span count (four bytes before the eight of the spans), negative or too large.
        for highByte: UInt8 in [0x80, 0xFF, 0x7F] {
            var count = form
            count[count.count - 9] = highByte
            #expect(ProvenanceMap(cacheForm: count) == nil, "count's high byte \(highByte)")
        }
    }
}
