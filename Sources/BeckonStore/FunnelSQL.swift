import BeckonFunnel
import Foundation

/// The funnel's one query, as both stores run it (SQLite 3.30 and PostgreSQL know `FILTER`): the
/// invites created in a period, grouped, with a count per stage. An invite reaches a stage when
/// it reached it or a later one of created → sent → opened → accepted (an accept by deep link
/// opens without a recorded send); store clicks and installs are looked up by the invite's id in
/// `events` and `installs`, through their indexes.
public enum FunnelSQL {
    /// The columns, in order: `grp`, `created`, `sent`, `opened`, `clicked`, `installed`,
    /// `accepted`, `senders`.
    public static func text(by dimension: FunnelDimension?, from: String, to: String) -> String {
        """
        SELECT \(group(dimension)) AS grp, COUNT(*) AS created,
            COUNT(*) FILTER (WHERE i.sent_at IS NOT NULL OR i.opened_at IS NOT NULL OR i.accepted_at IS NOT NULL)
                AS sent,
            COUNT(*) FILTER (WHERE i.opened_at IS NOT NULL OR i.accepted_at IS NOT NULL) AS opened,
            COUNT(*) FILTER (
                WHERE EXISTS (SELECT 1 FROM events e WHERE e.invite_id = i.id AND e.name = 'invite_store_clicked')
            ) AS clicked,
            COUNT(*) FILTER (WHERE EXISTS (SELECT 1 FROM installs n WHERE n.invite_id = i.id)) AS installed,
            COUNT(*) FILTER (WHERE i.accepted_at IS NOT NULL) AS accepted,
            COUNT(DISTINCT i.sender_id) AS senders
        FROM invites i
        WHERE i.created_at >= \(from) AND i.created_at < \(to)
        GROUP BY grp ORDER BY grp
        """
    }

    /// The group's expression: the invite's column, with a name for invites without a value.
    static func group(_ dimension: FunnelDimension?) -> String {
        switch dimension {
        case nil: "'all'"
        case .variant: "COALESCE(i.variant, 'none')"
        case .channel: "i.channel"
        case .locale: "COALESCE(i.locale, 'default')"
        case .context: "i.context"
        }
    }

    /// The stages the query counts, in its column order after `created`; `onboarding_completed`
    /// has no data in the store.
    public static let stages: [FunnelStage] = [.created, .sent, .opened, .storeClicked, .installed, .accepted]

    /// One group from a row's counts (in `stages` order) and its senders.
    public static func group(name: String, counts: [Int64], senders: Int64) -> FunnelGroup {
        FunnelGroup(
            name: name,
            counts: Dictionary(uniqueKeysWithValues: zip(stages, counts.map { Int($0) })),
            senders: Int(senders))
    }

    /// The bounds of `[from, to)` in milliseconds, open ends as the extremes.
    public static func bounds(from: Date?, to: Date?) -> (Int64, Int64) {
        (from.map(Milliseconds.from) ?? Int64.min, to.map(Milliseconds.from) ?? Int64.max)
    }
}
