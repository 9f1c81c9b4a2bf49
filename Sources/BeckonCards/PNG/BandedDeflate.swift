import CLibDeflate
import CZlib
import Foundation

/// Compresses a card's image data reusing what it shares with its base (the background and logo
/// every card of a layout starts from): the data is cut into bands of rows, and a band whose rows —
/// and the rows before it, as far back as deflate may look — are the base's is copied from the
/// base's compressed bands instead of being compressed again. Only the bands holding text and
/// the avatar are compressed per card, each as one block with its own Huffman codes, from the
/// base's parse of the band where the card still holds the base's bytes (`ImageMatches`).
///
/// The result is one zlib stream, as PNG requires: each copied band ends on a byte boundary (a
/// sync flush), a run of compressed bands ends on one too (an empty stored block, as a sync flush
/// writes), and the matches of a compressed band may reach back into the band before it, copied
/// or not, as in one continuous stream.
enum BandedDeflate {
    /// Rows per band: at least deflate's 32 KB window of a 1200-pixel RGB row (3,601 bytes), so a
    /// band equal to the base's with the band before it equal too has the base's whole window.
    static let rows = 16
    static let window = 32 * 1024

    /// A zlib stream of `data` (rows of `rowLength` bytes), copying bands equal to `base`'s.
    static func compress(_ data: [UInt8], rowLength: Int, base: BaseBands) throws(CardRenderError) -> [UInt8] {
        let bandLength = rows * rowLength
        precondition(bandLength >= window && base.data.count == data.count && base.rowLength == rowLength)
        let bandCount = (data.count + bandLength - 1) / bandLength
        let equal = data.withUnsafeBytes { card in
            base.data.withUnsafeBytes { shared in
                (0..<bandCount).map { band in
                    let start = band * bandLength
                    let length = min(bandLength, data.count - start)
                    return memcmp(card.baseAddress! + start, shared.baseAddress! + start, length) == 0
                }
            }
        }
        var out = DeflateBits(after: [0x78, 0x5E], reserving: data.count / 8)
        var tokens: [DeflateToken] = []
        tokens.reserveCapacity(bandLength / 4)
        for band in 0..<bandCount {
            let start = band * bandLength
            let end = min(start + bandLength, data.count)
            if equal[band] && (band == 0 || equal[band - 1]) {
                if !out.isAligned { DeflateBlock.writeEmptyStoredBlock(into: &out) }
                out.append(aligned: try base.band(band))
                continue
            }
            let baseMatches = base.matches(band)
            tokens.removeAll(keepingCapacity: true)
            data.withUnsafeBufferPointer { card in
                base.data.withUnsafeBufferPointer { shared in
                    ImageMatches.tokens(
                        card: card, base: shared, start..<end, baseMatches: baseMatches, rowLength: rowLength,
                        into: &tokens)
                }
            }
            DeflateBlock.write(tokens, into: &out)
        }
        if !out.isAligned { DeflateBlock.writeEmptyStoredBlock(into: &out) }
        out.append(aligned: DeflateBlock.emptyFinalBlock)
        // libdeflate's Adler-32 (vectorised) gives zlib's value several times faster.
        let checksum = data.withUnsafeBufferPointer { libdeflate_adler32(1, $0.baseAddress, $0.count) }
        out.append(aligned: PNGChunkWriter.bigEndian(checksum))
        return out.bytes
    }

    /// Resets `stream` to compress from `start` on, with the 32 KB of `data` before it as its
    /// dictionary.
    fileprivate static func restart(
        _ stream: UnsafeMutablePointer<z_stream>, dictionary data: [UInt8], before start: Int
    ) {
        deflateReset(stream)
        guard start > 0 else { return }
        let from = max(0, start - window)
        data.withUnsafeBufferPointer { input in
            _ = deflateSetDictionary(stream, input.baseAddress! + from, uInt(start - from))
        }
    }

    /// Compresses `data[range]`, appending all of zlib's output for a sync flush to `out`.
    fileprivate static func deflate(
        _ stream: UnsafeMutablePointer<z_stream>, _ data: [UInt8], _ range: Range<Int>, into out: inout [UInt8]
    ) throws(CardRenderError) {
        let capacity = Int(deflateBound(stream, uLong(range.count))) + 64
        var chunk = [UInt8](unsafeUninitializedCapacity: capacity) { _, count in count = capacity }
        let done = data.withUnsafeBufferPointer { input in
            stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress.map { $0 + range.lowerBound })
            stream.pointee.avail_in = uInt(range.count)
            while true {
                let (status, produced) = chunk.withUnsafeMutableBufferPointer { buffer in
                    stream.pointee.next_out = buffer.baseAddress
                    stream.pointee.avail_out = uInt(buffer.count)
                    let status = CZlib.deflate(stream, Z_SYNC_FLUSH)
                    return (status, buffer.count - Int(stream.pointee.avail_out))
                }
                guard status == Z_OK || status == Z_BUF_ERROR else { return false }
                out += chunk[..<produced]
                if stream.pointee.avail_in == 0 && produced < capacity { return true }
                if status == Z_BUF_ERROR && produced == 0 { return false }
            }
        }
        if !done { throw CardRenderError(.renderFailed, "zlib could not compress the image") }
    }

    /// Raw-deflate zlib streams, reused across cards.
    private static let streams = CompressorPool<UnsafeMutablePointer<z_stream>> { level in
        let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        let status = deflateInit2_(
            stream, level, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else {
            stream.deallocate()
            return nil
        }
        return stream
    }

    /// A base's image data, its bands compressed and its bands parsed, each once, when a card
    /// first needs it.
    final class BaseBands: @unchecked Sendable {
        let data: [UInt8]
        let rowLength: Int
        private let lock = NSLock()
        private var bands: [Int: [UInt8]] = [:]
        private var parses: [Int: [ImageMatches.Match]] = [:]

        init(data: [UInt8], rowLength: Int) {
            self.data = data
            self.rowLength = rowLength
        }

        /// Band `index` as raw deflate blocks ending on a byte boundary, compressed (at zlib's
        /// level 9) with the 32 KB before it as the dictionary.
        func band(_ index: Int) throws(CardRenderError) -> [UInt8] {
            if let known = lock.withLock({ bands[index] }) { return known }
            let bandLength = BandedDeflate.rows * rowLength
            let start = index * bandLength
            guard let stream = BandedDeflate.streams.take(level: 9) else {
                throw CardRenderError(.renderFailed, "zlib could not make a compressor")
            }
            defer { BandedDeflate.streams.give(stream, level: 9) }
            BandedDeflate.restart(stream, dictionary: data, before: start)
            var out: [UInt8] = []
            try BandedDeflate.deflate(stream, data, start..<min(start + bandLength, data.count), into: &out)
            lock.withLock { bands[index] = out }
            return out
        }

        /// The matches of a thorough parse of band `index`, with the 32 KB before it as history.
        func matches(_ index: Int) -> [ImageMatches.Match] {
            if let known = lock.withLock({ parses[index] }) { return known }
            let bandLength = BandedDeflate.rows * rowLength
            let start = index * bandLength
            let parse = data.withUnsafeBufferPointer { bytes in
                ImageMatches.parse(bytes, start..<min(start + bandLength, data.count), rowLength: rowLength)
            }
            lock.withLock { parses[index] = parse }
            return parse
        }
    }
}
