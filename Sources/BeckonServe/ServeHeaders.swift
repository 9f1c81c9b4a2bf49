import HTTPTypes
import Hummingbird

/// Adds the headers every answer of `beckon serve` carries and turns thrown API problems into
/// their responses.
struct ServeHeaders<Inner: HTTPResponder>: HTTPResponder where Inner.Context == BasicRequestContext {
    let inner: Inner
    let metrics: ServeMetrics

    init(_ inner: Inner, metrics: ServeMetrics) {
        self.inner = inner
        self.metrics = metrics
    }

    func respond(to request: Request, context: BasicRequestContext) async throws -> Response {
        var response: Response
        do {
            response = try await inner.respond(to: request, context: context)
        } catch let problem as APIProblem {
            response = problem.response()
        } catch let error as any HTTPResponseError {
            response = try error.response(from: request, context: context)
        }
        if response.status == .tooManyRequests { metrics.limited() }
        response.headers[.xContentTypeOptions] = "nosniff"
        response.headers[.referrerPolicy] = "no-referrer"
        return response
    }
}

extension HTTPField.Name {
    static let referrerPolicy = Self("Referrer-Policy")!
}
