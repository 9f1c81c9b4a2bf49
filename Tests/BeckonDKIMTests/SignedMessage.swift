import Foundation

/// A signed message taken apart again: the DKIM-Signature field's lines and tags, and the
/// message below it.
struct SignedMessage {
    /// The signature field's lines, without their line ends.
    let signatureLines: [String]
    /// Each tag's value, with the folding whitespace taken out.
    let tags: [String: String]
    /// The bytes after the signature field.
    let rest: [UInt8]

    init(_ bytes: [UInt8]) {
        let lines = String(decoding: bytes, as: UTF8.self).components(separatedBy: "\r\n")
        let count = 1 + lines.dropFirst().prefix { $0.hasPrefix(" ") || $0.hasPrefix("\t") }.count
        signatureLines = Array(lines.prefix(count))
        rest = Array(bytes.dropFirst(signatureLines.reduce(0) { $0 + $1.utf8.count + 2 }))
        var tags: [String: String] = [:]
        for spec in signatureLines.joined().dropFirst("DKIM-Signature:".count).split(separator: ";") {
            let parts = spec.split(separator: "=", maxSplits: 1).map { $0.filter { !$0.isWhitespace } }
            tags[parts[0]] = parts.count > 1 ? parts[1] : ""
        }
        self.tags = tags
    }
}
