import BeckonFunnel
import BeckonStore
import Foundation
import GRDB

/// The funnel (see `InviteStore.funnel`), counted in one read.
extension SQLiteInviteStore {
    public func funnel(
        by dimension: FunnelDimension?, from: Date?, to: Date?
    ) async throws(StoreError)
        -> FunnelCounts
    {
        let (start, end) = FunnelSQL.bounds(from: from, to: to)
        let groups = try await read("counting the funnel") { db in
            try Row.fetchAll(
                db, sql: FunnelSQL.text(by: dimension, from: "?1", to: "?2", platforms: .inviteColumn),
                arguments: [start, end]
            ).map {
                row in
                guard let name: String = row["grp"] else {
                    throw StoredValueError(column: "invites.\(dimension?.rawValue ?? "grp")")
                }
                let counts: [Int64] = FunnelSQL.countColumns.map { row[$0] ?? 0 }
                return FunnelSQL.group(name: name, counts: counts, senders: row["senders"] ?? 0)
            }
        }
        return FunnelCounts(
            dimension: dimension?.rawValue, from: from, to: to, groups: FunnelSQL.settled(groups))
    }
}

/// The experiments a server ran (see `InviteStore.recordExperiment`).
extension SQLiteInviteStore {
    public func recordExperiment(
        weights: [String: Int], at date: Date
    ) async throws(StoreError)
        -> ExperimentRecord?
    {
        let key = ExperimentRecord.key(weights)
        let text = ExperimentRecord.text(weights)
        return try await write("keeping an experiment's weights") { db in
            let row = try Row.fetchOne(
                db, sql: "SELECT weights, since FROM experiments WHERE arms = ?", arguments: [key])
            if let row, let kept: String = row["weights"], kept == text { return nil }
            try db.execute(
                sql: """
                    INSERT INTO experiments (arms, weights, since) VALUES (?, ?, ?)
                    ON CONFLICT (arms) DO UPDATE SET weights = excluded.weights, since = excluded.since
                    """,
                arguments: [key, text, Milliseconds.from(date)])
            guard let row, let kept: String = row["weights"], let since: Int64 = row["since"] else { return nil }
            guard let previous = ExperimentRecord.weights(kept) else {
                throw StoredValueError(column: "experiments.weights")
            }
            return ExperimentRecord(weights: previous, since: Milliseconds.date(since))
        }
    }
}
