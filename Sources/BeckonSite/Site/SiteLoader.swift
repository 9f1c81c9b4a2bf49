import BeckonDiagnostics
import Foundation

/// Loads a site folder, reporting every problem it finds as a located diagnostic.
public struct SiteLoader: Sendable {
    /// The configuration file's name.
    public static let configFile = "beckon.yml"

    public let reader: InputReader
    /// The environment the build's date is read from (`SOURCE_DATE_EPOCH`, `BuildDate`).
    public let environment: [String: String]

    /// A loader that reads the build's date from the process's environment.
    public init(root: URL, sources: SourceStore) {
        self.init(root: root, sources: sources, environment: ProcessInfo.processInfo.environment)
    }

    public init(root: URL, sources: SourceStore, environment: [String: String]) {
        self.reader = InputReader(root: root, sources: sources)
        self.environment = environment
    }

    /// The configuration read from parsed beckon.yml, its samples dated by the build's date.
    private func config(
        _ root: YAMLValue, _ source: SourceText, reader yamlReader: YAMLReader
    ) -> (
        SiteConfig?, [Diagnostic]
    ) {
        let (date, dateDiagnostics) = BuildDate.resolve(environment, at: Self.locate(key: "samples", in: source))
        return (SiteConfig(root, reader: yamlReader, samplesCreatedAt: date), dateDiagnostics)
    }

    /// Reads only beckon.yml, for commands that need the configuration but not the templates.
    public func loadConfig() -> (SiteConfig?, [Diagnostic]) {
        let configSource: SourceText
        switch reader.readText(
            Self.configFile, missingRule: "site.missing-config",
            missingFix: "Run Beckon in a site folder, or pass `--site DIR`.")
        {
        case .success(let source): configSource = source
        case .failure(let diagnostic): return (nil, [diagnostic])
        }
        let (root, yamlDiagnostics) = YAMLParser.parse(configSource)
        guard let root else { return (nil, yamlDiagnostics) }
        let yamlReader = YAMLReader(family: "config")
        let (config, dateDiagnostics) = self.config(root, configSource, reader: yamlReader)
        let diagnostics = yamlDiagnostics + yamlReader.diagnostics + dateDiagnostics
        return (diagnostics.contains { $0.severity == .error } ? nil : config, diagnostics)
    }

    /// Loads the site; `nil` when a problem makes it impossible to go on.
    /// - Parameter locales: Restricts the build to these locales (empty: all listed).
    public func load(locales selection: [LocaleID] = []) -> (Site?, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: reader.root.path, isDirectory: &isDirectory), isDirectory.boolValue
        else {
            return (
                nil,
                [
                    .error(
                        "site.not-found", "there is no site folder at `\(reader.root.path)`", at: nil,
                        fix: "Pass the folder that holds beckon.yml with `--site DIR`.")
                ]
            )
        }
        let configSource: SourceText
        switch reader.readText(
            Self.configFile, missingRule: "site.missing-config",
            missingFix:
                "Run Beckon in a site folder, pass `--site DIR`, or create beckon.yml (see docs/site-format.md).")
        {
        case .success(let source): configSource = source
        case .failure(let diagnostic): return (nil, [diagnostic])
        }
        let (root, yamlDiagnostics) = YAMLParser.parse(configSource)
        diagnostics += yamlDiagnostics
        guard let root else { return (nil, diagnostics) }
        let yamlReader = YAMLReader(family: "config")
        let (config, dateDiagnostics) = self.config(root, configSource, reader: yamlReader)
        diagnostics += yamlReader.diagnostics + dateDiagnostics
        guard let config, !diagnostics.contains(where: { $0.severity == .error }) else { return (nil, diagnostics) }

