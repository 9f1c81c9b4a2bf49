import BeckonURL
import Testing

/// Where this module deliberately differs from the URL Standard.
@Suite struct DeviationTests {
    /// Internationalised domains are converted to Punycode with UTS #46 as the standard says: mapped (case,
    /// full-width forms, ignored code points) and each non-ASCII label written as `xn--…`.
    @Test(arguments: [
        ("https://granö.fi/", "xn--gran-8qa.fi"),
        ("https://bücher.example/", "xn--bcher-kva.example"),
        ("https://b%C3%BCcher.example/", "xn--bcher-kva.example"),
        ("https://BÜCHER.example/", "xn--bcher-kva.example"),
        ("https://münchen。de/", "xn--mnchen-3ya.de"),
        ("https://ｅｘａｍｐｌｅ.com/", "example.com"),
        ("https://\u{FEFF}example.com/", "example.com"),
        ("https://☕.example/", "xn--53h.example"),
    ])
    func internationalisedDomainsBecomePunycode(_ input: String, _ host: String) throws {
        #expect(try URLParser.parse(input).get().host == .domain(host))
    }

    /// Code points UTS #46 disallows, and percent-encoded bytes that are not UTF-8, fail with a reason.
    @Test(arguments: ["https://\u{E000}.example/", "https://b%FFcher.example/", "https://a\u{0085}b.example/"])
    func disallowedDomainsFail(_ input: String) {
        #expect(
            URLParser.parse(input)
                == .failure(
                    URLParseFailure(reason: "the host has a character an internationalized domain name may not have")))
    }

    /// A full-width space maps to a space, a forbidden host code point, as in the standard.
    @Test func aMappedSpaceIsForbidden() {
        #expect(
            URLParser.parse("https://a\u{3000}b.example/") == .failure(URLParseFailure(reason: "the host has a space")))
    }

    /// Other schemes keep non-ASCII hosts opaque and percent-encoded, exactly as the standard does.
    @Test func nonASCIIOpaqueHostsFollowTheStandard() throws {
        #expect(try URLParser.parse("playa://bücher/").get().host == .opaque("b%C3%BCcher"))
    }

    /// The standard validates `xn--` labels by decoding their punycode, so `https://xn--/` fails there (the
    /// label decodes to nothing); this module only lower-cases them. Valid labels give the standard's result.
    @Test func punycodeLabelsAreNotValidated() throws {
        #expect(try URLParser.parse("https://xn--/").get().host == .domain("xn--"))
        #expect(try URLParser.parse("https://XN--BCHER-KVA.example/").get().host == .domain("xn--bcher-kva.example"))
    }
}
