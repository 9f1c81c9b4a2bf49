/// Text made safe to shape as one paragraph of a card.
struct CardText: Hashable {
    /// The most Unicode scalars kept. Far more than fit a card at any size, so the cut is always
    /// hidden behind an ellipsis, and it bounds the work a huge string can cause.
    static let maxScalars = 2000

    /// The cleaned text: control characters, tabs and line and paragraph separators become spaces,
    /// runs of spaces collapse, and the ends are trimmed.
    let text: String
    /// Whether the input was longer than `maxScalars` and cut.
    let truncated: Bool

    init(_ input: String) {
        var output = ""
        var scalars = 0
        var pendingSpace = false
        var truncated = false
        for character in input {
            if character.isWhitespace || character.unicodeScalars.contains(where: Self.isBreaking) {
                pendingSpace = !output.isEmpty
                continue
            }
            let count = character.unicodeScalars.count + (pendingSpace ? 1 : 0)
            guard scalars + count <= Self.maxScalars else {
                truncated = true
                break
            }
            if pendingSpace { output.append(" ") }
            output.append(character)
            scalars += count
            pendingSpace = false
        }
        self.text = output
        self.truncated = truncated
    }

    /// The first `count` characters, for initials.
    func prefix(_ count: Int) -> String { String(text.prefix(count)) }

    private static func isBreaking(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }
}
