import BeckonAPI
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// An API error as an RFC 9457 problem document (`application/problem+json`): the status, a short
/// title, what went wrong, and — for a bad request — the field it concerns. Never carries a
/// name, an address or any other personal value from the request.
struct APIProblem: Error, Sendable, Equatable {
    var status: HTTPResponse.Status
    var title: String
    var detail: String
    /// The request member the problem is about (`senderFirstName`), or `nil`.
    var field: String?
    /// The refusal's stable name for programs (`recipient.suppressed`), or `nil`.
    var code: String?
    /// Seconds for `Retry-After`, for 429 answers.
    var retryAfter: Int?
    /// The site's words for the person, in their language: a sender over the daily limit is
    /// told "Try again tomorrow" in their language.
    var message: LocalizedMessage?
    /// For a recipient the sender has a pending invite to: that invite's code.
    var pendingCode: String?

    /// A message for people and the locale it is in (`Content-Language`).
    struct LocalizedMessage: Sendable, Equatable {
        var text: String
        var locale: String
    }

    static func badRequest(_ detail: String, field: String? = nil) -> APIProblem {
        APIProblem(status: .badRequest, title: "Bad request", detail: detail, field: field)
    }

    static func notFound(_ detail: String) -> APIProblem {
        APIProblem(status: .notFound, title: "Not found", detail: detail)
    }

    static func conflict(_ detail: String) -> APIProblem {
        APIProblem(status: .conflict, title: "Conflict", detail: detail)
    }

    static func unavailable(_ detail: String) -> APIProblem {
        APIProblem(status: .serviceUnavailable, title: "Store unavailable", detail: detail)
    }

    /// The problem as a response, its body the document's `Problem` schema.
    func response() -> Response {
        let document = Components.Schemas.Problem(
            _type: "about:blank", title: title, status: status.code, detail: detail, code: code, field: field,
            message: message?.text, pendingCode: pendingCode)
        var headers: HTTPFields = [.contentType: "application/problem+json", .cacheControl: "no-store"]
        if let retryAfter { headers[.retryAfter] = String(retryAfter) }
        if let message { headers[.contentLanguage] = message.locale }
        // Strings, numbers and optionals always encode.
        let body = (try? APIJSON.encoded(document)) ?? Data()
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }
}
