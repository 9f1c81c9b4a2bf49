/// A sender's picture as `beckon serve` keeps it: an uploaded PNG or JPEG (at most 1 MB, at most
/// 4096 pixels a side, read from its header before anything is decoded, and decoded within
/// `PictureLimits.standard`: only a PNG's drawing chunks, at most 64 progressive scans, bounded
/// decoder memory and 2 seconds), cropped to its centre square and scaled to `side` pixels, as a
/// PNG the card code draws in its avatar circle.
public enum AvatarPicture {
    /// The most bytes an upload may have.
    public static let maximumBytes = 1 << 20
    /// The width and height of a kept picture: twice the largest avatar a card draws.
    public static let side = 256

    /// The upload as a square PNG of `side` pixels, or why it cannot be one.
    public static func normalized(_ bytes: [UInt8]) throws(CardRenderError) -> [UInt8] {
        guard bytes.count <= maximumBytes else {
            throw CardRenderError(.invalidImage, "the picture is over \(maximumBytes / 1024) KB")
        }
        let image: CardImage
        if bytes.starts(with: PNGHeader.signature) {
            image = try CardImage(png: bytes, name: "the picture")
        } else if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            image = try CardImage(jpeg: bytes, name: "the picture", shortestSide: side)
        } else {
            throw CardRenderError(.invalidImage, "the picture is neither a PNG nor a JPEG image")
        }
        let canvas = try Canvas(width: side, height: side)
        // Covering the square: the shorter side fills it, the longer one is cut evenly.
        let scale = Double(side) / Double(min(image.width, image.height))
        let width = Double(image.width) * scale
        let height = Double(image.height) * scale
        canvas.draw(
            image,
            in: CardRect(x: (Double(side) - width) / 2, y: (Double(side) - height) / 2, width: width, height: height),
            circle: false)
        return try canvas.withPixels { (pixels, stride) throws(CardRenderError) in
            try PNGEncoder.encode(pixels, width: side, height: side, stride: stride)
        }
    }
}
