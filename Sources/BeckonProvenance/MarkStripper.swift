import Foundation

/// Walks marked UTF-8 once, copying every byte that is not part of a mark and recording spans.
struct MarkStripper {
    private(set) var output: [UInt8] = []
    /// The numbers in `OriginTable` of the origins the spans name by index.
    private(set) var numbers: [UInt32] = []
    private(set) var spans: [ProvenanceMap.Span] = []
    /// Each origin number already read that names an origin, with its index in `numbers`.
    private var numberIndex = NumberIndex()
    /// Open spans: origin index and start offset in `output`.
    private var stack: [(origin: Int, start: Int)] = []
    private var base: (origin: Int, start: Int)?

    mutating func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let address = bytes.baseAddress else { return }
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            // The text between marks is copied whole: every mark starts with the byte F4, found
            // with `memchr` (a byte-by-byte copy was 3 % of a build's CPU).
            var next = bytes.count
            if let found = memchr(address + index, 0xF4, bytes.count - index) {
                next = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - address
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<next]))
            index = next
            guard index < bytes.count else { break }
            guard let scalar = Self.scalar(bytes, at: index), scalar >= OriginMarks.payloadBase else {
                output.append(bytes[index])
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
        output = output.exactlySized()
        numbers = numbers.exactlySized()
        spans = spans.exactlySized()
    }

    private mutating func endBase() {
        if let (origin, start) = base, start < output.count {
            spans.append(ProvenanceMap.Span(start: start, end: output.count, origin: origin, depth: 0))
        }
        base = nil
    }

    /// Reads payload characters up to `payloadEnd`; returns the origin's index in `numbers` (`nil`
    /// when the payload names no origin) and the next index.
    private mutating func readPayload(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (Int?, Int) {
        var index = start
        var number: UInt64 = 0
        var characters = 0
        var isReadable = true
        while index < bytes.count, let scalar = Self.scalar(bytes, at: index) {
            index += 4
            if scalar == OriginMarks.payloadEnd.value { break }
            guard scalar >= OriginMarks.payloadBase, scalar < OriginMarks.open.value else {
                isReadable = false
                break
            }
            // Read on to the payload's end; only one `OriginMarks` wrote (one to three characters
            // of twelve bits) names an origin.
            let value = UInt64(scalar - OriginMarks.payloadBase)
            if value >= 1 << OriginMarks.payloadBits { isReadable = false }
            number = number << OriginMarks.payloadBits | value
            characters += 1
        }
        guard isReadable, (1...3).contains(characters), let number = UInt32(exactly: number) else {
            return (nil, index)
        }
        return (origin(numbered: number), index)
    }

    /// The index in `numbers` of the origin numbered `number` in the table, added when it is new;
    /// `nil` when the table has no such origin.
    private mutating func origin(numbered number: UInt32) -> Int? {
        if let known = numberIndex[number] { return known }
        guard OriginTable.shared.contains(number) else { return nil }
        numberIndex.insert(number, numbers.count)
        numbers.append(number)
        return numbers.count - 1
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
