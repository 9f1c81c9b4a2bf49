import Foundation

/// The image data of a PNG before compression: per row, a filter type byte and the row's bytes.
///
/// Rows are left unfiltered (filter type 0). Most of a card is a flat colour or a gradient whose
/// rows repeat, shifted along the gradient, and deflate finds those repeats as long matches.
/// Measured on the benchmark cards, the Sub, Up and Paeth filters, fixed or chosen per row, made
/// files 15–50% larger and encoding slower at gradient angles of 120°, 135°, 160° and 180°; only at
/// 90° was Up smaller (by about 20%).
enum PNGScanlines {
    /// Palette indices.
    static func indexed(
        _ pixels: UnsafeRawPointer, width: Int, height: Int, stride: Int, palette: PNGPalette
    ) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: height * (width + 1)) { buffer, count in
            var last: (pixel: UInt32, index: UInt8)?
            var target = 0
            for y in 0..<height {
                let row = pixels + y * stride
                buffer[target] = 0
                target += 1
                for x in 0..<width {
                    let pixel = row.load(fromByteOffset: x * 4, as: UInt32.self)
                    if let last, last.pixel == pixel {
                        buffer[target] = last.index
                    } else {
                        let index = palette.index(of: pixel)
                        buffer[target] = index
                        last = (pixel, index)
                    }
                    target += 1
                }
            }
            count = target
        }
    }

    /// RGB bytes, or RGBA with the alpha divided out when `alpha` is set.
    static func truecolor(
        _ pixels: UnsafeRawPointer, width: Int, height: Int, stride: Int, alpha: Bool
    ) -> [UInt8] {
        let bytesPerPixel = alpha ? 4 : 3
        let rowLength = width * bytesPerPixel + 1
        return [UInt8](unsafeUninitializedCapacity: height * rowLength) { buffer, count in
            guard let base = buffer.baseAddress else { return }
            for y in 0..<height {
                let source = (pixels + y * stride).assumingMemoryBound(to: UInt32.self)
                let target = base + y * rowLength
                target[0] = 0
                if alpha {
                    for x in 0..<width { store(PNGColor(source[x]), at: target + 1 + x * 4, alpha: true) }
                } else {
                    for x in 0..<width { store(PNGColor(source[x]), at: target + 1 + x * 3, alpha: false) }
                }
            }
            count = height * rowLength
        }
    }

    /// RGB bytes of an opaque image drawn over a base: `baseData` (the base's RGB bytes) with the
    /// rows that differ from `basePixels` converted again; `nil` when such a row is not opaque.
    static func opaqueTruecolor(
        _ pixels: UnsafeRawPointer, width: Int, height: Int, stride: Int, over baseData: [UInt8], basePixels: [UInt8]
    ) -> [UInt8]? {
        let rowLength = width * 3 + 1
        var data = baseData
        let converted = data.withUnsafeMutableBufferPointer { target in
            basePixels.withUnsafeBytes { base in
                for y in 0..<height where memcmp(pixels + y * stride, base.baseAddress! + y * stride, width * 4) != 0 {
                    guard isOpaque(pixels + y * stride, width: width, height: 1, stride: stride) else { return false }
                    let source = (pixels + y * stride).assumingMemoryBound(to: UInt32.self)
                    let row = target.baseAddress! + y * rowLength + 1
                    for x in 0..<width {
                        let pixel = source[x]
                        row[3 * x] = UInt8(truncatingIfNeeded: pixel >> 16)
                        row[3 * x + 1] = UInt8(truncatingIfNeeded: pixel >> 8)
                        row[3 * x + 2] = UInt8(truncatingIfNeeded: pixel)
                    }
                }
                return true
            }
        }
        return converted ? data : nil
    }

    /// Whether every pixel of premultiplied ARGB32 rows is opaque.
    static func isOpaque(_ pixels: UnsafeRawPointer, width: Int, height: Int, stride: Int) -> Bool {
        for y in 0..<height {
            let row = (pixels + y * stride).assumingMemoryBound(to: UInt32.self)
            var all = UInt32.max
            for x in 0..<width { all &= row[x] }
            if all >> 24 != 255 { return false }
        }
        return true
    }

    @inline(__always)
    private static func store(_ color: PNGColor, at target: UnsafeMutablePointer<UInt8>, alpha: Bool) {
        target[0] = color.red
        target[1] = color.green
        target[2] = color.blue
        if alpha { target[3] = color.alpha }
    }
}
