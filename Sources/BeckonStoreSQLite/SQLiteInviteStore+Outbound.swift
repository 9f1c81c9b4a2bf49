import BeckonStore
import Foundation
import GRDB
import InviteModel

/// The outbound queue (see `OutboundQueue`), in the tables of schema versions 9 to 11.
extension SQLiteInviteStore {
    public func setOutboundPlan(_ plan: OutboundPlan) async throws(StoreError) {
        try await writeAlone("keeping the outbound plan") { db in
            try db.execute(sql: "DELETE FROM outbound_plan")
            for trigger in plan.triggers {
                try db.execute(
                    sql: "INSERT INTO outbound_plan (event, channel, kind) VALUES (?, ?, ?)",
                    arguments: [trigger.event.rawValue, trigger.channel?.rawValue, trigger.kind.rawValue])
            }
        }
    }

    public func outboundPlan() async throws(StoreError) -> OutboundPlan {
        try await read("reading the outbound plan") { db in
            OutboundPlan(
                try Row.fetchAll(db, sql: "SELECT event, channel, kind FROM outbound_plan ORDER BY event, kind").map {
                    row in
                    guard let event = (row["event"] as String?).flatMap(InviteEvent.Name.init(rawValue:)),
                        let kind = (row["kind"] as String?).flatMap(OutboundKind.init(rawValue:))
                    else { throw StoredValueError(column: "outbound_plan") }
                    let channel = (row["channel"] as String?).flatMap(InviteChannel.init(rawValue:))
                    return OutboundPlan.Trigger(event: event, channel: channel, kind: kind)
                })
        }
    }

    /// One statement claims the jobs (SQLite has one writer at a time: two servers on one file
    /// take turns, and a job claimed by one is not due for the other).
    public func claimJobs(
        kinds: Set<OutboundKind>, limit: Int, at date: Date, lease: TimeInterval
    ) async throws(StoreError) -> [OutboundJob] {
        guard limit > 0, !kinds.isEmpty else { return [] }
        let kindList = kinds.map { "'\($0.rawValue)'" }.sorted().joined(separator: ", ")
        return try await writeAlone("claiming outbound jobs") { db in
            try Row.fetchAll(
                db,
                sql: """
                    UPDATE outbound_jobs SET state = 'sending', attempts = attempts + 1, due_at = :lease,
                        updated_at = :now
                    WHERE id IN (
                        SELECT j.id FROM outbound_jobs j INDEXED BY outbound_jobs_due
                        WHERE j.state IN ('queued', 'sending', 'deferred') AND j.due_at <= :now
                            AND j.kind IN (\(kindList))
                            AND NOT EXISTS (
                                SELECT 1 FROM outbound_jobs e INDEXED BY outbound_jobs_by_invite
                                WHERE e.invite_id = j.invite_id AND e.kind = j.kind AND e.id < j.id
                                    AND e.state IN ('queued', 'sending', 'deferred'))
                        ORDER BY j.due_at, j.id LIMIT :limit
                    )
                    RETURNING \(OutboundJob.columns)
                    """,
                arguments: [
                    "lease": Milliseconds.from(date.addingTimeInterval(lease)), "now": Milliseconds.from(date),
                    "limit": limit,
                ]
            ).map(OutboundJob.init(row:)).sorted { ($0.queuedAt, $0.id) < ($1.queuedAt, $1.id) }
        }
    }

