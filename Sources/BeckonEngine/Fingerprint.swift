import Crypto

/// A 128-bit content hash: what a step read, or what it produced. Equal inputs give equal
/// fingerprints in every run and on every machine, so fingerprints key the on-disk cache too.
public struct Fingerprint: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    public let high: UInt64
    public let low: UInt64

    public init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// The fingerprint of some bytes.
    public init(of bytes: some Collection<UInt8>) {
        var builder = FingerprintBuilder("bytes")
        builder.add(bytes)
        self = builder.finish()
    }

    /// 32 lower-case hex digits.
    public var description: String {
        func hex(_ value: UInt64) -> String {
            let digits = String(value, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }
        return hex(high) + hex(low)
    }

    public static func < (lhs: Fingerprint, rhs: Fingerprint) -> Bool {
        (lhs.high, lhs.low) < (rhs.high, rhs.low)
    }
}

/// Builds a fingerprint from typed pieces. Every piece is written with its length, so `("ab", "c")`
/// and `("a", "bc")` differ.
public struct FingerprintBuilder {
    private var hasher = SHA256()

    /// Starts a fingerprint; `label` keeps fingerprints of different things apart.
    public init(_ label: String) {
        add(label)
    }

    public mutating func add(_ bytes: some Collection<UInt8>) {
        add(length: bytes.count)
        // The storage is hashed inside the closure: its pointer is valid only there (a small
        // `Data` keeps its bytes inline, in a copy that is gone once the closure returns). The
        // hasher is updated in place: a copy of it would copy its state at every update.
        let hashed: Void? = bytes.withContiguousStorageIfAvailable {
            hasher.update(bufferPointer: UnsafeRawBufferPointer($0))
        }
        if hashed == nil { hasher.update(data: Array(bytes)) }
    }

    /// Adds an array's bytes (a record, for one): as `add(_:)` of any collection, without asking
    /// the collection for its storage through a generic call.
    public mutating func add(_ bytes: [UInt8]) {
        add(length: bytes.count)
        bytes.withUnsafeBytes { hasher.update(bufferPointer: $0) }
    }

    public mutating func add(_ text: String) {
        var text = text
        text.withUTF8 { add($0) }
    }

    public mutating func add(_ text: String?) {
        guard let text else {
            add(length: -1)
            return
        }
        add(text)
    }

    public mutating func add(_ number: Int) {
        add(length: number)
    }

    public mutating func add(_ flag: Bool) {
        add(length: flag ? 1 : 0)
    }

    public mutating func add(_ fingerprint: Fingerprint) {
        add(length: Int(truncatingIfNeeded: fingerprint.high))
        add(length: Int(truncatingIfNeeded: fingerprint.low))
    }

    public mutating func add(_ fingerprints: [Fingerprint]) {
        add(length: fingerprints.count)
        for fingerprint in fingerprints { add(fingerprint) }
    }

    private mutating func add(length: Int) {
        withUnsafeBytes(of: Int64(length).littleEndian) { hasher.update(bufferPointer: $0) }
    }

    public func finish() -> Fingerprint {
        var high: UInt64 = 0
        var low: UInt64 = 0
        for (index, byte) in hasher.finalize().prefix(16).enumerated() {
            if index < 8 { high = high << 8 | UInt64(byte) } else { low = low << 8 | UInt64(byte) }
        }
        return Fingerprint(high: high, low: low)
    }
}
