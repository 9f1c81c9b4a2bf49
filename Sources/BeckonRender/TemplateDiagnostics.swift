import BeckonDiagnostics
import BeckonLocalization
import BeckonSite

extension RenderScope {
    /// The finding for a placeholder that names neither a value of this scope nor a locale string.
    /// - Parameter documentation: The page that lists the values, for the fix hint.
    /// The fix names the nearest value when the placeholder looks like a typo of one.
    public func unknownPlaceholder(_ placeholder: Placeholder, documentation: String) -> Diagnostic {
        let known = values.keys.sorted() + ["t.KEY"]
        let nearest = DidYouMean.suggestion(for: placeholder.path, among: known)
        return .error(
            "template.unknown-placeholder",
            "unknown placeholder `{{\(placeholder.path)}}`\(nearest.map { " (did you mean `\($0)`?)" } ?? "")",
            at: placeholder.location,
            fix: nearest.map { "Did you mean `{{\($0)}}`? Change `{{\(placeholder.path)}}` to `{{\($0)}}`." }
                ?? "Use a locale string (`{{t.KEY}}`) or one of the values listed in \(documentation).")
    }
}

extension Catalog {
    /// The finding for a key no locale bundle has, naming the nearest key the source bundle does
    /// have when the key looks like a typo of it (and otherwise saying to add the key).
    public func missingKey(_ key: MessageKey, at location: SourceLocation) -> Diagnostic {
        .error(
            "l10n.missing-key",
            "no locale bundle has the string `\(key)`\(nearestKey(to: key).map { " (did you mean `\($0)`?)" } ?? "")",
            at: location, fix: missingKeyFix(key))
    }
}
