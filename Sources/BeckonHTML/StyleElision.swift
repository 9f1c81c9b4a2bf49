import Foundation

/// The `<style>` blocks of a page that libxml2 need not read character by character: their
/// text is handed to the tree as written, and libxml2 parses a copy of the page in which each
/// such block holds only its line breaks (so every later node keeps its line).
///
/// libxml2 reads the raw text of `style` one character at a time, about sixty instructions a
/// byte, and a page's inline style sheet is most of its bytes. A block is left out only when it
/// is long enough to be worth it and holds printable ASCII, tabs and line feeds only, on which
/// libxml2 reports nothing. `HTMLDocument` parses the page again as written when libxml2 reports
/// another number of `style` elements than the scan found (`scan(_:)` says why that suffices).
struct StyleElision {
    /// The page as libxml2 reads it.
    let parsedBytes: [UInt8]
    /// For each `<style` the scan counted (`scan(_:)`: in a comment or a script too), in order,
    /// the range of the page's bytes its text was, when that text was left out.
    let styles: [Range<Int>?]

    /// The shortest text worth leaving out.
    static let minimumLength = 128

    /// The page with its plain style blocks left out, or `nil` when none can be.
    static func find(in bytes: [UInt8]) -> StyleElision? {
        bytes.withUnsafeBufferPointer { buffer in
            let blocks = scan(buffer)
            guard blocks.contains(where: { $0 != nil }) else { return nil }
            var parsed: [UInt8] = []
            parsed.reserveCapacity(bytes.count)
            var copied = 0
            // Copied a run at a time (`memcpy`), not a byte at a time.
            for case (let text, let lineFeeds)? in blocks {
                parsed.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[copied..<text.lowerBound]))
                parsed.append(contentsOf: repeatElement(0x0A, count: lineFeeds))
                copied = text.upperBound
            }
            parsed.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[copied...]))
            return StyleElision(parsedBytes: parsed, styles: blocks.map { $0?.text })
        }
    }

    /// Every `<style` followed by what ends a tag name, in order, each with its text's range and
    /// line feeds when it may be left out: a `<style>` tag whose text is long, quiet and runs to
    /// `</style>` with no `<` on the way.
    ///
    /// The candidates include any that libxml2 does not take for a tag (in a comment, an
    /// attribute or a script); libxml2 makes a `style` element only from these bytes, so when it
    /// reports as many `style` elements as there are candidates, each candidate is one of them,
    /// in order, and each left-out text is what libxml2 reads as that element's raw text (it ends
    /// raw text at the first `</` before a letter).
    private static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> [(text: Range<Int>, lineFeeds: Int)?] {
        var styles: [(text: Range<Int>, lineFeeds: Int)?] = []
        var index = 0
        while let open = ByteScan.next(UInt8(ascii: "<"), in: bytes, from: index) {
            index = open + 1
            // `<style` at the end of the page counts too: libxml2 makes an element of it.
            let afterName = open + 6
            guard afterName <= bytes.count, ByteScan.startsCaseInsensitive(bytes, at: open + 1, with: style),
                afterName == bytes.count || !ByteScan.isNameByte(bytes[afterName])
            else { continue }
            guard afterName < bytes.count, bytes[afterName] == UInt8(ascii: ">"),
                let end = ByteScan.next(UInt8(ascii: "<"), in: bytes, from: afterName),
                endTag(bytes, at: end)
            else {
                styles.append(nil)
                continue
            }
            let text = (afterName + 1)..<end
            let lineFeeds =
                text.count >= minimumLength ? quietLineFeeds(UnsafeBufferPointer(rebasing: bytes[text])) : nil
            styles.append(lineFeeds.map { (text, $0) })
            index = end
        }
        return styles
    }

    private static let style = Array("style".utf8)

    /// Whether `</style>` (any case) starts at `index`.
    private static func endTag(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        index + 8 <= bytes.count && bytes[index + 1] == UInt8(ascii: "/") && bytes[index + 7] == UInt8(ascii: ">")
            && ByteScan.startsCaseInsensitive(bytes, at: index + 2, with: style)
    }

    /// How many line feeds `bytes` holds when every byte is printable ASCII, a tab or a line feed
    /// (bytes libxml2 reads in a style sheet without a word); `nil` otherwise. Read eight bytes
    /// at a time: a word with no byte below 0x20, at 0x7F or above is printable throughout, and
    /// only the others (those with a line feed, in a style sheet) are read a byte at a time.
    static func quietLineFeeds(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let raw = UnsafeRawBufferPointer(bytes)
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        var lineFeeds = 0
        var index = 0
        while index < bytes.count {
            if index + 8 <= bytes.count {
                let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                let below = (word &- 0x20 &* ones) & ~word & highs
                let delete = word ^ (0x7F &* ones)
                if (word & highs) | below | ((delete &- ones) & ~delete & highs) == 0 {
                    index += 8
                    continue
                }
            }
            for byte in bytes[index..<min(index + 8, bytes.count)] {
                guard (0x20...0x7E).contains(byte) || byte == 0x09 || byte == 0x0A else { return nil }
                if byte == 0x0A { lineFeeds += 1 }
            }
            index += 8
        }
        return lineFeeds
    }
}
