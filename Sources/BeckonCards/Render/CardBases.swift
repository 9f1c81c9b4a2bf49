import Foundation

/// The part of a card every card of a layout shares — the background and the logo — drawn once
/// per placement and copied under each card's own drawing: the gradient is rasterised once, not
/// once per card, and the pixels come out the same as drawing it every time. Its image data is
/// compressed once too, in bands a card that leaves them untouched copies (`BandedDeflate`).
final class CardBases: @unchecked Sendable {
    /// What decides a base: the background, where the logo goes (mirrored for right-to-left).
    struct Key: Hashable {
        var background: CardBackground
        var logo: CardRect?
    }

    private let lock = NSLock()
    private var bases: [Key: CardBase] = [:]

    /// The base for `key`, drawn by `draw` (pixels and bytes per row) the first time.
    func base(
        _ key: Key, draw: () throws(CardRenderError) -> (pixels: [UInt8], stride: Int)
    ) throws(CardRenderError) -> CardBase {
        if let known = lock.withLock({ bases[key] }) { return known }
        let drawn = try draw()
        let base = CardBase(pixels: drawn.pixels, stride: drawn.stride)
        return lock.withLock {
            if let raced = bases[key] { return raced }
            bases[key] = base
            return base
        }
    }

    /// Lets go of the bases drawn so far (several megabytes each, with their compressed bands);
    /// the next card drawn draws its base again.
    func removeAll() {
        lock.withLock { bases.removeAll() }
    }
}

/// One base: its premultiplied ARGB32 pixels, and its PNG image data in compressed bands, made
/// when the first card is encoded.
final class CardBase: @unchecked Sendable {
    let pixels: [UInt8]
    let stride: Int
    private let lock = NSLock()
    private var bands: BandedDeflate.BaseBands?
    /// Whether the base was found not opaque all over, so no card asks again.
    private var isNotOpaque = false

    init(pixels: [UInt8], stride: Int) {
        self.pixels = pixels
        self.stride = stride
    }

    /// The base as RGB image data (as an opaque card is encoded), with its bands; `nil` when the
    /// base is not opaque all over.
    func bands(width: Int, height: Int) -> BandedDeflate.BaseBands? {
        lock.withLock {
            if let bands { return bands }
            if isNotOpaque { return nil }
            let data = pixels.withUnsafeBytes { raw in
                PNGScanlines.isOpaque(raw.baseAddress!, width: width, height: height, stride: stride)
                    ? PNGScanlines.truecolor(
                        raw.baseAddress!, width: width, height: height, stride: stride, alpha: false)
                    : nil
            }
            guard let data else {
                isNotOpaque = true
                return nil
            }
            let made = BandedDeflate.BaseBands(data: data, rowLength: width * 3 + 1)
            bands = made
            return made
        }
    }
}
