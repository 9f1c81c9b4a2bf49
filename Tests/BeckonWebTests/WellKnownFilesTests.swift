import BeckonSite
import BeckonTestSupport
import Foundation
import Testing

@testable import BeckonWeb

@Suite struct WellKnownFilesTests {
    static func config(_ edit: (String) -> String = { $0 }) throws -> SiteConfig {
        let text = edit(SiteFixture.files(SiteFixture.minimal).first { $0.0 == "beckon.yml" }!.1)
        let (value, _) = YAMLParser.parse(text, path: "beckon.yml")
        let reader = YAMLReader(family: "config")
        let parsed = try #require(value)
        let config = try #require(SiteConfig(parsed, reader: reader), "\(reader.diagnostics)")
        #expect(reader.diagnostics.isEmpty, "\(reader.diagnostics)")
        return config
    }

    /// The AASA document of a configuration, parsed.
    static func association(_ config: SiteConfig) throws -> [String: Any] {
        let file = try #require(WellKnownFiles.artifacts(config).first { $0.kind == .aasa })
        return try #require(try JSONSerialization.jsonObject(with: Data(file.bytes)) as? [String: Any])
    }

    static func components(_ document: [String: Any]) -> [[String: Any]] {
        let applinks = document["applinks"] as? [String: Any]
        let details = applinks?["details"] as? [[String: Any]]
        return details?.first?["components"] as? [[String: Any]] ?? []
    }

    static let tokens = """
        tokens:
          issuer: https://join.minimo.test
          audience: minimo-accept
          keyID: k1
          acceptURL: ACCEPT
        samples:
        """

    @Test func theInviteLinkPathOpensTheApp() throws {
        let document = try Self.association(try Self.config())
        #expect(Self.components(document).map { $0["/"] as? String } == ["/invite/*"])
        #expect(document["appclips"] == nil)
    }

    /// Seed 003: every email's `accept?token=` link must open the app too.
    @Test(arguments: [
        ("https://join.minimo.test/accept?token={token}", ["/invite/*", "/accept"]),
        ("https://join.minimo.test/a/{token}/go", ["/invite/*", "/a/TOKEN/go"]),
        // Another host's association file speaks for it, not this one.
        ("https://accounts.minimo.test/accept?token={token}", ["/invite/*"]),
    ])
    func theTokenAcceptPathOpensTheAppOnTheSameHost(acceptURL: String, paths: [String]) throws {
        let config = try Self.config {
            SiteFixture.replacing(
                "samples:", with: Self.tokens.replacingOccurrences(of: "ACCEPT", with: acceptURL), in: $0)
        }
        let components = Self.components(try Self.association(config))
        #expect(components.compactMap { $0["/"] as? String } == paths)
        if paths.contains("/accept") {
            #expect(components.last?["?"] as? [String: String] == ["token": "*"])
        }
    }

    /// An accept URL that names the token in several query items (one of them twice) lists each
    /// name once, in order, and the file stays valid JSON.
    @Test func everyQueryNameThatCarriesTheTokenIsListedOnce() throws {
        let acceptURL = "https://join.minimo.test/accept?t={token}&token={token}&t={token}&lang=en"
        let config = try Self.config {
            SiteFixture.replacing(
                "samples:", with: Self.tokens.replacingOccurrences(of: "ACCEPT", with: acceptURL), in: $0)
        }
        let file = try #require(WellKnownFiles.artifacts(config).first { $0.kind == .aasa })
        let text = String(decoding: file.bytes, as: UTF8.self)
        #expect(text.contains("\"?\" : {\n              \"t\" : \"*\",\n              \"token\" : \"*\"\n"))
        let components = Self.components(try Self.association(config))
        #expect(components.last?["?"] as? [String: String] == ["t": "*", "token": "*"])
    }

    @Test func anAppClipIsListed() throws {
        let config = try Self.config {
            SiteFixture.replacing(
                "appleAppID: ABCDE12345.test.minimo",
                with: "appleAppID: ABCDE12345.test.minimo\n  appClipID: ABCDE12345.test.minimo.Clip", in: $0)
        }
        let clips = try Self.association(config)["appclips"] as? [String: [String]]
        #expect(clips == ["apps": ["ABCDE12345.test.minimo.Clip"]])
    }
}
