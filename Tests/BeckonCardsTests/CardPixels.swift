@testable import BeckonCards

/// A rendered card decoded back into pixels (by libpng, through Cairo), for checks on what it shows.
struct CardPixels {
    let image: CardImage

    init(_ png: [UInt8]) throws {
        image = try CardImage(png: png, name: "the card")
    }

    /// Red, green and blue of an opaque pixel.
    func rgb(x: Int, y: Int) -> (red: Int, green: Int, blue: Int) {
        let offset = (y * image.width + x) * 4
        // Cairo's native-endian ARGB32 on a little-endian machine: blue, green, red, alpha.
        return (Int(image.pixels[offset + 2]), Int(image.pixels[offset + 1]), Int(image.pixels[offset]))
    }

    /// The pixels matching `predicate`, counted.
    func count(where predicate: (Int, Int, Int) -> Bool) -> Int {
        var count = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let pixel = rgb(x: x, y: y)
                if predicate(pixel.red, pixel.green, pixel.blue) { count += 1 }
            }
        }
        return count
    }

    /// The leftmost and rightmost columns holding a pixel darker than mid-grey, if any.
    func darkColumns() -> ClosedRange<Int>? {
        var columns: [Int] = []
        for x in 0..<image.width {
            for y in 0..<image.height where rgb(x: x, y: y).green < 128 {
                columns.append(x)
                break
            }
        }
        guard let first = columns.first, let last = columns.last else { return nil }
        return first...last
    }
}
