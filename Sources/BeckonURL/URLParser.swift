/// The URL Standard's URL parser (https://url.spec.whatwg.org/#concept-basic-url-parser), for UTF-8 documents.
public enum URLParser {
    /// Parses `input` as a browser does against an optional base URL (for relative references).
    ///
    /// - Parameters:
    ///   - input: The attribute value, after HTML character references are decoded.
    ///   - base: The document's base URL, for relative references such as `../x.png`, `?page=2` or `#top`.
    /// - Returns: The URL, or why a browser would consider it invalid.
    public static func parse(_ input: String, base: ParsedURL? = nil) -> Result<ParsedURL, URLParseFailure> {
        if let plain = plainHTTPS(input) { return .success(plain) }
        return parsedByStateMachine(input, base: base)
    }

    /// The URL as the standard's state machine reads it (`parse` reads plain `https` URLs
    /// without it: `plainHTTPS`).
    static func parsedByStateMachine(_ input: String, base: ParsedURL?) -> Result<ParsedURL, URLParseFailure> {
        var parser = BasicURLParser(input: preprocess(input), base: base.map(URLRecord.init))
        do throws(URLParseFailure) {
            return .success(try parser.run().parsedURL())
        } catch {
            return .failure(error)
        }
    }

    /// The UTF-8 of `input` without leading and trailing C0 controls and spaces, and without any tab or newline.
    static func preprocess(_ input: String) -> [UInt8] {
        let bytes = Array(input.utf8)
        guard let first = bytes.firstIndex(where: { !$0.isC0ControlOrSpace }),
            let last = bytes.lastIndex(where: { !$0.isC0ControlOrSpace })
        else { return [] }
        var result: [UInt8] = []
        result.reserveCapacity(last - first + 1)
        for byte in bytes[first...last] where !byte.isASCIITabOrNewline {
            result.append(byte)
        }
        return result
    }
}
