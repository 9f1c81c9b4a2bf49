import Foundation
import PropertyBased
import Testing

@testable import BeckonMIME

@Suite struct RoundTripPropertyTests {
    /// Any scalar but surrogates, weighted towards ASCII, line ends and the characters encoders trip on.
    static let anyCharacter = Gen.frequency(
        (weight: 4, gen: Gen.character(in: "\u{0}"..."\u{7F}")),
        (
            weight: 2,
            gen: Gen<Character?>.element(of: ["\r\n", "\r", "\n", " ", "\t", "=", "🏆", "👨‍👩‍👧‍👦", "\u{301}"]).map { $0! }
        ),
        (weight: 2, gen: Gen.character(in: "\u{80}"..."\u{D7FF}")),
        (weight: 1, gen: Gen.character(in: "\u{E000}"..."\u{10FFFF}"))
    )

    /// Characters a header may hold: no control characters and no line or paragraph separators.
    static let headerCharacter = anyCharacter.map { character in
        character.unicodeScalars.contains {
            $0.properties.generalCategory == .control || $0 == "\u{2028}" || $0 == "\u{2029}"
        } ? "x" : character
    }

    static let anyBody = anyCharacter.string(of: 0...400)
    static let anyHeaderText = headerCharacter.string(of: 0...120)

    static func scalars(_ text: String?) -> [Unicode.Scalar] { Array((text ?? "").unicodeScalars) }

    @Test func bodiesRoundTripExactlyInShortCRLFLines() async {
        await propertyCheck(input: Self.anyBody, Self.anyBody) { text, html in
            let data = try Fixtures.message(text: text, html: html).encoded(stamp: Fixtures.stamp)
            let parsed = try MIMEParser().parse(data)
            #expect(Self.scalars(parsed.parts[0].body) == Self.scalars(text))
            #expect(Self.scalars(parsed.parts[1].body) == Self.scalars(html))
            let lines = Fixtures.lines(data)
            let bodyStart = lines.firstIndex(of: "")!
            #expect(lines[bodyStart...].allSatisfy { $0.utf8.count <= 76 })
        }
    }

    @Test func subjectsAndNamesRoundTripExactlyInFoldedLines() async {
        await propertyCheck(input: Self.anyHeaderText, Self.anyHeaderText, Self.anyHeaderText) { subject, from, to in
            let data = try Fixtures.message(subject: subject, fromName: from, toName: to).encoded(stamp: Fixtures.stamp)
            let parsed = try MIMEParser().parse(data)
            #expect(Self.scalars(parsed.subject) == Self.scalars(subject))
            #expect(Self.scalars(parsed.from.displayName) == Self.scalars(from))
            #expect(Self.scalars(parsed.to.displayName) == Self.scalars(to))
            #expect(Fixtures.lines(data).allSatisfy { $0.utf8.count <= 78 })
        }
    }

    @Test func theSameInputGivesTheSameBytes() async {
        await propertyCheck(input: Self.anyHeaderText, Self.anyBody) { subject, text in
            let message = Fixtures.message(subject: subject, text: text)
            let first = try message.encoded(stamp: Fixtures.stamp)
            #expect(try message.encoded(stamp: Fixtures.stamp) == first)
        }
    }

    @Test func aControlCharacterAnywhereInASubjectIsRefused() async {
        let control = Gen<Character?>.element(of: ["\r", "\n", "\r\n", "\u{0}", "\u{1B}", "\u{7F}", "\u{9F}"]).map {
            $0!
        }
        await propertyCheck(input: Self.anyHeaderText, control, Gen.int(in: 0...120)) { text, control, position in
            var subject = text
            subject.insert(control, at: subject.index(subject.startIndex, offsetBy: min(position, subject.count)))
            #expect(throws: EmailError(field: "Subject", problem: .controlCharacter)) {
                _ = try Fixtures.message(subject: subject).encoded(stamp: Fixtures.stamp)
            }
        }
    }
}
