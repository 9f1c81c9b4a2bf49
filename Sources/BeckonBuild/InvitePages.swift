import BeckonChecks
import BeckonDiagnostics
import BeckonRender
import BeckonSite
import BeckonWeb

/// Pages for real invites, rendered when a link is opened (`beckon serve`): the site's own
/// templates and layouts with the invite's values, checked by the page rules a built page passes.
/// A page that fails them is not shown: the caller serves the built page without the invite's
/// values instead, and learns which rules failed (their ids only; never the values).
public struct InvitePages: Sendable {
    let renderer: PageRenderer
    let checker: Checker
    let overrides: [RuleID: Severity?]
    let strict: Bool

    /// What rendering a page for an invite gave.
    public enum Rendered: Sendable {
        /// The page, with the invite's values, passing the page rules.
        case page(Artifact)
        /// The page failed these rules (or could not be rendered, with none): show the page
        /// without the invite's values.
        case failed([RuleID])
        /// The site has no template of that kind, or the kind never shows an invite's values.
        case notPersonal
    }

    init(renderer: PageRenderer, checker: Checker, overrides: [RuleID: Severity?], strict: Bool) {
        self.renderer = renderer
        self.checker = checker
        self.overrides = overrides
        self.strict = strict
    }

    /// The page of `kind` in `locale` for an invite reached by `link`. With `asSample`, the page
    /// is rendered as a sample with the invite's fields would be (its URL, alternates and card
    /// are the sample's), which the build's sample pages equal byte for byte.
    public func page(
        _ kind: TemplateKind, locale: LocaleID, invite: SampleInvite, link: String, asSample: Bool = false
    ) -> Rendered {
        guard kind.isPersonal, renderer.site.buildLocales.contains(locale),
            let template = renderer.site.orderedTemplates.first(where: { $0.kind == kind })
        else { return .notPersonal }
        let route = PageRoute(kind: kind, locale: locale, sample: asSample ? invite.id : nil)
        let (artifact, diagnostics) = renderer.render(template, route: route, invite: invite, link: link)
        guard let artifact else { return .failed([]) }
        let findings = diagnostics + checker.check(artifact, page: CheckedPage(artifact))
        let report = DiagnosticReport(findings).finalized(overrides: overrides, strict: strict)
        let failed = report.diagnostics.filter { $0.severity == .error }.map(\.rule)
        return failed.isEmpty ? .page(artifact) : .failed(Array(Set(failed)).sorted { $0.rawValue < $1.rawValue })
    }
}
