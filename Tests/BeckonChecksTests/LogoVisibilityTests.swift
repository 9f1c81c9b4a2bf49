import BeckonChecks
import BeckonDiagnostics
import BeckonRender
import BeckonSite
import BeckonTestSupport
import Foundation
import Testing

/// `contrast.logo` on the real logos of the default site: the white wordmark that vanished on white
/// emails, the blue one that was a smudge on dark pages, and the logos that replaced them.
@Suite struct LogoVisibilityTests {
    static let svg = """
        <svg xmlns="http://www.w3.org/2000/svg" width="120" height="40" viewBox="0 0 120 40">
        <rect x="0" y="2" width="36" height="36" rx="10" fill="COLOR"/><circle cx="18" cy="16" r="6" fill="#ffd166"/>
        <text x="44" y="28" font-size="22" fill="COLOR">Playa</text></svg>
        """

    static func findings(logo: Artifact, image: String) -> [Diagnostic] {
        var context = CheckContext()
        context.backgrounds = ["light": Color(css: "#ffffff")!, "dark": Color(css: "#121216")!]
        context.siteBaseURL = "https://join.playa.app"
        let page = Artifact(
            path: "en-US/invite/index.html", kind: .landing, locale: LocaleID("en-US"),
            template: "templates/pages/landing.md", contentType: "text/html; charset=utf-8",
            bytes: Array(
                "<!DOCTYPE html><html lang=\"en\"><head><title>x</title></head><body><img src=\"\(image)\" alt=\"Playa logo\"></body></html>"
                    .utf8))
        let checker = Checker(pageRules: [], siteRules: Checker.standard().siteRules, context: context)
        return checker.check([page, logo]).filter { $0.rule == "contrast.logo" }
    }

    static func svgLogo(_ color: String) -> Artifact {
        Artifact(
            path: "assets/logo.svg", kind: .asset, contentType: "image/svg+xml",
            bytes: Array(svg.replacingOccurrences(of: "COLOR", with: color).utf8))
    }

    static func pngLogo(_ name: String) throws -> Artifact {
        Artifact(
            path: "assets/\(name)", kind: .asset, contentType: "image/png",
            bytes: [UInt8](try Data(contentsOf: Repository.root.appendingPathComponent("static/assets/\(name)"))))
    }

    @Test(arguments: [
        (
            "#0b57d0",
            ["the main colour of `assets/logo.svg`, #0b57d0, is 2.92:1 on #121216 in the dark palette (needs 3:1)"]
        ),
        ("#ffffff", ["100% of `assets/logo.svg` (#ffffff) vanishes on #ffffff in the light palette"]),
        ("#3b78e7", []),
    ])
    func svgLogosAreMeasuredOnTheirWordmarkAndTile(color: String, messages: [String]) {
        #expect(Self.findings(logo: Self.svgLogo(color), image: "/assets/logo.svg").map(\.message) == messages)
    }

    @Test func theWhiteWordmarkVanishesOnAWhiteEmailAndTheNewLogoDoesNot() throws {
        let old = Self.findings(
            logo: try Self.pngLogo("og-logo.png"), image: "https://join.playa.app/assets/og-logo.png")
        #expect(old.contains { $0.message.contains("vanishes on #ffffff in the light palette") }, "\(old)")
        let new = Self.findings(
            logo: try Self.pngLogo("email-logo.png"), image: "https://join.playa.app/assets/email-logo.png")
        #expect(new.isEmpty, "\(new.map(\.message))")
    }
}
