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
            try Row.fetchAll(db, sql: FunnelSQL.text(by: dimension, from: "?", to: "?"), arguments: [start, end]).map {
                row in
                guard let name: String = row["grp"] else {
                    throw StoredValueError(column: "invites.\(dimension?.rawValue ?? "grp")")
                }
                let counts: [Int64] = ["created", "sent", "opened", "clicked", "installed", "accepted"].map {
                    row[$0] ?? 0
                }
                return FunnelSQL.group(name: name, counts: counts, senders: row["senders"] ?? 0)
            }
        }
        return FunnelCounts(dimension: dimension?.rawValue, from: from, to: to, groups: groups)
    }
}
