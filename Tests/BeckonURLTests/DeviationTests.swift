import BeckonURL
import Testing

/// Where this module deliberately differs from the URL Standard.
@Suite struct DeviationTests {
    /// The standard converts internationalized domains to punycode with UTS #46 (`bücher.example` becomes
    /// `xn--bcher-kva.example`); this module refuses them with a reason instead.
    @Test(arguments: ["https://bücher.example/", "https://b%C3%BCcher.example/", "https://\u{FEFF}example.com/"])
    func nonASCIIDomainsFail(_ input: String) {
        #expect(
            URLParser.parse(input)
                == .failure(
                    URLParseFailure(
                        reason: "the host is not ASCII (internationalized domain names are not supported)")))
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
