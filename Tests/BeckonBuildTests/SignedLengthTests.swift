import BeckonBuild
import BeckonDiagnostics
import BeckonTestSupport
import Foundation
import Testing

/// Without a link key, links are written unsigned (about 49 characters shorter), but the length
/// checks measure them as they will be signed: a message near the SMS limit gets the same verdict
/// with and without the key.
@Suite struct SignedLengthTests {
    /// The site of `ShareMessageTests` with the English collaborative message padded by `padding`
    /// characters, and `config` added under `share:`.
    static func site(padding: Int, config: String = "") throws -> TemporaryDirectory {
        let folder = try ShareMessageTests.site()
        let pad = String(repeating: "a", count: padding)
        let english = folder.path("locales/en-US.yml")
        let text = try String(contentsOf: english, encoding: .utf8)
            .replacingOccurrences(
                of: "collaborative: \"Join me on {app}: {link}\"",
                with: "collaborative: \"Join me on {app} \(pad): {link}\"")
        try Data(text.utf8).write(to: english)
        if !config.isEmpty {
            let url = folder.path("beckon.yml")
            let yaml = try String(contentsOf: url, encoding: .utf8).replacingOccurrences(
                of: "  channels: [sms, whatsapp, email, copy_link]\n",
                with: "  channels: [sms, whatsapp, email, copy_link]\n\(config)")
            try Data(yaml.utf8).write(to: url)
        }
        return folder
    }

    /// The length findings of a build, as `rule path-or-locale message`, sorted.
    static func lengthFindings(_ result: BuildResult) -> [String] {
        result.report.diagnostics.filter { ["sms.segments", "chars.max"].contains($0.rule) }
            .map { "\($0.rule) \($0.locale ?? "") \($0.message)" }.sorted()
    }

    /// The length of the English collaborative SMS as built with a key.
    static func signedLength(padding: Int, config: String = "") async throws -> Int {
        let result = await ShareMessageTests().build(try site(padding: padding, config: config))
        let path = config.isEmpty ? "messages/en-US/collaborative.sms.txt" : "messages/en-US/collaborative.b.sms.txt"
        let sms = try #require(result.artifacts.first { $0.path == path })
        return String(decoding: sms.bytes, as: UTF8.self).count
    }

    /// One character over a segment once signed fails with and without the key; exactly a segment
    /// passes both ways. With A/B variants, `v=` is counted too.
    @Test(arguments: ["", "  variants: {a: 50, b: 50}\n"])
    func aMessageNearTheSMSLimitHasTheSameVerdictWithAndWithoutAKey(config: String) async throws {
        let base = try await Self.signedLength(padding: 0, config: config)
        for (target, fails) in [(161, true), (160, false)] {
            let padding = target - base
            let signed = await ShareMessageTests().build(try Self.site(padding: padding, config: config))
            let unsigned = await ShareMessageTests().build(try Self.site(padding: padding, config: config), key: false)
            let written = try #require(
                unsigned.artifacts.first {
                    $0.path.hasPrefix("messages/en-US/collaborative.") && $0.path.hasSuffix(".sms.txt")
                })
            #expect(String(decoding: written.bytes, as: UTF8.self).count < target - 40, "written unsigned, shorter")
            let verdict = Self.lengthFindings(signed)
            #expect(verdict.contains { $0.hasPrefix("sms.segments en-US") } == fails, "\(verdict)")
            #expect(Self.lengthFindings(unsigned) == verdict)
            #expect(unsigned.report.diagnostics.contains { $0.rule == "links.unsigned" })
        }
    }

    /// `limits.messageChars` is measured the same way.
    @Test func aMessageNearItsCharacterLimitHasTheSameVerdictWithAndWithoutAKey() async throws {
        let base = try await Self.signedLength(padding: 0)
        let folder = { () throws -> TemporaryDirectory in
            let folder = try Self.site(padding: 0)
            let url = folder.path("beckon.yml")
            let yaml = try String(contentsOf: url, encoding: .utf8) + "limits:\n  messageChars: \(base - 1)\n"
            try Data(yaml.utf8).write(to: url)
            return folder
        }
        let signed = Self.lengthFindings(await ShareMessageTests().build(try folder()))
        let unsigned = Self.lengthFindings(await ShareMessageTests().build(try folder(), key: false))
        #expect(signed.contains { $0.hasPrefix("chars.max en-US") }, "\(signed)")
        #expect(unsigned == signed)
    }
}
