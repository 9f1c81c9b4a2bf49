import Foundation
import Testing

@testable import BeckonMIME

@Suite struct EncodedWordTests {
    static let japanese200 = String(
        repeating: "あなたのコーチがセルフフルに招待しました。今すぐ参加して一緒に目標を達成しましょう！", count: 6
    ).prefix(200)

    static let subjects: [String] = [
        "Your coach invited you to SelfFull 🏆",
        "Dein Coach hat dich zu SelfFull eingeladen 🏆",
        "Grüße aus München: Änderungen für Öffnungszeiten übermorgen",
        "دعاك مدربك للانضمام إلى SelfFull 🏆",
        String(japanese200),
        "Family 👨‍👩‍👧‍👦 and flags 🇩🇪🇯🇵 with e\u{301}\u{302}",
        " leading and trailing spaces ",
        "Looks =?UTF-8?Q?encoded?= but is not",
        "e" + String(repeating: "\u{301}", count: 40),
    ]

    /// The folded `Subject` lines of a message with this subject.
    func subjectLines(_ subject: String) throws -> [String] {
        let lines = Fixtures.lines(try Fixtures.message(subject: subject).encoded(stamp: Fixtures.stamp))
        let start = lines.firstIndex { $0.hasPrefix("Subject:") }!
        return [lines[start]] + lines[(start + 1)...].prefix { $0.hasPrefix(" ") }
    }

    /// The encoded-words of a header's lines.
    func words(_ lines: [String]) -> [String] {
        lines.joined(separator: " ").split(separator: " ").map(String.init).filter { $0.hasPrefix("=?") }
    }

    @Test(arguments: subjects)
    func subjectsBecomeShortWordsThatDecodeExactly(subject: String) throws {
        let lines = try subjectLines(subject)
        let words = words(lines)
        #expect(!words.isEmpty)
        #expect(words.allSatisfy { $0.utf8.count <= 75 }, "\(words)")
        #expect(lines.allSatisfy { $0.utf8.count <= 78 }, "\(lines)")
        let decoded = words.map { EncodedWord.decode($0)! }
        #expect(Array(decoded.joined().unicodeScalars) == Array(subject.unicodeScalars))
        let parsed = try MIMEParser().parse(try Fixtures.message(subject: subject).encoded(stamp: Fixtures.stamp))
        #expect(Array(parsed.subject.unicodeScalars) == Array(subject.unicodeScalars))
    }

    @Test func wordsHoldWholeGraphemeClustersWhereTheyFit() throws {
        let subject = String(repeating: "👨‍👩‍👧‍👦🇩🇪", count: 12)
        let decoded = words(try subjectLines(subject)).map { EncodedWord.decode($0)! }
        #expect(decoded.count > 1)
        #expect(decoded.map(\.count).reduce(0, +) == subject.count)
    }

    @Test(arguments: [
        ("Your coach invited you to SelfFull 🏆", "Q"), ("Dein Coach hat dich zu SelfFull eingeladen 🏆", "Q"),
        ("دعاك مدربك للانضمام", "B"), (String(japanese200), "B"),
    ])
    func theShorterOfBAndQIsChosen(subject: String, scheme: String) throws {
        #expect(words(try subjectLines(subject)).allSatisfy { $0.hasPrefix("=?UTF-8?\(scheme)?") })
    }

    @Test func plainASCIISubjectsAreWrittenAsTheyAreAndFolded() throws {
        #expect(try subjectLines("Your invite to SelfFull") == ["Subject: Your invite to SelfFull"])
        let long = (1...40).map { "word\($0)" }.joined(separator: " ")
        let lines = try subjectLines(long)
        #expect(lines.count > 1)
        #expect(lines.allSatisfy { $0.utf8.count <= 78 })
        #expect(lines.joined().dropFirst("Subject: ".count) == long[...])
    }

    @Test(arguments: [
        ("Maya Li", "Maya Li <maya@example.com>"),
        ("Li, Maya", "\"Li, Maya\" <maya@example.com>"),
        ("Maya \"M\" Li\\", "\"Maya \\\"M\\\" Li\\\\\" <maya@example.com>"),
        ("=?x?=", "\"=?x?=\" <maya@example.com>"),
        ("Jürgen", "=?UTF-8?Q?J=C3=BCrgen?= <maya@example.com>"),
        ("مايا", "=?UTF-8?B?2YXYp9mK2Kc=?= <maya@example.com>"),
    ])
    func displayNamesAreAtomsQuotedOrEncoded(name: String, written: String) throws {
        let data = try Fixtures.message(toName: name).encoded(stamp: Fixtures.stamp)
        #expect(Fixtures.lines(data).contains("To: " + written))
        #expect(try MIMEParser().parse(data).to.displayName == name)
    }

    @Test(arguments: ["=?UTF-8?B?***?=", "=?UTF-8?X?abc?=", "=?latin1?Q?abc?=", "=?UTF-8?Q?a=3?=", "=?UTF-8?B?/w==?="])
    func malformedWordsDoNotDecode(word: String) {
        #expect(EncodedWord.decode(word) == nil)
    }

    @Test func whitespaceBetweenAdjacentWordsIsDropped() {
        #expect(EncodedWord.decodeText("=?UTF-8?Q?a?= \t =?UTF-8?Q?b?= c =?UTF-8?Q?_d?=") == "ab c  d")
    }
}
