import BeckonTestSupport
import Foundation
import Testing

/// `beckon l10n export` and `import` on a copy of the default site, run as a translator's tooling
/// would run them.
@Suite struct HandoffCommandTests {
    /// A copy of the default site (the repository root) in a temporary folder.
    static func defaultSite() throws -> TemporaryDirectory {
        let site = TemporaryDirectory()
        try SiteFixture.copySite(to: site.url)
        return site
    }

    static func bundles(_ site: TemporaryDirectory) -> [String: Data] {
        OutputSnapshot.files(in: site.path("locales"))
    }

    static func run(_ arguments: [String], in site: TemporaryDirectory) throws -> BeckonBinary.Run {
        try BeckonBinary.run(arguments, in: site.url)
    }

    /// The text lines `new` has in place of `old`'s, once their common first and last lines are
    /// set aside.
    static func difference(_ old: String, _ new: String) -> (removed: [Substring], added: [Substring]) {
        let before = old.split(separator: "\n", omittingEmptySubsequences: false)
        let after = new.split(separator: "\n", omittingEmptySubsequences: false)
        let prefix = zip(before, after).prefix { $0 == $1 }.count
        let suffix = zip(before.reversed(), after.reversed()).prefix { $0 == $1 }.count
        let common = min(suffix, min(before.count, after.count) - prefix)
        return (Array(before[prefix..<(before.count - common)]), Array(after[prefix..<(after.count - common)]))
    }

    @Test(arguments: [
        ["--format", "xliff12", "--locale", "de-DE", "--output", "de-DE.xlf"],
        ["--format", "xliff20", "--locale", "ja-JP", "--output", "ja-JP.xlf"],
        ["--format", "xcstrings", "--output", "Invite.xcstrings"],
    ])
    func importingAnUntouchedExportLeavesEveryBundleByteIdentical(export: [String]) throws {
        let site = try Self.defaultSite()
        let before = Self.bundles(site)
        let exported = try Self.run(["l10n", "export"] + export, in: site)
        #expect(exported.status == 0, "\(exported.stdout)\(exported.stderr)")
        #expect(exported.stdout.hasPrefix("Exported "))
        let file = try #require(export.last)
        let imported = try Self.run(["l10n", "import", file], in: site)
        #expect(imported.status == 0, "\(imported.stdout)\(imported.stderr)")
        #expect(imported.stdout.contains("No changes"), "\(imported.stdout)")
        #expect(Self.bundles(site) == before)
    }

    @Test func exportWritesToStandardOutputByDefault() throws {
        let site = try Self.defaultSite()
        let run = try Self.run(["l10n", "export", "--format", "xliff20", "--locale", "ar"], in: site)
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<xliff "))
        #expect(run.stdout.contains("trgLang=\"ar\""))
        #expect(run.stderr.hasPrefix("Exported "))
    }

