import BeckonDiagnostics
import BeckonStore
import InviteModel
import Prometheus
import Synchronization

/// What `/metrics` reports, in Prometheus's text format: how long link resolutions and requests
/// take (histograms by route), invites created and opened, rate-limit refusals, store errors,
/// per-invite answers by resolution, pages rendered for an invite that fell back to the built
/// page, by rule, and what invites' own pages and cards hold. Labels carry route names,
/// resolutions and rule ids, never codes or names.
final class ServeMetrics: Sendable {
    private let registry = PrometheusCollectorRegistry()
    private let linkDuration: DurationHistogram
    private let createdCounter: Counter
    private let openedCounter: Counter
    private let storeErrors: Counter
    private let limitedCounter: Counter
    private let emailsWritten: Counter
    private let resolutions: [String: Counter]
    private let keptPages: Gauge
    private let keptCards: Gauge
    private let keptInMemory: Gauge
    private let keptOnDisk: Gauge
    /// The store's lookup totals already added to the `link_lookups` counters.
    private let lookupsCounted = Mutex((fromMemory: 0, fromDatabase: 0))

    static let buckets: [Duration] = [
        .microseconds(250), .microseconds(500), .milliseconds(1), .milliseconds(2), .milliseconds(5),
        .milliseconds(10), .milliseconds(20), .milliseconds(50), .milliseconds(100), .milliseconds(200),
        .milliseconds(500), .seconds(1),
    ]

    init() {
        linkDuration = registry.makeDurationHistogram(
            descriptor: MetricNameDescriptor(
                namespace: "beckon", metricName: "link_resolution", unitName: "seconds",
                helpText: "Time to verify an invite link, look the invite up and choose its page."),
            labels: [], buckets: Self.buckets)
        createdCounter = registry.makeCounter(
            descriptor: MetricNameDescriptor(
                namespace: "beckon", metricName: "invites_created", unitName: "total",
                helpText: "Invites created through the API."))
        openedCounter = registry.makeCounter(
            descriptor: MetricNameDescriptor(
                namespace: "beckon", metricName: "invites_opened", unitName: "total",
                helpText: "Invites opened for the first time by a person (not a crawler, not another site)."))
        storeErrors = registry.makeCounter(
            descriptor: MetricNameDescriptor(
                namespace: "beckon", metricName: "store_errors", unitName: "total",
                helpText: "Requests the invite store did not answer."))
        limitedCounter = registry.makeCounter(
            descriptor: MetricNameDescriptor(
                namespace: "beckon", metricName: "rate_limited", unitName: "total",
                helpText: "Requests refused with 429 (invites per sender, resend cooldown)."))
        emailsWritten = registry.makeCounter(
            descriptor: MetricNameDescriptor(
                namespace: "beckon", metricName: "invite_emails_written", unitName: "total",
                helpText: "Invitation emails written to the outbox folder."))
        var resolutions: [String: Counter] = [:]
        for name in LinkResolution.allCases.map(\.rawValue) + ["not_found"] {
            resolutions[name] = registry.makeCounter(
                descriptor: MetricNameDescriptor(
                    namespace: "beckon", metricName: "link_answers", unitName: "total",
                    helpText: "Invite links answered, by what they showed."),
                labels: [("resolution", name)])
        }
        self.resolutions = resolutions
        let registry = registry
        func gauge(_ name: String, _ help: String, _ label: (String, String)) -> Gauge {
            registry.makeGauge(
                descriptor: MetricNameDescriptor(namespace: "beckon", metricName: name, helpText: help),
                labels: [label])
        }
        let kept = "Invites' own pages and cards kept in memory, by kind."
        keptPages = gauge("invite_artifacts_kept", kept, ("kind", "page"))
        keptCards = gauge("invite_artifacts_kept", kept, ("kind", "card"))
        let bytes = "Bytes of invites' own pages and cards kept, in memory and (with --cache) on disk."
        keptInMemory = gauge("invite_artifacts_bytes", bytes, ("place", "memory"))
        keptOnDisk = gauge("invite_artifacts_bytes", bytes, ("place", "disk"))
    }

    func resolved(_ resolution: LinkResolution?, seconds duration: Duration) {
        linkDuration.record(duration)
        resolutions[resolution?.rawValue ?? "not_found"]?.increment()
    }

    /// A page or card made for an invite failed `rule`, so the built one was shown instead.
    func fellBack(_ rule: RuleID) {
        registry.makeCounter(
            descriptor: MetricNameDescriptor(
                namespace: "beckon", metricName: "invite_page_fallbacks", unitName: "total",
                helpText: "Pages and cards made for an invite that failed a rule, by rule; the built one was shown."),
            labels: [("rule", rule.rawValue)]
        ).increment()
    }

    /// A store button's tap sent a visitor on `platform` to the store.
    func storeClicked(_ platform: ClientPlatform) {
        registry.makeCounter(
            descriptor: MetricNameDescriptor(
                namespace: "beckon", metricName: "store_clicks", unitName: "total",
                helpText: "Store buttons' taps sent on to a store, by platform."),
            labels: [("platform", platform.rawValue)]
        ).increment()
    }

