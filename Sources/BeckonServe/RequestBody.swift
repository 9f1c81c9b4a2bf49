import BeckonJSON
import Foundation
import Hummingbird
import NIOCore

/// A JSON request body checked on its bytes before the generated code decodes it: valid UTF-8,
/// one JSON value, no member given twice (readers disagree on which of two values counts), depth
/// and size bounded. Every refusal is a 400 problem that names its field where there is one and
/// never repeats what was sent.
enum RequestBody {
    /// The largest body an endpoint reads.
    static let maximumBytes = 64 * 1024

    /// `body` parsed strictly.
    static func parse(_ body: ByteBuffer) throws(APIProblem) -> JSONValue {
        guard let text = String(validating: Array(body.readableBytesView), as: UTF8.self) else {
            throw .badRequest("The body is not valid UTF-8.")
        }
        do {
            return try JSONParser.parse(text)
        } catch {
            throw .badRequest(
                "The body is not valid JSON: \(visible(error.message)) (at byte \(error.offset)).",
                field: error.member.map(printable))
        }
    }

    /// The JSON body of a request a controller reads itself (the install claim, the app's events),
    /// as the generated operations' bodies are read: 415 for a body that is not JSON (`what` names
    /// it: "the claim"), 413 past `maximumBytes`, then `parse`.
    static func json(of request: Request, what: String) async throws(APIProblem) -> JSONValue {
        var request = request
        guard APIRequestChecks<ServeRequestContext>.mayBeJSON(request.headers[.contentType]) else {
            throw APIProblem(
                status: .unsupportedMediaType, title: "Unsupported media type",
                detail: "Send \(what) as `application/json`.")
        }
        let buffer: ByteBuffer
        do {
            buffer = try await request.collectBody(upTo: maximumBytes)
        } catch {
            throw APIProblem(
                status: .contentTooLarge, title: "Body too large",
                detail: "A request body may be at most \(maximumBytes / 1024) KB.")
        }
        return try parse(buffer)
    }

    /// A message as it may be echoed: controls and bidirectional formatting characters replaced,
    /// at most 200 characters.
    static func visible(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.prefix(200).map { FieldRules.isForbidden($0) ? "?" : $0 }))
    }

    /// A member name as it may be echoed: printable ASCII, at most 64 characters.
    static func printable(_ name: String) -> String {
        String(name.unicodeScalars.prefix(64).map { $0.isASCII && $0.value >= 0x20 && $0 != "`" ? Character($0) : "?" })
    }
}
