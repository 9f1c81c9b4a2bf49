/// Encodes Cairo's premultiplied ARGB32 pixels as a PNG, losslessly and with nothing that varies
/// between runs (no time, text or gamma chunks): indexed when the image has at most 256 colours,
/// otherwise RGB, or RGBA when any pixel is not opaque.
enum PNGEncoder {
    /// libdeflate's level 4: on the benchmark cards it compressed as fast as zlib's level 3 (the
    /// encoder's level before) and made files 26–29% smaller; level 6 was about 10% smaller again
    /// but 15–20% slower.
    static let compressionLevel: Int32 = 4

    /// The PNG of the pixels. With `base` (what the card was drawn on, opaque), an opaque image of
    /// many colours converts only the rows it drew on and copies the base's compressed bands where
    /// its rows are the base's (`BandedDeflate`); otherwise the whole image is compressed with
    /// libdeflate.
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
        } else if let base, let baseBands = opaqueBase(base, width: width, height: height, stride: stride),
            let changed = PNGScanlines.opaqueTruecolor(
                pixels, width: width, height: height, stride: stride, over: baseBands.data, basePixels: base.pixels)
        {
            writer.append("IHDR", PNGChunkWriter.header(width: width, height: height, bitDepth: 8, colorType: 2))
            data = changed
            bands = baseBands
        } else {
            let opaque = PNGScanlines.isOpaque(pixels, width: width, height: height, stride: stride)
            writer.append(
                "IHDR", PNGChunkWriter.header(width: width, height: height, bitDepth: 8, colorType: opaque ? 2 : 6))
            data = PNGScanlines.truecolor(pixels, width: width, height: height, stride: stride, alpha: !opaque)
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

    /// The base's bands, when cards on it can copy them: an opaque base laid out as the card is,
    /// with bands long enough to hold deflate's window.
    private static func opaqueBase(
        _ base: CardBase, width: Int, height: Int, stride: Int
    ) -> BandedDeflate.BaseBands? {
        guard stride == base.stride, base.pixels.count >= stride * height,
            BandedDeflate.rows * (width * 3 + 1) >= BandedDeflate.window
        else { return nil }
        return base.bands(width: width, height: height)
    }
}
