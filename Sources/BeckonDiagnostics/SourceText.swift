import Foundation

/// The text of one source file with a line index, so byte offsets and line/column pairs can be
/// converted and lines quoted in diagnostics.
public struct SourceText: Sendable, Hashable {
    /// The path shown to users, relative to the site root.
    public let path: String
    public let text: String
    /// UTF-8 offsets at which each line starts.
    private let lineStarts: [Int]

    public init(path: String, text: String) {
        self.path = path
        var text = text
        var starts = [0]
        // Found with `memchr` in the contiguous bytes (a lint of thousands of pages with findings
        // indexes each page whole).
        let count = text.withUTF8 { bytes -> Int in
            guard let base = bytes.baseAddress else { return 0 }
            var offset = 0
            while offset < bytes.count, let newline = memchr(base + offset, 0x0A, bytes.count - offset) {
                offset = base.distance(to: newline.assumingMemoryBound(to: UInt8.self)) + 1
                starts.append(offset)
            }
            return bytes.count
        }
        // A final line terminator ends the last line; it does not start an empty one.
        if starts.count > 1, starts.last == count { starts.removeLast() }
        self.text = text
        self.lineStarts = starts
    }

    public var lineCount: Int { lineStarts.count }

    /// The text of a 1-based line without its line terminator, or `nil` past the end.
    public func line(_ number: Int) -> String? {
        lineUTF8(number).map { String($0) ?? String(decoding: $0, as: UTF8.self) }
    }

    /// The UTF-8 of a 1-based line, or `nil` past the end: what `line(_:)` holds, without making
    /// it a string of its own. Lines end at "\n"; a "\r" before it, or at the end of the text, is
    /// left off.
    public func lineUTF8(_ number: Int) -> Substring.UTF8View? {
        guard number >= 1, number <= lineStarts.count else { return nil }
        let utf8 = text.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: lineStarts[number - 1])
        let end =
            number < lineStarts.count
            ? utf8.index(utf8.startIndex, offsetBy: lineStarts[number] - 1) : utf8.endIndex
        var bytes = utf8[start..<end]
        if bytes.last == UInt8(ascii: "\n") { bytes = bytes.dropLast() }
        if bytes.last == UInt8(ascii: "\r") { bytes = bytes.dropLast() }
        return bytes
    }

    /// The location of a UTF-8 byte offset, with the column counted in characters.
    public func location(ofUTF8Offset offset: Int) -> SourceLocation {
        let clamped = min(max(0, offset), text.utf8.count)
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= clamped { low = mid } else { high = mid - 1 }
        }
        let utf8 = text.utf8
        let lineStart = utf8.index(utf8.startIndex, offsetBy: lineStarts[low])
        let position = utf8.index(utf8.startIndex, offsetBy: clamped)
        let column = text[lineStart..<position].count + 1
        return SourceLocation(file: path, line: low + 1, column: column)
    }

    /// The location of a line and a 1-based UTF-8 byte column within it (as cmark reports them).
    public func location(line: Int, byteColumn: Int) -> SourceLocation {
        guard line >= 1, line <= lineStarts.count else { return SourceLocation(file: path, line: line) }
        return location(ofUTF8Offset: lineStarts[line - 1] + max(0, byteColumn - 1))
    }

    /// The location of a string index into `text`.
    public func location(of index: String.Index) -> SourceLocation {
        location(ofUTF8Offset: text.utf8.distance(from: text.utf8.startIndex, to: index))
    }
}
