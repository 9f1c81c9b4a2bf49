import BeckonAPI
import BeckonStore
import OpenAPIRuntime

/// The invite API's event feed.
struct EventsController: Sendable {
    let store: any InviteStore

    func listEvents(_ input: Operations.ListEvents.Input) async throws -> Operations.ListEvents.Output {
        let limit = try APIInput.limit(input.query.limit, default: 100, maximum: 1_000)
        let after = input.query.after ?? 0
        guard after >= 0 else {
            throw APIProblem.badRequest("`after` must be the sequence of the last event read, or 0.", field: "after")
        }
        let events: [InviteEvent]
        do {
            events = try await store.events(after: Int64(after), limit: limit)
        } catch {
            throw InviteService.problem(error)
        }
        return .ok(
            .init(
                body: .json(
                    .init(
                        events: try events.map { event throws(APIProblem) in try InviteResource.event(event) },
                        next: events.last.map { Int($0.sequence) } ?? after))))
    }

}
