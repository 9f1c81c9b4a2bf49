/// The long runs of plain text in a site's layouts, each stood in for by a short token while
/// swift-mustache parses the layouts and put back into what they write.
///
/// swift-mustache reads a template one character at a time, looking each up in a set, which costs
/// thousands of instructions per byte: parsing a 5 KB layout took more instructions than rendering
/// a hundred pages with it. Text between tags is written as it is, so the parser need not read
/// it: a token of a few bytes takes the place of each run, and the text comes back after
/// rendering (`restored(_:)`).
///
/// What decides Mustache's output besides the tags is kept as written: every line break, the
/// whitespace that starts and ends each line's part of a run (a line of whitespace and one tag is
/// standalone and writes nothing; a partial is indented by the whitespace before its tag), a `{`
/// that ends one, and any run that holds `{{`. A token replaces only text that holds something
/// other than whitespace, so it leaves no line more or less standalone than it was.
struct LayoutStaticText: Sendable {
    /// The texts the tokens stand for, by the number in the token.
    private(set) var texts: [String] = []

    /// Shorter parts of runs are left in place: the parser's cost is by character, and what a
    /// short run saves the token and its restoring take back.
    static let shortest = 16

    /// Open and close a token; plane-16 characters that site text may not hold (`InputReader`),
    /// used neither by origin marks (`OriginMarks`) nor by compiled layouts (`CompiledLayout`).
    static let open: Unicode.Scalar = "\u{10FFFA}"
    static let close: Unicode.Scalar = "\u{10FFFB}"
    private static let openBytes = Array(String(Character(open)).utf8)
    private static let closeBytes = Array(String(Character(close)).utf8)

    /// The layout's text with each long part of a run of plain text replaced by a token. A
    /// layout that changes its delimiters or sets a pragma, or holds a brace joined to another
    /// scalar in one character, is left as it is: its tags are not all found by their braces.
    mutating func condensed(_ text: String) -> String {
        let bytes = Array(text.utf8)
        guard !Self.hasJoinedBraces(text, bytes) else { return text }
        let tags = MustacheTagScanner.scan(text)
        guard !tags.contains(where: { $0.kind == .delimiters || $0.kind == .pragma }) else { return text }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var start = 0
        for tag in tags {
            condense(bytes[start..<tag.offset], into: &out)
            out += bytes[tag.offset..<tag.end]
            start = tag.end
        }
        condense(bytes[start...], into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether a `{` or `}` is part of a character with other scalars (a combining mark after it,
    /// a prepended mark before it). Mustache reads the layout by characters, so it sees no brace
    /// there, where the scanner, which reads bytes, finds a tag's start or end: the two would cut
    /// the layout into tags and text differently.
    private static func hasJoinedBraces(_ text: String, _ bytes: [UInt8]) -> Bool {
        let nextToOtherScript = bytes.indices.contains { index in
            (bytes[index] == UInt8(ascii: "{") || bytes[index] == UInt8(ascii: "}"))
                && ((index > 0 && bytes[index - 1] >= 0x80) || (index + 1 < bytes.count && bytes[index + 1] >= 0x80))
        }
        guard nextToOtherScript else { return false }
        return text.contains { character in
            character.unicodeScalars.count > 1 && character.unicodeScalars.contains { $0 == "{" || $0 == "}" }
        }
    }

    /// Appends a run of plain text, each line's part of it between its first and last byte that
    /// is not whitespace replaced by a token when long enough.
    private mutating func condense(_ run: ArraySlice<UInt8>, into out: inout [UInt8]) {
        // A run holding `{{` follows a tag the scanner could not close: left for Mustache to read.
        if run.firstIndex(ofBytes: Self.braces) != nil {
            out += run
            return
        }
        var lineStart = run.startIndex
        while lineStart < run.endIndex {
            var lineEnd = lineStart
            while lineEnd < run.endIndex, run[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
            let line = run[lineStart..<lineEnd]
            if let (first, last) = Self.part(of: line), last - first + 1 >= Self.shortest {
                out += line[..<first]
                out += Self.openBytes
                out += Array(String(texts.count).utf8)
                out += Self.closeBytes
                texts.append(String(decoding: line[first...last], as: UTF8.self))
                out += line[(last + 1)...]
            } else {
                out += line
            }
            if lineEnd < run.endIndex { out.append(UInt8(ascii: "\n")) }
            lineStart = lineEnd + 1
        }
    }

    /// The part of a line of a run that a token may take: from its first byte that is not
    /// whitespace to its last, a `{` at its end left out (Mustache reads that `{` with the tag
    /// after it, or finds the layout cut off when nothing follows). A part that would start with
    /// a character outside ASCII after whitespace starts at the next printable ASCII byte instead:
    /// the character may join the space before it, which Mustache then does not read as
    /// indentation.
    private static func part(of line: ArraySlice<UInt8>) -> (first: Int, last: Int)? {
        guard var first = line.firstIndex(where: { !isASCIIWhitespace($0) }),
            let last = line.lastIndex(where: { !isASCIIWhitespace($0) && $0 != UInt8(ascii: "{") })
        else { return nil }
        if first > line.startIndex, line[first] >= 0x80 {
            guard let plain = line[first...].firstIndex(where: isPlainASCII) else { return nil }
            first = plain
        }
        return first <= last ? (first, last) : nil
    }

    /// What Mustache wrote with each token replaced by its text.
    func restored(_ rendered: String) -> String {
        guard !texts.isEmpty else { return rendered }
        var rendered = rendered
        return rendered.withUTF8 { bytes in
            guard var next = bytes.firstIndex(ofBytes: Self.openBytes) else {
                return String(decoding: bytes, as: UTF8.self)
            }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count * 2)
            var copied = 0
            while true {
                var cursor = next + Self.openBytes.count
                var number = 0
                var digits = 0
                while cursor < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[cursor]), digits < 9
                {
                    number = number * 10 + Int(bytes[cursor] - UInt8(ascii: "0"))
                    cursor += 1
                    digits += 1
                }
                var searchFrom = next + Self.openBytes.count
                if digits > 0, texts.indices.contains(number),
                    bytes[cursor...].starts(with: Self.closeBytes)
                {
                    out += bytes[copied..<next]
                    out += texts[number].utf8
                    copied = cursor + Self.closeBytes.count
                    searchFrom = copied
                }
                guard let found = bytes.firstIndex(ofBytes: Self.openBytes, from: searchFrom) else { break }
                next = found
            }
            out += bytes[copied...]
            return String(decoding: out, as: UTF8.self)
        }
    }

    private static let braces = Array("{{".utf8)

    private static func isASCIIWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
    }

    /// An ASCII byte other than whitespace and controls.
    private static func isPlainASCII(_ byte: UInt8) -> Bool {
        byte > 0x20 && byte < 0x7F
    }
}
