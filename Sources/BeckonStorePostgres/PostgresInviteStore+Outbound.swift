import BeckonStore
import Foundation
import InviteModel
import PostgresNIO

/// The outbound queue (see `OutboundQueue`), in the tables of schema versions 13 to 15. Claims skip the
/// rows another transaction has locked (`FOR UPDATE SKIP LOCKED`), so several servers on one
/// database share the queue without waiting for one another or claiming one job twice.
extension PostgresInviteStore {
    public func setOutboundPlan(_ plan: OutboundPlan) async throws(StoreError) {
        try await transaction("keeping the outbound plan") { connection, logger in
            try await connection.query("DELETE FROM outbound_plan", logger: logger)
            for trigger in plan.triggers {
                try await connection.query(
                    """
                    INSERT INTO outbound_plan (event, channel, kind)
                    VALUES (\(trigger.event.rawValue), \(trigger.channel?.rawValue), \(trigger.kind.rawValue))
                    """, logger: logger)
            }
        }
    }

    public func outboundPlan() async throws(StoreError) -> OutboundPlan {
        try await read("reading the outbound plan") { connection, logger in
            OutboundPlan(
                try await connection.query(
                    "SELECT event, channel, kind FROM outbound_plan ORDER BY event, kind", logger: logger
                )
                .collect().map { row in
                    let columns = ColumnReader(row, table: "outbound_plan")
                    return OutboundPlan.Trigger(
                        event: try columns.parsed("event", InviteEvent.Name.init(rawValue:)),
                        channel: try columns.parsedIfPresent("channel", InviteChannel.init(rawValue:)),
                        kind: try columns.parsed("kind", OutboundKind.init(rawValue:)))
                })
        }
    }

    public func claimJobs(
        kinds: Set<OutboundKind>, limit: Int, at date: Date, lease: TimeInterval
    ) async throws(StoreError) -> [OutboundJob] {
        guard limit > 0, !kinds.isEmpty else { return [] }
        let now = Milliseconds.from(date)
        let until = Milliseconds.from(date.addingTimeInterval(lease))
        let kindNames = kinds.map(\.rawValue).sorted()
        return try await transaction("claiming outbound jobs") { connection, logger in
            try await connection.query(
                """
                UPDATE outbound_jobs j SET state = 'sending', attempts = j.attempts + 1, due_at = \(until),
                    updated_at = \(now)
                FROM (
                    SELECT c.id FROM outbound_jobs c
                    WHERE c.state IN ('queued', 'sending', 'deferred') AND c.due_at <= \(now)
                        AND c.kind = ANY(\(kindNames))
                        AND NOT EXISTS (
                            SELECT 1 FROM outbound_jobs e
                            WHERE e.invite_id = c.invite_id AND e.kind = c.kind AND e.id < c.id
                                AND e.state IN ('queued', 'sending', 'deferred'))
                    ORDER BY c.due_at, c.id LIMIT \(limit) FOR UPDATE SKIP LOCKED
                ) claimed
                WHERE j.id = claimed.id
                RETURNING \(unescaped: OutboundJob.returningClaimed)
                """, logger: logger
            ).collect().map(OutboundJob.init(row:)).sorted { ($0.queuedAt, $0.id) < ($1.queuedAt, $1.id) }
        }
    }

