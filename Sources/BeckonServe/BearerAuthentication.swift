import Crypto
import Hummingbird

/// Lets a request through only with `Authorization: Bearer TOKEN` for the server's token,
/// compared in constant time (both sides hashed first, so neither the length nor the first
/// differing byte shows in the time taken). Without a configured token the API answers 503.
/// A refused request is answered before its body is read, and its connection closed.
struct BearerAuthentication<Context: RequestContext>: RouterMiddleware {
    let token: String?

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws
        -> Response
    {
        guard let token else {
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
