/// A layout rendered once for one `LayoutShape`: the text it writes around the context's strings,
/// and for each slot which string goes there and whether escaped. A page fills the slots instead
/// of running Mustache again (`LayoutLibrary.render`).
///
/// It is made by rendering the layout with swift-mustache, each string replaced by a marker
/// (`marker(_:ending:)`) that says which string it stands for and, by how escaping changed it,
/// whether it was escaped. So swift-mustache stays the one authority on what a layout means; the
/// compiled form only remembers its answer.
struct CompiledLayout: Sendable {
    enum Piece: Sendable {
        /// Text between slots, kept as a `String` (valid UTF-8: markers are whole characters), so
        /// filling appends it without checking its bytes again.
        case text(String)
        case slot(Int, escaped: Bool)
    }

    let pieces: [Piece]
    /// The bytes of the text pieces together, what a filled layout holds at least.
    private let textCount: Int

    /// Marks open and close a slot; plane-16 characters that origin marks (`OriginMarks`) do not
    /// use and site text may not hold. The `<` after the opening tells, by whether it became
    /// `&lt;`, if the slot's value is escaped.
    private static let open: Unicode.Scalar = "\u{10FFF8}"
    private static let close: Unicode.Scalar = "\u{10FFF9}"

    /// The marker standing for string `index`, followed by the line break the string ends with.
    static func marker(_ index: Int, ending: LayoutShape.LineEnding) -> String {
        String(Character(open)) + "<" + String(index) + String(Character(close)) + ending.text
    }

    /// Reads the slots out of a layout rendered with markers; `nil` when the text holds a marker
    /// that is cut, altered or names no string, which a layout written for Beckon never does.
    init?(rendered: String, endings: [LayoutShape.LineEnding]) {
        let bytes = Array(rendered.utf8)
        let open = Array(String(Character(Self.open)).utf8)
        let close = Array(String(Character(Self.close)).utf8)
        let escapedLess = Array("&lt;".utf8)
        var pieces: [Piece] = []
        var text: [UInt8] = []
        var textCount = 0
        var index = 0
        func starts(_ needle: [UInt8], at offset: Int) -> Bool {
            offset + needle.count <= bytes.count && bytes[offset..<(offset + needle.count)].elementsEqual(needle)
        }
        while index < bytes.count {
            if bytes[index] == close[0], starts(close, at: index) { return nil }
            guard bytes[index] == open[0], starts(open, at: index) else {
                text.append(bytes[index])
                index += 1
                continue
            }
            index += open.count
            let escaped: Bool
            if starts(escapedLess, at: index) {
                escaped = true
                index += escapedLess.count
            } else if index < bytes.count, bytes[index] == UInt8(ascii: "<") {
                escaped = false
                index += 1
            } else {
                return nil
            }
            var number = 0
            var digits = 0
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]), digits < 9 {
                number = number * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                index += 1
                digits += 1
            }
            guard digits > 0, endings.indices.contains(number), starts(close, at: index) else { return nil }
            index += close.count
            let ending = Array(endings[number].text.utf8)
            guard starts(ending, at: index) else { return nil }
            index += ending.count
            if !text.isEmpty { pieces.append(.text(String(decoding: text, as: UTF8.self))) }
            textCount += text.count
            text = []
            pieces.append(.slot(number, escaped: escaped))
        }
        if !text.isEmpty { pieces.append(.text(String(decoding: text, as: UTF8.self))) }
        self.pieces = pieces
        self.textCount = textCount + text.count
    }

    /// The layout's text with `strings` in their slots.
    func filled(with strings: [String]) -> String {
        // Appended as strings: no byte of the result is checked again for UTF-8.
        var out = ""
        out.reserveCapacity(textCount + strings.count * 16)
        for piece in pieces {
            switch piece {
            case .text(let text): out += text
            case .slot(let index, let escaped): out += escaped ? HTMLEscaping.attribute(strings[index]) : strings[index]
            }
        }
        return out
    }
}
