import BeckonCards
import Foundation
import HTTPTypes
import Hummingbird

/// Reads an API request's body before its operation does: at most `RequestFields.maximumBytes`
/// of JSON, or `AvatarPicture.maximumBytes` for a picture (`PUT`), 413 beyond; and a JSON body
/// strictly (valid UTF-8, no member given twice, depth bounded), which the generated decoders
/// would not refuse — they would read a member given twice as one of its values.
struct APIRequestBodies<Context: RequestContext>: RouterMiddleware {
    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var request = request
        let picture = request.method == .put
        let limit = picture ? AvatarPicture.maximumBytes : RequestFields.maximumBytes
        let body: ByteBuffer
        do {
            body = try await request.collectBody(upTo: limit)
        } catch {
            throw APIProblem(
                status: .contentTooLarge, title: picture ? "Picture too large" : "Body too large",
                detail: picture
                    ? "A picture may be at most \(limit / 1024) KB."
                    : "A request body may be at most \(limit / 1024) KB.")
        }
        if !picture, body.readableBytes > 0, Self.isJSON(request.headers[.contentType]) {
            _ = try RequestFields.parse(body)
        }
        return try await next(request, context)
    }

    /// Whether a `Content-Type` names JSON; a body without one is read as JSON too.
    private static func isJSON(_ contentType: String?) -> Bool {
        guard let contentType else { return true }
        let type = contentType.prefix { $0 != ";" }.trimmingCharacters(in: .whitespaces).lowercased()
        return type == "application/json" || type.hasSuffix("+json")
    }
}
