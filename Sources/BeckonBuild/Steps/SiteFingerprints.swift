import BeckonDiagnostics
import BeckonEngine
import BeckonLocalization
import BeckonSite
import Foundation

/// The fingerprints of a loaded site's parts — each file, each locale's fallback chain — and of the
/// run's options and environment, taken once per run. The render, prepare and check steps record
/// the parts they read as inputs of kind `site`, which the engine fingerprints here; the
/// localization and review steps still build their keys from the chains and templates.
struct SiteFingerprints: Sendable {
    /// `beckon.yml`, with the build's date its samples are dated from when they do not say, and
    /// every field of the samples the run renders (an invite given to `render` replaces them).
    let config: Fingerprint
    /// Each page and email template, by path.
    let templates: [String: Fingerprint]
    /// Every layout and partial together (layouts include each other).
    let layouts: Fingerprint
    /// Every card layout together.
    let cardLayouts: Fingerprint
    /// Each layout, card layout and file under `static/` (logos and avatars are drawn on cards)
    /// by its path in the site: the inputs steps record reading.
    let files: [String: Fingerprint]
    /// The inputs of each folder routes read whole (layouts, card layouts, static files): its list
    /// of files, then each file in path order. Made once: every route of a run asks for them.
    let folderInputs: [String: [InputID]]
    /// Each locale's bundle.
    let bundles: [LocaleID: Fingerprint]
    /// What a render in a locale can read of the catalog: the bundles of its fallback chain, and the
    /// set of keys of every bundle (layouts see the same names in every locale).
    let chains: [LocaleID: Fingerprint]
    /// Every bundle together.
    let catalog: Fingerprint
    /// The run's options that change what is rendered (locale selection, pseudo-locales, a send
    /// date), and the key material in the environment.
    let run: Fingerprint

    init(site: Site, catalog: Catalog, options: BuildOptions) {
        var configBuilder = FingerprintBuilder("config")
        configBuilder.add(site.configSource.text)
        configBuilder.add(String(site.config.samplesCreatedAt.timeIntervalSince1970))
        configBuilder.add(Self.encoded(site.config.samples))
        config = configBuilder.finish()
        var templates: [String: Fingerprint] = [:]
        for template in site.templates.values { templates[template.path] = Self.text(template.source.text, "template") }
        for template in site.emailTemplates { templates[template.path] = Self.text(template.source.text, "email") }
        self.templates = templates
        layouts = Self.texts(site.layouts, "layouts")
        cardLayouts = Self.texts(site.cardLayouts, "card-layouts")
        var files: [String: Fingerprint] = [:]
        for source in site.layouts.values { files[source.path] = Self.text(source.text, "layout") }
        for source in site.cardLayouts.values { files[source.path] = Self.text(source.text, "card-layout") }
        Self.addStaticFiles(site, to: &files)
        self.files = files
        var folderInputs: [String: [InputID]] = [:]
        for prefix in [Self.layoutsFolder, Self.cardLayoutsFolder, Self.staticFolder] {
            folderInputs[prefix] =
                [InputID(Self.kind, name: prefix)]
                + files.keys.filter { $0.hasPrefix(prefix) }.sorted().map { InputID(Self.kind, name: $0) }
        }
        self.folderInputs = folderInputs
        var bundles: [LocaleID: Fingerprint] = [:]
        for (locale, bundle) in catalog.bundles {
            var builder = FingerprintBuilder("bundle")
            builder.add(locale.rawValue)
            if let source = site.bundleSources[locale] {
                builder.add(source.text)
            } else {
                // A generated pseudo-locale: made from the source bundle.
                builder.add(site.bundleSources[catalog.locales.defaultLocale]?.text ?? "")
                builder.add(bundle.entries.count)
            }
            bundles[locale] = builder.finish()
        }
        self.bundles = bundles
        var keys = FingerprintBuilder("keys")
        for key in Set(catalog.bundles.values.flatMap(\.entries.keys)).sorted() { keys.add(key.rawValue) }
        let keySet = keys.finish()
        var chains: [LocaleID: Fingerprint] = [:]
        for locale in catalog.bundles.keys {
            var builder = FingerprintBuilder("chain")
            builder.add(keySet)
            for member in [locale] + catalog.locales.fallbackChain(for: locale) {
                builder.add(member.rawValue)
                builder.add(bundles[member] ?? Fingerprint(high: 0, low: 0))
            }
            chains[locale] = builder.finish()
        }
        self.chains = chains
        var all = FingerprintBuilder("catalog")
        for locale in bundles.keys.sorted() {
            all.add(locale.rawValue)
            all.add(bundles[locale]!)
        }
        self.catalog = all.finish()
        run = Self.run(options)
    }

