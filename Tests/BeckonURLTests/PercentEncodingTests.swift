import Testing

@testable import BeckonURL

/// Requirement 7: each component is percent-encoded with the standard's set for it.
@Suite struct PercentEncodingTests {
    /// Every printable ASCII character that some set encodes, and `%`, which no set encodes.
    static let probe = " \"#<>'?^`{}|%"

    @Test func pathSet() throws {
        let url = try URLParser.parse("https://h/\(Self.probe.replacing("#", with: "").replacing("?", with: ""))").get()
        #expect(url.path == "/%20%22%3C%3E'%5E%60%7B%7D|%")
    }

    @Test func specialQuerySetEncodesApostrophe() throws {
        let url = try URLParser.parse("https://h/?\(Self.probe.replacing("#", with: ""))").get()
        #expect(url.query == "%20%22%3C%3E%27?^`{}|%")
    }

    @Test func querySetOfOtherSchemesKeepsApostrophe() throws {
        let url = try URLParser.parse("playa://h/?\(Self.probe.replacing("#", with: ""))").get()
        #expect(url.query == "%20%22%3C%3E'?^`{}|%")
    }

    @Test func fragmentSet() throws {
        let url = try URLParser.parse("https://h/#\(Self.probe)").get()
        #expect(url.fragment == "%20%22#%3C%3E'?^%60{}|%")
    }

    @Test func userinfoSet() throws {
        let url = try URLParser.parse("https://a b;=[]|^:p w@h/").get()
        #expect(url.username == "a%20b%3B%3D%5B%5D%7C%5E")
        #expect(url.password == "p%20w")
    }

    @Test func opaquePathEncodesOnlyControlsAndNonASCII() throws {
        let url = try URLParser.parse("data:,<a href=\"x\">{ü}\u{7}</a>").get()
        #expect(url.path == ",<a href=\"x\">{%C3%BC}%07</a>")
    }

    @Test func opaquePathSpaceBeforeQueryOrFragmentIsEncoded() throws {
        #expect(try URLParser.parse("data:a b ?c").get().href == "data:a b%20?c")
        #expect(try URLParser.parse("data:a b #c").get().href == "data:a b%20#c")
    }

    @Test func nonASCIIIsUTF8PercentEncodedEverywhere() throws {
        let url = try URLParser.parse("https://h/€?€#€").get()
        #expect(url.href == "https://h/%E2%82%AC?%E2%82%AC#%E2%82%AC")
        #expect(url.pathSegments == ["€"])
    }

    @Test func existingPercentEncodingIsKept() throws {
        let url = try URLParser.parse("https://h/a%2fb%zz?c%2Fd#e%2f").get()
        #expect(url.href == "https://h/a%2fb%zz?c%2Fd#e%2f")
    }

    @Test func setsContainControlsAndNonASCII() {
        for set in [PercentEncodeSet.c0Control, .fragment, .query, .specialQuery, .path, .userinfo] {
            #expect(set.contains(0x00) && set.contains(0x1F) && set.contains(0x7F) && set.contains(0x80))
            #expect(!set.contains(UInt8(ascii: "a")) && !set.contains(UInt8(ascii: "%")))
        }
    }

    @Test func decodingLeavesMalformedEscapes() {
        #expect(Array("%41%4a%zz%4%".utf8).percentDecoded() == Array("AJ%zz%4%".utf8))
    }
}
