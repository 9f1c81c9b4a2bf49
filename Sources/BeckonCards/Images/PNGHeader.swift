/// The size a PNG file declares in its `IHDR` chunk, read before decoding so that a huge or
/// malformed image is refused without allocating for it.
struct PNGHeader: Hashable {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    let width: Int
    let height: Int

    /// Reads the header, or returns `nil` when the bytes do not start like a PNG.
    init?(_ bytes: [UInt8]) {
        // Signature, then the IHDR chunk: length 13, type, width, height.
        guard bytes.count >= 33, bytes.starts(with: Self.signature),
            Self.uint32(bytes, at: 8) == 13, bytes[12..<16].elementsEqual("IHDR".utf8)
        else { return nil }
        width = Int(Self.uint32(bytes, at: 16))
        height = Int(Self.uint32(bytes, at: 20))
    }

    private static func uint32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }
}
