import BeckonBase64
import Foundation

/// One `-----BEGIN LABEL-----` … `-----END LABEL-----` block of PEM text (RFC 7468): its label
/// and the DER bytes its base64 holds.
struct PEMBlock {
    /// The label, such as `PRIVATE KEY` or `RSA PRIVATE KEY`.
    let label: String
    /// The decoded bytes.
    let der: [UInt8]

    /// The first private-key block of `text`: refuses text without PEM blocks, broken base64,
    /// encrypted keys (PKCS#8 `ENCRYPTED PRIVATE KEY`, or the `Proc-Type` header of older PEM),
    /// and text whose blocks are all something else (a public key, a certificate).
    static func privateKey(in text: String) throws(DKIMKeyError) -> PEMBlock {
        var otherLabel: String?
        var label: String?
        var body = ""
        for rawLine in text.split(omittingEmptySubsequences: true, whereSeparator: \.isNewline) {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if let current = label {
                if line == "-----END \(current)-----" {
                    if current.hasSuffix("PRIVATE KEY") { return try block(label: current, body: body) }
                    otherLabel = otherLabel ?? current
                    label = nil
                } else {
                    body += line
                }
            } else if line.hasPrefix("-----BEGIN "), line.hasSuffix("-----"), line.count > 16 {
                label = String(line.dropFirst(11).dropLast(5))
                body = ""
            }
        }
        throw DKIMKeyError(otherLabel.map { .notAPrivateKey(label: $0) } ?? .notPEM)
    }

    private static func block(label: String, body: String) throws(DKIMKeyError) -> PEMBlock {
        if label == "ENCRYPTED PRIVATE KEY" || body.contains("Proc-Type:") { throw DKIMKeyError(.encrypted) }
        guard let der = Base64.decode(body) else { throw DKIMKeyError(.notPEM) }
        return PEMBlock(label: label, der: der)
    }
}
