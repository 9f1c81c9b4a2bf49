/// One place a finding on rendered output was made: the locale, sample invite and output file.
/// Findings with the same rule, location and message are reported once with all their occurrences.
public struct Occurrence: Hashable, Sendable, Codable, Comparable {
    public var locale: String?
    public var sample: String?
    /// The output file, relative to the output folder.
    public var artifact: String?
    /// The line in the output file.
    public var line: Int?
    /// What was measured there, when it differs between occurrences ("2.42:1 over #db9a1c").
    public var detail: String?

    public init(
        locale: String? = nil, sample: String? = nil, artifact: String? = nil, line: Int? = nil, detail: String? = nil
    ) {
        self.locale = locale
        self.sample = sample
        self.artifact = artifact
        self.line = line
        self.detail = detail
    }

    public static func < (lhs: Occurrence, rhs: Occurrence) -> Bool {
        (lhs.artifact ?? "", lhs.line ?? 0, lhs.locale ?? "", lhs.sample ?? "")
            < (rhs.artifact ?? "", rhs.line ?? 0, rhs.locale ?? "", rhs.sample ?? "")
    }

    /// "in de-DE and ja-JP, samples emoji-name and long-name" for a list of occurrences, each list
    /// sorted.
    public static func summary(_ occurrences: [Occurrence]) -> String {
        let locales = Set(occurrences.compactMap(\.locale)).sorted()
        let samples = Set(occurrences.compactMap(\.sample)).sorted()
        var parts: [String] = []
        if !locales.isEmpty { parts.append("in \(list(locales))") }
        if !samples.isEmpty { parts.append("\(samples.count == 1 ? "sample" : "samples") \(list(samples))") }
        return parts.joined(separator: ", ")
    }

    private static func list(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + items.last!
    }
}

extension Diagnostic {
    /// Makes this diagnostic stand for all of `occurrences` (sorted, without duplicates): the
    /// locale and sample stay only when every occurrence shares them.
    mutating func group(_ all: [Occurrence]) {
        guard all.count > 1 else {
            occurrences = []
            return
        }
        occurrences = all
        let locales = Set(all.map(\.locale))
        let samples = Set(all.map(\.sample))
        locale = locales.count == 1 ? all[0].locale : nil
        sample = samples.count == 1 ? all[0].sample : nil
        artifact = all[0].artifact
        artifactLine = all[0].line
        detail = all[0].detail
    }
}
