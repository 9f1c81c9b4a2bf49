import CLibDeflate

/// Writes a PNG file: the signature, then chunks of length, type, data and CRC-32.
struct PNGChunkWriter {
    private(set) var bytes: [UInt8] = PNGHeader.signature

    mutating func append(_ type: String, _ data: [UInt8]) {
        bytes += Self.bigEndian(UInt32(data.count))
        let start = bytes.count
        bytes += type.utf8
        bytes += data
        let crc = bytes[start...].withUnsafeBufferPointer { chunk in
            libdeflate_crc32(0, chunk.baseAddress, chunk.count)
        }
        bytes += Self.bigEndian(crc)
    }

    /// Makes room for chunks holding this many bytes of data each, so they are appended without
    /// growing the file twice over.
    mutating func reserve(chunks sizes: [Int]) {
        bytes.reserveCapacity(bytes.count + sizes.reduce(0) { $0 + $1 + 12 })
    }

    /// The data of an `IHDR` chunk: no interlacing, and the only compression and filter methods.
    static func header(width: Int, height: Int, bitDepth: UInt8, colorType: UInt8) -> [UInt8] {
        bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [bitDepth, colorType, 0, 0, 0]
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
    }
}
