import BeckonDiagnostics
import BeckonMarkdown

/// A Markdown template with its front matter read and its placeholders found.
public struct Template: Sendable, Hashable {
    /// Path from the site root, such as `templates/pages/landing.md`.
    public var path: String
    public var kind: TemplateKind
    /// The layout the body is rendered into (`templates/layouts/NAME.mustache`).
    public var layout: String
    /// The locale key of the page title.
    public var titleKey: String
    /// The locale key of the page description.
    public var descriptionKey: String?
    /// A word limit for the body, overriding `limits` in beckon.yml.
    public var maxWords: Int?
    /// The Markdown after the front matter.
    public var body: String
    /// The body parsed, once for all renders.
    public var document: MarkdownNode
    /// The line of the file the body starts on (1-based).
    public var bodyStartLine: Int
    public var placeholders: [Placeholder]
    /// Where each front matter key was written.
    public var frontMatterLocations: [String: SourceLocation]
    public var source: SourceText

    /// The front matter keys a template may have.
    public static let frontMatterKeys = ["kind", "layout", "title", "description", "maxWords"]

    /// Where a front matter key was written, or the top of the file.
    public func location(of key: String) -> SourceLocation {
        frontMatterLocations[key] ?? SourceLocation(file: path)
    }
}
