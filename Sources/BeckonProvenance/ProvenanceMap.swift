import BeckonBase64

/// Which byte ranges of a rendered artifact came from which origin, like a source map.
///
/// Spans nest: a locale string inside a template paragraph inside a layout line. A byte's origin
/// is the innermost span that covers it; layout lines (depth 0) cover what nothing else does.
public struct ProvenanceMap: Hashable, Sendable {
    /// A range of output bytes and the index of its origin.
    public struct Span: Hashable, Sendable {
        public var start: Int
        public var end: Int
        public var origin: Int
        /// 0 for a layout line, 1 and more for nested spans.
        public var depth: Int

        public init(start: Int, end: Int, origin: Int, depth: Int) {
            self.start = start
            self.end = end
            self.origin = origin
            self.depth = depth
        }
    }

    /// The origins' numbers in the process's `OriginTable`.
    let originNumbers: [UInt32]
    /// The spans, packed: every rendered artifact keeps its map while the build checks the site,
    /// and a page has hundreds of spans (`PackedSpans`, about 5 bytes a span instead of 32).
    let packed: PackedSpans

    public init(origins: [Origin] = [], spans: [Span] = []) {
        originNumbers = origins.isEmpty ? [] : OriginTable.shared.numbers(of: origins)
        packed = PackedSpans(spans)
    }

    /// A map whose spans name origins by their numbers in the process's `OriginTable`.
    init(originNumbers: [UInt32], spans: [Span]) {
        self.originNumbers = originNumbers
        packed = PackedSpans(spans)
    }

    /// The origins the spans name by index.
    public var origins: [Origin] { OriginTable.shared.origins(originNumbers) }

    /// Sorted by start, then depth.
    public var spans: [Span] {
        var spans: [Span] = []
        spans.reserveCapacity(packed.count)
        packed.forEach { spans.append($0) }
        return spans
    }

    public var isEmpty: Bool { packed.count == 0 }

    /// The origin of the byte at `offset`: the innermost span covering it.
    public func origin(at offset: Int) -> Origin? {
        var best: Span?
        packed.forEach(while: { span in
            if span.start > offset { return false }
            if offset < span.end, best == nil || span.depth >= best!.depth { best = span }
            return true
        })
        return best.map { OriginTable.shared.origin(originNumbers[$0.origin]) }
    }

    /// The origins of every span that overlaps `start..<end`, innermost first, each once.
    public func origins(overlapping start: Int, _ end: Int) -> [Origin] {
        let origins = self.origins
        var found: [(Int, Origin)] = []
        packed.forEach { span in
            guard span.start < max(end, start + 1) && span.end > start else { return }
            let origin = origins[span.origin]
            if !found.contains(where: { $0.1 == origin }) { found.append((span.depth, origin)) }
        }
        return found.sorted { $0.0 > $1.0 }.map(\.1)
    }

    /// This map with every offset moved by `delta`, for bytes placed after others.
    public func shifted(by delta: Int) -> ProvenanceMap {
        ProvenanceMap(
            origins: origins,
            spans: spans.map { Span(start: $0.start + delta, end: $0.end + delta, origin: $0.origin, depth: $0.depth) })
    }
}

/// Written compactly, since every rendered page carries one: a binary form (`encoded()`) that
/// `Codable` wraps in base64.
extension ProvenanceMap: Codable {
    /// The map as bytes: the origin count, each origin as length-prefixed bytes (`OriginCoding`), then the
    /// spans as little-endian 32-bit integers (start, end, origin, depth).
    public func encoded() -> [UInt8] {
        var bytes = Self.originSection(originNumbers)
        bytes.reserveCapacity(bytes.count + packed.count * 16 + 4)
        Self.append(packed.count, to: &bytes)
        for span in spans {
            for value in [span.start, span.end, span.origin, span.depth] { Self.append(value, to: &bytes) }
        }
        return bytes
    }

