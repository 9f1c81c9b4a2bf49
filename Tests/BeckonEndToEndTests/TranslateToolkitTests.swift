import BeckonTestSupport
import Foundation
import Testing

/// The hand-off through translate-toolkit, the open tool most translation pipelines use: export
/// XLIFF 1.2, `xliff2po`, edit the PO as a translator would, `po2xliff`, import. Reported as
/// skipped, with the reason, where translate-toolkit is not installed (`make test-deps` installs it).
@Suite struct TranslateToolkitTests {
    /// A program on the PATH, or a failed requirement.
    static func program(_ name: String) throws -> URL {
        try #require(TestTool.program(name), "\(name) is not on the PATH")
    }

    static func run(_ program: URL, _ arguments: [String], in folder: URL) throws -> Int32 {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    @Test(
        .enabled(if: TestTool.translateToolkit.isAvailable, "translate-toolkit is not installed: run `make test-deps`"))
    func aPORoundTripChangesExactlyTheEditedStrings() throws {
        let xliff2po = try Self.program("xliff2po")
        let po2xliff = try Self.program("po2xliff")
        let site = try HandoffCommandTests.defaultSite()
        let before = HandoffCommandTests.bundles(site)
        let export = try BeckonBinary.run(
            ["l10n", "export", "--format", "xliff12", "--locale", "de-DE", "--output", "de.xlf"], in: site.url)
        #expect(export.status == 0, "\(export.stderr)")
        #expect(try Self.run(xliff2po, ["de.xlf", "de.po"], in: site.url) == 0)
        let po = try String(contentsOf: site.path("de.po"), encoding: .utf8)
        // Every key survives as a location, equal sources stay apart, notes come along, and current
        // translations are not fuzzy.
        #expect(po.contains("#: landing.title\n") && po.contains("#: og.title\n"))
        #expect(po.contains("#. Browser tab and link preview title"))
        #expect(po.components(separatedBy: "#, fuzzy").count == 2, "only the PO header is fuzzy")
        let edited = po.replacingOccurrences(
            of: "msgstr \"Jetzt bei Google Play\"", with: "msgstr \"Hol es dir bei Google Play\"")
        #expect(edited != po)
        try Data(edited.utf8).write(to: site.path("de.po"))
        #expect(try Self.run(po2xliff, ["de.po", "back.xlf"], in: site.url) == 0)
        let imported = try BeckonBinary.run(["l10n", "import", "back.xlf", "--locale", "de-DE"], in: site.url)
        #expect(imported.status == 0, "\(imported.stdout)\(imported.stderr)")
        let after = HandoffCommandTests.bundles(site)
        #expect(Set(after.keys) == Set(before.keys))
        let changed = after.keys.filter { after[$0] != before[$0] }
        #expect(changed == ["de-DE.yml"], "\(changed)")
        let german = HandoffCommandTests.difference(
            String(decoding: before["de-DE.yml"] ?? Data(), as: UTF8.self),
            String(decoding: after["de-DE.yml"] ?? Data(), as: UTF8.self))
        // The one line becomes the new text with the source it answers to, nothing else moves.
        #expect(german.removed == ["  playStore: Jetzt bei Google Play"], "\(german)")
        #expect(german.added.count == 3 && german.added[1] == "    message: Hol es dir bei Google Play", "\(german)")
    }

    /// `--locale` names the target of a file without one; it never overrides a file's own.
    @Test func aLocaleOtherThanTheFilesIsRefusedAtTheFile() throws {
        let site = try HandoffCommandTests.defaultSite()
        let before = HandoffCommandTests.bundles(site)
        _ = try BeckonBinary.run(
            ["l10n", "export", "--format", "xliff12", "--locale", "de-DE", "--output", "de.xlf"], in: site.url)
        let run = try BeckonBinary.run(["l10n", "import", "de.xlf", "--locale", "ja-JP"], in: site.url)
        #expect(run.status == 1)
        #expect(
            run.stdout.contains("de.xlf:3:3: error[handoff.locale]: the file is for `de-DE`, not `ja-JP`"),
            "\(run.stdout)")
        #expect(HandoffCommandTests.bundles(site) == before)
    }

    /// A translator's PO merged into the exported one with `pomerge`, then back through
    /// `po2xliff`: exactly the two edited strings change. (Merged into the XLIFF instead, `pomerge`
    /// matches units by source text, so strings with the same English collapse; docs/handoff.md.)
    @Test(
        .enabled(if: TestTool.translateToolkit.isAvailable, "translate-toolkit is not installed: run `make test-deps`"))
    func aPOMergeChangesExactlyTheEditedStrings() throws {
        let xliff2po = try Self.program("xliff2po")
        let po2xliff = try Self.program("po2xliff")
        let pomerge = try Self.program("pomerge")
        let site = try HandoffCommandTests.defaultSite()
        let before = HandoffCommandTests.bundles(site)
        _ = try BeckonBinary.run(
            ["l10n", "export", "--format", "xliff12", "--locale", "de-DE", "--output", "de.xlf"], in: site.url)
        #expect(try Self.run(xliff2po, ["de.xlf", "de.po"], in: site.url) == 0)
        let po = try String(contentsOf: site.path("de.po"), encoding: .utf8)
        let translated =
            po
            .replacingOccurrences(of: "msgstr \"Jetzt bei Google Play\"", with: "msgstr \"Hol es dir bei Google Play\"")
            .replacingOccurrences(of: "msgstr \"Fragen?\"", with: "msgstr \"Noch Fragen?\"")
        #expect(translated.components(separatedBy: "Hol es dir").count == 2)
        #expect(translated.components(separatedBy: "Noch Fragen?").count == 2)
        try Data(translated.utf8).write(to: site.path("translator.po"))
        #expect(try Self.run(pomerge, ["-t", "de.po", "-i", "translator.po", "-o", "merged.po"], in: site.url) == 0)
        #expect(try Self.run(po2xliff, ["merged.po", "back.xlf"], in: site.url) == 0)
        let imported = try BeckonBinary.run(["l10n", "import", "back.xlf", "--locale", "de-DE"], in: site.url)
        #expect(imported.status == 0, "\(imported.stdout)\(imported.stderr)")
        #expect(
            imported.stdout.contains("Updated locales/de-DE.yml: 2 strings (common.playStore, footer.help)"),
            "\(imported.stdout)")
        let after = HandoffCommandTests.bundles(site)
        #expect(after.keys.filter { after[$0] != before[$0] } == ["de-DE.yml"])
    }
}
