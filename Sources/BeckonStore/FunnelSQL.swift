import BeckonFunnel
import Foundation

/// The funnel's one query, as both stores run it (SQLite 3.30 and PostgreSQL know `FILTER`): the
/// invites created in a period, grouped, with a count per stage. An invite reaches a stage when
/// it reached it or a later one of created → sent → opened → accepted (an accept by deep link
/// opens without a recorded send). Store clicks and the app's onboarding are counted from their
/// events (found by name, `events_by_name`), installs from their own rows, each joined to its
/// invite by the invite's key and grouped alike: no lookup per invite beyond the invite's own
/// (a million events count in under a second on SQLite, docs/benchmarks.md).
public enum FunnelSQL {
    /// The columns, in order: `grp`, `created`, `sent`, `opened`, `clicked`, `installed`,
    /// `onboarded`, `accepted`, `senders`. `from` and `to` are the store's spelling of the first
    /// and second parameter (`?1`, `$1`); each is used three times.
    public static func text(
        by dimension: FunnelDimension?, from: String, to: String, platforms: PlatformKeeping
    ) -> String {
        let group = group(dimension, platforms)
        let period = "i.created_at >= \(from) AND i.created_at < \(to)"
        let platforms =
            dimension == .platform && platforms == .table
            ? " LEFT JOIN invite_platforms ip ON ip.invite_id = i.id" : ""
        return """
            WITH base AS (
                SELECT \(group) AS grp, COUNT(*) AS created,
                    COUNT(*) FILTER (WHERE i.sent_at IS NOT NULL OR i.opened_at IS NOT NULL OR i.accepted_at IS NOT NULL)
                        AS sent,
                    COUNT(*) FILTER (WHERE i.opened_at IS NOT NULL OR i.accepted_at IS NOT NULL) AS opened,
                    COUNT(*) FILTER (WHERE i.accepted_at IS NOT NULL) AS accepted,
                    COUNT(DISTINCT i.sender_id) AS senders
                FROM invites i\(platforms) WHERE \(period) GROUP BY grp
            ), stepped AS (
                SELECT \(group) AS grp,
                    COUNT(DISTINCT i.id) FILTER (WHERE e.name = 'invite_store_clicked') AS clicked,
                    COUNT(DISTINCT i.id) FILTER (WHERE e.name = 'invite_onboarding_completed') AS onboarded
                FROM events e JOIN invites i ON i.id = e.invite_id\(platforms)
                WHERE e.name IN ('invite_store_clicked', 'invite_onboarding_completed') AND \(period) GROUP BY grp
            ), installed AS (
                SELECT \(group) AS grp, COUNT(*) AS n
                FROM installs x JOIN invites i ON i.id = x.invite_id\(platforms)
                WHERE \(period) GROUP BY grp
            )
            SELECT b.grp AS grp, b.created AS created, b.sent AS sent, b.opened AS opened,
                COALESCE(c.clicked, 0) AS clicked, COALESCE(s.n, 0) AS installed, COALESCE(c.onboarded, 0) AS onboarded,
                b.accepted AS accepted, b.senders AS senders
            FROM base b LEFT JOIN stepped c ON c.grp = b.grp LEFT JOIN installed s ON s.grp = b.grp
            ORDER BY b.grp
            """
    }

    /// The group's expression: the invite's column, with a name for invites without a value. An
    /// invite's platform is its install's, else that of its first event that names one (a store
    /// click, an app event), else `unknown`; the stores keep it as those are recorded.
    static func group(_ dimension: FunnelDimension?, _ platforms: PlatformKeeping) -> String {
        switch dimension {
        case nil: "'all'"
        case .variant: "COALESCE(i.variant, 'none')"
        case .channel: "i.channel"
        case .locale: "COALESCE(i.locale, 'default')"
        case .context: "i.context"
        case .platform: platforms == .table ? "COALESCE(ip.platform, 'unknown')" : "COALESCE(i.platform, 'unknown')"
        }
    }

    /// Where a store keeps each invite's platform for the funnel.
    public enum PlatformKeeping: Sendable {
        /// In the invite's row (`invites.platform`): SQLite, where a lookup by the invite's id for
        /// every invite would double the count's time.
        case inviteColumn
        /// In `invite_platforms`, by the invite's id: PostgreSQL, whose create function takes an
        /// invite as a whole row of the table, so the table holds only what a record carries.
        case table
    }

    /// The stages the query counts, in its column order after `grp`.
    public static let stages: [FunnelStage] = [
        .created, .sent, .opened, .storeClicked, .installed, .onboardingCompleted, .accepted,
    ]

    /// The query's count columns, in `stages` order.
    public static let countColumns = ["created", "sent", "opened", "clicked", "installed", "onboarded", "accepted"]

    /// One group from a row's counts (in `stages` order) and its senders.
    public static func group(name: String, counts: [Int64], senders: Int64) -> FunnelGroup {
        FunnelGroup(
            name: name,
            counts: Dictionary(uniqueKeysWithValues: zip(stages, counts.map { Int($0) })),
            senders: Int(senders))
    }

    /// The groups as a report shows them: the app's onboarding stage has no data when no invite
    /// of the period reached it, since an app that sends no onboarding events would otherwise
    /// read as one where nobody finishes onboarding.
    public static func settled(_ groups: [FunnelGroup]) -> [FunnelGroup] {
        guard groups.allSatisfy({ ($0.counts[.onboardingCompleted] ?? 0) == 0 }) else { return groups }
        return groups.map { group in
            var group = group
            group.counts[.onboardingCompleted] = nil
            return group
        }
    }

    /// The bounds of `[from, to)` in milliseconds, open ends as the extremes.
    public static func bounds(from: Date?, to: Date?) -> (Int64, Int64) {
        (from.map(Milliseconds.from) ?? Int64.min, to.map(Milliseconds.from) ?? Int64.max)
    }
}
