/// Bits packed into bytes least significant bit first, as deflate stores them (RFC 1951, 3.1.1).
struct DeflateBits {
    /// The buffer: `count` bytes written, then room for whole 32-bit stores.
    private var storage: [UInt8]
    private var count: Int
    private var pending: UInt64 = 0
    private var pendingCount = 0

    /// A writer that goes on after `bytes`, with room for about `capacity` more.
    init(after bytes: [UInt8], reserving capacity: Int = 0) {
        storage = bytes + [UInt8](repeating: 0, count: max(capacity, 64))
        count = bytes.count
    }

    /// The bytes completed so far.
    var bytes: [UInt8] { Array(storage[..<count]) }

    /// Whether no bits are pending, so everything written is in `bytes`: true when the bits written
    /// since the writer was made or last aligned (`align()`) come to a multiple of 32, as they are
    /// stored 32 at a time. Bits that end on a byte boundary may still be pending.
    var isAligned: Bool { pendingCount == 0 }

    /// Writes the low `bitCount` bits of `value` (at most 32).
    mutating func write(_ value: UInt32, count bitCount: Int) {
        writing(atMost: 8) { $0.write(value, count: bitCount) }
    }

    /// Runs `body` with a sink writing straight into the buffer, which first gets room for
    /// `byteCount` more bytes: `body` must write no more than that.
    mutating func writing(atMost byteCount: Int, _ body: (inout Sink) -> Void) {
        if count + byteCount + 8 > storage.count {
            storage += [UInt8](repeating: 0, count: max(storage.count, byteCount + 8))
        }
        let start = count
        let bits = (pending, pendingCount)
        let sink = storage.withUnsafeMutableBufferPointer { buffer in
            var sink = Sink(buffer.baseAddress! + start, pending: bits.0, pendingCount: bits.1)
            body(&sink)
            return sink
        }
        precondition(start + sink.written <= storage.count - 4, "wrote more than the room asked for")
        (count, pending, pendingCount) = (start + sink.written, sink.pending, sink.pendingCount)
    }

    /// Pads with zero bits to the next byte boundary.
    mutating func align() {
        writing(atMost: 8) { $0.align() }
    }

    /// Appends whole bytes; no bits may be pending (`isAligned`).
    mutating func append(aligned more: [UInt8]) {
        precondition(isAligned)
        writing(atMost: more.count) { sink in
            sink.append(more)
        }
    }

    /// Writes bits into a buffer with room for them.
    struct Sink {
        private let target: UnsafeMutablePointer<UInt8>
        fileprivate var written = 0
        fileprivate var pending: UInt64
        fileprivate var pendingCount: Int

        fileprivate init(_ target: UnsafeMutablePointer<UInt8>, pending: UInt64, pendingCount: Int) {
            self.target = target
            self.pending = pending
            self.pendingCount = pendingCount
        }

        /// Writes the low `bitCount` bits of `value` (at most 32).
        @inline(__always)
        mutating func write(_ value: UInt32, count bitCount: Int) {
            pending |= UInt64(value) << UInt64(pendingCount)
            pendingCount += bitCount
            if pendingCount >= 32 {
                UnsafeMutableRawPointer(target + written).storeBytes(
                    of: UInt32(truncatingIfNeeded: pending).littleEndian, as: UInt32.self)
                written += 4
                pending >>= 32
                pendingCount -= 32
            }
        }

        /// Appends whole bytes after whole bytes.
        fileprivate mutating func append(_ bytes: [UInt8]) {
            bytes.withUnsafeBufferPointer { (target + written).update(from: $0.baseAddress!, count: $0.count) }
            written += bytes.count
        }

        /// Pads with zero bits to the next byte boundary.
        mutating func align() {
            while pendingCount > 0 {
                target[written] = UInt8(truncatingIfNeeded: pending)
                written += 1
                pending >>= 8
                pendingCount = max(0, pendingCount - 8)
            }
            pending = 0
        }
    }
}
