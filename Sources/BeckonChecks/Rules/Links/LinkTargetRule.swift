import BeckonDiagnostics
import BeckonRender

/// `links.target`: a link to a path on the site (`/de-DE/expired/`, `../gone/`, `/assets/logo.svg`)
/// points at a file the build wrote; a folder means its `index.html`.
///
/// Root-relative links are checked too, unlike tools that skip them. Fix the path, or add the
/// missing file under `static/` (for `beckon lint`, to the folder linted).
struct LinkTargetRule: LinkRule {
    let id: RuleID = "links.target"

    var reads: SiteReads { [.paths] }

    func check(_ artifact: Artifact, _ link: FoundLink, site: CheckedSite, context: CheckContext) -> Diagnostic? {
        // Links within the build, as a browser resolves them against the page (`?page=2` is the
        // page itself, `%20` is a space in the file name, `<base href>` moves the base).
        // `<base href>` may name a folder no file is written for: it only moves the base.
        guard !link.url.isEmpty, link.attribute != "base", let path = link.internalPath,
            site.resolve(path, from: artifact.path) == nil
        else {
            return nil
        }
        // `beckon lint` checks files no Beckon build wrote.
        let linting = context.runner == .lint
        let target = linting ? "no file in the folder linted" : "nothing the build wrote"
        return finding(
            .error, "`\(Redact.url(link.url))` points at \(target)", artifact, link,
            fix: "Fix the path, or add the file \(linting ? "where it points" : "under static/").")
    }
}
