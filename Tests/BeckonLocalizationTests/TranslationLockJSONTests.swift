import BeckonLocalization
import BeckonTestSupport
import Foundation
import Testing

/// The lock is read with Beckon's JSON parser and written with quoting of its own where it can;
/// Foundation's `JSONDecoder` and `JSONEncoder`, which did both, are the oracle.
@Suite struct TranslationLockJSONTests {
    /// Strings a lock holds, and ones no lock Beckon writes holds (quotes, slashes, controls, non-ASCII).
    static let pieces = [
        "a", "title", ".", "-", "_", "8e0a45dd", "de-DE", "\"", "\\", "/", "\n", "\t", "\u{1}", "\u{7F}", "é", "日本",
        "😀", " ", "\u{2028}",
    ]

    static func lock(_ generator: inout SeededGenerator) -> TranslationLock {
        var lock = TranslationLock()
        for _ in 0..<Int.random(in: 0...3, using: &generator) {
            var entries: [String: TranslationLock.Entry] = [:]
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                entries[generator.text(from: pieces, upTo: 4)] = .init(
                    source: generator.text(from: pieces, upTo: 3), translation: generator.text(from: pieces, upTo: 3))
            }
            lock.locales[generator.text(from: pieces, upTo: 2)] = entries
        }
        return lock
    }

    /// The file's text as it was written with `JSONEncoder` quoting every string.
    static func encoderText(_ lock: TranslationLock) -> String {
        func quoted(_ string: String) -> String {
            String(decoding: (try? JSONEncoder().encode(string)) ?? Data(), as: UTF8.self)
        }
        var lines = ["{", "  \"version\": \(lock.version),", "  \"locales\": {"]
        for (index, locale) in lock.locales.keys.sorted().enumerated() {
            lines.append("    \(quoted(locale)): {")
            let entries = lock.locales[locale]!
            for (position, key) in entries.keys.sorted().enumerated() {
                let entry = entries[key]!
                let comma = position == entries.count - 1 ? "" : ","
                lines.append(
                    "      \(quoted(key)): {\"source\": \(quoted(entry.source)), "
                        + "\"translation\": \(quoted(entry.translation))}\(comma)")
            }
            lines.append(index == lock.locales.count - 1 ? "    }" : "    },")
        }
        lines += ["  }", "}"]
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func theTextIsWhatJSONEncoderWroteAndReadsBack() {
        var generator = SeededGenerator(seed: 0x10c4)
        for _ in 0..<1_500 {
            let lock = Self.lock(&generator)
            let text = lock.text
            #expect(text == Self.encoderText(lock))
            #expect(TranslationLock(text: text) == lock)
            #expect((try? JSONDecoder().decode(TranslationLock.self, from: Data(text.utf8))) == lock)
        }
    }

    /// Valid locks, and the same texts cut short, with a value of another kind, or with keys
    /// missing, are read as `JSONDecoder` decodes them, an unreadable one as an empty lock.
    @Test func readingAgreesWithJSONDecoder() {
        var generator = SeededGenerator(seed: 0x10c5)
        let damage: [(String) -> String] = [
            { $0 },
            { String($0.prefix(max(0, $0.count / 2))) },
            { $0.replacingOccurrences(of: "\"source\"", with: "\"origin\"") },
            { $0.replacingOccurrences(of: "\"version\": 1", with: "\"version\": \"1\"") },
            { $0.replacingOccurrences(of: "\"version\": 1,", with: "") },
            { $0.replacingOccurrences(of: "\"translation\": \"", with: "\"translation\": 7, \"x\": \"") },
            { $0.replacingOccurrences(of: "{\"source\"", with: "{\"extra\": [1, 2], \"source\"") },
            { $0.replacingOccurrences(of: "\"version\": 1", with: "\"version\": 2") },
        ]
        for round in 0..<1_600 {
            let text = damage[round % damage.count](Self.lock(&generator).text)
            let expected = (try? JSONDecoder().decode(TranslationLock.self, from: Data(text.utf8))) ?? TranslationLock()
            #expect(TranslationLock(text: text) == expected, "\(text)")
        }
    }
}
