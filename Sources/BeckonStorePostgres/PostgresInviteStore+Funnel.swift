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
        let query = PostgresQuery(unsafeSQL: FunnelSQL.text(by: dimension, from: "$1", to: "$2"), binds: binds)
        let groups = try await read("counting the funnel") { connection, logger in
            try await connection.query(query, logger: logger).collect().map { row in
                let columns = ColumnReader(row, table: "invites")
                let counts: [Int64] = try ["created", "sent", "opened", "clicked", "installed", "accepted"].map {
                    try columns.required($0)
                }
                return FunnelSQL.group(
                    name: try columns.required("grp"), counts: counts, senders: try columns.required("senders"))
            }
        }
        return FunnelCounts(dimension: dimension?.rawValue, from: from, to: to, groups: groups)
    }
}
