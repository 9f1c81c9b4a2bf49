import BeckonStore
import InviteModel

/// Erasing a sender's personal data wherever the server keeps it: the store (names, recipients,
/// the picture, idempotency keys), the invites' own pages and cards in memory and on disk, and
/// the outbox's emails (docs/serve.md, Erasure).
struct Erasure: Sendable {
    let service: InviteService
    let artifacts: InviteArtifactCache
    let outbox: Outbox?

    /// Erases the sender's data; returns how many invites changed.
    func erase(sender id: String) async throws(APIProblem) -> Int {
        // Pages and cards made with the sender's name or picture are not kept past the erasure:
        // those being made now, from invites read before it, are let go once made.
        artifacts.removeAll()
        defer { artifacts.removeAll() }
        do {
            let codes = try await service.codes(sender: id)
            let count = try await service.store.eraseSender(id)
            // The emails still waiting in the outbox hold the sender's name and recipients.
            outbox?.remove(codes: codes)
            return count
        } catch {
            throw InviteService.problem(error)
        }
    }
}
