import BeckonDiagnostics

/// `analytics:` in beckon.yml: the first-party endpoint the landing page reports
/// `invite_link_opened` to (seed 001 §7.1, seed 000 R8).
public struct AnalyticsConfig: Sendable, Hashable {
    /// Where the event is posted (`navigator.sendBeacon`) and the `<noscript>` pixel is loaded from.
    public var endpoint: WebURL

    static let keys = ["endpoint"]

    /// Reads the section; the endpoint must be on a host the site already trusts (its own, its
    /// invite links', or one in `checks.allowedHosts`), so the beacon is never a third party.
    init?(_ mapping: YAMLReader.Mapping, trustedHosts: Set<String>) {
        guard let endpoint = mapping.url("endpoint", required: true) else { return nil }
        guard trustedHosts.contains(endpoint.host) else {
            mapping.reader.invalid(
                "`analytics.endpoint` is on `\(endpoint.host)`, which is not the site's host: the beacon would report visitors to a third party",
                at: mapping.location(of: "endpoint"),
                fix:
                    "Post events to the site's own host (\(trustedHosts.sorted().map { "`\($0)`" }.joined(separator: ", "))), or add the host to `checks.allowedHosts` if it is yours.",
                rule: "analytics-host")
            return nil
        }
        guard !endpoint.absoluteString.contains("#") else {
            mapping.reader.invalid(
                "`analytics.endpoint` has a `#fragment`: browsers never send a fragment, so the `<noscript>` pixel's query would be lost after it",
                at: mapping.location(of: "endpoint"),
                fix: "Remove the `#…` part of `analytics.endpoint`; put what it carried in the path or the query.",
                rule: "analytics-fragment")
            return nil
        }
        self.endpoint = endpoint
    }
}