    public func finishJob(_ job: OutboundJob, _ result: JobResult, at date: Date) async throws(StoreError) {
        try await write("recording an outbound job") { db in
            let now = Milliseconds.from(date)
            switch result {
            case .delivered(let reply):
                try db.execute(
                    sql: """
                        UPDATE outbound_jobs SET state = 'delivered', updated_at = ?, last_reply = ?
                        WHERE id = ? AND state <> 'delivered'
                        """,
                    arguments: [now, reply, job.id])
                guard db.changesCount == 1, job.kind == .invitation,
                    var record = try Self.fetchInvite(db, where: "id = ?", [job.inviteID.uuidString]),
                    record.invite.status == .created
                else { return }
                try record.invite.markSent(at: date)
                try db.cachedStatement(sql: InviteRecord.updateSQL).execute(arguments: record.updateArguments)
                try InviteEvent.insert(.sent, for: record.invite, at: date, in: db)
            case .deferred(let reply, let retryAt):
                try db.execute(
                    sql: """
                        UPDATE outbound_jobs SET state = 'deferred', due_at = ?, updated_at = ?, last_reply = ?
                        WHERE id = ? AND state = 'sending' AND attempts = ?
                        """,
                    arguments: [Milliseconds.from(retryAt), now, reply, job.id, job.attempts])
            case .failed(let reply):
                try db.execute(
                    sql: """
                        UPDATE outbound_jobs SET state = 'failed', updated_at = ?, last_reply = ?
                        WHERE id = ? AND state = 'sending' AND attempts = ?
                        """,
                    arguments: [now, reply, job.id, job.attempts])
                // A failed invitation is an event of its invite (a webhook may tell the sender).
                guard db.changesCount == 1, job.kind == .invitation,
                    let record = try Self.fetchInvite(db, where: "id = ?", [job.inviteID.uuidString])
                else { return }
                try InviteEvent.insert(.deliveryFailed, for: record.invite, at: date, in: db)
            }
        }
    }

    public func retryInvitation(code: InviteCode, at date: Date) async throws(StoreError) -> RetryOutcome {
        try await write("retrying an invitation") { db in
            guard let record = try Self.fetchInvite(db, where: "code = ?", [code.rawValue]) else { return .noInvite }
            guard let job = try Self.latestInvitation(record.invite.id, in: db) else { return .notFailed(nil) }
            guard job.state == .failed else { return .notFailed(job) }
            let now = Milliseconds.from(date)
            return try Row.fetchOne(
                db,
                sql: """
                    UPDATE outbound_jobs SET state = 'queued', attempts = 0, queued_at = ?, due_at = ?, updated_at = ?
                    WHERE id = ? RETURNING \(OutboundJob.columns)
                    """,
                arguments: [now, now, now, job.id]
            ).map { .queued(try OutboundJob(row: $0)) } ?? .notFailed(job)
        }
    }

    public func latestInvitation(inviteID: UUID) async throws(StoreError) -> OutboundJob? {
        try await read("reading an invite's delivery") { db in try Self.latestInvitation(inviteID, in: db) }
    }

    /// One read transaction (one snapshot of the WAL) for both rows.
    public func inviteWithInvitation(code: InviteCode) async throws(StoreError) -> InviteWithInvitation? {
        try await read("reading an invite and its delivery") { db in
            guard let record = try Self.fetchInvite(db, where: "code = ?", [code.rawValue]) else { return nil }
            return InviteWithInvitation(record: record, invitation: try Self.latestInvitation(record.invite.id, in: db))
        }
    }

    public func queueDigests(from: Date, until: Date, at date: Date) async throws(StoreError) -> Int {
        try await write("queueing the senders' digests") { db in
            let now = Milliseconds.from(date)
            try db.execute(
                sql: """
                    INSERT OR IGNORE INTO outbound_jobs
                        (kind, invite_id, sender_id, message_id, state, queued_at, due_at, updated_at, covers_until)
                    SELECT 'digest', MIN(i.id), i.sender_id, lower(hex(randomblob(16))), 'queued', ?, ?, ?, ?
                    FROM invites i INDEXED BY invites_accepted_with_sender_email
                    WHERE i.sender_email IS NOT NULL AND i.accepted_at >= ? AND i.accepted_at < ?
                    GROUP BY i.sender_id
                    """,
                arguments: [
                    now, now, now, Milliseconds.from(until),
                    Milliseconds.from(from), Milliseconds.from(until),
                ])
            return db.changesCount
        }
    }