    /// A batch of the app's events recorded: `new` events, and `repeated` ones recorded before.
    func appEventsRecorded(new: Int, repeated: Int) {
        for (outcome, count) in [("recorded", new), ("repeated", repeated)] where count > 0 {
            registry.makeCounter(
                descriptor: MetricNameDescriptor(
                    namespace: "beckon", metricName: "app_events", unitName: "total",
                    helpText: "The app's events posted, by outcome (`repeated`: its id was recorded before)."),
                labels: [("outcome", outcome)]
            ).increment(by: Int64(count))
        }
    }

    /// An install's claim answered: `matched` with its method, or `none`.
    func claimed(_ method: InstallMethod?) {
        registry.makeCounter(
            descriptor: MetricNameDescriptor(
                namespace: "beckon", metricName: "install_claims", unitName: "total",
                helpText: "Installs' claims, by the method that matched (`none` when nothing did)."),
            labels: [("method", method?.rawValue ?? "none")]
        ).increment()
    }

    /// An invite's email failed `rule`, so it was not made.
    func emailFailed(_ rule: RuleID) {
        registry.makeCounter(
            descriptor: MetricNameDescriptor(
                namespace: "beckon", metricName: "invite_email_failures", unitName: "total",
                helpText: "Invitation emails made for an invite that failed a rule, by rule; none was sent."),
            labels: [("rule", rule.rawValue)]
        ).increment()
    }

    /// An invite's email was put in the outbox.
    func emailWritten() { emailsWritten.increment() }

    /// An attempt at a queued job ended: its kind (`invitation`, `notice`, `digest`, `webhook`), its outcome
    /// (`delivered`, `deferred`, `failed`) and the class of the reply (`2xx`, `4xx`, `5xx`, or
    /// `none` when nothing answered).
    func deliveryAttempt(kind: String, outcome: String, replyClass: String) {
        registry.makeCounter(
            descriptor: MetricNameDescriptor(
                namespace: "beckon", metricName: "delivery_attempts", unitName: "total",
                helpText: "Attempts at queued emails and webhooks, by kind, outcome and reply class."),
            labels: [("kind", kind), ("outcome", outcome), ("reply", replyClass)]
        ).increment()
    }

    /// Whether the webhook endpoint is disabled after its run of failures (1) or not (0).
    func webhookDisabled(_ disabled: Bool) {
        registry.makeGauge(
            descriptor: MetricNameDescriptor(
                namespace: "beckon", metricName: "webhook_disabled",
                helpText: "1 while the webhook endpoint is disabled after a run of failed deliveries.")
        ).set(Int64(disabled ? 1 : 0))
    }

    /// The outbound queue now: jobs waiting (queued, being sent or deferred) and how long the one
    /// queued longest has waited.
    func queue(depth: Int, oldestAge: Double) {
        registry.makeGauge(
            descriptor: MetricNameDescriptor(
                namespace: "beckon", metricName: "delivery_queue_depth",
                helpText: "Queued emails and webhooks not yet delivered or failed.")
        ).set(Int64(depth))
        registry.makeGauge(
            descriptor: MetricNameDescriptor(
                namespace: "beckon", metricName: "delivery_queue_oldest_age", unitName: "seconds",
                helpText: "How long the job queued longest has waited (0 when none waits).")
        ).set(oldestAge)
    }

    func created() { createdCounter.increment() }
    func opened() { openedCounter.increment() }
    func storeError() { storeErrors.increment() }
    func limited() { limitedCounter.increment() }

    /// Sets what invites' own pages and cards hold: how many are kept in memory, and their bytes
    /// in memory and (with `--cache DIR`) on disk.
    func keptArtifacts(pages: Int, cards: Int, memoryBytes: Int, diskBytes: Int?) {
        keptPages.set(to: Double(pages))
        keptCards.set(to: Double(cards))
        keptInMemory.set(to: Double(memoryBytes))
        keptOnDisk.set(to: Double(diskBytes ?? 0))
    }

    /// Sets what a store that keeps links' lookups between changes reports: whether it listens,
    /// how many invites it keeps, and its lookups by where they were answered.
    func linkLookups(_ usage: LinkLookupUsage) {
        func gauge(_ name: String, _ help: String) -> Gauge {
            registry.makeGauge(descriptor: MetricNameDescriptor(namespace: "beckon", metricName: name, helpText: help))
        }
        gauge(
            "link_lookups_listening",
            "1 while the store listens for other instances' changes (links' lookups are kept), else 0."
        ).set(to: usage.listening ? 1 : 0)
        gauge("link_lookups_kept", "Invites whose links' lookups are kept until they change.")
            .set(to: Double(usage.invites))
        // Two scrapes may read the store in one order and get here in the other: only what is
        // above the totals already counted is added.
        let added = lookupsCounted.withLock { counted in
            let memory = max(usage.fromMemory, counted.fromMemory)
            let database = max(usage.fromDatabase, counted.fromDatabase)
            defer { counted = (memory, database) }
            return (memory - counted.fromMemory, database - counted.fromDatabase)
        }
        for (place, count) in [("memory", added.0), ("database", added.1)] {
            registry.makeCounter(
                descriptor: MetricNameDescriptor(
                    namespace: "beckon", metricName: "link_lookups", unitName: "total",
                    helpText: "Links' lookups of their invite, by where they were answered."),
                labels: [("from", place)]
            ).increment(by: Int64(count))
        }
    }

    /// The text `/metrics` answers with.
    func exposition() -> [UInt8] { registry.emitToBuffer() }
}
