import BeckonAPI
import BeckonStore
import Foundation
import OpenAPIRuntime

/// `POST /v1/admin/sweep`: the expiry sweep run at once, as the server's own runs it every minute,
/// so a test or a person can watch an invite expire.
struct ExpiryController: Sendable {
    let store: any InviteStore
    let now: @Sendable () -> Date

    func sweepExpired(_ input: Operations.SweepExpired.Input) async throws -> Operations.SweepExpired.Output {
        let moved: Int
        do {
            moved = try await store.expire(at: now())
        } catch {
            throw InviteService.problem(error)
        }
        return .ok(.init(body: .json(.init(expired: moved))))
    }
}
