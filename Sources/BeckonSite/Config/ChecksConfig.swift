import BeckonDiagnostics
import InviteModel

/// `checks:` in beckon.yml: extra hosts links may point at, and per-rule severities.
public struct ChecksConfig: Sendable, Hashable {
    /// A severity a rule can be set to.
    public enum Level: String, Sendable, Hashable, CaseIterable {
        case error, warning, off
    }

    /// Hosts https links may point at besides the site's own, its link, support and store hosts.
    public var allowedHosts: [String] = []
    /// Severity per rule id, with where each was written.
    public var severity: [(rule: String, level: Level, location: SourceLocation)] = []

    static let keys = ["allowedHosts", "severity"]

    public init() {}

    init(_ mapping: YAMLReader.Mapping) {
        allowedHosts = (mapping.strings("allowedHosts") ?? []).map { $0.lowercased() }
        for host in allowedHosts where !LinkPolicy.isValidHost(host) {
            mapping.reader.invalid(
                "`\(host)` in `checks.allowedHosts` is not a host name", at: mapping.location(of: "allowedHosts"),
                fix: "Write host names only, such as `help.example.com`.")
        }
        guard let value = mapping.value("severity") else { return }
        for entry in value.entries ?? [] {
            guard let text = mapping.reader.string(entry.value, named: "checks.severity.\(entry.key)") else { continue }
            guard let level = Level(rawValue: text) else {
                mapping.reader.invalid(
                    "`\(text)` is not a severity", at: entry.value.location, fix: "Write `error`, `warning` or `off`.")
                continue
            }
            severity.append((entry.key, level, entry.keyLocation))
        }
    }

    public static func == (lhs: ChecksConfig, rhs: ChecksConfig) -> Bool {
        lhs.allowedHosts == rhs.allowedHosts && lhs.severity.map(\.rule) == rhs.severity.map(\.rule)
            && lhs.severity.map(\.level) == rhs.severity.map(\.level)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(allowedHosts)
        hasher.combine(severity.map(\.rule))
    }
}
