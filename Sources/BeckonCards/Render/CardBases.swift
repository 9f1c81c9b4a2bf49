import Foundation

/// The part of a card every card of a layout shares — the background and the logo — drawn once
/// per placement and copied under each card's own drawing: the gradient is rasterised once, not
/// once per card, and the pixels come out the same as drawing it every time.
final class CardBases: @unchecked Sendable {
    /// What decides a base: the background, where the logo goes (mirrored for right-to-left).
    struct Key: Hashable {
        var background: CardBackground
        var logo: CardRect?
    }

    private let lock = NSLock()
    private var bases: [Key: (pixels: [UInt8], stride: Int)] = [:]

    /// The base's pixels and bytes per row, drawn by `draw` the first time.
    func pixels(
        _ key: Key, draw: () throws(CardRenderError) -> (pixels: [UInt8], stride: Int)
    ) throws(CardRenderError) -> (pixels: [UInt8], stride: Int) {
        if let known = lock.withLock({ bases[key] }) { return known }
        let drawn = try draw()
        lock.withLock { bases[key] = drawn }
        return drawn
    }
}
