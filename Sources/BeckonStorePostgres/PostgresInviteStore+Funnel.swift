import BeckonFunnel
import BeckonStore
import Foundation
import PostgresNIO

/// The funnel (see `InviteStore.funnel`), counted in one query.
extension PostgresInviteStore {
    public func funnel(
        by dimension: FunnelDimension?, from: Date?, to: Date?
    ) async throws(StoreError)
        -> FunnelCounts
    {
        let (start, end) = FunnelSQL.bounds(from: from, to: to)
        var binds = PostgresBindings()
        binds.append(start)
        binds.append(end)
        let query = PostgresQuery(
            unsafeSQL: FunnelSQL.text(by: dimension, from: "$1", to: "$2", platforms: .table), binds: binds)
        let groups = try await read("counting the funnel") { connection, logger in
            try await connection.query(query, logger: logger).collect().map { row in
                let columns = ColumnReader(row, table: "invites")
                let counts: [Int64] = try FunnelSQL.countColumns.map { try columns.required($0) }
                return FunnelSQL.group(
                    name: try columns.required("grp"), counts: counts, senders: try columns.required("senders"))
            }
        }
        return FunnelCounts(
            dimension: dimension?.rawValue, from: from, to: to, groups: FunnelSQL.settled(groups))
    }
}

/// The experiments a server ran (see `InviteStore.recordExperiment`).
extension PostgresInviteStore {
    /// The row is locked (`FOR UPDATE`), so instances starting together report a change once.
    public func recordExperiment(
        weights: [String: Int], at date: Date
    ) async throws(StoreError)
        -> ExperimentRecord?
    {
        let key = ExperimentRecord.key(weights)
        let text = ExperimentRecord.text(weights)
        return try await transaction("keeping an experiment's weights") { connection, logger in
            try await connection.query(
                "INSERT INTO experiments (arms, weights, since) VALUES (\(key), \(text), \(Milliseconds.from(date))) ON CONFLICT (arms) DO NOTHING",
                logger: logger)
            let row = try await connection.query(
                "SELECT weights, since FROM experiments WHERE arms = \(key) FOR UPDATE", logger: logger
            ).collect().first
            guard let row else { return nil }
            let columns = ColumnReader(row, table: "experiments")
            let kept: String = try columns.required("weights")
            guard kept != text else { return nil }
            guard let previous = ExperimentRecord.weights(kept) else {
                throw StoredValueError(column: "experiments.weights")
            }
            let since = Milliseconds.date(try columns.required("since"))
            try await connection.query(
                "UPDATE experiments SET weights = \(text), since = \(Milliseconds.from(date)) WHERE arms = \(key)",
                logger: logger)
            return ExperimentRecord(weights: previous, since: since)
        }
    }
}
