import BeckonCards
import BeckonJSON
import Foundation
import HTTPTypes
import Hummingbird

/// What an API request must pass before the generated code reads it, for what that code would
/// read too late or too loosely:
/// - the body, at most `RequestBody.maximumBytes` (`AvatarPicture.maximumBytes` for a picture),
///   413 beyond, and the connection closed: the runtime collects a body without a bound;
/// - a JSON body, strictly (valid UTF-8, no member given twice, depth bounded) and held to the
///   document's shape (`APIBodyShape`: an unknown member named with its place): the generated
///   decoders would read a member given twice as one of its values, and name no unknown member;
/// - `Accept`: the generated server checks it only once the operation has run (an invite made,
///   its email in the outbox, and then 406), so a request that accepts no JSON is refused here,
///   before anything is done, and the header is not passed on;
/// - `Idempotency-Key`: the generated code reads header values percent-decoded, which would make
///   `a%41` and `aA` one key, so its `%` are escaped here and the operation reads the key as sent.
///
/// The body is then decoded once, by the generated code, into the operation's typed input.
struct APIRequestChecks<Context: RequestContext>: RouterMiddleware {
    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var request = request
        guard APIAccept.allowsJSON(request.headers[.accept]) else {
            throw APIProblem(
                status: .notAcceptable, title: "Not acceptable",
                detail:
                    "The API answers in JSON (`application/json`, `application/problem+json`); `Accept` allows neither."
            )
        }
        let picture = request.method == .put
        let limit = picture ? AvatarPicture.maximumBytes : RequestBody.maximumBytes
        let body: ByteBuffer
        do {
            body = try await request.collectBody(upTo: limit)
        } catch {
            // The rest of the body is not waited for: the connection closes once this is written.
            var response = APIProblem(
                status: .contentTooLarge, title: picture ? "Picture too large" : "Body too large",
                detail: picture
                    ? "A picture may be at most \(limit / 1024) KB."
                    : "A request body may be at most \(limit / 1024) KB."
            ).response()
            response.headers[.connection] = "close"
            return response
        }
        if let shape = Self.bodyShape(request), body.readableBytes > 0, Self.mayBeJSON(request.headers[.contentType]) {
            try shape.check(try RequestBody.parse(body))
        }
        var head = request.head
        head.headerFields[.accept] = nil
        if let key = head.headerFields[.idempotencyKey], key.contains("%") {
            head.headerFields[.idempotencyKey] = key.replacingOccurrences(of: "%", with: "%25")
        }
        return try await next(Request(head: head, body: request.body), context)
    }

    /// The shape of the operation's JSON body (create, bulk create, accept, the install claim and the app's events), or `nil` for one
    /// that takes none. The path is read as the router reads it, empty segments skipped
    /// (`/v1//invites/` is `/v1/invites`).
    private static func bodyShape(_ request: Request) -> APIBodyShape? {
        guard request.method == .post else { return nil }
        let segments = request.uri.path.split(separator: "/")
        guard segments.count >= 2, segments[0] == "v1" else { return nil }
        if segments.count == 2, segments[1] == "installs" { return APIBodyShape.of("post", "/v1/installs") }
        if segments.count == 2, segments[1] == "events" { return APIBodyShape.of("post", "/v1/events") }
        guard segments[1] == "invites" else { return nil }
        switch segments.count {
        case 2: return APIBodyShape.of("post", "/v1/invites")
        case 3 where segments[2] == "bulk": return APIBodyShape.of("post", "/v1/invites/bulk")
        case 4 where segments[3] == "accept": return APIBodyShape.of("post", "/v1/invites/{code}/accept")
        default: return nil
        }
    }

    /// Whether the generated code may decode a body with this `Content-Type` as JSON: it does for
    /// a JSON type, none, a wildcard or one it cannot parse, and refuses (415) any other.
    static func mayBeJSON(_ contentType: String?) -> Bool {
        guard let contentType else { return true }
        if contentType == "application/json" { return true }  // as nearly every client sends it
        let type = contentType.prefix { $0 != ";" }.trimmingCharacters(in: .whitespaces).lowercased()
        let parts = type.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty, !parts.contains("*") else { return true }
        return type == "application/json" || type.hasSuffix("+json")
    }
}

/// Reading `Accept` for an API that answers JSON only.
enum APIAccept {
    /// Whether `header` allows `application/json` or `application/problem+json`: absent, or a
    /// range with a non-zero quality that is `*/*`, `application/*` or one of them.
    static func allowsJSON(_ header: String?) -> Bool {
        guard let header else { return true }
        if header == "*/*" || header == "application/json" { return true }  // as nearly every client sends it
        return header.split(separator: ",").contains { range in
            let parts = range.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard let type = parts.first else { return false }
            let refused = parts.dropFirst().contains { parameter in
                guard parameter.hasPrefix("q=") else { return false }
                return (Double(parameter.dropFirst(2)) ?? 1) == 0
            }
            return !refused
                && ["*/*", "application/*", "application/json", "application/problem+json"].contains(type)
        }
    }
}

extension HTTPField.Name {
    static let idempotencyKey = Self("Idempotency-Key")!
}
