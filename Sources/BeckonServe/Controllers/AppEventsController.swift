import BeckonJSON
import BeckonStore
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// `POST /v1/events`: the app's events of the invite flow, with the app key or the server token
/// (`BearerAuthentication`). The body has passed `APIRequestChecks` (size, strict JSON, the
/// document's members); each event is held to `AppEventBatch`'s rules, and a batch is recorded
/// whole or not at all. With the app key, which ships inside the app, batches are paced per keyed
/// client hash; the server token (a backend relaying many devices' events) is not paced.
struct AppEventsController: Sendable {
    let store: any InviteStore
    let appKey: String?
    let clients: ClientIdentity
    let pace: ClientPace
    let metrics: ServeMetrics
    let now: @Sendable () -> Date

    func addRoutes(to group: RouterGroup<ServeRequestContext>) {
        group.post("/v1/events") { request, context in
            do throws(APIProblem) {
                return try await record(request, peer: context.remoteAddress)
            } catch {
                return error.response()
            }
        }
    }

    private func record(_ request: Request, peer: SocketAddress?) async throws(APIProblem) -> Response {
        let body = try await RequestBody.json(of: request, what: "the events")
        let date = now()
        let events = try AppEventBatch.events(body, now: date)
        if let appKey,
            let given = BearerAuthentication<ServeRequestContext>.credentials(request.headers[.authorization]),
            ConstantTime.equal(given, appKey)
        {
            let address = ClientIdentity.address(of: request, peer: peer)
            let client = clients.hashes(address: address, platform: events[0].platform ?? .desktop, at: date)[0]
            if let wait = pace.admit(client, at: date) {
                var problem = APIProblem(
                    status: .tooManyRequests, title: "Too many events",
                    detail: "This client has sent \(pace.limit) batches in the last hour; send fewer, larger batches.")
                problem.retryAfter = wait
                throw problem
            }
        }
        let outcome: AppEventOutcome
        do {
            outcome = try await store.recordAppEvents(events)
        } catch {
            metrics.storeError()
            throw InviteService.problem(error)
        }
        switch outcome {
        case .unknownCode(let index):
            throw .badRequest(
                "`events[\(index)].code` names no invite; nothing of the batch was recorded.",
                field: "events[\(index)].code")
        case .recorded(let new, let repeated):
            metrics.appEventsRecorded(new: new, repeated: repeated)
            let body = Data("{\"recorded\":\(new),\"repeated\":\(repeated)}".utf8)
            return Response(
                status: .ok, headers: [.contentType: "application/json", .cacheControl: "no-store"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
        }
    }
}
