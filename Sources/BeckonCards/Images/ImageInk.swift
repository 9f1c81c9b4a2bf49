import BeckonSite

/// The colours an image is drawn in, for checking it stays visible on a background: each opaque
/// colour of a PNG with its share of the opaque pixels.
public enum ImageInk {
    /// The opaque colours of a PNG (alpha at least one half) with their share of those pixels, or
    /// `nil` when the bytes are not a PNG Beckon can read.
    public static func colors(png bytes: [UInt8]) -> [(color: Color, share: Double)]? {
        guard let image = try? CardImage(png: bytes, name: "the image") else { return nil }
        // Pixels are counted by their four bytes first, a run of equal ones at a time (an image is
        // mostly runs of one colour), and each distinct pixel is turned into its colour once.
        var pixels: [UInt32: Int] = [:]
        image.pixels.withUnsafeBytes { raw in
            var run: (pixel: UInt32, count: Int)?
            for offset in stride(from: 0, to: raw.count - 3, by: 4) {
                let pixel = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
                if run?.pixel == pixel {
                    run?.count += 1
                } else {
                    if let run { pixels[run.pixel, default: 0] += run.count }
                    run = (pixel, 1)
                }
            }
            if let run { pixels[run.pixel, default: 0] += run.count }
        }
        var counts: [Color: Int] = [:]
        var total = 0
        for (pixel, count) in pixels {
            // Cairo's ARGB32, premultiplied, in native (little-endian) order: B, G, R, A.
            let alpha = Int(pixel >> 24)
            guard alpha >= 128 else { continue }
            func channel(_ shift: UInt32) -> UInt8 { UInt8(min(255, Int(pixel >> shift & 0xFF) * 255 / alpha)) }
            counts[Color(red: channel(16), green: channel(8), blue: channel(0)), default: 0] += count
            total += count
        }
        guard total > 0 else { return [] }
        return counts.map { ($0.key, Double($0.value) / Double(total)) }.sorted { $0.share > $1.share }
    }
}
