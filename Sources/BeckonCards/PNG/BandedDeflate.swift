import CZlib
import Foundation

/// Compresses a card's image data reusing what it shares with its base (the background and logo
/// every card of a layout starts from): the data is cut into bands of rows, and a band whose rows —
/// and the rows before it, as far back as deflate may look — are the base's is copied from the
/// base's compressed bands instead of being compressed again. Only the bands holding text and
/// the avatar are compressed per card.
///
/// The result is one zlib stream, as PNG requires: each band ends on a byte boundary (a sync
/// flush), and a band compressed after a copied one starts from the 32 KB before it as its
/// dictionary, as the copied base band did (the same bytes there), so matches may reach back
/// across bands as in one continuous stream.
enum BandedDeflate {
    /// Rows per band: at least deflate's 32 KB window of a 1200-pixel RGB row (3,601 bytes), so a
    /// band equal to the base's with the band before it equal too has the base's whole window.
    static let rows = 16
    /// zlib's level for the bands compressed per card (the base's bands use level 9, once).
    static let level: Int32 = 3
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
        guard let stream = Streams.shared.take(level: level) else {
            throw CardRenderError(.renderFailed, "zlib could not make a compressor")
        }
        defer { Streams.shared.give(stream, level: level) }
        var out: [UInt8] = [0x78, 0x5E]
        out.reserveCapacity(data.count / 8)
        var continuing = false
        var failed = false
        data.withUnsafeBufferPointer { input in
            for band in 0..<bandCount {
                let start = band * bandLength
                let end = min(start + bandLength, data.count)
                if equal[band] && (band == 0 || equal[band - 1]) {
                    out += base.band(band)
                    continuing = false
                    continue
                }
                if !continuing {
                    deflateReset(stream)
                    if start > 0 {
                        let from = max(0, start - window)
                        deflateSetDictionary(stream, input.baseAddress! + from, uInt(start - from))
                    }
                    continuing = true
                }
                failed =
                    failed || !deflate(stream, input.baseAddress! + start, end - start, flush: Z_SYNC_FLUSH, into: &out)
            }
            deflateReset(stream)
            failed = failed || !deflate(stream, input.baseAddress!, 0, flush: Z_FINISH, into: &out)
        }
        if failed { throw CardRenderError(.renderFailed, "zlib could not compress the image") }
        let checksum = data.withUnsafeBufferPointer { adler32(1, $0.baseAddress, uInt($0.count)) }
        out += PNGChunkWriter.bigEndian(UInt32(truncatingIfNeeded: checksum))
        return out
    }

    /// Compresses `count` bytes at `input`, appending all of zlib's output for `flush` to `out`.
    fileprivate static func deflate(
        _ stream: UnsafeMutablePointer<z_stream>, _ input: UnsafePointer<UInt8>, _ count: Int, flush: Int32,
        into out: inout [UInt8]
    ) -> Bool {
        stream.pointee.next_in = UnsafeMutablePointer(mutating: input)
        stream.pointee.avail_in = uInt(count)
        var chunk = [UInt8](repeating: 0, count: Int(deflateBound(stream, uLong(count))) + 64)
        while true {
            let (status, produced) = chunk.withUnsafeMutableBufferPointer { buffer in
                stream.pointee.next_out = buffer.baseAddress
                stream.pointee.avail_out = uInt(buffer.count)
                let status = CZlib.deflate(stream, flush)
                return (status, buffer.count - Int(stream.pointee.avail_out))
            }
            guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else { return false }
            out += chunk[..<produced]
            let done =
                flush == Z_FINISH ? status == Z_STREAM_END : stream.pointee.avail_in == 0 && produced < chunk.count
            if done { return true }
            if status == Z_BUF_ERROR && produced == 0 { return false }
        }
    }

    /// A base's image data and its bands, each compressed once, when a card first needs it.
    final class BaseBands: @unchecked Sendable {
        let data: [UInt8]
        let rowLength: Int
        private let lock = NSLock()
        private var bands: [Int: [UInt8]] = [:]

        init(data: [UInt8], rowLength: Int) {
            self.data = data
            self.rowLength = rowLength
        }

        /// Band `index` as raw deflate blocks ending on a byte boundary, compressed with the 32 KB
        /// before it as the dictionary.
        func band(_ index: Int) -> [UInt8] {
            if let known = lock.withLock({ bands[index] }) { return known }
            let bandLength = BandedDeflate.rows * rowLength
            let start = index * bandLength
            let end = min(start + bandLength, data.count)
            var out: [UInt8] = []
            if let stream = Streams.shared.take(level: 9) {
                defer { Streams.shared.give(stream, level: 9) }
                deflateReset(stream)
                data.withUnsafeBufferPointer { input in
                    if start > 0 {
                        let from = max(0, start - BandedDeflate.window)
                        deflateSetDictionary(stream, input.baseAddress! + from, uInt(start - from))
                    }
                    if !BandedDeflate.deflate(
                        stream, input.baseAddress! + start, end - start, flush: Z_SYNC_FLUSH, into: &out)
                    {
                        out = []
                    }
                }
            }
            if out.isEmpty {
                // Kept whole instead: a stored block per 64 KB, no compression.
                out = Self.stored(data[start..<end])
            }
            lock.withLock { bands[index] = out }
            return out
        }

        /// Bytes as non-final stored deflate blocks.
        private static func stored(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
            var out: [UInt8] = []
            var start = bytes.startIndex
            while start < bytes.endIndex {
                let end = min(start + 65_535, bytes.endIndex)
                let length = UInt16(end - start)
                out += [0, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
                out += bytes[start..<end]
                start = end
            }
            return out
        }
    }
}

/// Idle raw-deflate zlib streams by level, reused across cards.
private final class Streams: @unchecked Sendable {
    static let shared = Streams()
    private let lock = NSLock()
    private var idle: [Int32: [UnsafeMutablePointer<z_stream>]] = [:]

    func take(level: Int32) -> UnsafeMutablePointer<z_stream>? {
        if let stream = lock.withLock({ idle[level]?.popLast() }) { return stream }
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

    func give(_ stream: UnsafeMutablePointer<z_stream>, level: Int32) {
        lock.withLock { idle[level, default: []].append(stream) }
    }
}
