import BeckonDiagnostics
import Synchronization

/// Which invites' own pages and cards have been reported as failing a rule (so their built one
/// was sent): each is logged and counted once per link and locale, not at every fetch of it by
/// every crawler. At most `capacity` are remembered; past it the memory starts again.
final class FallbackReports: Sendable {
    let capacity: Int
    private let reported = Mutex<Set<String>>([])

    init(capacity: Int = 10_000) {
        self.capacity = capacity
    }

    /// Whether `rules` failing for `what` (a kind, the link and the locale) is new: true once.
    func isNew(_ what: String, rules: [RuleID]) -> Bool {
        guard !rules.isEmpty else { return false }
        return reported.withLock { reported in
            if reported.count >= capacity { reported.removeAll(keepingCapacity: true) }
            return reported.insert(what).inserted
        }
    }
}
