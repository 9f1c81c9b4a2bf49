/// Where the header fields and the body of a CRLF message are.
struct MessageLayout {
    /// The header fields, in message order.
    let fields: [HeaderField]
    /// Where the body starts: just after the empty line that ends the header section.
    let bodyStart: Int

    /// The layout of `message`, whose lines all end with CRLF (`LineEnds.crlf`). Refuses a
    /// header line that is neither `Name: value` nor a fold (starting with a space or tab) of the
    /// field above it, and a message without the empty line that ends the header section.
    init(_ message: [UInt8]) throws(DKIMSignError) {
        var fields: [HeaderField] = []
        var lineStart = 0
        var lineNumber = 1
        while let lineFeed = message[lineStart...].firstIndex(of: CanonicalText.lineFeed) {
            let lineEnd = lineFeed - 1
            if lineEnd == lineStart {
                self.fields = fields
                bodyStart = lineFeed + 1
                return
            }
            let first = message[lineStart]
            if first == CanonicalText.space || first == CanonicalText.tab {
                guard let field = fields.popLast() else { throw DKIMSignError(.malformedHeaderLine(lineNumber)) }
                fields.append(HeaderField(name: field.name, range: field.range.lowerBound..<lineEnd))
            } else {
                guard let name = Self.fieldName(message[lineStart..<lineEnd]) else {
                    throw DKIMSignError(.malformedHeaderLine(lineNumber))
                }
                fields.append(HeaderField(name: name, range: lineStart..<lineEnd))
            }
            lineStart = lineFeed + 1
            lineNumber += 1
        }
        throw DKIMSignError(.noEndOfHeader)
    }

    /// The lowercased name of the field that starts `line`: the printable ASCII before its colon,
    /// with spaces and tabs allowed only just before the colon (RFC 5322 §3.6.8, §4.5.8).
    private static func fieldName(_ line: ArraySlice<UInt8>) -> String? {
        guard let colon = line.firstIndex(of: RelaxedCanonicalization.colon) else { return nil }
        var name = line[..<colon]
        while let last = name.last, last == CanonicalText.space || last == CanonicalText.tab { name.removeLast() }
        guard !name.isEmpty, name.allSatisfy({ (0x21...0x7E).contains($0) }) else { return nil }
        return String(decoding: name.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
    }
}
