import BeckonDiagnostics
import PropertyBased
import Testing

@testable import BeckonProvenance

/// Marks written in one piece and read back through the stripper's table of numbers.
@Suite struct MarkWritingTests {
    /// Origins enough that their numbers take one, two and three payload characters of twelve
    /// bits (the table numbers every origin any test of the process made, so these come after).
    static let origins = (1...4_200).map { line in
        Origin(.template, at: SourceLocation(file: "templates/pages/many-lines.md", line: line, column: 1))
    }

    /// `wrap` writes what the opening mark, the text and the closing mark make together.
    @Test func aWrappedTextIsItsOpeningTheTextAndTheClosing() async {
        let text = Gen<String?>.element(of: ["a", "é", "🌴", "<p>", "ليلى", "\u{10FFFD}", "x y"]).map { $0 ?? "a" }
        await propertyCheck(input: text.array(of: 1...6), Gen.int(in: 0...(Self.origins.count - 1))) { parts, index in
            let joined = parts.joined()
            let origin = Self.origins[index]
            #expect(
                Array(OriginMarks.wrap(joined, in: origin).utf8)
                    == Array((OriginMarks.opening(origin) + joined + OriginMarks.closing).utf8))
        }
        #expect(OriginMarks.wrap("", in: Self.origins[0]) == "")
        #expect(OriginMarks.wrap("plain", in: nil) == "plain")
    }

    /// One text with thousands of distinct origins, some repeated: each span reads back with its
    /// own origin, and each origin is listed once.
    @Test func aTextWithThousandsOfOriginsReadsBack() {
        var text = ""
        var expected: [(offset: Int, origin: Origin)] = []
        var offset = 0
        for (index, origin) in Self.origins.enumerated() {
            // Every seventh origin again, so a number already read is found in the table.
            for repeated in index % 7 == 0 && index > 0 ? [origin, Self.origins[index / 2]] : [origin] {
                text += OriginMarks.wrap("ab", in: repeated)
                expected.append((offset, repeated))
                offset += 2
            }
        }
        let (bytes, map) = OriginMarks.strip(text)
        #expect(bytes.count == offset)
        for (offset, origin) in expected {
            #expect(map.origin(at: offset) == origin)
            #expect(map.origin(at: offset + 1) == origin)
        }
        #expect(Set(map.origins) == Set(Self.origins))
        #expect(map.origins.count == Self.origins.count)
    }
}

/// The stripper's table of origin numbers, against a dictionary.
@Suite struct NumberIndexTests {
    @Test func findsWhatADictionaryFinds() async {
        let number = Gen.int(in: 0...6_000).map { UInt32($0) }
        await propertyCheck(input: number.array(of: 0...400), number.array(of: 0...50)) { inserted, asked in
            var index = NumberIndex()
            var dictionary: [UInt32: Int] = [:]
            for value in inserted where dictionary[value] == nil {
                index.insert(value, dictionary.count)
                dictionary[value] = dictionary.count
            }
            for value in inserted + asked { #expect(index[value] == dictionary[value]) }
        }
    }

    @Test func anEmptyIndexFindsNothing() {
        let index = NumberIndex()
        #expect(index[0] == nil)
        #expect(index[UInt32.max] == nil)
    }
}
