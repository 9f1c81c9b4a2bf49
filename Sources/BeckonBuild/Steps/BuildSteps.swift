import BeckonChecks
import BeckonDiagnostics
import BeckonEngine
import BeckonLocalization
import BeckonRender
import BeckonReview
import BeckonSite
import BeckonWeb

/// Every memoized step of the build, with the type of its results (see `docs/engine.md`).
enum BuildSteps {
    // Loading
    static let parseBundle = Step<(LocaleBundle, [Diagnostic])>("parse.bundle")
    static let loadCatalog = Step<(Catalog, [Diagnostic])>("load.catalog")
    static let loadLayouts = Step<(LayoutLibrary, [Diagnostic])>("load.layouts")
    static let parseLock = Step<TranslationLock>("parse.lock")
    static let loadLock = Step<(TranslationLock, [LocaleID: [MessageKey: String]])>("load.lock")
    // Preparing
    static let prepareTokens = Step<([String: String], EmailAcceptExpectation?, [Diagnostic])>("prepare.tokens")
    static let prepareCards = Step<(CardSet?, [Diagnostic])>("prepare.cards")
    // Rendering: keyed by their own arguments, every read recorded; each route is rendered once
    // per run (the engine of a run without a cache keeps none: the build holds its files)
    static let renderPage = Step<RenderResult>("render.page", recordsEveryRead: true, askedOncePerRun: true)
    static let renderEmail = Step<RenderResult>("render.email", recordsEveryRead: true, askedOncePerRun: true)
    static let renderCard = Step<RenderResult>("render.card", recordsEveryRead: true, askedOncePerRun: true)
    static let renderMessages = Step<RenderResult>("render.messages", recordsEveryRead: true, askedOncePerRun: true)
    static let renderSiteFiles = Step<RenderResult>(
        "render.site-files", recordsEveryRead: true, askedOncePerRun: true)
    // Checking
    // A file's facts are read once per run: by its checks, or (a static asset's, or with the
    // checks' results reused) by the site rules; the engine of a run without a cache keeps none
    static let readFacts = Step<ArtifactFacts>("read.facts", askedOncePerRun: true)
    // The checks of one file are asked for once per run
    static let checkArtifact = Step<[Diagnostic]>("check.artifact", packsRecords: true, askedOncePerRun: true)
    static let checkSite = Step<[Diagnostic]>("check.site", packsRecords: true)
    static let checkAcross = Step<[Diagnostic]>("check.across", askedOncePerRun: true)
    static let checkEmail = Step<[Diagnostic]>("check.email", askedOncePerRun: true)
    // Localization
    static let localizationUsage = Step<[MessageKey: [String]]>("localization.usage")
    static let localizationString = Step<[LocalizationInput.Rendering]>("localization.string")
    static let checkCatalog = Step<[Diagnostic]>("check.catalog", packsRecords: true)
    static let checkCatalogAcross = Step<[Diagnostic]>("check.catalog-across", packsRecords: true)
    // The review page
    static let readStrings = Step<[String]>("read.strings", askedOncePerRun: true)
    static let reviewColumn = Step<ReviewColumn>("review.column")
    static let renderReview = Step<Artifact>("render.review")
    // The whole build, with a cache on disk: keyed by every input of the site and the run; the
    // records of the last few builds are kept
    static let outcome = Step<BuildOutcome>("build.outcome", recordsKept: 4)
    // Which of those records a site's bytes lead to, with what loading and preparing the site
    // found: keyed by the bytes, the run's options and the environment, without loading the site
    static let index = Step<WholeBuildIndex>("build.index", recordsKept: 4)
}
