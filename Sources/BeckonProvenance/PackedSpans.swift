/// A provenance map's spans in a few bytes each: per span, as LEB128 variable-length integers, its
/// start less the previous span's and its length (both zigzag-encoded, so any order and any
/// values round-trip), its origin index and its depth.
struct PackedSpans: Hashable, Sendable {
    private let bytes: [UInt8]
    let count: Int

    init(_ spans: [ProvenanceMap.Span]) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(spans.count * 6)
        var previous = 0
        for span in spans {
            Self.append(Self.zigzag(span.start &- previous), to: &bytes)
            Self.append(Self.zigzag(span.end &- span.start), to: &bytes)
            Self.append(Self.zigzag(span.origin), to: &bytes)
            Self.append(Self.zigzag(span.depth), to: &bytes)
            previous = span.start
        }
        // Kept for the whole build: sized exactly.
        self.bytes = bytes.exactlySized()
        count = spans.count
    }

    /// Spans in the form `bytes` holds, when they are `count` whole spans naming origins below
    /// `originCount`; `nil` for anything else.
    init?(bytes: ArraySlice<UInt8>, count: Int, originCount: Int) {
        // Each span takes at least four bytes.
        guard count >= 0, count <= bytes.count / 4 else { return nil }
        let valid = bytes.withUnsafeBufferPointer { buffer -> Bool in
            var offset = 0
            for _ in 0..<count {
                for field in 0..<4 {
                    guard let value = Self.checkedRead(buffer, &offset) else { return false }
                    if field == 2 && !(0..<originCount).contains(Self.unzigzag(value)) { return false }
                }
            }
            return offset == buffer.count
        }
        guard valid else { return nil }
        self.bytes = Array(bytes).exactlySized()
        self.count = count
    }

    /// The spans as this form keeps them, for `ProvenanceMap.cacheForm()`.
    var packedBytes: [UInt8] { bytes }

    /// Calls `body` with each span in order.
    func forEach(_ body: (ProvenanceMap.Span) -> Void) {
        forEach(while: { span in
            body(span)
            return true
        })
    }

    /// Calls `body` with each span in order until it returns `false`.
    func forEach(while body: (ProvenanceMap.Span) -> Bool) {
        bytes.withUnsafeBufferPointer { bytes in
            var offset = 0
            var start = 0
            for _ in 0..<count {
                start &+= Self.unzigzag(Self.read(bytes, &offset))
                let end = start &+ Self.unzigzag(Self.read(bytes, &offset))
                let origin = Self.unzigzag(Self.read(bytes, &offset))
                let depth = Self.unzigzag(Self.read(bytes, &offset))
                guard body(ProvenanceMap.Span(start: start, end: end, origin: origin, depth: depth)) else { return }
            }
        }
    }

    private static func zigzag(_ value: Int) -> UInt {
        UInt(bitPattern: (value << 1) ^ (value >> (Int.bitWidth - 1)))
    }

    private static func unzigzag(_ value: UInt) -> Int {
        Int(bitPattern: value >> 1) ^ -Int(bitPattern: value & 1)
    }

    private static func append(_ value: UInt, to bytes: inout [UInt8]) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    /// `read`, for bytes that may end early or hold a number longer than a word: `nil` then.
    private static func checkedRead(_ bytes: UnsafeBufferPointer<UInt8>, _ offset: inout Int) -> UInt? {
        var value: UInt = 0
        var shift: UInt = 0
        while offset < bytes.count, shift < UInt(UInt.bitWidth) {
            let byte = bytes[offset]
            offset += 1
            value |= UInt(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
        return nil
    }

    private static func read(_ bytes: UnsafeBufferPointer<UInt8>, _ offset: inout Int) -> UInt {
        var value: UInt = 0
        var shift: UInt = 0
        while true {
            let byte = bytes[offset]
            offset += 1
            value |= UInt(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
    }
}
