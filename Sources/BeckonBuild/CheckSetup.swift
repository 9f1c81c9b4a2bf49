import BeckonChecks
import BeckonDiagnostics
import BeckonSite
import Foundation
import InviteModel
import InviteSecurity

/// Builds what the checks measure against from the site and the environment, and applies the
/// site's severity overrides.
public enum CheckSetup {
    /// The hosts a site's https links may point at: its own, its store pages, the messaging apps',
    /// and `checks.allowedHosts`.
    public static func allowedHosts(_ config: SiteConfig) -> Set<String> {
        var hosts: Set<String> = [
            config.app.baseURL.host, config.links.host, config.app.supportURL.host, "apps.apple.com", "play.google.com",
            "wa.me", "www.instagram.com",
        ]
        for url in [config.app.playStoreURL, config.app.androidWaitlistURL] { if let url { hosts.insert(url.host) } }
        return hosts.union(config.checks.allowedHosts)
    }

    static func context(_ site: Site, environment: [String: String]) -> CheckContext {
        let config = site.config
        let hosts = allowedHosts(config)
        let keyring = try? LinkKeyring.fromEnvironment(environment, signingKeyID: config.links.keyID)
        let policy = config.links
        var times = Dictionary(uniqueKeysWithValues: config.samples.map { ($0.id, $0.createdAt) })
        times["@"] = config.samplesCreatedAt
        var context = CheckContext(
            limits: config.limits, allowedHosts: hosts,
            appSchemes: Set(config.app.urlScheme.map { [$0.lowercased()] } ?? []), linkPolicy: policy,
            verifyInviteLink: keyring.map { verifier($0, policy: policy) },
            sampleTimes: times, configLocations: site.configLocations.locations,
            wordLimits: Dictionary(
                site.orderedTemplates.compactMap { template in template.maxWords.map { (template.path, $0) } }
                    + site.emailTemplates.compactMap { template in template.maxWords.map { (template.path, $0) } },
                uniquingKeysWith: { first, _ in first }),
            siteBaseURL: config.app.baseURL.absoluteString)
        context.backgrounds = ["light": config.theme.light.background, "dark": config.theme.dark.background]
        context.messagesNeedLink = config.share?.requireLink ?? true
        return context
    }

    /// A closure that verifies invite links with a keyring, returning why a link fails.
    static func verifier(_ ring: LinkKeyring, policy: LinkPolicy) -> @Sendable (String, Date) -> String? {
        { url, moment in
            switch ring.verify(url, policy: policy, at: moment) {
            case .success: return nil
            case .failure(let error): return error.description
            }
        }
    }

    /// The severity overrides, with diagnostics for rule ids no rule has.
    static func overrides(_ config: SiteConfig, known: Set<RuleID>) -> ([RuleID: Severity?], [Diagnostic]) {
        var overrides: [RuleID: Severity?] = [:]
        var diagnostics: [Diagnostic] = []
        for (rule, level, location) in config.checks.severity {
            guard known.contains(RuleID(rule)) else {
                diagnostics.append(
                    .error(
                        "config.unknown-rule",
                        "`\(rule)` is not a rule\(DidYouMean.phrase(for: rule, among: known.map(\.rawValue)))",
                        at: location, fix: "See docs/rules.md for the rule ids."))
                continue
            }
            overrides[RuleID(rule)] =
                switch level {
                case .error: .error
                case .warning: .warning
                case .off: nil
                }
        }
        return (overrides, diagnostics)
    }
}
