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

    /// Decodes PNG bytes.
    /// - Parameter name: How the image is named in errors: "the avatar", "the logo `assets/logo.png`".
    init(png bytes: [UInt8], name: String) throws(CardRenderError) {
        guard let header = PNGHeader(bytes) else {
            throw CardRenderError(.invalidImage, "\(name) is not a PNG image")
        }
        guard (1...Self.maxSide).contains(header.width), (1...Self.maxSide).contains(header.height) else {
            throw CardRenderError(
                .invalidImage,
                "\(name) is \(header.width)×\(header.height) pixels; at most \(Self.maxSide)×\(Self.maxSide) is accepted"
            )
        }
        var pixels = [UInt8](repeating: 0, count: header.width * header.height * 4)
        let status = pixels.withUnsafeMutableBufferPointer { target in
            beckon_png_decode(bytes, bytes.count, target.baseAddress, Int32(header.width), Int32(header.height))
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
