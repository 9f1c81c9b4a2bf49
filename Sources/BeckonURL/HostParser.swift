/// The URL Standard's host parser.
enum HostParser {
    /// The host written in `input` (still percent-encoded), or why it is invalid.
    ///
    /// - Parameter isOpaque: Whether the URL is not special, so the host is kept as an opaque string.
    static func parse(_ input: [UInt8], isOpaque: Bool) throws(URLParseFailure) -> URLHost {
        if input.first == .leftBracket {
            guard input.count >= 2, input.last == .rightBracket else { throw .ipv6Unclosed }
            return .ipv6(try IPv6Parser.parse(input.dropFirst().dropLast()))
        }
        if isOpaque {
            return try parseOpaque(input)
        }
        let domain = try domainToASCII(input.percentDecoded())
        if endsInANumber(domain) {
            return .ipv4(try IPv4Parser.parse(domain))
        }
        return .domain(String(decoding: domain, as: UTF8.self))
    }

    /// The opaque-host parser: forbidden host code points fail, everything else is kept, C0 controls and
    /// non-ASCII percent-encoded.
    private static func parseOpaque(_ input: [UInt8]) throws(URLParseFailure) -> URLHost {
        if let forbidden = input.first(where: \.isForbiddenHostCodePoint) {
            throw .forbiddenHostByte(forbidden)
        }
        guard !input.isEmpty else { return .empty }
        var encoded: [UInt8] = []
        encoded.appendPercentEncoded(contentsOf: input, using: .c0Control)
        return .opaque(String(decoding: encoded, as: UTF8.self))
    }

    /// Domain to ASCII: a domain with non-ASCII code points is converted with UTS #46 and Punycode
    /// (`DomainToASCII`), then, like an ASCII one, lower-cased and checked for forbidden domain code points.
    ///
    /// Deliberately narrower than the standard: `xn--` labels are not validated.
    private static func domainToASCII(_ input: [UInt8]) throws(URLParseFailure) -> [UInt8] {
        var domain = input
        if domain.contains(where: { $0 >= 0x80 }) {
            guard let converted = DomainToASCII.convert(String(decoding: domain, as: UTF8.self)) else {
                throw .nonASCIIDomain
            }
            domain = Array(converted.utf8)
        }
        guard !domain.isEmpty else { throw .emptyDomain }
        if let forbidden = domain.first(where: \.isForbiddenDomainCodePoint) {
            throw .forbiddenHostByte(forbidden)
        }
        return domain.map(\.asciiLowercased)
    }

    /// The ends-in-a-number checker: whether the last label (ignoring one trailing dot) is decimal digits or
    /// `0x` followed by hex digits, so the host must be an IPv4 address.
    static func endsInANumber(_ domain: [UInt8]) -> Bool {
        var labels = domain.split(separator: .period, omittingEmptySubsequences: false)
        if labels.last?.isEmpty == true {
            guard labels.count > 1 else { return false }
            labels.removeLast()
        }
        guard let last = labels.last else { return false }
        if !last.isEmpty, last.allSatisfy(\.isASCIIDigit) {
            return true
        }
        return IPv4Parser.parseNumber(last) != nil
    }
}
