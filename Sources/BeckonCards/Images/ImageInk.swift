import BeckonSite

/// The colours an image is drawn in, for checking it stays visible on a background: each opaque
/// colour of a PNG with its share of the opaque pixels.
public enum ImageInk {
    /// The opaque colours of a PNG (alpha at least one half) with their share of those pixels, or
    /// `nil` when the bytes are not a PNG Beckon can read.
    public static func colors(png bytes: [UInt8]) -> [(color: Color, share: Double)]? {
        guard let image = try? CardImage(png: bytes, name: "the image") else { return nil }
        var counts: [Color: Int] = [:]
        var total = 0
        for index in stride(from: 0, to: image.pixels.count, by: 4) {
            // Cairo's ARGB32, premultiplied, in native (little-endian) order: B, G, R, A.
            let alpha = Int(image.pixels[index + 3])
            guard alpha >= 128 else { continue }
            func channel(_ value: UInt8) -> UInt8 { UInt8(min(255, Int(value) * 255 / alpha)) }
            let color = Color(
                red: channel(image.pixels[index + 2]), green: channel(image.pixels[index + 1]),
                blue: channel(image.pixels[index]))
            counts[color, default: 0] += 1
            total += 1
        }
        guard total > 0 else { return [] }
        return counts.map { ($0.key, Double($0.value) / Double(total)) }.sorted { $0.share > $1.share }
    }
}
