import BeckonDiagnostics
import BeckonSite
import BeckonStore
import Foundation

/// The site's A/B weights checked against the experiment's, at a server's start: weights changed
/// while the same arms run make the invites before and after incomparable (an arm's share of
/// senders moves, and with it who is in it), so the change is a located warning, and the store
/// keeps the new weights from then on.
enum ExperimentWeights {
    static let rule: RuleID = "serve.experiment-weights"

    static func check(
        _ config: SiteConfig, store: any InviteStore, at date: Date, log: @Sendable (String) -> Void
    ) async {
        guard let variants = config.share?.variants, let first = variants.first else { return }
        let weights = Dictionary(variants.map { ($0.id, $0.weight) }) { first, _ in first }
        let previous: ExperimentRecord?
        do {
            previous = try await store.recordExperiment(weights: weights, at: date)
        } catch {
            log("the experiment's weights could not be checked: the store did not answer")
            return
        }
        guard let previous else { return }
        log(warning(previous, now: weights, at: first.location).locatedLine)
    }

    /// The warning, naming each arm's weight before and now.
    static func warning(_ previous: ExperimentRecord, now: [String: Int], at location: SourceLocation) -> Diagnostic {
        let changes = now.keys.sorted().map { "\($0) \(previous.weights[$0].map(String.init) ?? "–") → \(now[$0]!)" }
        let since = ISO8601DateFormatter().string(from: previous.since)
        return .warning(
            rule,
            "`share.variants` changed its weights during the experiment (\(changes.joined(separator: ", "))), which ran with the old ones since \(since): invites before and after are not comparable",
            at: location,
            fix:
                "Keep the weights until the experiment ends; to start a new one, rename an arm, and read `beckon funnel --from` the day it started."
        )
    }
}

extension Diagnostic {
    /// The warning as a log line with its place first (`beckon.yml:52:5: warning[rule]: …`).
    var locatedLine: String {
        (location.map { "\($0.file):\($0.line):\($0.column): " } ?? "") + warningLine
    }
}
