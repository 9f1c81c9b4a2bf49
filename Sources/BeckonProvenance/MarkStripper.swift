/// Walks marked UTF-8 once, copying every byte that is not part of a mark and recording spans.
struct MarkStripper {
    private(set) var output: [UInt8] = []
    private(set) var origins: [Origin] = []
    private(set) var spans: [ProvenanceMap.Span] = []
    private var originIndex: [Origin: Int] = [:]
    /// Each payload already read, as the bytes of its characters, with its origin's index: a page
    /// repeats a few origins many times, and those are found here without decoding.
    private var payloadIndex: [[UInt8]: Int?] = [:]
    /// Open spans: origin index and start offset in `output`.
    private var stack: [(origin: Int, start: Int)] = []
    private var base: (origin: Int, start: Int)?

    mutating func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == 0xF4, let scalar = Self.scalar(bytes, at: index), scalar >= OriginMarks.payloadBase else {
                output.append(byte)
                index += 1
                continue
            }
            switch scalar {
            case OriginMarks.open.value, OriginMarks.base.value:
                let (origin, next) = readPayload(bytes, from: index + 4)
                index = next
                if scalar == OriginMarks.open.value {
                    stack.append((origin ?? -1, output.count))
                } else {
                    endBase()
                    base = origin.map { ($0, output.count) }
                }
            case OriginMarks.close.value:
                index += 4
                if let (origin, start) = stack.popLast(), origin >= 0, start < output.count {
                    spans.append(
                        ProvenanceMap.Span(start: start, end: output.count, origin: origin, depth: stack.count + 1))
                }
            default:
                // Any other plane-16 character is not a mark: keep it.
                output.append(contentsOf: bytes[index..<(index + 4)])
                index += 4
            }
        }
        // Spans left open (a mark cut off by truncation) end with the text.
        while let (origin, start) = stack.popLast() {
            guard origin >= 0, start < output.count else { continue }
            spans.append(ProvenanceMap.Span(start: start, end: output.count, origin: origin, depth: stack.count + 1))
        }
        endBase()
        spans.sort { ($0.start, $0.depth) < ($1.start, $1.depth) }
        // Every rendered page keeps its map for the whole build: sized exactly, not grown by doubling.
        // (The output was reserved at the marked text's size, several times its own.)
        output = Self.exactly(output)
        origins = Self.exactly(origins)
        spans = Self.exactly(spans)
    }

    /// The elements in an array of exactly their count's capacity.
    private static func exactly<Element>(_ elements: [Element]) -> [Element] {
        guard elements.capacity > elements.count else { return elements }
        return [Element](unsafeUninitializedCapacity: elements.count) { buffer, count in
            count = buffer.initialize(fromContentsOf: elements)
        }
    }

    private mutating func endBase() {
        if let (origin, start) = base, start < output.count {
            spans.append(ProvenanceMap.Span(start: start, end: output.count, origin: origin, depth: 0))
        }
        base = nil
    }

    /// Reads payload characters up to `payloadEnd`; returns the interned origin and the next index.
    private mutating func readPayload(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (Int?, Int) {
        var index = start
        var isComplete = false
        while index < bytes.count, let scalar = Self.scalar(bytes, at: index) {
            index += 4
            if scalar == OriginMarks.payloadEnd.value {
                isComplete = true
                break
            }
            guard scalar >= OriginMarks.payloadBase, scalar < OriginMarks.open.value else { break }
        }
        let characters = Array(bytes[start..<index])
        if isComplete, let known = payloadIndex[characters] { return (known, index) }
        let origin = origin(ofPayload: characters)
        if isComplete { payloadIndex[characters] = origin }
        return (origin, index)
    }

    /// The index of the origin a payload's characters name (up to and including the character
    /// that ends it), added to `origins` when it is new.
    private mutating func origin(ofPayload characters: [UInt8]) -> Int? {
        var payload: [UInt8] = []
        payload.reserveCapacity(characters.count / 2)
        characters.withUnsafeBufferPointer { characters in
            var index = 0
            while let scalar = Self.scalar(characters, at: index) {
                index += 4
                guard scalar >= OriginMarks.payloadBase, scalar < OriginMarks.open.value else { break }
                let value = scalar - OriginMarks.payloadBase
                payload.append(UInt8(value >> 8))
                payload.append(UInt8(value & 0xFF))
            }
        }
        if payload.last == 0 { payload.removeLast() }
        guard let origin = OriginCoding.shared(payload) else { return nil }
        if let existing = originIndex[origin] { return existing }
        origins.append(origin)
        originIndex[origin] = origins.count - 1
        return origins.count - 1
    }

    /// The plane-16 scalar whose 4-byte UTF-8 form starts at `index`, if one does.
    private static func scalar(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt32? {
        guard index + 3 < bytes.count, bytes[index] == 0xF4, (0x80...0x8F).contains(bytes[index + 1]) else {
            return nil
        }
        return (UInt32(bytes[index] & 0x07) << 18) | (UInt32(bytes[index + 1] & 0x3F) << 12)
            | (UInt32(bytes[index + 2] & 0x3F) << 6) | UInt32(bytes[index + 3] & 0x3F)
    }
}
