import BeckonURL
import Testing

/// Requirement 3: hosts and ports a browser refuses, with a readable reason.
@Suite struct HostFailureTests {
    @Test(arguments: [
        ("https://exa mple.com/", "the host has a space"),
        ("https://exa%20mple.com/", "the host has a space"),
        ("https://exa<mple.com/", "the host has the forbidden character \"<\""),
        ("https://exa%00mple.com/", "the host has the control character U+0000"),
        ("https://exa%7Fmple.com/", "the host has the control character U+007F"),
        ("https://[::1", "the IPv6 address is missing its closing \"]\""),
        ("https://127.0.0.1:____", "the port is not a number"),
        ("https://example.com:8o80/", "the port is not a number"),
        ("https://example.com:-1/", "the port is not a number"),
        ("https://example.com:65536/", "the port is greater than 65535"),
        ("https://example.com:99999999999999999999999/", "the port is greater than 65535"),
        ("https://:443/", "the host is missing"),
        ("https://?q", "the host is missing"),
        ("https://user@", "the URL has credentials (\"user@\") but no host"),
        ("https://b\u{E000}cher.example/", "the host has a character an internationalized domain name may not have"),
    ])
    func failsWithAReason(input: String, reason: String) {
        #expect(URLParser.parse(input) == .failure(URLParseFailure(reason: reason)))
    }

    @Test(arguments: ["https://256.0.0.1/", "https://1.2.3.4.5/", "https://0x100000000/", "https://1.2.09/"])
    func invalidIPv4AddressesFailAsIPv4(input: String) throws {
        let failure = try #require(URLParser.parse(input).failure)
        #expect(failure.reason.hasPrefix("the host looks like an IPv4 address but"))
    }

    @Test(arguments: ["https://[1::2::3]/", "https://[1:2:3]/", "https://[::1.2.3]/", "https://[g::]/"])
    func invalidIPv6AddressesFailAsIPv6(input: String) throws {
        let failure = try #require(URLParser.parse(input).failure)
        #expect(failure.reason.hasPrefix("the IPv6 address is invalid"))
    }

    @Test func largestPortIsAccepted() throws {
        #expect(try URLParser.parse("https://example.com:65535/").get().port == 65535)
    }

    /// `https:///x` does not fail: the standard skips every slash after a special scheme, so `x` is the host.
    @Test func emptyHostAfterThreeSlashesIsSkippedNotAFailure() throws {
        let url = try URLParser.parse("https:///x").get()
        #expect(url.host == .domain("x"))
        #expect(url.href == "https://x/")
    }

    /// Only a special URL with nothing at all where the host goes fails.
    @Test(arguments: ["https://", "https:///", "https:", "http://#top"])
    func specialURLWithoutAnyHostFails(input: String) {
        #expect(URLParser.parse(input) == .failure(URLParseFailure(reason: "the host is missing")))
    }

    @Test func otherSchemesMayHaveAnEmptyHost() throws {
        let url = try URLParser.parse("foo:///x").get()
        #expect(url.host == .empty)
        #expect(url.href == "foo:///x")
    }

    @Test func reasonIsTheDescription() {
        #expect(URLParseFailure(reason: "the host has a space").description == "the host has a space")
    }
}
