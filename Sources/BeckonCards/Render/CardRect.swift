/// A rectangle on a card, in pixels from the top-left corner.
struct CardRect: Hashable {
    var x: Double
    var y: Double
    var width: Double
    var height: Double

    var midX: Double { x + width / 2 }
    var midY: Double { y + height / 2 }

    /// The rectangle reflected across the vertical centre line of a card `cardWidth` wide, for
    /// right-to-left locales; unchanged when `mirrored` is false.
    func flipped(_ mirrored: Bool, in cardWidth: Double) -> CardRect {
        mirrored ? CardRect(x: cardWidth - x - width, y: y, width: width, height: height) : self
    }
}