        let buildLocales = selectLocales(selection, config: config, diagnostics: &diagnostics)
        var emailTemplates: [EmailTemplate] = []
        let emailFiles = files(under: "templates/email", extension: "md")
        for path in emailFiles {
            switch reader.readText(path) {
            case .success(let source):
                let (template, templateDiagnostics) = EmailTemplateParser.parse(source)
                diagnostics += templateDiagnostics
                if let template { emailTemplates.append(template) }
            case .failure(let diagnostic): diagnostics.append(diagnostic)
            }
        }
        // `beckon serve` sends one email per notice: a second template naming it would never go.
        var noticeTemplates: [EmailTemplate.Notice: String] = [:]
        for template in emailTemplates {
            guard let notice = template.notify else { continue }
            if let first = noticeTemplates[notice] {
                diagnostics.append(
                    .error(
                        "template.notify-duplicate", "`\(first)` already has `notify: \(notice.rawValue)`",
                        at: template.location(of: "notify"),
                        fix: "Keep `notify: \(notice.rawValue)` in one email template; remove it here."))
            } else {
                noticeTemplates[notice] = template.path
            }
        }
        let templates = loadTemplates(config, hasEmails: !emailFiles.isEmpty, &diagnostics)
        let layouts = loadLayouts(&diagnostics)
        var cardLayouts: [String: SourceText] = [:]
        for path in files(under: "templates/og", extension: "yml") {
            switch reader.readText(path) {
            case .success(let source):
                cardLayouts[String(path.dropFirst("templates/og/".count).dropLast(".yml".count))] = source
            case .failure(let diagnostic): diagnostics.append(diagnostic)
            }
        }
        if !emailTemplates.isEmpty, config.email == nil {
            diagnostics.append(
                .error(
                    "config.missing-key", "the site has email templates but no `email` section",
                    at: SourceLocation(file: Self.configFile),
                    fix: "Add `email:` with at least `from: invites@example.com` (see docs/site-format.md)."))
        }
        checkLayoutsExist(templates, layouts, &diagnostics)
        let bundles = loadBundles(config, buildLocales, &diagnostics)
        let staticFiles = listStaticFiles(&diagnostics)
        checkStaticReferences(config, configSource, staticFiles, &diagnostics)

