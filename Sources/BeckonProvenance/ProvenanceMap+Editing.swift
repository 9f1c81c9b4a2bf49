extension ProvenanceMap {
    /// For each of `wanted` that this map's spans name: the origin index they use, and its place
    /// in `wanted`.
    public func originIndices(of wanted: [Origin]) -> [(index: Int, wanted: Int)] {
        let numbers = OriginTable.shared.numbers(of: wanted)
        return originNumbers.indices.compactMap { index in
            numbers.firstIndex(of: originNumbers[index]).map { (index, $0) }
        }
    }

    /// This map for the bytes it describes after some ranges of them were replaced.
    /// - Parameters:
    ///   - replacements: Ranges of the old bytes, in order and apart, each with the length of
    ///     what replaced it. An offset at a range's start stays; one at its end or after moves by
    ///     the difference in length. A span that covered a range covers its replacement.
    ///   - newOrigins: For origin indices of this map, the origin their spans name instead; a
    ///     span whose new origin is `nil`, or that became empty, is dropped. The map then names each
    ///     origin once, in the order they were first named, as a map stripped from marks does.
    public func edited(
        replacements: [(range: Range<Int>, count: Int)], newOrigins: [Int: Origin?] = [:]
    ) -> ProvenanceMap {
        var numbers = originNumbers
        var dropped = Set<Int>()
        for (index, origin) in newOrigins {
            if let origin { numbers[index] = OriginTable.shared.number(of: origin) } else { dropped.insert(index) }
        }
        // Two origins that became one (two values written in one field) merge into the first;
        // dropped ones go.
        var kept: [UInt32] = []
        var renumbered: [Int] = Array(repeating: -1, count: numbers.count)
        var firstIndexOfNumber: [UInt32: Int] = [:]
        for (index, number) in numbers.enumerated() where !dropped.contains(index) {
            if let first = firstIndexOfNumber[number] {
                renumbered[index] = first
            } else {
                firstIndexOfNumber[number] = kept.count
                renumbered[index] = kept.count
                kept.append(number)
            }
        }
        // Spans come sorted by start: each start is looked up from the previous one's place among
        // the replacements, each end from its start's.
        var moves: [(end: Int, delta: Int)] = []
        moves.reserveCapacity(replacements.count)
        var delta = 0
        for replacement in replacements {
            delta += replacement.count - replacement.range.count
            moves.append((replacement.range.upperBound, delta))
        }
        func moved(_ offset: Int, from first: Int) -> (offset: Int, index: Int) {
            var index = first
            while index < moves.count, moves[index].end <= offset { index += 1 }
            return (offset + (index == 0 ? 0 : moves[index - 1].delta), index)
        }
        var spans: [Span] = []
        spans.reserveCapacity(packed.count)
        var startIndex = 0
        packed.forEach { span in
            guard !dropped.contains(span.origin) else { return }
            let start = moved(span.start, from: startIndex)
            startIndex = start.index
            let end = span.end == span.start ? start.offset : moved(span.end, from: start.index).offset
            guard end > start.offset || span.end == span.start else { return }
            spans.append(Span(start: start.offset, end: end, origin: renumbered[span.origin], depth: span.depth))
        }
        return ProvenanceMap(originNumbers: kept, spans: spans)
    }
}
