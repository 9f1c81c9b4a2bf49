/// Writes deflate blocks with dynamic Huffman codes (RFC 1951, 3.2.7) made for their own tokens.
enum DeflateBlock {
    /// The order the code length code's lengths are sent in.
    private static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    /// Writes `tokens` as one block (not the last of the stream), with codes fitted to them.
    static func write(_ tokens: [DeflateToken], into out: inout DeflateBits) {
        var literalCounts = [UInt32](repeating: 0, count: 286)
        var distanceCounts = [UInt32](repeating: 0, count: 30)
        for token in tokens {
            literalCounts[token.lengthSymbol.symbol] += 1
            if token.isMatch { distanceCounts[token.distanceSymbol.symbol] += 1 }
        }
        literalCounts[256] = 1
        let literalLengths = HuffmanCode.lengths(literalCounts, limit: 15)
        let distanceLengths = HuffmanCode.lengths(distanceCounts, limit: 15)
        let literalCount = max(257, (literalLengths.lastIndex { $0 > 0 } ?? 0) + 1)
        let distanceCount = max(1, (distanceLengths.lastIndex { $0 > 0 } ?? 0) + 1)
        let runs = lengthRuns(Array(literalLengths[..<literalCount] + distanceLengths[..<distanceCount]))
        var runCounts = [UInt32](repeating: 0, count: 19)
        for run in runs { runCounts[Int(run.symbol)] += 1 }
        let runLengths = HuffmanCode.lengths(runCounts, limit: 7)
        let runCodes = HuffmanCode.codes(runLengths)
        let sentRunLengths = max(4, (codeLengthOrder.lastIndex { runLengths[$0] > 0 } ?? 0) + 1)
        let literalCodes = HuffmanCode.codes(literalLengths)
        let distanceCodes = HuffmanCode.codes(distanceLengths)
        // Each symbol's code with its length above it, looked up once per token.
        let literalTable = literalCodes.indices.map { UInt32(literalCodes[$0]) | UInt32(literalLengths[$0]) << 16 }
        let distanceTable = distanceCodes.indices.map { UInt32(distanceCodes[$0]) | UInt32(distanceLengths[$0]) << 16 }
        // 74 header bits, at most 14 bits a code length, 48 bits a token and 15 for the end.
        let bound = 16 + 2 * (literalCount + distanceCount) + 6 * tokens.count + 2
        out.writing(atMost: bound) { sink in
            sink.write(0b100, count: 3)  // not final; dynamic codes
            sink.write(UInt32(literalCount - 257), count: 5)
            sink.write(UInt32(distanceCount - 1), count: 5)
            sink.write(UInt32(sentRunLengths - 4), count: 4)
            for symbol in codeLengthOrder[..<sentRunLengths] { sink.write(UInt32(runLengths[symbol]), count: 3) }
            for run in runs {
                sink.write(UInt32(runCodes[Int(run.symbol)]), count: Int(runLengths[Int(run.symbol)]))
                if run.extraCount > 0 { sink.write(UInt32(run.extra), count: Int(run.extraCount)) }
            }
            literalTable.withUnsafeBufferPointer { literals in
                distanceTable.withUnsafeBufferPointer { distances in
                    for token in tokens {
                        let (symbol, extraCount, extra) = token.lengthSymbol
                        let code = literals[symbol]
                        let length = Int(code >> 16)
                        guard token.isMatch else {
                            sink.write(code & 0xFFFF, count: length)
                            continue
                        }
                        sink.write(code & 0xFFFF | extra << length, count: length + extraCount)
                        let distance = token.distanceSymbol
                        let distanceCode = distances[distance.symbol]
                        let distanceLength = Int(distanceCode >> 16)
                        sink.write(
                            distanceCode & 0xFFFF | distance.extra << distanceLength,
                            count: distanceLength + distance.extraCount)
                    }
                }
            }
            sink.write(literalTable[256] & 0xFFFF, count: Int(literalTable[256] >> 16))
        }
    }

    /// Ends the stream's current byte, as zlib's sync flush does: an empty stored block.
    static func writeEmptyStoredBlock(into out: inout DeflateBits) {
        out.write(0, count: 3)
        out.align()
        out.append(aligned: [0x00, 0x00, 0xFF, 0xFF])
    }

    /// The stream's last block, empty, with the fixed codes (what zlib ends a stream with).
    static let emptyFinalBlock: [UInt8] = [0x03, 0x00]

    /// The code lengths as code length symbols: 0–15 themselves, 16 repeating the previous length
    /// 3–6 times, 17 and 18 runs of 3–10 and 11–138 zeros.
    private static func lengthRuns(_ lengths: [UInt8]) -> [(symbol: UInt8, extraCount: UInt8, extra: UInt8)] {
        var runs: [(symbol: UInt8, extraCount: UInt8, extra: UInt8)] = []
        var index = 0
        while index < lengths.count {
            let length = lengths[index]
            var end = index + 1
            while end < lengths.count && lengths[end] == length { end += 1 }
            var left = end - index
            if length == 0 {
                while left >= 11 {
                    let run = min(left, 138)
                    runs.append((18, 7, UInt8(run - 11)))
                    left -= run
                }
                if left >= 3 {
                    runs.append((17, 3, UInt8(left - 3)))
                    left = 0
                }
            } else {
                runs.append((length, 0, 0))
                left -= 1
                while left >= 3 {
                    let run = min(left, 6)
                    runs.append((16, 2, UInt8(run - 3)))
                    left -= run
                }
            }
            for _ in 0..<left { runs.append((length, 0, 0)) }
            index = end
        }
        return runs
    }
}
