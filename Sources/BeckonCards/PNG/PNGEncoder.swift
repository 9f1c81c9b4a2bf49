/// Encodes Cairo's premultiplied ARGB32 pixels as a PNG, losslessly and with nothing that varies
/// between runs (no time, text or gamma chunks): indexed when the image has at most 256 colours,
/// otherwise RGB, or RGBA when any pixel is not opaque.
enum PNGEncoder {
    /// libdeflate's level 4: on the benchmark cards it compressed as fast as zlib's level 3 (the
    /// encoder's level before) and made files 26–29% smaller; level 6 was about 10% smaller again
    /// but 15–20% slower.
    static let compressionLevel: Int32 = 4

    /// The PNG of the pixels. With `base` (what the card was drawn on), an opaque image of many
    /// colours copies the base's compressed bands where its rows are the base's
    /// (`BandedDeflate`, zlib); otherwise the whole image is compressed with libdeflate.
    static func encode(
        _ pixels: UnsafeRawPointer, width: Int, height: Int, stride: Int, base: CardBase? = nil
    ) throws(CardRenderError)
        -> [UInt8]
    {
        var writer = PNGChunkWriter()
        let data: [UInt8]
        var bands: BandedDeflate.BaseBands?
        if let palette = PNGPalette(pixels, width: width, height: height, stride: stride) {
            writer.append("IHDR", PNGChunkWriter.header(width: width, height: height, bitDepth: 8, colorType: 3))
            let entries = palette.colors.map(PNGColor.init)
            writer.append("PLTE", entries.flatMap { [$0.red, $0.green, $0.blue] })
            if let lastTranslucent = entries.lastIndex(where: { $0.alpha != 255 }) {
                writer.append("tRNS", entries[...lastTranslucent].map(\.alpha))
            }
            data = PNGScanlines.indexed(pixels, width: width, height: height, stride: stride, palette: palette)
        } else {
            let opaque = isOpaque(pixels, width: width, height: height, stride: stride)
            writer.append(
                "IHDR", PNGChunkWriter.header(width: width, height: height, bitDepth: 8, colorType: opaque ? 2 : 6))
            data = PNGScanlines.truecolor(pixels, width: width, height: height, stride: stride, alpha: !opaque)
            if opaque, let base, BandedDeflate.rows * (width * 3 + 1) >= BandedDeflate.window {
                bands = base.bands(width: width, height: height)
            }
        }
        let compressed: [UInt8]
        if let bands {
            compressed = try BandedDeflate.compress(data, rowLength: width * 3 + 1, base: bands)
        } else {
            compressed = try Deflate.compress(data, level: compressionLevel)
        }
        // The file is kept as long as the build runs: sized exactly, not grown by doubling.
        writer.reserve(chunks: [compressed.count, 0])
        writer.append("IDAT", compressed)
        writer.append("IEND", [])
        return writer.bytes
    }

    private static func isOpaque(_ pixels: UnsafeRawPointer, width: Int, height: Int, stride: Int) -> Bool {
        for y in 0..<height {
            let row = (pixels + y * stride).assumingMemoryBound(to: UInt32.self)
            var all = UInt32.max
            for x in 0..<width { all &= row[x] }
            if all >> 24 != 255 { return false }
        }
        return true
    }
}
