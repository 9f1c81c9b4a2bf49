import BeckonTestSupport
import Testing

@testable import BeckonCards

/// The encoder is checked by decoding its output with libpng (through Cairo).
@Suite struct PNGEncoderTests {
    /// Premultiplied ARGB32 pixels from a function of x and y.
    func encode(width: Int, height: Int, _ pixel: (Int, Int) -> UInt32) throws -> ([UInt8], [UInt32]) {
        let pixels = (0..<height).flatMap { y in (0..<width).map { x in pixel(x, y) } }
        let png = try pixels.withUnsafeBytes { bytes in
            try PNGEncoder.encode(bytes.baseAddress!, width: width, height: height, stride: width * 4)
        }
        return (png, pixels)
    }

    func decoded(_ png: [UInt8]) throws -> [UInt32] {
        let image = try CardImage(png: png, name: "the test image")
        return image.pixels.withUnsafeBytes { Array($0.bindMemory(to: UInt32.self)) }
    }

    /// Premultiplies straight colour channels.
    static func argb(_ a: UInt32, _ r: UInt32, _ g: UInt32, _ b: UInt32) -> UInt32 {
        func scale(_ channel: UInt32) -> UInt32 { (channel * a + 127) / 255 }
        return a << 24 | scale(r) << 16 | scale(g) << 8 | scale(b)
    }

    @Test(
        arguments: [
            ("opaque, many colours", 2 as UInt8),
            ("translucent, many colours", 6),
            ("opaque, few colours", 3),
            ("translucent, few colours", 3),
        ])
    func roundTripsLosslessly(kind: String, colorType: UInt8) throws {
        let translucent = kind.hasPrefix("translucent")
        let few = kind.hasSuffix("few colours")
        let (png, pixels) = try encode(width: 97, height: 31) { x, y in
            if few {
                return Self.argb(translucent ? UInt32(x % 3 * 100) : 255, UInt32(x / 10 * 20), UInt32(y / 8 * 60), 9)
            }
            return Self.argb(
                translucent ? UInt32((x * 7 + y) % 256) : 255, UInt32((x * 5 + y) % 256), UInt32(y * 8), 200)
        }
        #expect(png[25] == colorType, "IHDR colour type")
        #expect(try decoded(png) == pixels)
    }

    @Test func hasNoChunksThatVaryBetweenRuns() throws {
        let (png, _) = try encode(width: 4, height: 4) { x, _ in Self.argb(255, UInt32(x * 60), 0, 0) }
        var chunks: [String] = []
        var offset = 8
        while offset + 8 <= png.count {
            let length = png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            chunks.append(String(decoding: png[offset + 4..<offset + 8], as: UTF8.self))
            offset += 12 + length
        }
        #expect(chunks == ["IHDR", "PLTE", "IDAT", "IEND"])
    }

    /// A card drawn on a shared base: bands whose rows (and the rows before them) are the base's
    /// are copied from the base's compressed bands; the file still decodes to the card's pixels.
    @Test(arguments: [
        ("nothing changed", 0..<0), ("the middle", 200..<330), ("the first rows", 0..<5),
        ("the last rows", 620..<630), ("one row at a band's edge", 16..<17), ("everything", 0..<630),
    ])
    func aCardOnABaseDecodesToItsPixels(change: String, rows: Range<Int>) throws {
        let width = 1200
        let height = 630
        func gradient(_ x: Int, _ y: Int) -> UInt32 {
            Self.argb(255, UInt32((x + y) * 255 / (width + height)), UInt32(y * 255 / height), 180)
        }
        let basePixels = (0..<height).flatMap { y in (0..<width).map { x in gradient(x, y) } }
        let base = basePixels.withUnsafeBytes { CardBase(pixels: Array($0), stride: width * 4) }
        var card = basePixels
        for y in rows {
            for x in stride(from: y % 7, to: width, by: 5) {
                card[y * width + x] = Self.argb(255, 20, 20, UInt32(x % 256))
            }
        }
        let png = try card.withUnsafeBytes { bytes in
            try PNGEncoder.encode(bytes.baseAddress!, width: width, height: height, stride: width * 4, base: base)
        }
        #expect(try decoded(png) == card)
        // The same file as encoding on its own would decode to.
        let alone = try card.withUnsafeBytes { bytes in
            try PNGEncoder.encode(bytes.baseAddress!, width: width, height: height, stride: width * 4)
        }
        #expect(try decoded(alone) == card)
    }