    public func finishJob(_ job: OutboundJob, _ result: JobResult, at date: Date) async throws(StoreError) {
        let now = Milliseconds.from(date)
        // The code of an invite marked sent, whose kept lookup goes.
        let changed: InviteCode? = try await transaction("recording an outbound job") { connection, logger in
            switch result {
            case .delivered(let reply):
                let rows = try await connection.query(
                    """
                    UPDATE outbound_jobs SET state = 'delivered', updated_at = \(now), last_reply = \(reply)
                    WHERE id = \(job.id) AND state <> 'delivered' RETURNING id
                    """, logger: logger
                ).collect()
                guard !rows.isEmpty, job.kind == .invitation,
                    var record = try await Self.fetchInvite(
                        "WHERE id = \(job.inviteID) FOR UPDATE", on: connection, logger: logger),
                    record.invite.status == .created
                else { return nil }
                try record.invite.markSent(at: date)
                try await connection.query(record.updateQuery, logger: logger)
                try await InviteEvent.insert([.sent], for: record.invite, now: date, on: connection, logger: logger)
                return record.invite.code
            case .deferred(let reply, let retryAt):
                try await connection.query(
                    """
                    UPDATE outbound_jobs SET state = 'deferred', due_at = \(Milliseconds.from(retryAt)),
                        updated_at = \(now), last_reply = \(reply)
                    WHERE id = \(job.id) AND state = 'sending' AND attempts = \(Int32(job.attempts))
                    """, logger: logger)
                return nil
            case .failed(let reply):
                let rows = try await connection.query(
                    """
                    UPDATE outbound_jobs SET state = 'failed', updated_at = \(now), last_reply = \(reply)
                    WHERE id = \(job.id) AND state = 'sending' AND attempts = \(Int32(job.attempts)) RETURNING id
                    """, logger: logger
                ).collect()
                // A failed invitation is an event of its invite (a webhook may tell the sender).
                if !rows.isEmpty, job.kind == .invitation,
                    let record = try await Self.fetchInvite(
                        "WHERE id = \(job.inviteID)", on: connection, logger: logger)
                {
                    try await InviteEvent.insert(
                        [.deliveryFailed], for: record.invite, now: date, on: connection, logger: logger)
                }
                return nil
            }
        }
        if let changed { linkCache?.inviteChanged(code: changed.rawValue) }
    }

    public func retryInvitation(code: InviteCode, at date: Date) async throws(StoreError) -> RetryOutcome {
        let now = Milliseconds.from(date)
        return try await transaction("retrying an invitation") { connection, logger in
            guard
                let record = try await Self.fetchInvite(
                    "WHERE code = \(code.rawValue)", on: connection, logger: logger)
            else { return .noInvite }
            guard
                let job = try await Self.latestInvitation(
                    record.invite.id, locking: true, on: connection, logger: logger)
            else { return .notFailed(nil) }
            guard job.state == .failed else { return .notFailed(job) }
            let rows = try await connection.query(
                """
                UPDATE outbound_jobs SET state = 'queued', attempts = 0, queued_at = \(now), due_at = \(now),
                    updated_at = \(now)
                WHERE id = \(job.id) RETURNING \(unescaped: OutboundJob.returning)
                """, logger: logger
            ).collect()
            return try rows.first.map { .queued(try OutboundJob(row: $0)) } ?? .notFailed(job)
        }
    }

    public func latestInvitation(inviteID: UUID) async throws(StoreError) -> OutboundJob? {
        try await read("reading an invite's delivery") { connection, logger in
            try await Self.latestInvitation(inviteID, locking: false, on: connection, logger: logger)
        }
    }

    /// One repeatable-read transaction for both rows: under PostgreSQL's default isolation each
    /// statement would see its own snapshot.
    public func inviteWithInvitation(code: InviteCode) async throws(StoreError) -> InviteWithInvitation? {
        try await transaction("reading an invite and its delivery") { connection, logger in
            try await connection.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY", logger: logger)
            guard
                let record = try await Self.fetchInvite(
                    "WHERE code = \(code.rawValue)", on: connection, logger: logger)
            else { return nil }
            return InviteWithInvitation(
                record: record,
                invitation: try await Self.latestInvitation(
                    record.invite.id, locking: false, on: connection, logger: logger))
        }
    }

    /// The invitation job of the invite `inviteID` made last, locked for this transaction's update
    /// when `locking`.
    private static func latestInvitation(
        _ inviteID: UUID, locking: Bool, on connection: PostgresConnection, logger: Logger
    ) async throws -> OutboundJob? {
        try await connection.query(
            """
            SELECT \(unescaped: OutboundJob.returning) FROM outbound_jobs
            WHERE invite_id = \(inviteID) AND kind = 'invitation' ORDER BY id DESC LIMIT 1
            \(unescaped: locking ? "FOR UPDATE" : "")
            """, logger: logger
        ).collect().first.map(OutboundJob.init(row:))
    }

