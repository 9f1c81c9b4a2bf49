import BeckonDiagnostics
import BeckonEngine
import BeckonLocalization
import BeckonSite
import Foundation

/// A run's inputs of kind `site`, which steps record reading (`InputID.record()`) and which are
/// fingerprinted here once per run, for an engine that keeps what its steps read: each file of
/// the site by its path (templates, layouts, card layouts, static files, bundles, the translation
/// lock), each folder's list of files (a name ending in `/`), `beckon.yml` with the samples the
/// run renders, and the run's options with the key material. Once the catalog is loaded
/// (`loaded(_:sourceHashes:)`), also the set of keys of every bundle and the sources the lock
/// records for each locale.
///
/// Nothing here lists what a step reads: a step names the parts it is given (`Part`), and the
/// inputs of a part are the files that make it up.
package struct SiteInputs: Sendable {
    /// Each file's content, by its path in the site (empty when not `fingerprinted`).
    private let files: [String: Fingerprint]
    /// The inputs of each folder steps read whole: its list of files, then each file in path
    /// order. Made once: every route of a run asks for them.
    private let folders: [String: [InputID]]
    private let config: Fingerprint?
    private let run: Fingerprint?
    /// Every input above at once: each file's path and content, `beckon.yml` with its samples,
    /// and the run's options with the key material. Equal only when nothing a run reads differs;
    /// `nil` when the inputs are not `fingerprinted`.
    package let whole: Fingerprint?
    /// Whether the inputs were fingerprinted: an engine for one run without a cache never asks
    /// for a fingerprint (it keeps no reads), so its run reads and hashes none of the files.
    private let fingerprinted: Bool
    /// Each locale's bundle file (generated pseudo-locales have none).
    private let bundlePaths: [LocaleID: String]
    private let defaultLocale: LocaleID
    /// What the catalog adds: each locale's fallback chain, the key set, the lock's sources.
    private var chains: [LocaleID: [LocaleID]] = [:]
    private var keySet: Fingerprint?
    private var lockedSources: [LocaleID: Fingerprint] = [:]

    /// The inputs of a loaded site's files; `lockText` is `locales/translations.lock` as read.
    /// - Parameter fingerprinted: Whether to fingerprint them (read and hash every file, encode
    ///   the settings): only an engine that keeps what its steps read asks for the fingerprints
    ///   (`Engine.comparesPublished`). Without them, `fingerprint(of:)` answers `nil` and `whole`
    ///   is `nil`; the steps still name what they read.
    package init(site: Site, run: RunOptions, lockText: String, fingerprinted: Bool = true) {
        self.fingerprinted = fingerprinted
        let sources =
            site.templates.values.map(\.source) + site.emailTemplates.map(\.source) + Array(site.layouts.values)
            + Array(site.cardLayouts.values) + Array(site.bundleSources.values)
        var paths = sources.map(\.path) + [TranslationLock.path] + site.staticFiles.map(\.sitePath)
        var files: [String: Fingerprint] = [:]
        if fingerprinted {
            let settings = Fingerprint(
                encoding: SettingsSource(
                    text: site.configSource.text, samplesCreatedAt: site.config.samplesCreatedAt,
                    samples: site.config.samples),
                label: "config")
            let options = Fingerprint(encoding: run, label: "run")
            config = settings
            self.run = options
            for source in sources { files[source.path] = Fingerprint(encoding: source.text, label: "file") }
            files[TranslationLock.path] = Fingerprint(encoding: lockText, label: "file")
            for file in site.staticFiles {
                let url = site.root.appendingPathComponent(file.sitePath)
                let content = FileManager.default.contents(atPath: url.path).map { Fingerprint(of: [UInt8]($0)) }
                files[file.sitePath] = content ?? Fingerprint(high: 0, low: 0)
            }
            var whole = FingerprintBuilder("site")
            whole.add(settings)
            whole.add(options)
            for (path, content) in files.sorted(by: { $0.key < $1.key }) {
                whole.add(path)
                whole.add(content)
            }
            self.whole = whole.finish()
        } else {
            config = nil
            self.run = nil
            whole = nil
        }
        self.files = files
        paths = Array(Set(paths)).sorted()
        var folders: [String: [InputID]] = [:]
        for prefix in Self.folderNames {
            folders[prefix] =
                [InputID(Self.kind, name: prefix)]
                + paths.filter { $0.hasPrefix(prefix) }.map { InputID(Self.kind, name: $0) }
        }
        self.folders = folders
        bundlePaths = site.bundleSources.mapValues(\.path)
        defaultLocale = site.config.locales.defaultLocale
    }

    /// These inputs and what the loaded catalog adds: each locale's chain, the set of keys of
    /// every bundle (layouts see the same names in every locale), and the source fingerprints the
    /// lock gives each locale's translations.
    package func loaded(_ catalog: Catalog, sourceHashes: [LocaleID: [MessageKey: String]]) -> SiteInputs {
        var inputs = self
        for locale in catalog.bundles.keys {
            inputs.chains[locale] = [locale] + catalog.locales.fallbackChain(for: locale)
        }
        guard fingerprinted else { return inputs }
        let keys = Set(catalog.keys.map(\.rawValue))
        inputs.keySet = Fingerprint(encoding: keys, label: "keys")
        for (locale, hashes) in sourceHashes {
            inputs.lockedSources[locale] = Fingerprint(
                encoding: Dictionary(uniqueKeysWithValues: hashes.map { ($0.key.rawValue, $0.value) }), label: "lock")
        }
        return inputs
    }

    /// The environment variables Beckon reads keys from.
    package static let keyVariables = [
        "BECKON_LINK_KEY", "BECKON_LINK_KEYS", "BECKON_TOKEN_KEY", "BECKON_TOKEN_PUBLIC_KEY",
    ]

    /// What `beckon.yml` means to a run: its text, the date its samples are dated from when they
    /// do not say, and every field of the samples the run renders (an invite given to `render`
    /// replaces them), through their encoding: no list of fields to keep up to date.
    private struct SettingsSource: Encodable {
        let text: String
        let samplesCreatedAt: Date
        let samples: [InviteValues]
    }

    /// The run's options that change what is rendered, and the key material in the environment.
    package struct RunOptions: Encodable, Sendable {
        let locales: [String]
        let pseudo: Bool
        let sendDate: Double?
        let keys: [String?]

        /// The options of a run of `locales` (all when empty), with pseudo-locales or not, emails
        /// dated `sendDate`, and the keys `environment` holds.
        package init(locales: [LocaleID], pseudo: Bool, sendDate: Date?, environment: [String: String]) {
            self.locales = locales.map(\.rawValue)
            self.pseudo = pseudo
            self.sendDate = sendDate?.timeIntervalSince1970
            keys = SiteInputs.keyVariables.map { environment[$0] }
        }
    }
}