    /// Reads what `encoded()` wrote; `nil` for anything else.
    public init?(encoded bytes: [UInt8]) {
        var offset = 0
        guard let origins = Self.readOrigins(bytes, &offset), let spanCount = Self.integer(bytes, &offset),
            spanCount >= 0, offset + spanCount * 16 == bytes.count
        else { return nil }
        var spans: [Span] = []
        spans.reserveCapacity(spanCount)
        for _ in 0..<spanCount {
            guard let start = Self.integer(bytes, &offset), let end = Self.integer(bytes, &offset),
                let origin = Self.integer(bytes, &offset), let depth = Self.integer(bytes, &offset),
                origins.indices.contains(origin)
            else { return nil }
            spans.append(Span(start: start, end: end, origin: origin, depth: depth))
        }
        self.init(origins: origins, spans: spans)
    }

    /// The map as the build's step cache keeps it: the origins as `encoded()` writes them, then
    /// the span count and the spans in the packed form a map holds in memory, so reading it back
    /// copies them instead of decoding each.
    public func cacheForm() -> [UInt8] {
        var bytes = Self.originSection(originNumbers)
        Self.append(packed.count, to: &bytes)
        bytes += packed.packedBytes
        return bytes
    }

    /// Reads what `cacheForm()` wrote; `nil` for anything else.
    public init?(cacheForm bytes: [UInt8]) {
        var offset = 0
        guard let origins = Self.readOrigins(bytes, &offset), let count = Self.integer(bytes, &offset),
            let spans = PackedSpans(bytes: bytes[offset...], count: count, originCount: origins.count)
        else { return nil }
        originNumbers = origins.isEmpty ? [] : OriginTable.shared.numbers(of: origins)
        packed = spans
    }

    /// The keys of the origins of `kind` in a map as `cacheForm()` or `encoded()` wrote it (the
    /// strings a file shows), read straight from the bytes without decoding the origins or the
    /// spans; `nil` for other bytes.
    public static func keys(ofKind kind: Origin.Kind, encoded bytes: [UInt8]) -> [String]? {
        var offset = 0
        guard let originCount = integer(bytes, &offset), originCount >= 0, originCount <= bytes.count else {
            return nil
        }
        var keys: [String] = []
        for _ in 0..<originCount {
            guard let length = integer(bytes, &offset), length >= 0, offset + length <= bytes.count else { return nil }
            if let key = OriginCoding.key(bytes[offset..<(offset + length)], ofKind: kind) { keys.append(key) }
            offset += length
        }
        return keys
    }

    /// The origin count and each origin as length-prefixed bytes (`OriginCoding`).
    private static func originSection(_ numbers: [UInt32]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(4 + numbers.count * 64)
        append(numbers.count, to: &bytes)
        OriginTable.shared.appendEncodings(of: numbers, to: &bytes)
        return bytes
    }

    private static func readOrigins(_ bytes: [UInt8], _ offset: inout Int) -> [Origin]? {
        guard let originCount = integer(bytes, &offset), originCount >= 0, originCount <= bytes.count else {
            return nil
        }
        var origins: [Origin] = []
        origins.reserveCapacity(originCount)
        for _ in 0..<originCount {
            guard let length = integer(bytes, &offset), length >= 0, offset + length <= bytes.count,
                let origin = OriginCoding.shared(Array(bytes[offset..<(offset + length)]))
            else { return nil }
            offset += length
            origins.append(origin)
        }
        return origins
    }

    /// A little-endian 32-bit integer.
    private static func append(_ value: Int, to bytes: inout [UInt8]) {
        let bits = UInt32(bitPattern: Int32(truncatingIfNeeded: value))
        bytes.append(UInt8(bits & 0xFF))
        bytes.append(UInt8(bits >> 8 & 0xFF))
        bytes.append(UInt8(bits >> 16 & 0xFF))
        bytes.append(UInt8(bits >> 24))
    }

    private static func integer(_ bytes: [UInt8], _ offset: inout Int) -> Int? {
        guard offset + 4 <= bytes.count else { return nil }
        defer { offset += 4 }
        return Int(
            Int32(
                bitPattern: UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16
                    | UInt32(bytes[offset + 3]) << 24))
    }

    /// The keys of this map's origins of `kind`.
    public func keys(ofKind kind: Origin.Kind) -> [String] {
        OriginTable.shared.keys(ofKind: kind, originNumbers)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        guard let bytes = Base64.decode(try container.decode(String.self)), let map = ProvenanceMap(encoded: bytes)
        else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "the provenance does not read back")
        }
        self = map
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(Base64.encode(encoded()))
    }
}
