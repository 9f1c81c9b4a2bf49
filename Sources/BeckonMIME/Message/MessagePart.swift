/// One `text/*` body part in UTF-8, with the transfer encoding that writes it in the fewest bytes.
struct MessagePart {
    /// The media type, such as `text/plain`.
    let mediaType: String
    /// The chosen `Content-Transfer-Encoding`.
    let transferEncoding: TransferEncoding
    /// The encoded body's lines, without line ends.
    let bodyLines: [String]

    init(mediaType: String, body: String) {
        self.mediaType = mediaType
        (transferEncoding, bodyLines) = TransferEncoding.encode(body)
    }

    /// The part's header lines, the blank line and the body's lines, as written after a delimiter.
    var lines: [String] {
        [
            "Content-Type: \(mediaType); charset=utf-8", "Content-Transfer-Encoding: \(transferEncoding.rawValue)",
            "",
        ] + bodyLines
    }

    /// Whether a line holds a byte sequence (lines are at most 76 bytes: a plain scan is quickest).
    static func line(_ line: String, contains needle: [UInt8]) -> Bool {
        var line = line
        return line.withUTF8 { haystack in
            guard haystack.count >= needle.count else { return false }
            for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
                if (1..<needle.count).allSatisfy({ haystack[start + $0] == needle[$0] }) { return true }
            }
            return false
        }
    }

    /// A boundary derived from the content hash that appears in no part's encoded body. `-` never
    /// occurs in base64 or in the escapes of quoted-printable, so only literal text can collide;
    /// each collision derives the next candidate from the previous one.
    static func boundary(seed: FNV1a, avoiding parts: [MessagePart]) -> String {
        var hash = seed
        while true {
            let candidate = "beckon-alt-" + hash.hex
            let bytes = Array(candidate.utf8)
            if !parts.contains(where: { $0.bodyLines.contains { Self.line($0, contains: bytes) } }) { return candidate }
            hash.combineField(candidate)
        }
    }
}
