import AsyncHTTPClient
import Foundation
import Testing

@testable import BeckonChecks

/// The proxies `--online` reads from the environment, as curl reads them.
@Suite struct ProxyEnvironmentTests {
    static func proxy(_ environment: [String: String], _ url: String) -> HTTPClient.Configuration.Proxy? {
        ProxyEnvironment(environment).proxy(for: URL(string: url)!)
    }

    @Test func eachSchemeHasItsVariable() {
        let environment = ["http_proxy": "http://plain.test:3128", "HTTPS_PROXY": "secure.test:8443"]
        #expect(Self.proxy(environment, "http://example.com/") == .server(host: "plain.test", port: 3128))
        #expect(Self.proxy(environment, "https://example.com/") == .server(host: "secure.test", port: 8443))
        #expect(Self.proxy(["http_proxy": "http://plain.test:3128"], "https://example.com/") == nil)
        #expect(
            Self.proxy(["https_proxy": "http://p.test"], "https://example.com/") == .server(host: "p.test", port: 1080))
        #expect(
            Self.proxy(["HTTPS_PROXY": "http://upper.test:1"], "https://a.test/")
                == .server(host: "upper.test", port: 1))
        #expect(
            Self.proxy(["https_proxy": "http://lower.test:1", "HTTPS_PROXY": "http://upper.test:1"], "https://a.test/")
                == .server(host: "lower.test", port: 1))
        #expect(Self.proxy(["https_proxy": "", "HTTPS_PROXY": "http://upper.test:1"], "https://a.test/") == nil)
        #expect(Self.proxy(["HTTP_PROXY": "http://upper.test:1"], "http://a.test/") == nil, "as curl: never HTTP_PROXY")
    }

    @Test func aLoginInTheVariableIsSent() {
        let proxy = Self.proxy(["https_proxy": "http://ann:s%40cret@p.test:8080"], "https://example.com/")
        #expect(
            proxy == .server(host: "p.test", port: 8080, authorization: .basic(username: "ann", password: "s@cret")))
    }

    @Test func noProxyListsHostsFetchedDirectly() {
        let environment = ["https_proxy": "p.test:1", "no_proxy": " localhost, .example.com,10.0.0.1:8080 ,intra"]
        #expect(Self.proxy(environment, "https://localhost/") == nil)
        #expect(Self.proxy(environment, "https://example.com/") == nil)
        #expect(Self.proxy(environment, "https://www.example.com/") == nil)
        #expect(Self.proxy(environment, "https://10.0.0.1/") == nil)
        #expect(Self.proxy(environment, "https://intra/") == nil)
        #expect(Self.proxy(environment, "https://notexample.com/") != nil, "a suffix matches at a dot only")
        #expect(Self.proxy(environment, "https://intranet/") != nil)
        #expect(Self.proxy(["https_proxy": "p.test:1", "NO_PROXY": "*"], "https://any.test/") == nil)
    }

    @Test func aSOCKSProxyIsSpokenAndOtherSchemesAreNoProxy() {
        #expect(
            Self.proxy(["https_proxy": "socks5://s.test:9050"], "https://a.test/")
                == .socksServer(host: "s.test", port: 9050))
        #expect(Self.proxy(["https_proxy": "socks5h://s.test"], "https://a.test/") == .socksServer(host: "s.test"))
        #expect(Self.proxy(["https_proxy": "socks4://s.test:1"], "https://a.test/") == nil)
        #expect(Self.proxy(["https_proxy": "https://p.test:1"], "https://a.test/") == nil)
    }

    @Test func aVariableNamingNoHostIsIgnored() {
        #expect(Self.proxy(["http_proxy": "http://"], "http://example.com/") == nil)
        #expect(Self.proxy(["http_proxy": "://:0"], "http://example.com/") == nil)
    }
}
