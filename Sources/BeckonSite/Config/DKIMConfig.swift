/// `email.dkim`: the domain and selector the DKIM signatures of sent emails name (`d=` and
/// `s=`); the public key is published at `SELECTOR._domainkey.DOMAIN` and the private key comes
/// from `BECKON_DKIM_KEY` when `beckon serve` delivers.
public struct DKIMConfig: Sendable, Hashable {
    /// `s=`: where under `_domainkey.DOMAIN` the public key is published.
    public var selector: String
    /// `d=`: the signing domain, lowercased.
    public var domain: String

    static let keys = ["selector", "domain"]

    /// Reads the mapping; the domain must be `from`'s domain or one it is under (DMARC's relaxed
    /// alignment), so the signature counts for the From header readers see.
    init?(_ mapping: YAMLReader.Mapping, fromDomain: String?) {
        let selector = mapping.string("selector", required: true)
        let domain = mapping.string("domain", required: true)?.lowercased()
        guard let selector, let domain else { return nil }
        guard Self.isName(selector, labels: 1...) else {
            mapping.reader.invalid(
                "`\(selector)` is not a DKIM selector", at: mapping.location(of: "selector"),
                fix: "Write letters, digits and hyphens, such as `beckon2026` (dots between parts are allowed).",
                rule: "invalid-value")
            return nil
        }
        guard Self.isName(domain, labels: 2...) else {
            mapping.reader.invalid(
                "`\(domain)` is not a domain name", at: mapping.location(of: "domain"),
                fix: "Write the domain of `email.from`, such as `selffull.io`.", rule: "invalid-value")
            return nil
        }
        if let fromDomain = fromDomain?.lowercased(), fromDomain != domain, !fromDomain.hasSuffix(".\(domain)") {
            mapping.reader.invalid(
                "`email.dkim.domain` is `\(domain)`, but `email.from` is at `\(fromDomain)`: DMARC would not count the signature",
                at: mapping.location(of: "domain"),
                fix: "Sign with the domain of `email.from` (`\(fromDomain)`) or a domain it is under.",
                rule: "email.dkim-alignment")
            return nil
        }
        self.selector = selector
        self.domain = domain
    }

    /// Whether `name` is dot-separated labels of letters, digits and inner hyphens, `labels` of them.
    private static func isName(_ name: String, labels: PartialRangeFrom<Int>) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return labels.contains(parts.count) && name.count <= 253
            && parts.allSatisfy { part in
                !part.isEmpty && part.count <= 63 && part.first != "-" && part.last != "-"
                    && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
            }
    }
}
