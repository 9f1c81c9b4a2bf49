import BeckonDiagnostics
import BeckonLocalization
import BeckonSite

extension RenderScope {
    /// The finding for a placeholder that names neither a value of this scope nor a locale string.
    /// - Parameter documentation: The page that lists the values, for the fix hint.
    public func unknownPlaceholder(_ placeholder: Placeholder, documentation: String) -> Diagnostic {
        let known = values.keys.sorted() + ["t.KEY"]
        return .error(
            "template.unknown-placeholder",
            "unknown placeholder `{{\(placeholder.path)}}`\(DidYouMean.phrase(for: placeholder.path, among: known))",
            at: placeholder.location,
            fix: "Use a locale string (`{{t.KEY}}`) or one of the values listed in \(documentation).")
    }
}

extension Catalog {
    /// The finding for a key no locale bundle has, with the nearest key the source bundle does have.
    public func missingKey(_ key: MessageKey, at location: SourceLocation) -> Diagnostic {
        let known = sourceBundle.map { Array($0.entries.keys.map(\.rawValue)) } ?? []
        return .error(
            "l10n.missing-key",
            "no locale bundle has the string `\(key)`\(DidYouMean.phrase(for: key.rawValue, among: known))",
            at: location, fix: "Add `\(key)` to \(sourceBundle?.path ?? "the default locale's bundle").")
    }
}
