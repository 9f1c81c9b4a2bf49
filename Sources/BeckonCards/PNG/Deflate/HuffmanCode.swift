/// Huffman codes for deflate's dynamic blocks (RFC 1951, 3.2.2): code lengths worked out from how
/// often each symbol occurs, none longer than a limit, and the canonical codes those lengths give.
enum HuffmanCode {
    /// The code length of each symbol (0 for a symbol that does not occur), at most `limit` bits.
    ///
    /// At least two symbols get a code, as zlib does, so every code is complete and even a lone
    /// symbol costs a bit (some decoders reject a code of one symbol). A tree deeper than `limit`
    /// is flattened: the deepest leaves move up and the Kraft sum is made whole again by moving
    /// leaves down from the shallowest levels that have them.
    static func lengths(_ frequencies: [UInt32], limit: Int) -> [UInt8] {
        precondition(frequencies.count <= 1 << limit, "more symbols than codes of \(limit) bits")
        var counts = frequencies
        var used = counts.reduce(0) { $0 + ($1 > 0 ? 1 : 0) }
        for symbol in counts.indices where used < 2 && counts[symbol] == 0 {
            counts[symbol] = 1
            used += 1
        }
        // Leaves by frequency, then symbol, so equal inputs give equal codes.
        let leaves = counts.indices.compactMap { counts[$0] > 0 ? UInt64(counts[$0]) << 16 | UInt64($0) : nil }
            .sorted().map { Int($0 & 0xFFFF) }
        let depths = treeDepths(leaves.map { UInt64(counts[$0]) })
        var perLength = [Int](repeating: 0, count: max(limit, depths.max() ?? 0) + 1)
        for depth in depths { perLength[depth] += 1 }
        if perLength.count > limit + 1 {
            perLength[limit] += perLength[(limit + 1)...].reduce(0, +)
            perLength.removeSubrange((limit + 1)...)
            var kraft = (1...limit).reduce(0) { $0 + perLength[$1] << (limit - $1) }
            while kraft > 1 << limit {
                perLength[limit] -= 1
                for length in stride(from: limit - 1, to: 0, by: -1) where perLength[length] > 0 {
                    perLength[length] -= 1
                    perLength[length + 1] += 2
                    break
                }
                kraft -= 1
            }
        }
        // The rarest symbols get the longest codes.
        var lengths = [UInt8](repeating: 0, count: frequencies.count)
        var next = 0
        for length in stride(from: perLength.count - 1, to: 0, by: -1) {
            for _ in 0..<perLength[length] {
                lengths[leaves[next]] = UInt8(length)
                next += 1
            }
        }
        return lengths
    }

    /// The depth of each leaf in a Huffman tree of `weights` (ascending), built with two queues.
    private static func treeDepths(_ weights: [UInt64]) -> [Int] {
        let leafCount = weights.count
        guard leafCount > 1 else { return [Int](repeating: 1, count: leafCount) }
        // Nodes 0..<leafCount are leaves; the rest are made in order of weight.
        var weight = weights
        var parent = [Int](repeating: -1, count: 2 * leafCount - 1)
        weight.reserveCapacity(2 * leafCount - 1)
        var leaf = 0
        var inner = leafCount
        func lightest() -> Int {
            if leaf < leafCount && (inner >= weight.count || weight[leaf] <= weight[inner]) {
                leaf += 1
                return leaf - 1
            }
            inner += 1
            return inner - 1
        }
        for node in leafCount..<(2 * leafCount - 1) {
            let first = lightest()
            let second = lightest()
            weight.append(weight[first] + weight[second])
            parent[first] = node
            parent[second] = node
        }
        var depth = [Int](repeating: 0, count: 2 * leafCount - 1)
        for node in stride(from: 2 * leafCount - 3, through: 0, by: -1) { depth[node] = depth[parent[node]] + 1 }
        return Array(depth[..<leafCount])
    }

    /// The canonical code of each symbol from its length, bit-reversed so it can be written least
    /// significant bit first.
    static func codes(_ lengths: [UInt8]) -> [UInt16] {
        let longest = Int(lengths.max() ?? 0)
        var perLength = [UInt16](repeating: 0, count: longest + 1)
        for length in lengths where length > 0 { perLength[Int(length)] += 1 }
        var next = [UInt16](repeating: 0, count: longest + 2)
        var code: UInt16 = 0
        for length in stride(from: 1, through: longest, by: 1) {
            code = (code + perLength[length - 1]) << 1
            next[length] = code
        }
        return lengths.map { length in
            guard length > 0 else { return 0 }
            let code = next[Int(length)]
            next[Int(length)] += 1
            return code.bitReversed(length: Int(length))
        }
    }
}

extension UInt16 {
    /// The low `length` bits in reverse order.
    fileprivate func bitReversed(length: Int) -> UInt16 {
        var reversed: UInt16 = 0
        var rest = self
        for _ in 0..<length {
            reversed = reversed << 1 | rest & 1
            rest >>= 1
        }
        return reversed
    }
}
