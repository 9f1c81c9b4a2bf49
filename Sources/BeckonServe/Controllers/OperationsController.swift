import BeckonStore
import Hummingbird
import NIOCore

/// What operators ask the server: `/healthz`, Prometheus `/metrics` and the API document at
/// `/v1/openapi.json`.
struct OperationsController: Sendable {
    let store: any InviteStore
    let links: LinkAnswerer
    let metrics: ServeMetrics

    func addRoutes(to router: Router<ServeRequestContext>) {
        router.get("/healthz") { _, _ in await health() }
        router.get("/metrics") { _, _ in exposition() }
        router.get("/v1/openapi.json") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "application/json", .cacheControl: "no-cache"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: OpenAPIDocument.json + "\n")))
        }
    }

    /// 200 when the store answers, 503 otherwise.
    private func health() async -> Response {
        do {
            try await store.ping()
        } catch {
            metrics.storeError()
            return APIProblem.unavailable("The invite store does not answer.").response()
        }
        return Response(
            status: .ok, headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: "ok\n")))
    }

    /// The metrics, with what is kept now measured at the scrape.
    private func exposition() -> Response {
        let kept = links.artifacts.usage
        metrics.keptArtifacts(
            pages: kept.pages, cards: kept.cards, memoryBytes: kept.bytes, diskBytes: links.artifacts.diskBytes)
        if let usage = links.store.linkLookupUsage { metrics.linkLookups(usage) }
        return Response(
            status: .ok,
            headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: metrics.exposition())))
    }
}