    public func acceptedInvites(senderID: String, from: Date, until: Date) async throws(StoreError) -> [InviteRecord] {
        try await read("reading a sender's accepted invites") { db in
            try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        \(InviteRecord.selectSQL) INDEXED BY invites_accepted_with_sender_email
                        WHERE sender_email IS NOT NULL AND accepted_at >= ? AND accepted_at < ? AND sender_id = ?
                        ORDER BY accepted_at, id
                        """),
                arguments: [Milliseconds.from(from), Milliseconds.from(until), senderID]
            ).map(InviteRecord.init(row:))
        }
    }

    public func queueStatus() async throws(StoreError) -> QueueStatus {
        try await read("reading the outbound queue") { db in
            let row = try Row.fetchOne(
                db,
                sql: """
                    SELECT COUNT(*) AS depth, MIN(queued_at) AS oldest FROM outbound_jobs INDEXED BY outbound_jobs_due
                    WHERE state IN ('queued', 'sending', 'deferred')
                    """)
            let depth: Int = row?["depth"] ?? 0
            let oldest: Int64? = row?["oldest"]
            return QueueStatus(depth: depth, oldestQueuedAt: oldest.map(Milliseconds.date))
        }
    }

    public func recentJobs(kind: OutboundKind, limit: Int) async throws(StoreError) -> [OutboundJob] {
        guard limit > 0 else { return [] }
        return try await read("reading the outbound queue") { db in
            try Row.fetchAll(
                db, sql: "SELECT \(OutboundJob.columns) FROM outbound_jobs WHERE kind = ? ORDER BY id DESC LIMIT ?",
                arguments: [kind.rawValue, limit]
            ).map(OutboundJob.init(row:))
        }
    }

    private static func latestInvitation(_ inviteID: UUID, in db: Database) throws -> OutboundJob? {
        try Row.fetchOne(
            db,
            sql: """
                SELECT \(OutboundJob.columns) FROM outbound_jobs
                WHERE invite_id = ? AND kind = 'invitation' ORDER BY id DESC LIMIT 1
                """,
            arguments: [inviteID.uuidString]
        ).map(OutboundJob.init(row:))
    }
}

extension OutboundJob {
    static let columns =
        "id, kind, invite_id, event, message_id, state, attempts, queued_at, due_at, updated_at, last_reply, covers_until"

    /// Reads a row of `outbound_jobs` selected with `columns`.
    init(row: Row) throws {
        func value<T: DatabaseValueConvertible>(_ column: String, _: T.Type = T.self) throws -> T {
            guard let value = T.fromDatabaseValue(row[column] as DatabaseValue) else {
                throw StoredValueError(column: "outbound_jobs.\(column)")
            }
            return value
        }
        func parsed<T>(_ column: String, _ parse: (String) -> T?) throws -> T {
            guard let value = parse(try value(column, String.self)) else {
                throw StoredValueError(column: "outbound_jobs.\(column)")
            }
            return value
        }
        self.init(
            id: try value("id"), kind: try parsed("kind", OutboundKind.init(rawValue:)),
            inviteID: try parsed("invite_id", UUID.init(uuidString:)),
            event: try String.fromDatabaseValue(row["event"] as DatabaseValue).map { name in
                guard let event = InviteEvent.Name(rawValue: name) else {
                    throw StoredValueError(column: "outbound_jobs.event")
                }
                return event
            },
            messageID: try value("message_id"),
            state: try parsed("state", DeliveryState.init(rawValue:)), attempts: try value("attempts"),
            queuedAt: Milliseconds.date(try value("queued_at")), dueAt: Milliseconds.date(try value("due_at")),
            updatedAt: Milliseconds.date(try value("updated_at")),
            lastReply: String.fromDatabaseValue(row["last_reply"] as DatabaseValue),
            coversUntil: Int64.fromDatabaseValue(row["covers_until"] as DatabaseValue).map(Milliseconds.date))
    }
}
