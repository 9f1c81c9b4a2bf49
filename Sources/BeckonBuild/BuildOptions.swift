import BeckonSite
import Foundation

/// What a build should do; `beckon build` and `beckon check` fill it from their flags.
public struct BuildOptions: Sendable {
    /// The site folder.
    public var site: URL
    /// Where to write; `SITE/output` when `nil`.
    public var output: URL?
    /// Only these locales (empty: all the site lists).
    public var locales: [LocaleID]
    /// Warnings count as errors.
    public var strict: Bool
    /// Write the output even when there are errors (the run still fails).
    public var keepGoing: Bool
    /// Write the output at all (`false` for `beckon check`).
    public var write: Bool
    /// The environment link and token keys are read from.
    public var environment: [String: String]
    /// Also build the pseudo-locales `en-XA` and `ar-XB`.
    public var pseudo: Bool
    /// Check external links over the network, caching answers in this file (`nil`: offline).
    public var onlineCache: URL?
    /// Renders for this one invite instead of the site's sample invites (`beckon render`).
    public var invite: InviteValues?
    /// For a real send: the `Date` of emails, which then get a random `Message-ID`; `nil` keeps
    /// builds deterministic.
    public var sendDate: Date?
    /// Where step results are kept between runs (`--cache DIR`); `nil` keeps them in memory only.
    public var cacheFolder: URL?
    /// Write each file to the staging folder as soon as it is rendered and keep only its facts in
    /// memory (`beckon build`), instead of holding every file until the end. The output is still
    /// replaced at once, and only by a build without errors. Off for runs whose engine is kept for
    /// the next run (`beckon preview`), whose artifacts must stay readable after the staging
    /// folder is gone.
    public var streamsOutput = false
    /// Which files the result explains: why each was rendered again or reused (`--explain`).
    public var explain = Explain.none
    /// The caller uses what only loading the site gives: the pages for invites outside the
    /// samples (`beckon serve`), or an engine holding the loaded site's results for the next edit
    /// (`beckon preview`). Without it, a build with a cache whose site holds the same bytes as an
    /// earlier build's reads that build's record without loading the site (`WholeBuildIndex`).
    public var needsLoadedSite = false

    /// Whether, with a cache, the build is kept as one record of the whole build (`BuildOutcome`):
    /// not when it explains (which names the step behind each file), checks links online (whose
    /// answers change on their own) or makes a real send (dated now: never the same twice).
    var keepsWholeBuild: Bool {
        explain == .none && onlineCache == nil && sendDate == nil
    }

    /// Which files a build explains.
    public enum Explain: Sendable, Equatable {
        case none
        /// These output paths.
        case paths([String])
        /// Every file rendered again, not reused (the preview's log).
        case rendered
    }

    public init(
        site: URL, output: URL? = nil, locales: [LocaleID] = [], strict: Bool = false, keepGoing: Bool = false,
        write: Bool = true, environment: [String: String] = ProcessInfo.processInfo.environment, pseudo: Bool = false,
        onlineCache: URL? = nil
    ) {
        self.site = site
        self.output = output
        self.locales = locales
        self.strict = strict
        self.keepGoing = keepGoing
        self.write = write
        self.environment = environment
        self.pseudo = pseudo
        self.onlineCache = onlineCache
    }

    /// The output folder this build writes to.
    public var outputFolder: URL {
        (output ?? site.appendingPathComponent("output")).standardizedFileURL
    }
}
