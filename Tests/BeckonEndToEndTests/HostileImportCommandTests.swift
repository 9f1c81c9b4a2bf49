import BeckonTestSupport
import Foundation
import Testing

/// `beckon l10n import` killed mid-write, fed a FIFO, and `l10n status` on a bundle the site
/// refuses: run as the binary, on a copy of the default site.
@Suite struct HostileImportCommandTests {
    static let changed = ["ar", "de-DE", "ja-JP"]

    /// A String Catalog export with a new value for one string in each of three locales.
    static func threeLocaleCatalog(_ site: TemporaryDirectory) throws -> URL {
        let run = try BeckonBinary.run(
            ["l10n", "export", "--format", "xcstrings", "--output", "Invite.xcstrings"], in: site.url)
        #expect(run.status == 0, "\(run.stderr)")
        let file = site.path("Invite.xcstrings")
        var root = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as! [String: Any]
        var strings = root["strings"] as! [String: Any]
        var string = strings["common.friend"] as! [String: Any]
        var localizations = string["localizations"] as? [String: Any] ?? [:]
        for locale in changed {
            localizations[locale] = ["stringUnit": ["state": "translated", "value": "Neu \(locale)"]]
        }
        string["localizations"] = localizations
        strings["common.friend"] = string
        root["strings"] = strings
        try JSONSerialization.data(withJSONObject: root, options: [.prettyPrinted, .sortedKeys]).write(to: file)
        return file
    }

    static func bundles(_ site: TemporaryDirectory) throws -> [Data] {
        try changed.map { try Data(contentsOf: site.path("locales/\($0).yml")) }
    }

    static func leftovers(_ site: TemporaryDirectory) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: site.path("locales").path).filter { $0.hasPrefix(".") }
    }

    /// Imports killed with SIGKILL at moments spread over an import's run time: after the next
    /// run (here `l10n status`, which finishes an interrupted import first), the three bundles are
    /// all old or all new, and no temporary file or journal is left.
    @Test func anImportKilledAtAnyMomentLeavesAllOldOrAllNewBundles() throws {
        let site = try HandoffCommandTests.defaultSite()
        _ = try Self.threeLocaleCatalog(site)
        let old = try Self.bundles(site)
        let started = Date()
        let complete = try BeckonBinary.run(["l10n", "import", "Invite.xcstrings"], in: site.url)
        let duration = Date().timeIntervalSince(started)
        #expect(complete.status == 0, "\(complete.stdout)")
        let new = try Self.bundles(site)
        #expect(zip(old, new).allSatisfy { $0 != $1 })
        for step in 0..<12 {
            for (locale, data) in zip(Self.changed, old) { try data.write(to: site.path("locales/\(locale).yml")) }
            let process = Process()
            process.executableURL = BeckonBinary.url
            process.arguments = ["l10n", "import", "Invite.xcstrings"]
            process.currentDirectoryURL = site.url
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            Thread.sleep(forTimeInterval: duration * Double(step) / 10)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            _ = try BeckonBinary.run(["l10n", "status"], in: site.url)
            let after = try Self.bundles(site)
            #expect(after == old || after == new, "step \(step)")
            #expect(try Self.leftovers(site) == [], "step \(step)")
        }
    }

    @Test func importingAFIFOIsRefusedAtOnce() throws {
        let site = try HandoffCommandTests.defaultSite()
        try #require(mkfifo(site.path("de.xlf").path, 0o600) == 0)
        let before = HandoffCommandTests.bundles(site)
        let run = try BeckonBinary.run(["l10n", "import", "de.xlf"], in: site.url)
        #expect(run.status == 1)
        #expect(run.stdout.contains("de.xlf:1:1: error[input.not-a-file]"), "\(run.stdout)")
        #expect(HandoffCommandTests.bundles(site) == before)
    }

    @Test func aHugeTranslationIsRefusedAndNothingIsWritten() throws {
        let site = try HandoffCommandTests.defaultSite()
        let file = try Self.threeLocaleCatalog(site)
        let text = try String(contentsOf: file, encoding: .utf8)
            .replacingOccurrences(of: "Neu de-DE", with: String(repeating: "Einladung ", count: 200_000))
        try Data(text.utf8).write(to: file)
        let before = HandoffCommandTests.bundles(site)
        let run = try BeckonBinary.run(["l10n", "import", "Invite.xcstrings"], in: site.url)
        #expect(run.status == 1)
        #expect(run.stdout.contains("Invite.xcstrings:"), "\(run.stdout)")
        #expect(run.stdout.contains("error[input.too-large]"), "\(run.stdout)")
        #expect(run.stdout.contains("fix: "))
        #expect(HandoffCommandTests.bundles(site) == before)
    }

    @Test func statusReportsABundleTheSiteRefuses() throws {
        let site = try HandoffCommandTests.defaultSite()
        let huge = "common:\n  friend: \"" + String(repeating: "x", count: 2 << 20) + "\"\n"
        try Data(huge.utf8).write(to: site.path("locales/de-DE.yml"))
        let run = try BeckonBinary.run(["l10n", "status"], in: site.url)
        #expect(run.status == 1)
        #expect(!run.stdout.contains("No localization problems"), "\(run.stdout)")
        #expect(run.stdout.contains("locales/de-DE.yml"), "\(run.stdout)")
    }
}
