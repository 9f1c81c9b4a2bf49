import BeckonQR
import Testing

@Suite struct QRCodeEncodingTests {
    @Test func shortTextMakesTheSmallestSymbol() throws {
        let code = try #require(QRCode(encoding: "beckon", correction: .low))
        #expect(code.size == 21)
        // The finder pattern's corner modules are dark; outside the symbol is light.
        #expect(code.isDark(x: 0, y: 0) && code.isDark(x: 20, y: 0) && code.isDark(x: 0, y: 20))
        #expect(!code.isDark(x: -1, y: 0) && !code.isDark(x: 21, y: 21))
    }

    @Test func higherCorrectionNeverMakesASmallerSymbol() throws {
        let text = "https://join.playa.app/invite/7KQ4M2XP?exp=1767225600&kid=p1&sig=Zx_3aB-c9dE"
        let sizes = try QRCode.Level.allCases.map { try #require(QRCode(encoding: text, correction: $0)).size }
        #expect(sizes == sizes.sorted())
    }

    @Test func overLongTextGivesNil() {
        let text = String(repeating: "x", count: 8000)
        for level in QRCode.Level.allCases {
            #expect(QRCode(encoding: text, correction: level) == nil)
        }
    }

    @Test func emptyTextGivesNil() {
        #expect(QRCode(encoding: "") == nil)
    }

    @Test func textWithNULIsEncodedWhole() throws {
        let withNUL = try #require(QRCode(encoding: "a\u{0}b"))
        let cut = try #require(QRCode(encoding: "a"))
        #expect(withNUL != cut)
    }
}