    /// The chain of a locale (a locale without a bundle reads only the default chain).
    func chain(_ locale: LocaleID) -> Fingerprint {
        chains[locale] ?? Fingerprint(high: 0, low: 0)
    }

    /// The environment variables Beckon reads keys from.
    static let keyVariables = ["BECKON_LINK_KEY", "BECKON_LINK_KEYS", "BECKON_TOKEN_KEY", "BECKON_TOKEN_PUBLIC_KEY"]

    private static func run(_ options: BuildOptions) -> Fingerprint {
        var builder = FingerprintBuilder("run")
        builder.add(options.locales.map(\.rawValue).joined(separator: ","))
        builder.add(options.pseudo)
        builder.add(options.sendDate.map { String($0.timeIntervalSince1970) })
        for variable in keyVariables { builder.add(options.environment[variable]) }
        return builder.finish()
    }

    /// The samples' every field, in a stable order: no list of fields to keep up to date.
    private static func encoded(_ samples: [SampleInvite]) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        // Every field is a string, date or list of those, so encoding does not fail; if it did, the
        // reflected text still holds every field (in an order that only costs reuse).
        return [UInt8]((try? encoder.encode(samples)) ?? Data(String(reflecting: samples).utf8))
    }

    private static func text(_ text: String, _ label: String) -> Fingerprint {
        var builder = FingerprintBuilder(label)
        builder.add(text)
        return builder.finish()
    }

    private static func texts(_ sources: [String: SourceText], _ label: String) -> Fingerprint {
        var builder = FingerprintBuilder(label)
        for name in sources.keys.sorted() {
            builder.add(name)
            builder.add(sources[name]!.text)
        }
        return builder.finish()
    }

    private static func addStaticFiles(_ site: Site, to files: inout [String: Fingerprint]) {
        for file in site.staticFiles {
            let url = site.root.appendingPathComponent(file.sitePath)
            let content = FileManager.default.contents(atPath: url.path).map { Fingerprint(of: [UInt8]($0)) }
            files[file.sitePath] = content ?? Fingerprint(high: 0, low: 0)
        }
    }
}

extension SiteFingerprints {
    /// A part of the site a step is given: the step records it as a read of one or more inputs
    /// of kind `site` (`inputs(_:)`), which the engine checks before reusing the step's result.
    enum Part: Sendable {
        case config, run, template(String), layouts, cardLayouts, staticFiles
        /// Which email templates there are (not what they say).
        case emailTemplateList
    }

    /// Inputs of the site's files and the run, fingerprinted by `fingerprint(of:)`.
    static let kind: InputKind = "site"
    /// The input of `beckon.yml` with the samples the run renders.
    static let configInput = InputID(kind, name: "beckon.yml")
    /// The input of the run's options and key material.
    static let runInput = InputID(kind, name: "options")
    static let layoutsFolder = "templates/layouts/"
    static let cardLayoutsFolder = "templates/og/"
    static let staticFolder = "static/"

    /// What reading a part reads: the file, or each file of the folder and the folder's list of
    /// files (a layout or card layout added is a change too).
    func inputs(_ part: Part) -> [InputID] {
        func folder(_ prefix: String) -> [InputID] { folderInputs[prefix] ?? [] }
        switch part {
        case .config: return [Self.configInput]
        case .run: return [Self.runInput]
        case .template(let path): return [InputID(Self.kind, name: path)]
        case .layouts: return folder(Self.layoutsFolder)
        case .cardLayouts: return folder(Self.cardLayoutsFolder)
        case .staticFiles: return folder(Self.staticFolder)
        case .emailTemplateList: return [InputID(Self.kind, name: "templates/email/")]
        }
    }

    /// The fingerprint of an input of kind `site` now: a file's content (`nil` when it is gone),
    /// or a folder's list of files (a name ending in `/`).
    func fingerprint(of input: InputID) -> Fingerprint? {
        guard input.kind == Self.kind else { return nil }
        switch input.name {
        case Self.configInput.name: return config
        case Self.runInput.name: return run
        case let name where name.hasSuffix("/"):
            var builder = FingerprintBuilder("folder")
            for path in Set(files.keys).union(templates.keys).filter({ $0.hasPrefix(name) }).sorted() {
                builder.add(path)
            }
            return builder.finish()
        case let name:
            return templates[name] ?? files[name]
        }
    }

    /// An input of kind `site` in words.
    static func describe(_ input: InputID) -> String {
        switch input.name {
        case configInput.name: "`beckon.yml` (or the build date its samples are dated from)"
        case runInput.name: "the run's options or the keys in the environment"
        case let name where name.hasSuffix("/"): "the list of files in `\(name)`"
        case let name: "`\(name)`"
        }
    }
}
