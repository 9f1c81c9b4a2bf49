/// Which byte ranges of a rendered artifact came from which origin, like a source map.
///
/// Spans nest: a locale string inside a template paragraph inside a layout line. A byte's origin
/// is the innermost span that covers it; layout lines (depth 0) cover what nothing else does.
public struct ProvenanceMap: Hashable, Sendable, Codable {
    /// A range of output bytes and the index of its origin.
    public struct Span: Hashable, Sendable, Codable {
        public var start: Int
        public var end: Int
        public var origin: Int
        /// 0 for a layout line, 1 and more for nested spans.
        public var depth: Int
    }

    public private(set) var origins: [Origin]
    /// Sorted by start, then depth.
    public private(set) var spans: [Span]

    public init(origins: [Origin] = [], spans: [Span] = []) {
        self.origins = origins
        self.spans = spans
    }

    public var isEmpty: Bool { spans.isEmpty }

    /// The origin of the byte at `offset`: the innermost span covering it.
    public func origin(at offset: Int) -> Origin? {
        var best: Span?
        for span in spans {
            if span.start > offset { break }
            guard offset < span.end else { continue }
            if best == nil || span.depth >= best!.depth { best = span }
        }
        return best.map { origins[$0.origin] }
    }

    /// The origins of every span that overlaps `start..<end`, innermost first, each once.
    public func origins(overlapping start: Int, _ end: Int) -> [Origin] {
        var found: [(Int, Origin)] = []
        for span in spans where span.start < max(end, start + 1) && span.end > start {
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