    /// A base that is not opaque all over has no bands to copy: every card on it, the first and
    /// those after (which find that answer kept), is encoded as it would be on its own.
    @Test func cardsOnATranslucentBaseAreEncodedAsOnTheirOwn() throws {
        let width = 1200
        let height = 40
        func pixel(_ x: Int, _ y: Int) -> UInt32 { Self.argb(255, UInt32(x % 256), UInt32(y * 6), UInt32(x % 89)) }
        var basePixels = (0..<height).flatMap { y in (0..<width).map { x in pixel(x, y) } }
        basePixels[5 * width + 7] = Self.argb(128, 10, 10, 10)
        let base = basePixels.withUnsafeBytes { CardBase(pixels: Array($0), stride: width * 4) }
        for shade in [20, 40] as [UInt32] {
            var card = basePixels
            card[5 * width + 7] = Self.argb(255, shade, shade, shade)
            for x in 100..<300 { card[20 * width + x] = Self.argb(255, shade, 7, 7) }
            let (png, alone) = try card.withUnsafeBytes { bytes in
                (
                    try PNGEncoder.encode(
                        bytes.baseAddress!, width: width, height: height, stride: width * 4, base: base),
                    try PNGEncoder.encode(bytes.baseAddress!, width: width, height: height, stride: width * 4)
                )
            }
            #expect(png == alone)
            #expect(try decoded(png) == card)
        }
    }

    /// Random cards on random bases: rectangles of noise, flat colour, pieces of the base moved
    /// elsewhere (so the base's repeats no longer hold) and, for some, a translucent pixel.
    @Test(arguments: 0..<6 as Range<UInt64>)
    func randomCardsOnABaseDecodeToTheirPixels(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let width = 1200
        let height = 630
        let (dx, dy) = (Int.random(in: 0...3, using: &random), Int.random(in: 1...3, using: &random))
        let basePixels = (0..<height).flatMap { y in
            (0..<width).map { x in
                Self.argb(
                    255, UInt32((dx * x + dy * y) / 16 % 256), UInt32(y * 255 / height), UInt32(x % 97 == 0 ? 9 : 180))
            }
        }
        let base = basePixels.withUnsafeBytes { CardBase(pixels: Array($0), stride: width * 4) }
        var card = basePixels
        for _ in 0..<Int.random(in: 1...6, using: &random) {
            let x0 = Int.random(in: 0..<width, using: &random)
            let y0 = Int.random(in: 0..<height, using: &random)
            let x1 = min(width, x0 + Int.random(in: 1...400, using: &random))
            let y1 = min(height, y0 + Int.random(in: 1...120, using: &random))
            let kind = Int.random(in: 0..<3, using: &random)
            let flat = Self.argb(255, 250, 250, UInt32.random(in: 0...255, using: &random))
            for y in y0..<y1 {
                for x in x0..<x1 {
                    switch kind {
                    case 0: card[y * width + x] = Self.argb(255, .random(in: 0...255, using: &random), 7, 7)
                    case 1: card[y * width + x] = flat
                    default: card[y * width + x] = basePixels[(y * 7 % height) * width + (x * 3 % width)]
                    }
                }
            }
        }
        if seed % 3 == 2 { card[Int.random(in: 0..<card.count, using: &random)] = Self.argb(128, 10, 10, 10) }
        let png = try card.withUnsafeBytes { bytes in
            try PNGEncoder.encode(bytes.baseAddress!, width: width, height: height, stride: width * 4, base: base)
        }
        #expect(png[25] == (seed % 3 == 2 ? 6 : 2), "IHDR colour type")
        #expect(try decoded(png) == card)
    }
}
