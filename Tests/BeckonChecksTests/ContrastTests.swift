import BeckonChecks
import BeckonSite
import Testing

@Suite struct ContrastTests {
    /// Ratios from WCAG's definition, the W3C ACT rule examples and axe-core's blending cases.
    @Test(arguments: [
        ("#000000", "#ffffff", 21.0), ("#ffffff", "#ffffff", 1.0), ("#777777", "#ffffff", 4.478),
        ("#767676", "#ffffff", 4.542), ("#595959", "#ffffff", 7.0), ("#0b57d0", "#ffffff", 6.386),
        ("#ffffff", "#333333", 12.63), ("rgba(0, 0, 0, 0.5)", "#ffffff", 3.949), ("#ff0000", "#ffffff", 3.998),
        ("rgba(255, 255, 255, 0.5)", "#000000", 5.317),
    ])
    func ratiosMatchPublishedValues(foreground: String, background: String, expected: Double) throws {
        let ratio = Contrast.ratio(try #require(Color(css: foreground)), try #require(Color(css: background)))
        #expect(abs(ratio - expected) < 0.006, "\(ratio)")
    }

    @Test func theUnroundedRatioDecidesAndDisplayTruncates() throws {
        let ratio = Contrast.ratio(try #require(Color(css: "#777")), try #require(Color(css: "#fff")))
        #expect(ratio < 4.5)
        #expect(Contrast.display(ratio) == "4.47")
        #expect(Contrast.display(4.499_999) == "4.49")
    }

    /// APCA-W3 0.1.9 reference values.
    @Test(arguments: [
        ("#888888", "#ffffff", 63.06), ("#ffffff", "#888888", -68.54), ("#000000", "#aaaaaa", 58.15),
        ("#aaaaaa", "#000000", -56.24), ("#000000", "#ffffff", 106.04), ("#ffffff", "#000000", -107.88),
    ])
    func apcaMatchesTheReferenceImplementation(foreground: String, background: String, lc: Double) throws {
        let value = Contrast.apca(try #require(Color(css: foreground)), try #require(Color(css: background)))
        #expect(abs(value - lc) < 0.05, "\(value)")
    }

    @Test(
        arguments: [
            (16.0, 400, false), (24, 400, true), (18.667, 700, true), (18.5, 700, false), (19, 600, false),
            // 14 pt bold written in pixels, 14 × 96 / 72, is large text too.
            (14.0 * 96 / 72, 700, true), (23.99, 400, false),
        ] as [(Double, Int, Bool)])
    func largeTextFollowsWCAG(size: Double, weight: Int, large: Bool) {
        #expect(ContrastRequirement(size: size, weight: weight).isLargeText == large)
    }
}
