import BeckonDiagnostics
import BeckonRender
import BeckonSite

/// The serving rules a site asks for (`serving:`), as artifacts beside the pages they serve.
public enum ServingFiles {
    /// The files of every target in `targets`, made from the plan of `artifacts`, and a
    /// `serving.unsafe-name` error for each file or setting the rules leave out (located with
    /// `locations`, where `beckon.yml` wrote each key).
    public static func artifacts(
        _ targets: [ServingTarget], config: SiteConfig, locations: ConfigLocations, locales: [LocaleID],
        artifacts: [Artifact]
    ) -> (artifacts: [Artifact], diagnostics: [Diagnostic]) {
        guard !targets.isEmpty else { return ([], []) }
        let plan = ServingPlan(config: config, locales: locales, artifacts: artifacts)
        let files = targets.flatMap { target -> [Artifact] in
            switch target {
            case .netlify, .cloudflare:
                return [
                    file("_headers", NetlifyRules.headers(plan)),
                    file("_redirects", NetlifyRules.redirects(plan, languageConditions: target == .netlify)),
                ]
            case .nginx: return [file("_serving/nginx.conf", NginxRules.text(plan))]
            case .caddy: return [file("_serving/Caddyfile", CaddyRules.text(plan))]
            case .beckonServe:
                return [
                    file("_serving/beckon-serve.nginx.conf", NginxRules.text(plan, proxy: true)),
                    file("_serving/beckon-serve.Caddyfile", CaddyRules.text(plan, proxy: true)),
                ]
            }
        }
        return (files, plan.refusals.map { $0.diagnostic(locations) })
    }

    private static func file(_ path: String, _ text: String) -> Artifact {
        Artifact(
            path: path, kind: .servingRules, status: 404, contentType: "text/plain; charset=utf-8",
            bytes: Array(text.utf8))
    }
}
