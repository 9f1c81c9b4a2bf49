import BeckonJSON
import Foundation
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
