import Foundation

/// Idle compressors (libdeflate's, zlib's streams) by compression level, handed to one card at a
/// time: a compressor holds hundreds of kilobytes of match-finder tables, so cards drawn in turn
/// reuse the same memory. At most as many are made per level as cards were compressed at once.
final class CompressorPool<Compressor>: @unchecked Sendable {
    private let lock = NSLock()
    private var idle: [Int32: [Compressor]] = [:]
    private let make: (Int32) -> Compressor?

    /// A pool making a compressor for a level with `make` (`nil` when it cannot).
    init(make: @escaping (Int32) -> Compressor?) {
        self.make = make
    }

    func take(level: Int32) -> Compressor? {
        lock.withLock { idle[level]?.popLast() } ?? make(level)
    }

    func give(_ compressor: Compressor, level: Int32) {
        lock.withLock { idle[level, default: []].append(compressor) }
    }
}
