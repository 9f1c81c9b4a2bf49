import BeckonQR

extension QRCode {
    /// The symbol as a binary greyscale PGM (P5), which `zbarimg` reads with no package beyond its
    /// own dependencies: black modules of `scale` × `scale` pixels on white, inside a quiet zone of
    /// `quietZone` modules.
    func pgm(scale: Int, quietZone: Int = 4) -> [UInt8] {
        let side = (size + 2 * quietZone) * scale
        var bytes = Array("P5\n\(side) \(side)\n255\n".utf8)
        bytes.reserveCapacity(bytes.count + side * side)
        for row in 0..<side {
            for column in 0..<side {
                let dark = isDark(x: column / scale - quietZone, y: row / scale - quietZone)
                bytes.append(dark ? 0 : 255)
            }
        }
        return bytes
    }
}
