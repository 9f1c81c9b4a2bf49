import Testing

@testable import BeckonURL

/// Requirement 4: IPv4 in the legacy forms browsers accept, and IPv6 with compression.
@Suite struct IPAddressTests {
    @Test(
        arguments: [
            ("0x7f.1", 0x7F00_0001), ("127.0.0.1", 0x7F00_0001), ("2130706433", 0x7F00_0001),
            ("0177.0.0.1", 0x7F00_0001), ("0x7F000001", 0x7F00_0001), ("127.1", 0x7F00_0001),
            ("127.0.1", 0x7F00_0001), ("192.168.0.1.", 0xC0A8_0001), ("0", 0), ("0x", 0), ("00", 0),
            ("255.255.255.255", 0xFFFF_FFFF), ("1.0x10000", 0x0101_0000),
        ] as [(String, UInt32)])
    func ipv4Forms(host: String, address: UInt32) throws {
        let url = try URLParser.parse("http://\(host)/").get()
        #expect(url.host == .ipv4(address))
        #expect(url.host?.serialized == IPv4Parser.serialize(address))
    }

    @Test func ipv4SerializesDottedDecimal() throws {
        #expect(try URLParser.parse("https://0x7f.1/x").get().href == "https://127.0.0.1/x")
        #expect(IPv4Parser.serialize(0xC0A8_0001) == "192.168.0.1")
    }

    @Test func hostsThatDoNotEndInANumberAreDomains() throws {
        #expect(try URLParser.parse("http://1.2.3.example/").get().host == .domain("1.2.3.example"))
        #expect(try URLParser.parse("http://0x7g/").get().host == .domain("0x7g"))
    }

    @Test func otherSchemesKeepNumericHostsOpaque() throws {
        #expect(try URLParser.parse("foo://0x7f.1/").get().host == .opaque("0x7f.1"))
    }

    @Test(
        arguments: [
            ("[::1]", [0, 0, 0, 0, 0, 0, 0, 1], "[::1]"),
            ("[0:0:0:0:0:0:0:1]", [0, 0, 0, 0, 0, 0, 0, 1], "[::1]"),
            ("[::]", [0, 0, 0, 0, 0, 0, 0, 0], "[::]"),
            ("[2001:db8::ff00:42:8329]", [0x2001, 0xDB8, 0, 0, 0, 0xFF00, 0x42, 0x8329], "[2001:db8::ff00:42:8329]"),
            ("[1:0:0:2:0:0:0:3]", [1, 0, 0, 2, 0, 0, 0, 3], "[1:0:0:2::3]"),
            ("[1:0:0:2:0:0:3:4]", [1, 0, 0, 2, 0, 0, 3, 4], "[1::2:0:0:3:4]"),
            ("[1:2:3:4:5:6:0:8]", [1, 2, 3, 4, 5, 6, 0, 8], "[1:2:3:4:5:6:0:8]"),
            ("[ABCD::]", [0xABCD, 0, 0, 0, 0, 0, 0, 0], "[abcd::]"),
            ("[::127.0.0.1]", [0, 0, 0, 0, 0, 0, 0x7F00, 1], "[::7f00:1]"),
        ] as [(String, [UInt16], String)])
    func ipv6ParsesAndCompresses(host: String, pieces: [UInt16], serialized: String) throws {
        let url = try URLParser.parse("https://\(host):8443/").get()
        #expect(url.host == .ipv6(pieces))
        #expect(url.host?.serialized == serialized)
        #expect(url.href == "https://\(serialized):8443/")
    }

    @Test func urlHostDescriptionIsItsSerialization() {
        #expect(URLHost.ipv6([0, 0, 0, 0, 0, 0, 0, 1]).description == "[::1]")
        #expect(URLHost.ipv4(0x7F00_0001).description == "127.0.0.1")
        #expect(URLHost.domain("example.com").description == "example.com")
        #expect(URLHost.empty.description == "")
    }
}
