import BeckonDiagnostics
import BeckonSite

/// A name the serving rules leave out because no host's rule file can hold it safely, reported
/// as a `serving.unsafe-name` error at the file or the `beckon.yml` line it came from.
public struct ServingRefusal: Sendable, Hashable {
    /// What was refused.
    public enum Subject: Sendable, Hashable {
        /// An output file, by its output path and the site file it comes from (`static/…` or its
        /// template).
        case file(path: String, source: String)
        /// A path a setting gives (`links.path`, `tokens.acceptURL`, `analytics.endpoint`), by
        /// the setting's key, as written.
        case setting(key: String, path: String)
    }

    /// The file or setting refused.
    public var subject: Subject
    /// Why, as the end of a sentence: "its name holds a control character (U+000A)".
    public var reason: String
    /// What to do about it.
    public var fix: String

    /// The rule every refusal is reported under.
    public static let rule: RuleID = "serving.unsafe-name"

    /// The error for this refusal, located with `locations` (where `beckon.yml` wrote each key).
    public func diagnostic(_ locations: ConfigLocations) -> Diagnostic {
        switch subject {
        case .file(let path, let source):
            return .error(
                Self.rule, "`\(ServingName.visible(path))` cannot be written into the serving rules: \(reason)",
                at: SourceLocation(file: source), fix: fix)
        case .setting(let key, let path):
            let section = String(key.prefix { $0 != "." })
            return .error(
                Self.rule,
                "`\(key)` (`\(ServingName.visible(path))`) cannot be written into the serving rules: \(reason)",
                at: locations[key] ?? locations.location(of: section) ?? SourceLocation(file: locations.file),
                fix: fix)
        }
    }
}

/// Thrown where working out one name ends at a refusal.
extension ServingRefusal: Error {}
