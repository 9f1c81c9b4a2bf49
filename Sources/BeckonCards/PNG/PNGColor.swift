/// One pixel as PNG stores it: straight (not premultiplied) red, green, blue and alpha.
struct PNGColor: Hashable {
    var red: UInt8
    var green: UInt8
    var blue: UInt8
    var alpha: UInt8

    /// Converts a premultiplied ARGB32 pixel, rounding to the nearest value; multiplying the result
    /// by its alpha again gives the same pixel back, so nothing is lost.
    @inline(__always)
    init(_ pixel: UInt32) {
        let alpha = pixel >> 24
        red = UInt8(truncatingIfNeeded: pixel >> 16)
        green = UInt8(truncatingIfNeeded: pixel >> 8)
        blue = UInt8(truncatingIfNeeded: pixel)
        self.alpha = UInt8(alpha)
        guard alpha != 255, alpha != 0 else { return }
        red = Self.divide(red, by: alpha)
        green = Self.divide(green, by: alpha)
        blue = Self.divide(blue, by: alpha)
    }

    @inline(__always)
    private static func divide(_ channel: UInt8, by alpha: UInt32) -> UInt8 {
        UInt8((UInt32(channel) * 255 + alpha / 2) / alpha)
    }
}
