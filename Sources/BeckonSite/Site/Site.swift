import BeckonDiagnostics
import Foundation

/// A loaded site folder: `beckon.yml`, `templates/`, `locales/` and `static/`, read and validated.
public struct Site: Sendable {
    public var root: URL
    public var config: SiteConfig
    /// `beckon.yml` as read, for locating keys.
    public var configSource: SourceText {
        didSet { configLocations = ConfigLocations(configSource) }
    }
    /// Where each setting of `beckon.yml` was written.
    public private(set) var configLocations: ConfigLocations
    /// Templates by kind.
    public var templates: [TemplateKind: Template]
    /// Layouts and partials by name (file name without `.mustache`).
    public var layouts: [String: SourceText]
    /// Open Graph card layouts (`templates/og/NAME.yml`) by name.
    public var cardLayouts: [String: SourceText]
    /// Email templates (`templates/email/NAME.md`), sorted by name.
    public var emailTemplates: [EmailTemplate]
    /// The locale bundles' sources, by locale, for the locales being built.
    public var bundleSources: [LocaleID: SourceText]
    /// The locales this build renders (the configured list, or the `--locale` selection).
    public var buildLocales: [LocaleID]
    public var staticFiles: [StaticFile]

    public init(
        root: URL, config: SiteConfig, configSource: SourceText, templates: [TemplateKind: Template],
        layouts: [String: SourceText], cardLayouts: [String: SourceText], emailTemplates: [EmailTemplate],
        bundleSources: [LocaleID: SourceText], buildLocales: [LocaleID], staticFiles: [StaticFile]
    ) {
        self.root = root
        self.config = config
        self.configSource = configSource
        self.configLocations = ConfigLocations(configSource)
        self.templates = templates
        self.layouts = layouts
        self.cardLayouts = cardLayouts
        self.emailTemplates = emailTemplates
        self.bundleSources = bundleSources
        self.buildLocales = buildLocales
        self.staticFiles = staticFiles
    }

    /// The sorted templates.
    public var orderedTemplates: [Template] {
        templates.keys.sorted().compactMap { templates[$0] }
    }
}
