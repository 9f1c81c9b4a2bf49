import BeckonBase64

/// The parts of a multipart body (RFC 2046 §5.1.1), each decoded.
struct MultipartBody {
    /// The parts in order.
    let parts: [ParsedPart]

    /// Reads the parts between the delimiter lines; the preamble and epilogue are skipped.
    /// - Parameters:
    ///   - lines: The body's lines, indexed as in the message.
    ///   - boundary: The boundary from the Content-Type.
    init(_ lines: ArraySlice<String>, boundary: String) throws(MIMEParseError) {
        let delimiter = "--" + boundary
        let close = delimiter + "--"
        var parts: [ParsedPart] = []
        var partStart: Int?
        for index in lines.indices {
            let line = lines[index]
            guard line.hasPrefix(delimiter) else { continue }
            guard line == delimiter || (line == close && partStart != nil) else {
                throw MIMEParseError(.strayBoundary, line: index + 1)
            }
            if let start = partStart { parts.append(try Self.part(lines[start..<index])) }
            if line == close {
                self.parts = parts
                return
            }
            partStart = index + 1
        }
        throw MIMEParseError(partStart == nil ? .missingDelimiter : .missingCloseDelimiter, line: lines.endIndex)
    }

    private static func part(_ lines: ArraySlice<String>) throws(MIMEParseError) -> ParsedPart {
        let header = try HeaderSection(lines)
        let headerLine = header.bodyStart
        let contentType = try header.single("Content-Type", line: headerLine) ?? "text/plain"
        guard let type = ContentType(contentType), type.mediaType.hasPrefix("text/") else {
            throw MIMEParseError(.invalidContentType, line: headerLine)
        }
        let charset = type.parameters["charset"]?.lowercased()
        guard charset == nil || charset == "utf-8" || charset == "us-ascii" else {
            throw MIMEParseError(.unsupportedCharset, line: headerLine)
        }
        let encodingName = try header.single("Content-Transfer-Encoding", line: headerLine) ?? "7bit"
        guard let encoding = TransferEncoding(rawValue: encodingName.lowercased()) else {
            throw MIMEParseError(.unknownTransferEncoding, line: headerLine)
        }
        let body = lines[header.bodyStart...].map { Array($0.utf8) }
        let bodyLine = header.bodyStart + 1
        let bytes: [UInt8]
        switch encoding {
        case .sevenBit:
            bytes = Array(body.joined(separator: [0x0D, 0x0A]))
        case .quotedPrintable:
            guard let decoded = QuotedPrintable.decode(lines: body) else {
                throw MIMEParseError(.invalidQuotedPrintable, line: bodyLine)
            }
            bytes = decoded
        case .base64:
            guard body.allSatisfy({ $0.count <= 76 }), let decoded = Base64.decode(Array(body.joined())) else {
                throw MIMEParseError(.invalidBase64, line: bodyLine)
            }
            bytes = decoded
        }
        guard let text = String(strictUTF8: bytes) else {
            throw MIMEParseError(.invalidUTF8, line: bodyLine)
        }
        return ParsedPart(
            headers: header.fields, mediaType: type.mediaType, charset: charset, transferEncoding: encoding, body: text)
    }
}
