import Crypto
import Hummingbird

/// Lets a request through only with `Authorization: Bearer TOKEN` for the server's token,
/// compared in constant time (both sides hashed first, so neither the length nor the first
/// differing byte shows in the time taken). Without a configured token the API answers 503.
struct BearerAuthentication<Context: RequestContext>: RouterMiddleware {
    let token: String?

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws
        -> Response
    {
        guard let token else {
            throw APIProblem(
                status: .serviceUnavailable, title: "API not configured",
                detail: "Start `beckon serve` with BECKON_API_TOKEN set to enable the API.")
        }
        let header = request.headers[.authorization] ?? ""
        let given = header.hasPrefix("Bearer ") ? String(header.dropFirst("Bearer ".count)) : ""
        guard ConstantTime.equal(given, token) else {
            throw APIProblem(
                status: .unauthorized, title: "Unauthorized", detail: "Send `Authorization: Bearer` with the API token."
            )
        }
        return try await next(request, context)
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
