import BeckonDiagnostics

/// What importing a hand-off file would do: the bundles it changes and the problems it found.
public struct HandoffImportPlan: Sendable {
    /// The imported file, for quoting its lines in diagnostics; `nil` when it could not be decoded.
    public var file: SourceText?
    /// The hand-off format the file was read as, once recognised; `nil` for a review file.
    public var format: HandoffFormat?
    /// The bundles to write, in locale order. Empty when nothing changes or when there are errors.
    public var changes: [BundleChange]
    /// Problems in the file, located in it. Any error means no bundle may be written.
    public var diagnostics: [Diagnostic]
    /// How many translations and review decisions the file holds (units with a target or a
    /// decision, in every locale).
    public var translationCount: Int

    /// Creates a plan; `HandoffImport.plan` makes them.
    public init(
        file: SourceText?, format: HandoffFormat?, changes: [BundleChange], diagnostics: [Diagnostic],
        translationCount: Int
    ) {
        self.file = file
        self.format = format
        self.changes = changes
        self.diagnostics = diagnostics
        self.translationCount = translationCount
    }

    /// Whether the import found an error (and so must not write).
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}
