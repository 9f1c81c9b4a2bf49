/// Finds repeats (LZ77 matches) in PNG image data for deflate.
///
/// A base's bands are parsed once, thoroughly (hash chains). A card's changed bands reuse that
/// parse wherever the card still holds the base's bytes, checking each match against the card,
/// and look for matches of their own only where the card drew something: there they try the
/// distances image rows repeat at (the pixel before, the row above and its neighbours, the
/// distance last used).
enum ImageMatches {
    /// A match of the base's parse: `length` bytes at `start` repeat those `distance` bytes before.
    struct Match {
        var start: Int32
        var length: UInt16
        var distance: UInt16

        var end: Int { Int(start) + Int(length) }
    }

    private static let window = DeflateToken.maximumDistance
    private static let hashBits = 15
    /// How many earlier positions with the same hash the base's parse compares.
    private static let chainDepth = 32

    /// The number of equal bytes (at most `limit`) at `first` and `second`.
    @inline(__always)
    static func commonLength(_ data: UnsafePointer<UInt8>, _ first: Int, _ second: Int, limit: Int) -> Int {
        var length = 0
        while length + 8 <= limit {
            let a = UnsafeRawPointer(data + first + length).loadUnaligned(as: UInt64.self)
            let b = UnsafeRawPointer(data + second + length).loadUnaligned(as: UInt64.self)
            if a != b { return length + (UInt64(littleEndian: a) ^ UInt64(littleEndian: b)).trailingZeroBitCount / 8 }
            length += 8
        }
        while length < limit && data[first + length] == data[second + length] { length += 1 }
        return length
    }

    /// The distances rows of `rowLength` bytes of RGB pixels most often repeat at.
    static func rowDistances(_ rowLength: Int) -> [Int] {
        [3, rowLength, rowLength - 3, rowLength + 3, 6].filter { $0 > 0 && $0 <= window }
    }

    /// The matches of a greedy parse of `data[range]`, with the 32 KB before it as history.
    static func parse(_ data: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, rowLength: Int) -> [Match] {
        guard let bytes = data.baseAddress else { return [] }
        let mask = window - 1
        var head = [Int32](repeating: -1, count: 1 << hashBits)
        var previous = [Int32](repeating: -1, count: window)
        let distances = rowDistances(rowLength)
        @inline(__always) func insert(_ position: Int) {
            guard position + 3 <= data.count else { return }
            let hash = hash3(bytes + position)
            previous[position & mask] = head[hash]
            head[hash] = Int32(position)
        }
        for position in max(0, range.lowerBound - window)..<range.lowerBound { insert(position) }
        var matches: [Match] = []
        var position = range.lowerBound
        while position < range.upperBound {
            let limit = min(DeflateToken.maximumLength, range.upperBound - position)
            var best = (length: 0, distance: 0)
            if limit >= DeflateToken.minimumLength {
                for distance in distances where distance <= position {
                    let length = commonLength(bytes, position, position - distance, limit: limit)
                    if length > best.length { best = (length, distance) }
                }
                var candidate = position + 3 <= data.count ? Int(head[hash3(bytes + position)]) : -1
                var depth = chainDepth
                while candidate >= 0, position - candidate <= window, depth > 0, best.length < limit {
                    if bytes[candidate + best.length] == bytes[position + best.length] {
                        let length = commonLength(bytes, position, candidate, limit: limit)
                        if length > best.length { best = (length, position - candidate) }
                    }
                    candidate = Int(previous[candidate & mask])
                    depth -= 1
                }
            }
            guard best.length >= DeflateToken.minimumLength else {
                insert(position)
                position += 1
                continue
            }
            matches.append(Match(start: Int32(position), length: UInt16(best.length), distance: UInt16(best.distance)))
            for covered in position..<(position + best.length) { insert(covered) }
            position += best.length
        }
        return matches
    }

    /// The tokens of `card[range]`: the base's matches (`baseMatches`, those of this range) where
    /// they hold for the card, the base's literals where the card has the base's bytes, and
    /// elsewhere the longest repeat at a row distance, or a literal.
    static func tokens(
        card: UnsafeBufferPointer<UInt8>, base: UnsafeBufferPointer<UInt8>, _ range: Range<Int>,
        baseMatches: [Match], rowLength: Int, into tokens: inout [DeflateToken]
    ) {
        guard let bytes = card.baseAddress, let shared = base.baseAddress else { return }
        let distances = rowDistances(rowLength)
        var next = 0
        var lastDistance = min(rowLength, window)
        var position = range.lowerBound
        while position < range.upperBound {
            while next < baseMatches.count && baseMatches[next].end <= position { next += 1 }
            let limit = min(DeflateToken.maximumLength, range.upperBound - position)
            if next < baseMatches.count && Int(baseMatches[next].start) <= position {
                let match = baseMatches[next]
                let distance = Int(match.distance)
                let length = commonLength(
                    bytes, position, position - distance, limit: min(limit, match.end - position))
                if length >= DeflateToken.minimumLength {
                    tokens.append(.match(length: length, distance: distance))
                    lastDistance = distance
                    position += length
                    continue
                }
            } else if bytes[position] == shared[position] {
                tokens.append(.literal(bytes[position]))
                position += 1
                continue
            }
            var best = (length: 0, distance: 0)
            if limit >= DeflateToken.minimumLength {
                // Most drawn bytes (a photo's) repeat at no distance: a distance is measured only
                // when its first three bytes match, read as one word.
                let here = head3(bytes + position)
                if lastDistance <= position && head3(bytes + position - lastDistance) == here {
                    best = (commonLength(bytes, position, position - lastDistance, limit: limit), lastDistance)
                }
                for distance in distances where distance <= position && best.length < limit {
                    guard head3(bytes + position - distance) == here else { continue }
                    let length = commonLength(bytes, position, position - distance, limit: limit)
                    if length > best.length { best = (length, distance) }
                }
            }
            if best.length >= DeflateToken.minimumLength {
                tokens.append(.match(length: best.length, distance: best.distance))
                lastDistance = best.distance
                position += best.length
            } else {
                tokens.append(.literal(bytes[position]))
                position += 1
            }
        }
    }

    /// The three bytes at `bytes`, as one number.
    @inline(__always)
    private static func head3(_ bytes: UnsafePointer<UInt8>) -> UInt32 {
        UInt32(bytes[0]) | UInt32(bytes[1]) << 8 | UInt32(bytes[2]) << 16
    }

    @inline(__always)
    private static func hash3(_ bytes: UnsafePointer<UInt8>) -> Int {
        Int((head3(bytes) &* 0x9E37_79B1) >> UInt32(32 - hashBits))
    }
}
