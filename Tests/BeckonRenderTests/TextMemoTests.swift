import BeckonLocalization
import BeckonSite
import Foundation
import Testing

@testable import BeckonRender

@Suite struct TextMemoTests {
    /// Counts how often a value is made.
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func next() -> Int {
            lock.withLock {
                count += 1; return count
            }
        }
    }

    @Test func aValueIsMadeOncePerText() {
        let memo = TextMemo<Int>(limit: 10)
        let made = Counter()
        #expect(memo.value(for: "a") { made.next() } == 1)
        #expect(memo.value(for: "a") { made.next() } == 1)
        #expect(memo.value(for: "b") { made.next() } == 2)
    }

    /// `é` composed and `e` + U+0301 are equal Swift strings but different bytes: each keeps its own.
    @Test func textsAreComparedByTheirBytes() {
        let memo = TextMemo<[UInt8]>(limit: 10)
        for text in ["\u{E9}", "e\u{301}", "\u{E9}", "e\u{301}"] {
            #expect(memo.value(for: text) { Array(text.utf8) } == Array(text.utf8))
        }
    }

    @Test func itIsEmptiedWhenFull() {
        let memo = TextMemo<Int>(limit: 3)
        let made = Counter()
        for text in ["a", "b", "c", "d"] { _ = memo.value(for: text) { made.next() } }
        // "d" emptied the memo: "a" is made again.
        #expect(memo.value(for: "a") { made.next() } == 5)
    }

    /// Messages are parsed once per source text, and two spellings of one text stay apart.
    @Test func messagesKeepTheirOwnBytes() {
        for text in ["Caf\u{E9} *ouvert*", "Cafe\u{301} *ouvert*", "Caf\u{E9} *ouvert*"] {
            let message = FormattedMessage(key: "k", segments: [.markup(text)], suppliedBy: LocaleID("fr")!)
            let html = MessageRenderer.html(message, appSchemes: [])
            #expect(
                Array(html.utf8) == Array(text.replacingOccurrences(of: " *ouvert*", with: " <em>ouvert</em>").utf8))
        }
    }
}
