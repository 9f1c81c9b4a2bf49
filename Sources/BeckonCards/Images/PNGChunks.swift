/// A PNG's chunks, walked before any decoder sees them: every chunk must fit in the bytes that
/// remain (a chunk that declares 2 GB in a 2 KB file never reaches libpng, which would allocate
/// the declared length first), at most `maximumChunks` of them, and only what the decoder draws
/// is passed on — `IHDR`, `PLTE`, `tRNS`, the `IDAT` data and `IEND`. Text, colour profiles,
/// animation frames (`acTL`, `fcTL`, `fdAT`) and every other ancillary chunk are dropped unread,
/// so their compressed contents are never inflated and only the default image is decoded. Cairo
/// ignores those chunks when it draws, so the pixels are the same.
enum PNGChunks {
    /// The most chunks a picture may have (an encoder's image data comes in chunks of 8 KB or more).
    static let maximumChunks = 4_096
    /// The chunks kept: the ones that make the pixels.
    private static let kept: Set<String> = ["IHDR", "PLTE", "tRNS", "IDAT", "IEND"]

    /// The PNG with only the chunks that make its pixels, or why it is refused.
    /// - Parameter name: How the image is named in errors ("the picture").
    static func drawable(_ bytes: [UInt8], name: String) throws(CardRenderError) -> [UInt8] {
        guard bytes.starts(with: PNGHeader.signature) else {
            throw CardRenderError(.invalidImage, "\(name) is not a PNG image")
        }
        var output = PNGHeader.signature
        output.reserveCapacity(bytes.count)
        var offset = PNGHeader.signature.count
        var count = 0
        var sawHeader = false
        while true {
            guard bytes.count - offset >= 12 else {
                throw CardRenderError(.invalidImage, "\(name) ends before its `IEND` chunk")
            }
            let length = Int(uint32(bytes, at: offset))
            let typeBytes = bytes[offset + 4..<offset + 8]
            guard typeBytes.allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) else {
                throw CardRenderError(.invalidImage, "\(name) has a chunk whose type is not four letters")
            }
            let type = String(decoding: typeBytes, as: UTF8.self)
            let remaining = bytes.count - offset - 12
            guard length <= remaining else {
                throw CardRenderError(
                    .invalidImage,
                    "\(name) has a chunk `\(type)` that declares \(length) bytes where \(max(0, remaining)) remain")
            }
            count += 1
            guard count <= maximumChunks else {
                throw CardRenderError(.invalidImage, "\(name) has more than \(maximumChunks) chunks")
            }
            guard sawHeader || type == "IHDR" else {
                throw CardRenderError(.invalidImage, "\(name) does not start with its `IHDR` chunk")
            }
            sawHeader = true
            let end = offset + 12 + length
            if kept.contains(type) {
                output.append(contentsOf: bytes[offset..<end])
            } else if typeBytes.first.map({ (0x41...0x5A).contains($0) }) ?? false {
                // An upper-case first letter: a chunk the image cannot be drawn without.
                throw CardRenderError(.invalidImage, "\(name) has a critical chunk `\(type)` that is not supported")
            }
            offset = end
            if type == "IEND" { return output }
        }
    }

    private static func uint32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }
}
