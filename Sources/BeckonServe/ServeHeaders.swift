import HTTPTypes
import Hummingbird
import OpenAPIRuntime

/// Adds the headers every answer of `beckon serve` carries and turns thrown API problems into
/// their responses: problems thrown by the operations routed by hand, and those the generated
/// operations throw inside a `ServerError` (a request the document does not allow is a problem
/// with the status the generated server gives it).
struct ServeHeaders<Inner: HTTPResponder>: HTTPResponder where Inner.Context == ServeRequestContext {
    let inner: Inner
    let metrics: ServeMetrics

    init(_ inner: Inner, metrics: ServeMetrics) {
        self.inner = inner
        self.metrics = metrics
    }

    func respond(to request: Request, context: ServeRequestContext) async throws -> Response {
        var response: Response
        do {
            response = try await inner.respond(to: request, context: context)
        } catch let problem as APIProblem {
            response = problem.response()
        } catch let error as ServerError {
            guard let problem = APIProblem(error) else { throw error }
            response = problem.response()
        } catch let error as any HTTPResponseError {
            response = try error.response(from: request, context: context)
        }
        if response.status == .tooManyRequests { metrics.limited() }
        if request.uri.path.hasPrefix("/v1/"), response.headers[.cacheControl] == nil {
            response.headers[.cacheControl] = "no-store"
        }
        response.headers[.xContentTypeOptions] = "nosniff"
        response.headers[.referrerPolicy] = "no-referrer"
        return response
    }
}

extension APIProblem {
    /// The problem a generated operation threw, or the one its request makes when the document
    /// does not allow it (a parameter of the wrong type, a content type it does not list);
    /// `nil` for a failure of the server's own.
    init?(_ error: ServerError) {
        if let problem = error.underlyingError as? APIProblem {
            self = problem
            return
        }
        guard (400..<500).contains(error.httpStatus.code) else { return nil }
        let path: [any CodingKey]? =
            switch error.underlyingError as? DecodingError {
            case .keyNotFound(let key, let context): context.codingPath + [key]
            case .dataCorrupted(let context), .typeMismatch(_, let context), .valueNotFound(_, let context):
                context.codingPath
            default: nil
            }
        // `recipients[2].channel`, as the checks after decoding name a member; a query value
        // the generated code could not decode is named from the document.
        let query = error.request.path.flatMap { path in
            path.firstIndex(of: "?").map { String(path[path.index(after: $0)...]) }
        }
        let field =
            path.flatMap { keys in
                keys.isEmpty
                    ? nil
                    : keys.enumerated().map { index, key in
                        key.intValue.map { "[\($0)]" }
                            ?? (index == 0 ? "" : ".") + RequestBody.printable(key.stringValue)
                    }.joined()
            }
            ?? (error.underlyingError is DecodingError
                ? APIQueryParameters.mistyped(operationID: error.operationID, query: query) : nil)
        // What went wrong, without repeating what was sent (a value may be personal).
        let detail =
            switch error.httpStatus {
            case .unsupportedMediaType:
                "The body's `Content-Type` is not one the API document lists for this operation."
            default:
                field.map { "`\($0)` is missing, of the wrong type or not one of the values the API document lists." }
                    ?? "The request does not match the API document (/v1/openapi.json)."
            }
        let phrase = error.httpStatus.reasonPhrase
        self.init(
            status: error.httpStatus, title: phrase.prefix(1) + phrase.dropFirst().lowercased(), detail: detail,
            field: field)
    }
}

extension HTTPField.Name {
    static let referrerPolicy = Self("Referrer-Policy")!
}
