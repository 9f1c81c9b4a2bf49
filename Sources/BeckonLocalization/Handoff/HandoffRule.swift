import BeckonDiagnostics

/// The rules an import reports under. An import with any error changes no bundle.
///
/// Problems with a translation itself use the rules the bundles use: `l10n.icu-syntax` and
/// `l10n.private-use`; a file that is not a regular file is `input.not-a-file`, an unreadable one
/// `input.invalid-utf8` or `input.too-large`; a translation the site loader would refuse in its
/// bundle is `input.too-large` or `input.reserved-character`, as the loader reports it.
public enum HandoffRule {
    /// The file is neither XLIFF nor a String Catalog.
    public static let format: RuleID = "handoff.format"
    /// The XLIFF is not well-formed XML, or lacks what XLIFF requires (`<file>`, unit ids), or uses
    /// an entity reference.
    public static let xml: RuleID = "handoff.xml"
    /// The String Catalog is not valid JSON, or not shaped like a String Catalog.
    public static let json: RuleID = "handoff.json"
    /// The file's source language is not the site's default locale, or its target is not one of the
    /// site's other locales. In a String Catalog, a language the site is not built in is a warning
    /// and its translations are skipped.
    public static let locale: RuleID = "handoff.locale"
    /// A translated unit names a key the source bundle does not have.
    public static let unknownKey: RuleID = "handoff.unknown-key"
    /// Two units translate the same key into the same locale.
    public static let duplicateKey: RuleID = "handoff.duplicate-key"
    /// A translation uses other arguments than its source.
    public static let argumentMismatch: RuleID = "handoff.argument-mismatch"
    /// A String Catalog value has a format specifier the string cannot have (`%d` where the source
    /// has no count, `%3$@` where it has two arguments).
    public static let placeholder: RuleID = "handoff.placeholder"
    /// A String Catalog value uses what Beckon strings cannot express: device variations,
    /// substitutions, or plural variations where the source has none.
    public static let unsupported: RuleID = "handoff.unsupported"
    /// A warning: the source text changed after the file was exported, so the imported translation
    /// stays stale.
    public static let sourceChanged: RuleID = "handoff.source-changed"
    /// A warning: a reviewer's decision concerns a translation the bundle no longer holds (it
    /// changed after the review page was built) or does not have; the decision is skipped.
    public static let reviewOutdated: RuleID = "handoff.review-outdated"
    /// The bundle's YAML could not be edited in place without touching other strings.
    public static let unsafeEdit: RuleID = "handoff.unsafe-edit"
    /// A bundle could not be written, changed on disk while the import ran, or the journal of an
    /// interrupted import is not one Beckon wrote.
    public static let write: RuleID = "handoff.write"
}
