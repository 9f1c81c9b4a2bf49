import BeckonSite
import BeckonTestSupport
import Testing

@testable import BeckonCards

/// An image's ink is counted a run of equal pixels at a time and each distinct pixel turned into
/// its colour once: on generated images (runs, noise, transparent and half-transparent pixels,
/// premultiplied channels) the colours and shares are those of reading every pixel.
@Suite struct ImageInkTests {
    @Test func inkIsWhatEveryPixelSays() throws {
        var generator = SeededGenerator(seed: 23)
        for _ in 0..<12 {
            let width = Int.random(in: 1...40, using: &generator)
            let height = Int.random(in: 1...30, using: &generator)
            let palette = (0..<Int.random(in: 1...6, using: &generator)).map { _ in
                let alpha: UInt32 = [0, 64, 127, 128, 200, 255].randomElement(using: &generator)!
                func channel() -> UInt32 { UInt32.random(in: 0...255, using: &generator) * alpha / 255 }
                return alpha << 24 | channel() << 16 | channel() << 8 | channel()
            }
            var pixels: [UInt32] = []
            while pixels.count < width * height {
                let run = Int.random(in: 1...20, using: &generator)
                pixels += Array(repeating: palette.randomElement(using: &generator)!, count: run)
            }
            pixels = Array(pixels.prefix(width * height))
            let png = try pixels.withUnsafeBytes { bytes in
                try PNGEncoder.encode(bytes.baseAddress!, width: width, height: height, stride: width * 4)
            }
            let ink = try #require(ImageInk.colors(png: png))
            let expected = try Self.everyPixel(CardImage(png: png, name: "the test image").pixels)
            #expect(Self.sorted(ink) == Self.sorted(expected))
        }
    }

    /// The colours with their shares, read a pixel at a time.
    static func everyPixel(_ pixels: [UInt8]) -> [(color: Color, share: Double)] {
        var counts: [Color: Int] = [:]
        var total = 0
        for index in stride(from: 0, to: pixels.count, by: 4) {
            let alpha = Int(pixels[index + 3])
            guard alpha >= 128 else { continue }
            func channel(_ value: UInt8) -> UInt8 { UInt8(min(255, Int(value) * 255 / alpha)) }
            counts[
                Color(red: channel(pixels[index + 2]), green: channel(pixels[index + 1]), blue: channel(pixels[index])),
                default: 0] += 1
            total += 1
        }
        return total == 0 ? [] : counts.map { ($0.key, Double($0.value) / Double(total)) }
    }

    static func sorted(_ ink: [(color: Color, share: Double)]) -> [String] {
        ink.map { "\($0.color) \($0.share)" }.sorted()
    }
}
