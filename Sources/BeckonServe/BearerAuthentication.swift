import Crypto
import Hummingbird

/// Lets a request through only with `Authorization: Bearer TOKEN` for the server's token,
/// compared in constant time (both sides hashed first, so neither the length nor the first
/// differing byte shows in the time taken). Without a configured token the API answers 503.
/// The app's install claim (`POST /v1/installs`) takes the app key instead, and only it; the
/// app's events (`POST /v1/events`) take either. The app ships its key, so that key opens nothing
/// else (not the feed, not the funnel), and the server's token does not open the claim.
/// A refused request is answered before its body is read, and its connection closed.
struct BearerAuthentication<Context: RequestContext>: RouterMiddleware {
    let token: String?
    /// `BECKON_APP_KEY`, or `nil` (the claim then answers 503).
    var appKey: String? = nil

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws
        -> Response
    {
        if Self.isAppKeyPath(request.uri.path) {
            guard let appKey else {
                return Self.refusal(
                    APIProblem(
                        status: .serviceUnavailable, title: "App key not configured",
                        detail: "Start `beckon serve` with BECKON_APP_KEY set to let the app claim installs."))
            }
            guard let given = Self.credentials(request.headers[.authorization]), ConstantTime.equal(given, appKey)
            else {
                return Self.refusal(
                    APIProblem(
                        status: .unauthorized, title: "Unauthorized",
                        detail: "Send `Authorization: Bearer` with the app key (BECKON_APP_KEY)."))
            }
            return try await next(request, context)
        }
        if Self.isEitherKeyRoute(request), let appKey, let given = Self.credentials(request.headers[.authorization]),
            ConstantTime.equal(given, appKey)
        {
            return try await next(request, context)
        }
        guard let token else {
            if Self.isEitherKeyRoute(request), appKey != nil {
                return Self.refusal(
                    APIProblem(
                        status: .unauthorized, title: "Unauthorized",
                        detail: "Send `Authorization: Bearer` with the app key (BECKON_APP_KEY)."))
            }
            return Self.refusal(
                APIProblem(
                    status: .serviceUnavailable, title: "API not configured",
                    detail: "Start `beckon serve` with BECKON_API_TOKEN set to enable the API."))
        }
        guard let given = Self.credentials(request.headers[.authorization]), ConstantTime.equal(given, token) else {
            return Self.refusal(
                APIProblem(
                    status: .unauthorized, title: "Unauthorized",
                    detail: "Send `Authorization: Bearer` with the API token."))
        }
        return try await next(request, context)
    }

    /// Whether a path is the install claim's, read as the router reads it (empty segments skipped).
    static func isAppKeyPath(_ path: String) -> Bool {
        path.split(separator: "/").elementsEqual(["v1", "installs"])
    }

    /// Whether a request is one the app key and the server token both open: the app's events.
    static func isEitherKeyRoute(_ request: Request) -> Bool {
        request.method == .post && request.uri.path.split(separator: "/").elementsEqual(["v1", "events"])
    }

    /// The token of an `Authorization` header in the bearer scheme, whose name is
    /// case-insensitive (RFC 9110 §11.1): `Bearer`, `bearer` and `BEARER` alike.
    static func credentials(_ header: String?) -> String? {
        guard let header else { return nil }
        let scheme = header.prefix { $0 != " " }
        guard scheme.lowercased() == "bearer" else { return nil }
        let token = header.dropFirst(scheme.count).drop { $0 == " " }
        return token.isEmpty ? nil : String(token)
    }

    /// A refusal answered before the body is read, closing the connection once written: the
    /// body of a request that is refused anyway is never waited for (`RequestPace`).
    private static func refusal(_ problem: APIProblem) -> Response {
        var response = problem.response()
        response.headers[.connection] = "close"
        return response
    }
}

/// Comparing secrets.
enum ConstantTime {
    /// Equality of two secrets in time that depends on neither.
    static func equal(_ a: String, _ b: String) -> Bool {
        let left = Array(SHA256.hash(data: Array(a.utf8)))
        let right = Array(SHA256.hash(data: Array(b.utf8)))
        var difference: UInt8 = 0
        for index in left.indices { difference |= left[index] ^ right[index] }
        return difference == 0
    }
}
