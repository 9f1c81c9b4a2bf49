/// Bits packed into bytes least significant bit first, as deflate stores them (RFC 1951, 3.1.1).
struct DeflateBits {
    /// The buffer: `count` bytes written, then room kept zeroed for whole 64-bit stores.
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

    /// Whether the bits written so far fill whole bytes.
    var isAligned: Bool { pendingCount == 0 }

    /// Writes the low `bitCount` bits of `value` (at most 32).
    @inline(__always)
    mutating func write(_ value: UInt32, count bitCount: Int) {
        pending |= UInt64(value) << UInt64(pendingCount)
        pendingCount += bitCount
        if pendingCount >= 32 { flush() }
    }

    /// Moves the pending whole 32 bits to the buffer.
    @inline(__always)
    private mutating func flush() {
        if count + 8 > storage.count { storage += [UInt8](repeating: 0, count: storage.count) }
        let word = UInt32(truncatingIfNeeded: pending).littleEndian
        let offset = count
        storage.withUnsafeMutableBytes { $0.storeBytes(of: word, toByteOffset: offset, as: UInt32.self) }
        count += 4
        pending >>= 32
        pendingCount -= 32
    }

    /// Pads with zero bits to the next byte boundary.
    mutating func align() {
        while pendingCount > 0 {
            append(UInt8(truncatingIfNeeded: pending))
            pending >>= 8
            pendingCount = max(0, pendingCount - 8)
        }
        pending = 0
    }

    /// Appends whole bytes; the bits before must end on a byte boundary.
    mutating func append(aligned more: [UInt8]) {
        precondition(isAligned)
        if count + more.count + 8 > storage.count {
            storage += [UInt8](repeating: 0, count: max(storage.count, more.count + 8))
        }
        let offset = count
        storage.withUnsafeMutableBytes { target in
            more.withUnsafeBytes {
                target.baseAddress!.advanced(by: offset).copyMemory(from: $0.baseAddress!, byteCount: $0.count)
            }
        }
        count += more.count
    }

    private mutating func append(_ byte: UInt8) {
        if count + 8 > storage.count { storage += [UInt8](repeating: 0, count: storage.count) }
        storage[count] = byte
        count += 1
    }
}