extension SiteInputs {
    /// A part of the site a step is given or reads whole: the step records its inputs
    /// (`inputs(_:)`), which the engine checks before reusing the step's result.
    package enum Part: Sendable {
        case config, run, template(String), layouts, cardLayouts, staticFiles
        /// Every page and email template, and their lists.
        case templates
        /// Which email templates there are (not what they say).
        case emailTemplateList
        /// Every bundle and the list of bundles.
        case bundles
        /// What a locale can read of the catalog: the bundles of its fallback chain, and the set of
        /// keys of every bundle.
        case chain(LocaleID)
        /// The sources `locales/translations.lock` records for a locale's translations.
        case lockedSources(LocaleID)
        /// The lock file itself.
        case translationLock
    }

    /// What a page of the template at `path` is made from, in a build and in `beckon serve`: the
    /// settings, the run, its template, the layouts, and the card layouts (whether it has a
    /// card, and its size).
    package static func pageParts(_ path: String) -> [Part] {
        [.config, .run, .template(path), .layouts, .cardLayouts]
    }

    /// What a preview card is made from: the settings, the run, the card layouts and the static
    /// files (fonts, pictures).
    package static let cardParts: [Part] = [.config, .run, .cardLayouts, .staticFiles]

    /// Inputs of the site's files and the run, fingerprinted by `fingerprint(of:)`.
    package static let kind: InputKind = "site"
    /// The input of `beckon.yml` with the samples the run renders.
    static let configInput = InputID(kind, name: "beckon.yml")
    /// The input of the run's options and key material.
    static let runInput = InputID(kind, name: "options")
    /// The input of the set of keys of every bundle.
    static let keySetInput = InputID(kind, name: "locales/*")
    static let layoutsFolder = "templates/layouts/"
    static let cardLayoutsFolder = "templates/og/"
    static let staticFolder = "static/"
    static let pagesFolder = "templates/pages/"
    static let emailFolder = "templates/email/"
    static let localesFolder = "locales/"
    private static let folderNames = [
        layoutsFolder, cardLayoutsFolder, staticFolder, pagesFolder, emailFolder, localesFolder,
    ]

