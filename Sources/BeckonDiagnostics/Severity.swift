/// How serious a diagnostic is. Errors fail the build; warnings fail it only with `--strict`.
public enum Severity: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    case error
    case warning
    case note

    private var rank: Int {
        switch self {
        case .error: 0
        case .warning: 1
        case .note: 2
        }
    }

    /// Errors sort before warnings, warnings before notes.
    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}
