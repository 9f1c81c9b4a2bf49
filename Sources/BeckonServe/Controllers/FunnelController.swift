import BeckonFunnel
import BeckonStore
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// `GET /v1/funnel?by=&from=&to=&format=`: the invite funnel as `beckon funnel` reports it, with the
/// server's token (the app key is refused, as everywhere but the install claim and the app's events): JSON by default,
/// the HTML report with `format=html`. Written here rather than by the generated code: the report's
/// JSON is the report's own (`FunnelReport.json()`), documented in docs/funnel.md.
struct FunnelController: Sendable {
    let store: any InviteStore
    let metrics: ServeMetrics

    func addRoutes(to group: RouterGroup<ServeRequestContext>) {
        group.get("/v1/funnel") { request, _ in
            do throws(APIProblem) {
                return try await funnel(request)
            } catch {
                return error.response()
            }
        }
    }

    private func funnel(_ request: Request) async throws(APIProblem) -> Response {
        let query = request.uri.queryParameters
        var dimension: FunnelDimension?
        if let by = query["by"].map(String.init) {
            guard let value = FunnelDimension(rawValue: by) else {
                let names = FunnelDimension.allCases.map(\.rawValue).joined(separator: ", ")
                throw .badRequest("`by` must be one of \(names).", field: "by")
            }
            dimension = value
        }
        let from = try Self.bound(query["from"], FunnelPeriod.start, "from")
        let to = try Self.bound(query["to"], FunnelPeriod.end, "to")
        if let from, let to, to <= from { throw .badRequest("`to` is before `from`.", field: "to") }
        let format = query["format"].map(String.init) ?? "json"
        guard ["json", "html"].contains(format) else {
            throw .badRequest("`format` must be json or html.", field: "format")
        }
        let counts: FunnelCounts
        do {
            counts = try await store.funnel(by: dimension, from: from, to: to)
        } catch {
            metrics.storeError()
            throw InviteService.problem(error)
        }
        let report = FunnelReport(counts)
        let body: Data
        if format == "html" {
            body = Data(report.html().utf8)
        } else {
            do {
                body = try report.json()
            } catch {
                throw APIProblem(
                    status: .internalServerError, title: "Report not written", detail: "The funnel's JSON failed.")
            }
        }
        let type = format == "html" ? "text/html; charset=utf-8" : "application/json"
        return Response(
            status: .ok, headers: [.contentType: type, .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }

    private static func bound(
        _ value: Substring?, _ read: (String) -> Date?, _ field: String
    ) throws(APIProblem) -> Date? {
        guard let value else { return nil }
        guard let date = read(String(value)) else {
            throw .badRequest("`\(field)` must be a day (2026-11-01) or an ISO 8601 time.", field: field)
        }
        return date
    }
}