    /// What reading a part reads: the file, or each file of the folder and the folder's list of
    /// files (a file added is a change too).
    package func inputs(_ part: Part) -> [InputID] {
        func file(_ path: String) -> InputID { InputID(Self.kind, name: path) }
        func folder(_ prefix: String) -> [InputID] { folders[prefix] ?? [file(prefix)] }
        switch part {
        case .config: return [Self.configInput]
        case .run: return [Self.runInput]
        case .template(let path): return [file(path)]
        case .layouts: return folder(Self.layoutsFolder)
        case .cardLayouts: return folder(Self.cardLayoutsFolder)
        case .staticFiles: return folder(Self.staticFolder)
        case .templates: return folder(Self.pagesFolder) + folder(Self.emailFolder)
        case .emailTemplateList: return [file(Self.emailFolder)]
        case .bundles: return folder(Self.localesFolder).filter { $0.name != TranslationLock.path }
        case .chain(let locale):
            // A generated pseudo-locale is made from the source bundle by the run's options.
            let members = chains[locale] ?? [locale]
            return [Self.keySetInput]
                + members.flatMap { member in
                    bundlePaths[member].map { [file($0)] } ?? [file(bundlePaths[defaultLocale] ?? ""), Self.runInput]
                }
        case .lockedSources(let locale): return [InputID(Self.kind, scope: locale.rawValue, name: TranslationLock.path)]
        case .translationLock: return [file(TranslationLock.path)]
        }
    }

    /// Records that the computation running now read these parts.
    package func record(_ parts: Part...) {
        record(parts)
    }

    /// Records that the computation running now read these parts.
    package func record(_ parts: [Part]) {
        for part in parts {
            for input in inputs(part) { input.record() }
        }
    }

    /// The fingerprint of an input of kind `site` now: a file's content (`nil` when it is gone),
    /// a folder's list of files (a name ending in `/`), or what the catalog adds.
    package func fingerprint(of input: InputID) -> Fingerprint? {
        guard input.kind == Self.kind, fingerprinted else { return nil }
        if !input.scope.isEmpty {
            return LocaleID(input.scope).flatMap { lockedSources[$0] } ?? Fingerprint(high: 0, low: 0)
        }
        switch input.name {
        case Self.configInput.name: return config
        case Self.runInput.name: return run
        case Self.keySetInput.name: return keySet
        case let name where name.hasSuffix("/"):
            return Fingerprint(encoding: files.keys.filter { $0.hasPrefix(name) }.sorted(), label: "folder")
        case let name:
            return files[name]
        }
    }

    /// An input of kind `site` in words.
    package static func describe(_ input: InputID) -> String {
        if !input.scope.isEmpty { return "the sources `\(input.name)` records for \(input.scope)" }
        switch input.name {
        case configInput.name: return "`beckon.yml` (or the build date its samples are dated from)"
        case runInput.name: return "the run's options or the keys in the environment"
        case keySetInput.name: return "the set of keys in the bundles"
        case let name where name.hasSuffix("/"): return "the list of files in `\(name)`"
        case let name: return "`\(name)`"
        }
    }
}
