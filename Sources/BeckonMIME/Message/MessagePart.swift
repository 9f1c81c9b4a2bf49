import Foundation

/// One `text/*` body part in UTF-8, with the transfer encoding that writes it in the fewest bytes.
struct MessagePart {
    /// The media type, such as `text/plain`.
    let mediaType: String
    /// The chosen `Content-Transfer-Encoding`.
    let transferEncoding: TransferEncoding
    /// The encoded body: its lines joined by CRLF, without a line end after the last.
    let body: [UInt8]

    init(mediaType: String, body: String, lineEnds: EmailMessage.LineEnds = .crlf) {
        self.mediaType = mediaType
        switch lineEnds {
        case .crlf: (transferEncoding, self.body) = TransferEncoding.encode(body)
        case .any:
            var body = body
            let crlf = body.withUTF8 { EmailMessage.crlfLineEnds($0) }
            (transferEncoding, self.body) = crlf.withUnsafeBufferPointer { TransferEncoding.encode(bytes: $0) }
        }
    }

    /// Appends the part's header lines, the blank line and the body, as written after a delimiter,
    /// each line ending in CRLF.
    func write(into output: inout [UInt8]) {
        output += "Content-Type: \(mediaType); charset=utf-8\r\n".utf8
        output += "Content-Transfer-Encoding: \(transferEncoding.rawValue)\r\n\r\n".utf8
        output += body
        output += [0x0D, 0x0A]
    }

    /// A boundary derived from the content hash that appears in no part's encoded body. `-` never
    /// occurs in base64 or in the escapes of quoted-printable, so only literal text can collide;
    /// each collision derives the next candidate from the previous one. (A candidate holds no line
    /// break, so a match in the body is a match within one of its lines.)
    static func boundary(seed: MessageHash, avoiding parts: [MessagePart]) -> String {
        var hash = seed
        while true {
            let candidate = "beckon-alt-" + hash.hex
            let bytes = Array(candidate.utf8)
            if !parts.contains(where: { contains($0.body, bytes) }) { return candidate }
            hash.combineField(candidate)
        }
    }

    /// Whether `haystack` holds `needle`, found by its first byte (`memchr`) and then compared.
    private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard let first = needle.first, needle.count <= haystack.count else { return needle.isEmpty }
        return haystack.withUnsafeBufferPointer { haystack in
            needle.withUnsafeBufferPointer { needle in
                let base = haystack.baseAddress!
                let last = haystack.count - needle.count
                var start = 0
                while start <= last, let found = memchr(base + start, Int32(first), last - start + 1) {
                    let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                    if memcmp(base + index, needle.baseAddress!, needle.count) == 0 { return true }
                    start = index + 1
                }
                return false
            }
        }
    }
}