        let site = Site(
            root: reader.root, config: config, configSource: configSource, templates: templates, layouts: layouts,
            cardLayouts: cardLayouts, emailTemplates: emailTemplates,
            bundleSources: bundles, buildLocales: buildLocales, staticFiles: staticFiles)
        return (site, diagnostics)
    }

    private func selectLocales(
        _ selection: [LocaleID], config: SiteConfig, diagnostics: inout [Diagnostic]
    ) -> [LocaleID] {
        guard !selection.isEmpty else { return config.locales.list }
        for locale in selection where !config.locales.list.contains(locale) {
            diagnostics.append(
                .error(
                    "build.unknown-locale", "`--locale \(locale)` is not one of the site's locales",
                    at: SourceLocation(file: Self.configFile),
                    fix:
                        "Use one of \(config.locales.list.map(\.rawValue).joined(separator: ", ")), or add it to `locales.list`."
                ))
        }
        // The default locale is always loaded: every other locale falls back to it.
        return config.locales.list.filter { selection.contains($0) || $0 == config.locales.defaultLocale }
    }

    /// The page templates: one for each kind `pages` declares. Without `pages`, the standard four,
    /// or none at all for a site of emails or share messages that has no page template.
    private func loadTemplates(
        _ config: SiteConfig, hasEmails: Bool, _ diagnostics: inout [Diagnostic]
    ) -> [TemplateKind: Template] {
        var templates: [TemplateKind: Template] = [:]
        for path in files(under: "templates", extension: "md") {
            let source: SourceText
            switch reader.readText(path) {
            case .success(let text): source = text
            case .failure(let diagnostic):
                diagnostics.append(diagnostic)
                continue
            }
            let (template, templateDiagnostics) = TemplateParser.parse(source)
            diagnostics += templateDiagnostics
            guard let template else { continue }
            if let existing = templates[template.kind] {
                var duplicate = Diagnostic.error(
                    "template.duplicate-kind", "a second template of kind `\(template.kind.rawValue)`",
                    at: template.location(of: "kind"), fix: "Keep one `\(template.kind.rawValue)` template per site.")
                duplicate.notes = ["the first is \(existing.path)"]
                diagnostics.append(duplicate)
                continue
            }
            templates[template.kind] = template
        }
        let declared = config.pages
        let required =
            declared ?? (templates.isEmpty && (hasEmails || config.share != nil) ? [] : TemplateKind.standard)
        for kind in required where templates[kind] == nil {
            diagnostics.append(
                .error(
                    "template.missing", "the site has no template of kind `\(kind.rawValue)`",
                    at: config.pagesLocation ?? SourceLocation(file: "templates/pages/\(kind.rawValue).md"),
                    fix: declared == nil
                        ? "Create templates/pages/\(kind.rawValue).md with `kind: \(kind.rawValue)` in its front matter, or list the pages the site has in `pages:`."
                        : "Create templates/pages/\(kind.rawValue).md with `kind: \(kind.rawValue)` in its front matter, or remove `\(kind.rawValue)` from `pages`."
                ))
        }
        for template in templates.values.sorted(by: { $0.path < $1.path }) where !required.contains(template.kind) {
            diagnostics.append(
                .error(
                    "template.undeclared-page",
                    "`\(template.path)` is a page of kind `\(template.kind.rawValue)`, which `pages` does not list",
                    at: template.location(of: "kind"),
                    fix: "Add `\(template.kind.rawValue)` to `pages` in beckon.yml, or delete the template."))
        }
        return templates.filter { required.contains($0.key) }
    }

    private func loadLayouts(_ diagnostics: inout [Diagnostic]) -> [String: SourceText] {
        var layouts: [String: SourceText] = [:]
        for path in files(under: "templates/layouts", extension: "mustache") {
            switch reader.readText(path) {
            case .success(let source):
                let name = String(path.dropFirst("templates/layouts/".count).dropLast(".mustache".count))
                layouts[name] = source
            case .failure(let diagnostic): diagnostics.append(diagnostic)
            }
        }
        return layouts
    }

    private func checkLayoutsExist(
        _ templates: [TemplateKind: Template], _ layouts: [String: SourceText], _ diagnostics: inout [Diagnostic]
    ) {
        for template in templates.values.sorted(by: { $0.path < $1.path }) where layouts[template.layout] == nil {
            let location =
                template.frontMatterLocations["layout"] ?? template.frontMatterLocations["kind"]
                ?? SourceLocation(file: template.path)
            diagnostics.append(
                .error(
                    "template.missing-layout",
                    "layout `\(template.layout)` does not exist (looked for templates/layouts/\(template.layout).mustache)\(DidYouMean.phrase(for: template.layout, among: layouts.keys))",
                    at: location,
                    fix: "Create templates/layouts/\(template.layout).mustache or name an existing layout."))
        }
    }

    private func loadBundles(
        _ config: SiteConfig, _ locales: [LocaleID], _ diagnostics: inout [Diagnostic]
    ) -> [LocaleID: SourceText] {
        var bundles: [LocaleID: SourceText] = [:]
        for locale in locales {
            let reference = config.locales.listLocations[locale] ?? SourceLocation(file: Self.configFile)
            switch reader.readText(
                "locales/\(locale).yml", reference: reference, missingRule: "l10n.missing-bundle",
                missingFix:
                    "Create locales/\(locale).yml (copy locales/\(config.locales.defaultLocale).yml and translate it), or remove `\(locale)` from `locales.list`."
            )
            {
            case .success(let source): bundles[locale] = source
            case .failure(let diagnostic): diagnostics.append(diagnostic)
            }
        }
        for path in files(under: "locales", extension: "yml") {
            let name = String(path.dropFirst("locales/".count).dropLast(".yml".count))
            if LocaleID(name).map(config.locales.list.contains) != true {
                diagnostics.append(
                    .warning(
                        "l10n.unused-bundle", "`\(path)` is not one of the site's locales, so it is not built",
                        at: SourceLocation(file: path),
                        fix: "Add `\(name)` to `locales.list` in beckon.yml, or delete the file."))
            }
        }
        return bundles
    }

    private func listStaticFiles(_ diagnostics: inout [Diagnostic]) -> [StaticFile] {
        var result: [StaticFile] = []
        for path in Self.namesThatAreNotUTF8(under: reader.url("static")) {
            diagnostics.append(
                .warning(
                    "input.file-name",
                    "a file under static/ has a name that is not UTF-8 (`\(path)`), so it is not copied",
                    at: SourceLocation(file: "static"),
                    fix: "Rename the file; URLs and the manifest name files in UTF-8."))
        }
        for path in files(under: "static", extension: nil) {
            let url = reader.url(path)
            var status = stat()
            let found = lstat(url.path, &status) == 0
            if found, status.st_mode & S_IFMT == S_IFLNK {
                diagnostics.append(
                    .warning(
                        "input.symlink", "`\(path)` is a symbolic link and is not copied",
                        at: SourceLocation(file: path),
                        fix: "Copy the file into static/ instead of linking to it."))
                continue
            }
            let size = found ? Int(status.st_size) : 0
            if size > InputReader.staticSizeLimit {
                diagnostics.append(
                    .error(
                        "input.too-large",
                        "`\(path)` is \(InputReader.megabytes(size)), over the \(InputReader.megabytes(InputReader.staticSizeLimit)) limit for static files",
                        at: SourceLocation(file: path), fix: "Compress the file or serve it from elsewhere."))
                continue
            }
            result.append(StaticFile(path: String(path.dropFirst("static/".count)), sitePath: path, size: size))
        }
        return result
    }

    private func checkStaticReferences(
        _ config: SiteConfig, _ source: SourceText, _ files: [StaticFile], _ diagnostics: inout [Diagnostic]
    ) {
        let present = Set(files.map(\.path))
        let references =
            [
                ("theme.logo", "logo", config.theme.logo?.path), ("theme.ogImage", "ogImage", config.theme.ogImage),
                ("email.logo.path", "email", config.email?.logo?.path),
            ]
            + config.samples.map { ("samples[].avatar of `\($0.id)`", "avatar", $0.avatar) }
        for (name, key, path) in references {
            guard let path, !present.contains(path) else { continue }
            diagnostics.append(
                .error(
                    "config.missing-file", "`\(name)` names static/\(path), which does not exist",
                    at: Self.locate(key: key, in: source), fix: "Add the file under static/, or fix the path."))
        }
    }

    /// The first line where `key:` is written, for keys whose value was already validated.
    public static func locate(key: String, in source: SourceText) -> SourceLocation {
        for number in 1...max(1, source.lineCount) {
            guard let line = source.line(number) else { continue }
            let trimmed = line.drop { $0 == " " }
            if trimmed.hasPrefix("\(key):") {
                return SourceLocation(file: source.path, line: number, column: line.count - trimmed.count + 1)
            }
        }
        return SourceLocation(file: source.path)
    }

    /// What a path is (`S_IFREG`, `S_IFLNK`, …) without following a link, or `nil` when it is gone:
    /// one `lstat`, where Foundation's resource values also look up the owner's and group's names.
    static func fileType(_ url: URL) -> mode_t? {
        var status = stat()
        return lstat(url.path, &status) == 0 ? status.st_mode & S_IFMT : nil
    }

    /// Site-relative paths of regular files (and symbolic links) below a folder, sorted; `nil`
    /// extension means any.
    func files(under folder: String, extension ext: String?) -> [String] {
        let base = reader.url(folder)
        guard
            let enumerator = FileManager.default.enumerator(
                at: base, includingPropertiesForKeys: [],
                options: [.skipsPackageDescendants])
        else { return [] }
        var paths: [String] = []
        let prefixLength = base.standardizedFileURL.path.count + 1
        for case let url as URL in enumerator {
            guard let type = Self.fileType(url), type == S_IFREG || type == S_IFLNK else { continue }
            let name = url.lastPathComponent
            if name.hasPrefix(".") { continue }
            if let ext, url.pathExtension != ext { continue }
            let relative = String(url.standardizedFileURL.path.dropFirst(prefixLength))
            if folder == "templates", relative.hasPrefix("layouts/") || relative.hasPrefix("email/") { continue }
            paths.append("\(folder)/\(relative)")
        }
        return paths.sorted()
    }

    /// The paths (shown with invalid bytes replaced) of files below `folder` whose names are not
    /// valid UTF-8, which Foundation's directory listing leaves out without a word.
    static func namesThatAreNotUTF8(under folder: URL) -> [String] {
        var found: [String] = []
        var pending: [(path: [UInt8], shown: String)] = [(Array(folder.path.utf8), "static")]
        while let (path, shown) = pending.popLast() {
            guard let directory = opendir(String(decoding: path, as: UTF8.self)) else { continue }
            defer { closedir(directory) }
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    Array(raw.prefix { $0 != 0 })
                }
                guard name != [0x2E], name != [0x2E, 0x2E] else { continue }
                let childShown = shown + "/" + String(decoding: name, as: UTF8.self)
                if String(validating: name, as: UTF8.self) == nil {
                    found.append(childShown)
                } else if entry.pointee.d_type == DT_DIR {
                    pending.append((path + [0x2F] + name, childShown))
                }
            }
        }
        return found.sorted()
    }
}
