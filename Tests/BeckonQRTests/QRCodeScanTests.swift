import BeckonQR
import BeckonTestSupport
import Testing

/// Symbols rasterized to PGM and read back by a real scanner, `zbarimg`; without it these tests
/// are reported as skipped.
@Suite(.enabled(if: ZBar.program != nil, "zbarimg is not installed: run `make test-deps`"))
struct QRCodeScanTests {
    /// Links like the ones invites carry, made from a fixed seed so every run sees the same ones.
    static let links: [String] = {
        var generator = SeededGenerator(seed: 0x5EED_0C0D)
        let hosts = ["join.playa.app", "beckon.example", "xn--bcher-kva.example", "a.b.c.example:8443"]
        let alphabet = Array("ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789-_~.%")
        func piece(_ range: ClosedRange<Int>) -> String {
            String(
                (0..<Int.random(in: range, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
        }
        return (0..<50).map { index in
            let host = hosts.randomElement(using: &generator)!
            var link = "https://\(host)/invite/\(piece(4...16))"
            for key in ["exp", "kid", "sig", "ref", "lang"].prefix(index % 6) {
                link += (link.contains("?") ? "&" : "?") + "\(key)=\(piece(1...24))"
            }
            if index % 7 == 0 { link += "#\(piece(0...8))" }
            return link
        }
    }()

    @Test func inviteLinkScansBackExactly() throws {
        let link = "https://join.playa.app/invite/7KQ4M2XP?exp=1767225600&kid=p1&sig=Zx_3aB-c9dE"
        let code = try #require(QRCode(encoding: link))
        #expect(try ZBar.decode(pgm: code.pgm(scale: 4)) == link)
    }

    /// The inline SVG a page holds scans too, drawn as a browser would fill its path.
    @Test func theInlineSVGScansBackExactly() throws {
        let link = "https://join.playa.app/invite/7KQ4M2XP?exp=1767225600&kid=p1&sig=Zx_3aB-c9dE"
        let svg = try #require(QRCode(encoding: link)).svg(title: "Scan to open")
        #expect(try ZBar.decode(pgm: try #require(ZBar.pgm(svg: svg, scale: 4))) == link)
    }

    @Test(arguments: links.indices)
    func generatedLinkScansBackExactly(index: Int) throws {
        let link = Self.links[index]
        let level = QRCode.Level.allCases[index % QRCode.Level.allCases.count]
        let code = try #require(QRCode(encoding: link, correction: level))
        #expect(try ZBar.decode(pgm: code.pgm(scale: 3)) == link, "level \(level)")
    }
}