    @Test func anEditedTranslationChangesThatValueOnly() throws {
        let site = try Self.defaultSite()
        #expect(
            try Self.run(
                ["l10n", "export", "--format", "xliff12", "--locale", "de-DE", "--output", "de.xlf"], in: site
            ).status == 0)
        let xliff = try String(contentsOf: site.path("de.xlf"), encoding: .utf8)
        // The first translated unit: its key and German text.
        let unit = try #require(xliff.range(of: "<trans-unit id=\""))
        let key = String(xliff[unit.upperBound...].prefix { $0 != "\"" })
        let open = try #require(
            xliff.range(of: "<target state=\"translated\">", range: unit.upperBound..<xliff.endIndex))
        let close = try #require(xliff.range(of: "</target>", range: open.upperBound..<xliff.endIndex))
        let german = String(xliff[open.upperBound..<close.lowerBound])
        try Data(xliff.replacingCharacters(in: open.upperBound..<close.lowerBound, with: german + " (neu)").utf8)
            .write(to: site.path("de.xlf"))
        let old = try String(contentsOf: site.path("locales/de-DE.yml"), encoding: .utf8)
        let others = Self.bundles(site).filter { $0.key != "de-DE.yml" }

        let run = try Self.run(["l10n", "import", "de.xlf"], in: site)
        #expect(run.status == 0, "\(run.stdout)")
        #expect(run.stdout.contains("Updated locales/de-DE.yml: 1 string (\(key))."), "\(run.stdout)")
        let new = try String(contentsOf: site.path("locales/de-DE.yml"), encoding: .utf8)
        let (removed, added) = Self.difference(old, new)
        #expect(removed.count == 1 && removed.first?.contains(german) == true, "\(removed)")
        #expect(added.contains { $0.contains("message: \(german) (neu)") }, "\(added)")
        #expect(added.contains { $0.contains("sourceHash: ") }, "\(added)")
        #expect(Self.bundles(site).filter { $0.key != "de-DE.yml" } == others)

        // The new translation is up to date as far as the stale check is concerned.
        let status = try Self.run(["l10n", "status", "--locale", "de-DE", "--format", "json"], in: site)
        #expect(status.stdout.contains("\"locales\""), "\(status.stdout)")
        #expect(!status.stdout.contains("l10n.stale"), "\(status.stdout)")
    }

    /// The target element of a unit in an XLIFF 1.2 file: its opening tag and text.
    static func target(of key: String, in xliff: String) throws -> Substring {
        let unit = try #require(xliff.range(of: "<trans-unit id=\"\(key)\""))
        let open = try #require(xliff.range(of: "<target", range: unit.upperBound..<xliff.endIndex))
        let close = try #require(xliff.range(of: "</target>", range: open.upperBound..<xliff.endIndex))
        return xliff[open.lowerBound..<close.lowerBound]
    }

    /// A German string typed in by hand has no `sourceHash`; the translation lock the last build
    /// wrote still says which English it answers, so an edited source makes it stale in an
    /// export, and marking it done in the file records the new source.
    @Test func aHandTypedTranslationOfAnEditedSourceIsExportedForReview() throws {
        let site = try Self.defaultSite()
        let english = try String(contentsOf: site.path("locales/en-US.yml"), encoding: .utf8)
        let edited = english.replacingOccurrences(
            of: "    message: \"{inviter} invited you to {app}\"\n    description: The invite page's main heading.",
            with:
                "    message: \"{inviter} saved you a spot on {app}\"\n    description: The invite page's main heading."
        )
        #expect(edited != english)
        try Data(edited.utf8).write(to: site.path("locales/en-US.yml"))
        let export = ["l10n", "export", "--format", "xliff12", "--locale", "de-DE", "--output", "de.xlf"]
        #expect(try Self.run(export, in: site).status == 0)
        let xliff = try String(contentsOf: site.path("de.xlf"), encoding: .utf8)
        #expect(
            try Self.target(of: "landing.headline", in: xliff).hasPrefix("<target state=\"needs-review-translation\">"))
        #expect(try Self.target(of: "landing.title", in: xliff).hasPrefix("<target state=\"translated\">"))

        // The reviewer keeps the German and marks it done: the bundle records the new source.
        let reviewed = xliff.replacingOccurrences(
            of: try String(Self.target(of: "landing.headline", in: xliff)),
            with: try Self.target(of: "landing.headline", in: xliff).replacingOccurrences(
                of: "needs-review-translation", with: "translated"))
        try Data(reviewed.utf8).write(to: site.path("de.xlf"))
        let run = try Self.run(["l10n", "import", "de.xlf"], in: site)
        #expect(run.stdout.contains("Updated locales/de-DE.yml: 1 string (landing.headline)."), "\(run.stdout)")
        #expect(try Self.run(export, in: site).status == 0)
        let again = try String(contentsOf: site.path("de.xlf"), encoding: .utf8)
        #expect(try Self.target(of: "landing.headline", in: again).hasPrefix("<target state=\"translated\">"))
    }

    /// Ways a translated file comes back broken, and the rule each is reported under.
    enum Breakage: String, CaseIterable, Sendable {
        case invalidXML = "handoff.xml"
        case unknownKey = "handoff.unknown-key"

        func apply(_ xliff: String) -> String {
            switch self {
            case .invalidXML:
                return xliff.replacingOccurrences(of: "</body>", with: "</bdy>")
            case .unknownKey:
                // The first unit, renamed.
                guard let unit = xliff.range(of: "<trans-unit id=\"") else { return xliff }
                let key = String(xliff[unit.upperBound...].prefix { $0 != "\"" })
                return xliff.replacingOccurrences(
                    of: "id=\"\(key)\" resname=\"\(key)\"", with: "id=\"\(key)x\" resname=\"\(key)x\"")
            }
        }
    }

    @Test(arguments: Breakage.allCases)
    func aBrokenFileIsRefusedWithALocatedDiagnostic(breakage: Breakage) throws {
        let site = try Self.defaultSite()
        #expect(
            try Self.run(
                ["l10n", "export", "--format", "xliff12", "--locale", "de-DE", "--output", "de.xlf"], in: site
            ).status == 0)
        let xliff = try String(contentsOf: site.path("de.xlf"), encoding: .utf8)
        let broken = breakage.apply(xliff)
        #expect(broken != xliff)
        try Data(broken.utf8).write(to: site.path("de.xlf"))
        let before = Self.bundles(site)

        let run = try Self.run(["l10n", "import", "de.xlf"], in: site)
        #expect(run.status == 1)
        // `de.xlf:LINE:COLUMN: error[RULE]: …`
        let located = run.stdout.split(separator: "\n").contains { line in
            let parts = line.split(separator: ":", maxSplits: 3)
            return parts.count == 4 && parts[0] == "de.xlf" && Int(parts[1]) != nil && Int(parts[2]) != nil
                && parts[3].hasPrefix(" error[\(breakage.rawValue)]")
        }
        #expect(located, "\(run.stdout)")
        #expect(run.stdout.contains("fix:"))
        #expect(run.stdout.contains("No bundle was changed."))
        #expect(Self.bundles(site) == before)
    }

    @Test func usageErrorsExit64() throws {
        let site = try Self.defaultSite()
        #expect(try Self.run(["l10n", "export", "--format", "xliff12"], in: site).status == 64)
        #expect(try Self.run(["l10n", "export", "--format", "po", "--locale", "de-DE"], in: site).status == 64)
        #expect(try Self.run(["l10n", "export", "--format", "xcstrings", "--locale", "de-DE"], in: site).status == 64)
        #expect(try Self.run(["l10n", "import"], in: site).status == 64)
        let missing = try Self.run(["l10n", "import", "nope.xlf"], in: site)
        #expect(missing.status == 1)
        #expect(missing.stdout.contains("nope.xlf:1:1: error[input.missing-file]"), "\(missing.stdout)")
    }
}
