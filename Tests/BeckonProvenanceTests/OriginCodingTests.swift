import BeckonDiagnostics
import Testing

@testable import BeckonProvenance

/// An origin's stored form is its fields joined by U+001F, the numbers in decimal: the form
/// every provenance map on disk holds, so it must not change without a new format version.
@Suite struct OriginCodingTests {
    static func encoded(_ origin: Origin) -> String {
        var bytes: [UInt8] = []
        OriginCoding.encode(origin, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func theStoredFormIsItsFieldsInOrder() {
        let string = Origin(
            .string, at: SourceLocation(file: "locales/de-DE.yml", line: 12, column: 3), key: "a.b", locale: "de-DE")
        #expect(Self.encoded(string) == "string\u{1F}locales/de-DE.yml\u{1F}12\u{1F}3\u{1F}a.b\u{1F}de-DE")
        let template = Origin(
            .cardLayout, at: SourceLocation(file: "templates/og/card.yml", line: 1_234_567, column: 7))
        #expect(Self.encoded(template) == "card-layout\u{1F}templates/og/card.yml\u{1F}1234567\u{1F}7\u{1F}\u{1F}")
    }

    /// A map's stored form reads back to the same map, whatever the origins hold.
    @Test func aMapsStoredFormReadsBack() throws {
        let origins = [
            Origin(.template, at: SourceLocation(file: "templates/invite.md", line: 4, column: 9)),
            Origin(
                .string, at: SourceLocation(file: "locales/ja-JP.yml", line: 88, column: 5), key: "招待.title",
                locale: "ja-JP"),
        ]
        let map = ProvenanceMap(
            origins: origins,
            spans: [.init(start: 0, end: 10, origin: 0, depth: 0), .init(start: 10, end: 25, origin: 1, depth: 1)])
        let read = try #require(ProvenanceMap(cacheForm: map.cacheForm()))
        #expect(read.origins == origins)
        #expect(read.cacheForm() == map.cacheForm())
    }
}
