import BeckonDiagnostics

/// YAML text as Unicode scalars with the line breaks libyaml counts (`\r\n`, `\r`, `\n`, U+0085,
/// U+2028, U+2029), so the line/column marks Yams reports can be turned into offsets to edit at.
struct YAMLSourceText {
    let scalars: [Unicode.Scalar]
    /// Scalar offsets at which each line starts.
    let lineStarts: [Int]
    /// Scalar offsets at which each line's break (or the text) ends its content.
    let contentEnds: [Int]
    /// The break new lines use: the file's first, or `\n`.
    let lineBreak: String
    /// libyaml skips a byte-order mark without counting it as a column.
    private let firstLineShift: Int

    init(_ text: String) {
        let scalars = Array(text.unicodeScalars)
        var starts = [0]
        var ends: [Int] = []
        var lineBreak: String?
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            var width = 0
            if scalar == "\r" && index + 1 < scalars.count && scalars[index + 1] == "\n" {
                width = 2
            } else if ["\n", "\r", "\u{85}", "\u{2028}", "\u{2029}"].contains(scalar) {
                width = 1
            }
            if width > 0 {
                if lineBreak == nil { lineBreak = width == 2 ? "\r\n" : (scalar == "\r" ? "\r" : "\n") }
                ends.append(index)
                starts.append(index + width)
                index += width
            } else {
                index += 1
            }
        }
        ends.append(scalars.count)
        self.scalars = scalars
        self.lineStarts = starts
        self.contentEnds = ends
        self.lineBreak = lineBreak == "\r\n" ? "\r\n" : "\n"
        self.firstLineShift = scalars.first == "\u{FEFF}" ? 1 : 0
    }

    var lineCount: Int { lineStarts.count }

    subscript(offset: Int) -> Unicode.Scalar? {
        offset >= 0 && offset < scalars.count ? scalars[offset] : nil
    }

    /// The offset of a 1-based line and character column, as Yams reports them.
    func offset(of location: SourceLocation) -> Int? {
        let line = location.line - 1
        guard line >= 0, line < lineCount else { return nil }
        let offset = lineStarts[line] + location.column - 1 + (line == 0 ? firstLineShift : 0)
        return offset <= contentEnds[line] ? offset : nil
    }

    /// The 0-based line holding an offset.
    func line(of offset: Int) -> Int {
        var low = 0
        var high = lineCount - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// Where the content of the line holding `offset` ends (before its break).
    func lineEnd(after offset: Int) -> Int { contentEnds[line(of: offset)] }

    /// The number of spaces a line starts with.
    func indentation(ofLine line: Int) -> Int {
        var index = lineStarts[line]
        while index < contentEnds[line], scalars[index] == " " { index += 1 }
        return index - lineStarts[line]
    }

    /// Whether a line holds nothing but spaces and tabs.
    func isBlank(line: Int) -> Bool {
        scalars[lineStarts[line]..<contentEnds[line]].allSatisfy { $0 == " " || $0 == "\t" }
    }

    /// The offset of the first character of a line that is not a space or tab.
    func firstNonSpace(ofLine line: Int) -> Int {
        var index = lineStarts[line]
        while index < contentEnds[line], scalars[index] == " " || scalars[index] == "\t" { index += 1 }
        return index
    }

    /// The text of a range of offsets.
    func string(_ range: Range<Int>) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[range])
        return String(view)
    }

    /// The text with edits applied, or `nil` when two edits overlap. Insertions at one offset keep
    /// the order they were given in.
    func applying(_ edits: [(range: Range<Int>, text: String)]) -> String? {
        var result = String.UnicodeScalarView()
        var position = 0
        let ordered = edits.enumerated().sorted {
            ($0.element.range.lowerBound, $0.element.range.upperBound, $0.offset)
                < ($1.element.range.lowerBound, $1.element.range.upperBound, $1.offset)
        }
        for edit in ordered.map(\.element) {
            guard edit.range.lowerBound >= position, edit.range.upperBound <= scalars.count else { return nil }
            result.append(contentsOf: scalars[position..<edit.range.lowerBound])
            result.append(contentsOf: edit.text.unicodeScalars)
            position = edit.range.upperBound
        }
        result.append(contentsOf: scalars[position...])
        return String(result)
    }
}
