import BeckonRender
import BeckonTestSupport
import Testing

@testable import BeckonChecks

/// The Smart App Banner's argument is read from an ASCII content at its bytes as the character
/// reading reads it, on generated contents (empty items, `=` at either end, non-ASCII ones).
@Test func anAppArgumentIsReadAsTheCharacterReadingReads() {
    var generator = SeededGenerator(seed: 44)
    let pieces = [
        "app-id=6478123450", ",", ", ", "app-argument=", "https://join.playa.app/invite/X", "=", "%2C", "é",
        "e\u{301}", ",\u{301}", "app-argument", " ",
    ]
    var read = 0
    for _ in 0..<3_000 {
        let content = (0..<Int.random(in: 0...6, using: &generator)).map { _ in pieces.randomElement(using: &generator)!
        }
        .joined()
        let expected = content.split(separator: ",").first {
            $0.utf8.firstIndex(ofBytes: Array("app-argument=".utf8)) != nil
        }
        .map { $0.split(separator: "=", maxSplits: 1).last.map(String.init) ?? "" }
        #expect(FoundLink.appArgument(of: content) == expected, "\(content.debugDescription)")
        if expected != nil { read += 1 }
    }
    #expect(read > 500, "\(read) of 3,000 name an argument")
}
