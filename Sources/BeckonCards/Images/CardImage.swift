import CBeckonPango

/// A decoded picture: premultiplied ARGB32 pixels in Cairo's native-endian layout, `width * 4`
/// bytes per row. Decoded once, it can be drawn on any number of cards at once.
struct CardImage: Sendable, Hashable {
    /// The largest width or height accepted: a 4096×4096 image takes 64 MB decoded.
    static let maxSide = 4096

    let width: Int
    let height: Int
    let pixels: [UInt8]

    /// Pixels already decoded.
    init(width: Int, height: Int, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// Decodes PNG bytes: only the chunks that make its pixels reach libpng (`PNGChunks`), and
    /// an image wider or taller than `limits.maximumSide` is refused from its header.
    /// - Parameter name: How the image is named in errors: "the avatar", "the logo `assets/logo.png`".
    init(png bytes: [UInt8], name: String, limits: PictureLimits = .standard) throws(CardRenderError) {
        guard let header = PNGHeader(bytes) else {
            throw CardRenderError(.invalidImage, "\(name) is not a PNG image")
        }
        let side = min(Self.maxSide, limits.maximumSide)
        guard (1...side).contains(header.width), (1...side).contains(header.height) else {
            throw CardRenderError(
                .invalidImage, "\(name) is \(header.width)×\(header.height) pixels; at most \(side)×\(side) is accepted"
            )
        }
        let drawable = try PNGChunks.drawable(bytes, name: name)
        var pixels = [UInt8](repeating: 0, count: header.width * header.height * 4)
        let status = pixels.withUnsafeMutableBufferPointer { target in
            beckon_png_decode(
                drawable, drawable.count, target.baseAddress, Int32(header.width), Int32(header.height),
                Int32(clamping: limits.budgetMilliseconds))
        }
        guard status == 0 else {
            throw CardRenderError(
                .invalidImage, "\(name) could not be decoded: \(String(cString: beckon_png_status_message(status)))")
        }
        self.width = header.width
        self.height = header.height
        self.pixels = pixels
    }
}
