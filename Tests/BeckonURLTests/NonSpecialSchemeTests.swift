import BeckonURL
import Testing

/// Requirement 6: schemes that are not special parse with an opaque path, or a path after `scheme://`.
@Suite struct NonSpecialSchemeTests {
    @Test(
        arguments: [
            ("mailto:a@x,b@x", "mailto", "a@x,b@x", nil),
            ("MailTo:someone@example.com?subject=Hi", "mailto", "someone@example.com", "subject=Hi"),
            ("tel:+491701234567", "tel", "+491701234567", nil),
            ("sms:+491701234567?body=See%20you", "sms", "+491701234567", "body=See%20you"),
            ("javascript:alert(1)", "javascript", "alert(1)", nil),
            ("JAVASCRIPT:alert(document.cookie)", "javascript", "alert(document.cookie)", nil),
            ("data:text/html,hi", "data", "text/html,hi", nil),
            ("data:image/png;base64,iVBORw0KGgo=", "data", "image/png;base64,iVBORw0KGgo=", nil),
            ("mailto:", "mailto", "", nil),
        ] as [(String, String, String, String?)])
    func opaquePaths(input: String, scheme: String, path: String, query: String?) throws {
        let url = try URLParser.parse(input).get()
        #expect(url.scheme == scheme)
        #expect(url.path == path)
        #expect(url.query == query)
        #expect(url.host == nil)
        #expect(url.hasOpaquePath)
        #expect(!url.isSpecial)
        #expect(url.pathSegments.isEmpty)
    }

    @Test func emptyMailtoParsesAndTheCallerDecides() throws {
        let url = try URLParser.parse("mailto:").get()
        #expect(url.href == "mailto:")
        #expect(url.path.isEmpty)
        #expect(url.query == nil)
    }

    @Test func appLinkHasAnOpaqueHostAndAPath() throws {
        let url = try URLParser.parse("playa://invite/X7Kq2").get()
        #expect(url.scheme == "playa")
        #expect(url.host == .opaque("invite"))
        #expect(url.path == "/X7Kq2")
        #expect(url.pathSegments == ["X7Kq2"])
        #expect(!url.hasOpaquePath)
        #expect(url.href == "playa://invite/X7Kq2")
    }

    @Test func whatsappShareLinkHasHostQueryAndEmptyPath() throws {
        let url = try URLParser.parse("whatsapp://send?text=Join us: https://join.playa.app/i/abc").get()
        #expect(url.host == .opaque("send"))
        #expect(url.path == "")
        #expect(url.pathSegments.isEmpty)
        #expect(url.query == "text=Join%20us:%20https://join.playa.app/i/abc")
    }

    @Test func schemeOnlyPathGivesAnEmptyHostOrNone() throws {
        #expect(try URLParser.parse("playa://").get().host == .empty)
        #expect(try URLParser.parse("playa:/x").get().host == nil)
        #expect(try URLParser.parse("playa:/x").get().path == "/x")
    }

    @Test func opaqueHostsKeepCaseAndPercentEncoding() throws {
        let url = try URLParser.parse("Playa://Invite%41/X").get()
        #expect(url.scheme == "playa")
        #expect(url.host == .opaque("Invite%41"))
    }

    @Test func portIsKeptForOtherSchemes() throws {
        let url = try URLParser.parse("playa://invite:443/X").get()
        #expect(url.port == 443)
    }

    @Test func fragmentOfAnOpaqueBaseResolves() throws {
        let base = try URLParser.parse("mailto:a@example.com?subject=x").get()
        #expect(try URLParser.parse("#f", base: base).get().href == "mailto:a@example.com?subject=x#f")
        #expect(URLParser.parse("other", base: base).failure != nil)
    }
}
