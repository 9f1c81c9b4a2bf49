/// Suggests the closest known word for a misspelt one.
public enum DidYouMean {
    /// The candidate nearest to `word` by edit distance, if it is near enough to be a typo.
    public static func suggestion(for word: String, among candidates: some Sequence<String>) -> String? {
        let lowered = word.lowercased()
        var best: (String, Int)?
        for candidate in candidates {
            let distance = editDistance(lowered, candidate.lowercased())
            if distance < (best?.1 ?? .max) { best = (candidate, distance) }
        }
        guard let (candidate, distance) = best else { return nil }
        let allowed = max(2, candidate.count / 3)
        return distance <= allowed ? candidate : nil
    }

    /// A "did you mean `x`?" phrase, or an empty string.
    public static func phrase(for word: String, among candidates: some Sequence<String>) -> String {
        suggestion(for: word, among: candidates).map { " (did you mean `\($0)`?)" } ?? ""
    }

    /// Levenshtein distance over characters.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
