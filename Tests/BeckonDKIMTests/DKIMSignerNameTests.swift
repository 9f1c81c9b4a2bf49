import BeckonDKIM
import Testing

/// The signing domain and selector a signer accepts.
@Suite struct DKIMSignerNameTests {
    static let key = Result { try DKIMKey.generate(.ed25519SHA256) }

    @Test(arguments: ["example.com", "mail.example.co.uk", "xn--bcher-kva.de", "a.b", "EXAMPLE.COM", "x-1.y2"])
    func acceptsDomainNames(domain: String) throws {
        #expect(try DKIMSigner(key: Self.key.get(), domain: domain, selector: "s").domain == domain)
    }

    @Test(arguments: [
        "", "localhost", "-a.com", "a-.com", "a..com", "exa mple.com", "bücher.de", ".com", "com.", "a_b.com",
        String(repeating: "a", count: 64) + ".com",
    ])
    func refusesOtherDomains(domain: String) throws {
        let key = try Self.key.get()
        #expect(throws: DKIMSignerError(.invalidDomain(domain))) {
            try DKIMSigner(key: key, domain: domain, selector: "s")
        }
        #expect(DKIMSignerError(.invalidDomain(domain)).description.contains("example.com"))
    }

    @Test(arguments: ["s", "beckon2025", "2025.01", "mail-1"])
    func acceptsSelectors(selector: String) throws {
        #expect(try DKIMSigner(key: Self.key.get(), domain: "example.com", selector: selector).selector == selector)
    }

    @Test(arguments: ["", "a_b", "-s", "s.", "a b", "s;t", "s=t"])
    func refusesOtherSelectors(selector: String) throws {
        let key = try Self.key.get()
        #expect(throws: DKIMSignerError(.invalidSelector(selector))) {
            try DKIMSigner(key: key, domain: "example.com", selector: selector)
        }
    }
}
