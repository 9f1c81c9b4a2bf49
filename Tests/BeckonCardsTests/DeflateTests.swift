import BeckonTestSupport
import CZlib
import Testing

@testable import BeckonCards

/// The deflate writer behind the cards' changed bands, checked against zlib's inflate and the
/// tables of RFC 1951.
@Suite struct DeflateTests {
    /// RFC 1951, 3.2.5: the first length of each length symbol 257–285, and its extra bits.
    static let lengthBases = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227,
        258,
    ]
    static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    /// The first distance of each distance symbol 0–29, and its extra bits.
    static let distanceBases = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097,
        6145, 8193, 12289, 16385, 24577,
    ]
    static let distanceExtra = [
        0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
    ]

    @Test func everyLengthAndDistanceGetsTheSymbolOfTheRFC() {
        var wrong: [String] = []
        for length in 3...258 {
            let (symbol, extraCount, extra) = DeflateToken.match(length: length, distance: 1).lengthSymbol
            let index = Self.lengthBases.lastIndex { $0 <= length }!
            if symbol != 257 + index || extraCount != Self.lengthExtra[index]
                || Int(extra) != length - Self.lengthBases[index]
            {
                wrong.append("length \(length)")
            }
        }
        for distance in 1...32768 {
            let (symbol, extraCount, extra) = DeflateToken.match(length: 3, distance: distance).distanceSymbol
            let index = Self.distanceBases.lastIndex { $0 <= distance }!
            if symbol != index || extraCount != Self.distanceExtra[index]
                || Int(extra) != distance - Self.distanceBases[index]
            {
                wrong.append("distance \(distance)")
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
    }

    /// Frequencies that make a Huffman tree far deeper than 15 (Fibonacci weights on 40 of 286
    /// symbols) or than 7 (Fibonacci weights on all 19 symbols of the code length code), sparse
    /// ones, a single symbol, and none at all (a block without matches has no distances).
    static func frequencies(_ seed: UInt64) -> [UInt32] {
        var random = SeededGenerator(seed: seed)
        var fibonacci: [UInt32] = [1, 1]
        while fibonacci.count < 40 { fibonacci.append(fibonacci[fibonacci.count - 1] + fibonacci[fibonacci.count - 2]) }
        switch seed % 6 {
        case 0: return (0..<286).map { $0 < 40 ? fibonacci[$0] : 0 }.shuffled(using: &random)
        case 1:
            return (0..<30).map { _ in Bool.random(using: &random) ? UInt32.random(in: 1...1000, using: &random) : 0 }
        case 2: return (0..<19).map { $0 == Int(seed % 19) ? 7 : 0 }
        case 3: return Array(fibonacci[..<19]).shuffled(using: &random)
        case 4: return [UInt32](repeating: 0, count: seed % 12 < 6 ? 19 : 30)
        default:
            return (0..<286).map { _ in
                UInt32.random(in: 0...3, using: &random) == 0 ? 0 : UInt32.random(in: 1...1 << 20, using: &random)
            }
        }
    }

    @Test(arguments: 0..<24 as Range<UInt64>)
    func codeLengthsStayWithinTheLimitAndMakeACompleteCode(seed: UInt64) {
        let frequencies = Self.frequencies(seed)
        // Deflate limits codes to 15 bits, and the code length code (19 symbols) to 7.
        for limit in frequencies.count <= 19 ? [7, 15] : [15] {
            let lengths = HuffmanCode.lengths(frequencies, limit: limit)
            if seed % 6 == 3 {
                // 19 Fibonacci weights make a tree 18 deep: the code must have been flattened.
                #expect(lengths.max() == UInt8(limit))
            }
            let coded = lengths.indices.filter { lengths[$0] > 0 }
            #expect(coded.count >= 2)
            #expect(lengths.allSatisfy { $0 <= limit })
            #expect(frequencies.indices.allSatisfy { frequencies[$0] == 0 || lengths[$0] > 0 })
            // Kraft: a complete prefix code fills the code space exactly.
            #expect(coded.reduce(0) { $0 + 1 << (limit - Int(lengths[$1])) } == 1 << limit)
            // A rarer symbol never gets a shorter code.
            for a in coded {
                for b in coded where frequencies[a] < frequencies[b] { #expect(lengths[a] >= lengths[b]) }
            }
        }
    }

    /// Image-like rows: runs, repeats of the row above shifted, and noise, `rowLength` bytes each.
    static func image(rows: Int, rowLength: Int, seed: UInt64) -> [UInt8] {
        var random = SeededGenerator(seed: seed)
        var data = [UInt8](repeating: 0, count: rows * rowLength)
        for index in data.indices {
            switch UInt8.random(in: 0..<10, using: &random) {
            case 0...3 where index >= rowLength - 3: data[index] = data[index - rowLength + 3]
            case 4...6 where index >= 3: data[index] = data[index - 3]
            default: data[index] = UInt8.random(in: 0...255, using: &random)
            }
        }
        return data
    }

    @Test(arguments: 0..<8 as Range<UInt64>)
    func blocksInflateToTheirBytes(seed: UInt64) throws {
        let rowLength = 301
        let data = Self.image(rows: 40, rowLength: rowLength, seed: seed)
        let unlike = [UInt8](repeating: 0, count: data.count)
        var out = DeflateBits(after: [])
        var tokens: [DeflateToken] = []
        // Blocks of matches and literals, the second ending the byte as a sync flush does, then a
        // block of literals only (no distance is coded, so its distance counts are all zero), a
        // block of a single byte, and a last one whose matches reach back across those two.
        let blocks: [(range: Range<Int>, literalsOnly: Bool)] = [
            (0..<3000, false), (3000..<7000, false), (7000..<8000, true), (8000..<8001, false),
            (8001..<data.count, false),
        ]
        for (range, literalsOnly) in blocks {
            tokens.removeAll()
            if literalsOnly {
                tokens = data[range].map(DeflateToken.literal)
            } else {
                data.withUnsafeBufferPointer { card in
                    unlike.withUnsafeBufferPointer { base in
                        ImageMatches.tokens(
                            card: card, base: base, range, baseMatches: [], rowLength: rowLength, into: &tokens)
                    }
                }
            }
            #expect(tokens.contains { $0.isMatch } == (range.count > 1 && !literalsOnly))
            #expect(range.count > 1 || tokens == [.literal(data[range.lowerBound])])
            DeflateBlock.write(tokens, into: &out)
            if range.lowerBound == 3000 { DeflateBlock.writeEmptyStoredBlock(into: &out) }
        }
        DeflateBlock.writeEmptyStoredBlock(into: &out)
        out.append(aligned: DeflateBlock.emptyFinalBlock)
        #expect(try Self.inflate(out.bytes, count: data.count) == data)
    }

    @Test(arguments: 0..<4 as Range<UInt64>)
    func aBaseParseHoldsOnlyTrueRepeats(seed: UInt64) {
        let rowLength = 1201
        let data = Self.image(rows: 60, rowLength: rowLength, seed: seed)
        let range = 40_000..<(40_000 + 16 * rowLength)
        let matches = data.withUnsafeBufferPointer { ImageMatches.parse($0, range, rowLength: rowLength) }
        #expect(!matches.isEmpty)
        var end = range.lowerBound
        for match in matches {
            let start = Int(match.start)
            let distance = Int(match.distance)
            #expect(start >= end && match.end <= range.upperBound)
            #expect((3...258).contains(Int(match.length)) && (1...32768).contains(distance))
            #expect(data[start..<match.end].elementsEqual(data[(start - distance)..<(match.end - distance)]))
            end = match.end
        }
    }

    /// Raw deflate data inflated by zlib, which must end exactly at its last block.
    static func inflate(_ compressed: [UInt8], count: Int) throws -> [UInt8] {
        var stream = z_stream()
        #expect(inflateInit2_(&stream, -15, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK)
        defer { inflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: count + 16)
        var input = compressed
        let status = input.withUnsafeMutableBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                stream.next_in = source.baseAddress
                stream.avail_in = uInt(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = uInt(target.count)
                return CZlib.inflate(&stream, Z_FINISH)
            }
        }
        #expect(status == Z_STREAM_END)
        #expect(stream.avail_in == 0)
        return Array(output[..<Int(stream.total_out)])
    }
}
