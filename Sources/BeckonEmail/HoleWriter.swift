import BeckonRender

/// Writes values into holes: escaped for their context, isolated where the place isolates and
/// the value needs it.
struct HoleWriter {
    let values: EmailValues
    let rightToLeft: Bool
    /// The filled preheader, whose length sets the filler's.
    let preheader: String

    /// `text` with its holes filled; `count` is told each hole's length in bytes, in order.
    func bytes(_ text: CompiledEmail.Text, count: (Int) -> Void) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(text.literals.reduce(64 * text.holes.count) { $0 + $1.count })
        output += text.literals[0]
        for (index, hole) in text.holes.enumerated() {
            let before = output.count
            write(hole, to: &output)
            count(output.count - before)
            output += text.literals[index + 1]
        }
        return output
    }

    private func write(_ hole: EmailHoles.Hole, to output: inout [UInt8]) {
        guard let field = hole.field else {
            output += EmailDocument.filler(after: preheader).utf8
            return
        }
        let value = values[field]
        let escaped =
            switch hole.context {
            case .plain: value
            case .htmlText: HTMLEscaping.text(value)
            case .htmlAttribute: HTMLEscaping.attribute(value)
            }
        if hole.isolated && Bidi.needsIsolation(value, inRightToLeft: rightToLeft) {
            output += Bidi.isolated(escaped).utf8
        } else {
            output += escaped.utf8
        }
    }
}
