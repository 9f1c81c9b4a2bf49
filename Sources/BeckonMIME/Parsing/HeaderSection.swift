/// A header section read from lines: its fields, unfolded, and where the body starts.
struct HeaderSection {
    /// The fields in order, unfolded, with surrounding whitespace trimmed from each value.
    let fields: [HeaderField]
    /// The index of the first body line, just after the blank line.
    let bodyStart: Int

    /// Reads the fields from the lines up to the first blank line.
    /// - Parameter lines: The lines of a message or part, indexed as in the message: errors name the
    ///   1-based line `index + 1`.
    init(_ lines: ArraySlice<String>) throws(MIMEParseError) {
        var fields: [HeaderField] = []
        var index = lines.startIndex
        while index < lines.endIndex, !lines[index].isEmpty {
            let line = lines[index]
            if line.hasPrefix(" ") || line.hasPrefix("\t") {
                guard !fields.isEmpty, line.contains(where: { $0 != " " && $0 != "\t" }) else {
                    throw MIMEParseError(.malformedHeader, line: index + 1)
                }
                fields[fields.count - 1].value += line
            } else {
                guard let colon = line.firstIndex(of: ":"), colon != line.startIndex,
                    line[..<colon].utf8.allSatisfy({ (0x21...0x7E).contains($0) })
                else { throw MIMEParseError(.malformedHeader, line: index + 1) }
                fields.append(HeaderField(String(line[..<colon]), String(line[line.index(after: colon)...])))
            }
            index += 1
        }
        guard index < lines.endIndex else { throw MIMEParseError(.unterminatedHeader, line: index) }
        self.fields = fields.map { HeaderField($0.name, Self.trimmed($0.value)) }
        bodyStart = index + 1
    }

    /// The value of the only field with this name (case-insensitive), `nil` when there is none.
    /// - Throws: `duplicateHeader` when the field appears more than once.
    func single(_ name: String, line: Int) throws(MIMEParseError) -> String? {
        let name = name.lowercased()
        let values = fields.filter { $0.name.lowercased() == name }.map(\.value)
        guard values.count <= 1 else { throw MIMEParseError(.duplicateHeader, line: line) }
        return values.first
    }

    /// The text without the spaces and tabs that are characters of their own at either end.
    static func trimmed(_ text: String) -> String {
        let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 }
        let utf8 = text.utf8
        guard let first = utf8.firstIndex(where: { !isSpace($0) }), let last = utf8.lastIndex(where: { !isSpace($0) })
        else { return "" }
        let end = utf8.index(after: last)
        if first == utf8.startIndex && end == utf8.endIndex { return text }
        // A space can belong to the character beside it (a combining mark after it, a prepended
        // mark before it): then read characters.
        guard String.Index(first, within: text) != nil, String.Index(end, within: text) != nil else {
            let isSpace = { (character: Character) in character == " " || character == "\t" }
            return String(text.drop(while: isSpace).reversed().drop(while: isSpace).reversed())
        }
        return String(text[first..<end])
    }
}