    public func recentJobs(kind: OutboundKind, limit: Int) async throws(StoreError) -> [OutboundJob] {
        guard limit > 0 else { return [] }
        return try await read("reading the outbound queue") { connection, logger in
            try await connection.query(
                """
                SELECT \(unescaped: OutboundJob.returning) FROM outbound_jobs
                WHERE kind = \(kind.rawValue) ORDER BY id DESC LIMIT \(limit)
                """, logger: logger
            ).collect().map(OutboundJob.init(row:))
        }
    }

    /// Two servers that queue one day's digests at once make each once: the second insert waits
    /// for the first's row of the unique index and then does nothing.
    public func queueDigests(from: Date, until: Date, at date: Date) async throws(StoreError) -> Int {
        let now = Milliseconds.from(date)
        let end = Milliseconds.from(until)
        let start = Milliseconds.from(from)
        return try await transaction("queueing the senders' digests") { connection, logger in
            try await connection.query(
                """
                INSERT INTO outbound_jobs
                    (kind, invite_id, sender_id, message_id, state, queued_at, due_at, updated_at, covers_until)
                SELECT 'digest', (array_agg(i.id ORDER BY i.id))[1], i.sender_id, replace(gen_random_uuid()::TEXT, '-', ''),
                    'queued', \(now), \(now), \(now), \(end)
                FROM invites i
                WHERE i.sender_email IS NOT NULL AND i.accepted_at >= \(start) AND i.accepted_at < \(end)
                GROUP BY i.sender_id
                ON CONFLICT (sender_id, covers_until) WHERE kind = 'digest' DO NOTHING
                RETURNING id
                """, logger: logger
            ).collect().count
        }
    }

    public func acceptedInvites(senderID: String, from: Date, until: Date) async throws(StoreError) -> [InviteRecord] {
        try await read("reading a sender's accepted invites") { connection, logger in
            try await connection.query(
                """
                \(unescaped: InviteRecord.selectSQL)
                WHERE sender_email IS NOT NULL AND accepted_at >= \(Milliseconds.from(from))
                    AND accepted_at < \(Milliseconds.from(until)) AND sender_id = \(senderID)
                ORDER BY accepted_at, id
                """, logger: logger
            ).collect().map(InviteRecord.init(row:))
        }
    }

    public func queueStatus() async throws(StoreError) -> QueueStatus {
        try await read("reading the outbound queue") { connection, logger in
            let rows = try await connection.query(
                """
                SELECT COUNT(*)::BIGINT AS depth, MIN(queued_at) AS oldest FROM outbound_jobs
                WHERE state IN ('queued', 'sending', 'deferred')
                """, logger: logger
            ).collect()
            guard let row = rows.first else { return QueueStatus(depth: 0, oldestQueuedAt: nil) }
            let columns = ColumnReader(row, table: "outbound_jobs")
            let depth: Int64 = try columns.required("depth")
            let oldest: Int64? = try columns.optional("oldest")
            return QueueStatus(depth: Int(depth), oldestQueuedAt: oldest.map(Milliseconds.date))
        }
    }
}

extension OutboundJob {
    static let returning =
        "id, kind, invite_id, event, message_id, state, attempts, queued_at, due_at, updated_at, last_reply, covers_until"
    /// `returning` of the table named `j`.
    static let returningClaimed = returning.split(separator: ", ").map { "j.\($0)" }.joined(separator: ", ")

    /// Reads a row of `outbound_jobs` selected with `returning`.
    init(row: PostgresRow) throws {
        let columns = ColumnReader(row, table: "outbound_jobs")
        let attempts: Int32 = try columns.required("attempts")
        self.init(
            id: try columns.required("id"), kind: try columns.parsed("kind", OutboundKind.init(rawValue:)),
            inviteID: try columns.required("invite_id"),
            event: try columns.parsedIfPresent("event", InviteEvent.Name.init(rawValue:)),
            messageID: try columns.required("message_id"),
            state: try columns.parsed("state", DeliveryState.init(rawValue:)), attempts: Int(attempts),
            queuedAt: Milliseconds.date(try columns.required("queued_at")),
            dueAt: Milliseconds.date(try columns.required("due_at")),
            updatedAt: Milliseconds.date(try columns.required("updated_at")),
            lastReply: try columns.optional("last_reply"),
            coversUntil: try columns.optional("covers_until", as: Int64.self).map(Milliseconds.date))
    }
}
