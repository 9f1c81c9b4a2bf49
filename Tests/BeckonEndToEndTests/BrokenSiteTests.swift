import BeckonTestSupport
import Foundation
import Testing

/// One broken site per kind of bad input: each must fail with a located diagnostic, exit 1, and
/// leave the previous output exactly as it was.
@Suite struct BrokenSiteTests {
    /// A way to break the minimal site, and the diagnostic that must result.
    struct Breakage: Sendable, CustomTestStringConvertible {
        var name: String
        var apply: @Sendable (URL) throws -> Void
        /// `file:line:column: error[rule]` as printed.
        var expected: String

        var testDescription: String { name }
    }

    static func edit(_ path: String, _ old: String, _ new: String) -> @Sendable (URL) throws -> Void {
        { root in
            let url = root.appendingPathComponent(path)
            let text = try String(contentsOf: url, encoding: .utf8)
            precondition(text.contains(old), "\(path) does not contain \(old)")
            try Data(text.replacingOccurrences(of: old, with: new).utf8).write(to: url)
        }
    }

    static func remove(_ path: String) -> @Sendable (URL) throws -> Void {
        { root in try FileManager.default.removeItem(at: root.appendingPathComponent(path)) }
    }

    static let breakages: [Breakage] = [
        Breakage(
            name: "YAML syntax", apply: edit("beckon.yml", "  name: Minimo", "  name: [Minimo"),
            expected: "beckon.yml:4:10: error[yaml.syntax]"),
        Breakage(
            name: "unknown key", apply: edit("beckon.yml", "  name: Minimo", "  nmae: Minimo"),
            expected: "beckon.yml:3:3: error[config.unknown-key]: unknown key `nmae` in `app` (did you mean `name`?)"),
        Breakage(
            name: "missing locale file", apply: remove("locales/de-DE.yml"),
            expected: "beckon.yml:18:17: error[l10n.missing-bundle]"),
        Breakage(
            name: "missing template", apply: remove("templates/pages/gone.md"),
            expected: "templates/pages/gone.md:1:1: error[template.missing]"),
        Breakage(
            name: "missing layout", apply: edit("templates/pages/landing.md", "layout: page", "layout: pgae"),
            expected: "templates/pages/landing.md:3:1: error[template.missing-layout]"),
        Breakage(
            name: "invalid colour", apply: edit("beckon.yml", "text: \"#111111\"", "text: \"#11111\""),
            expected: "beckon.yml:14:11: error[config.invalid-color]: `#11111` is not a colour"),
        Breakage(
            name: "invalid locale id", apply: edit("beckon.yml", "[en-US, de-DE]", "[en-US, ../de]"),
            expected: "beckon.yml:18:17: error[config.invalid-locale]"),
        Breakage(
            name: "invalid UTF-8",
            apply: { root in
                try Data(Array("landing:\n  title: \"".utf8) + [0xC3, 0x28] + Array("\"\n".utf8))
                    .write(to: root.appendingPathComponent("locales/de-DE.yml"))
            },
            expected: "locales/de-DE.yml:2:11: error[input.invalid-utf8]"),
        Breakage(
            name: "a 50 MB file",
            apply: { root in
                let url = root.appendingPathComponent("templates/pages/huge.md")
                _ = FileManager.default.createFile(atPath: url.path, contents: nil)
                let handle = try FileHandle(forWritingTo: url)
                try handle.truncate(atOffset: 50 << 20)
                try handle.close()
            },
            expected: "templates/pages/huge.md:1:1: error[input.too-large]"),
        Breakage(
            name: "unknown placeholder", apply: edit("templates/pages/landing.md", "{{app.name}}", "{{app.nmae}}"),
            expected:
                "templates/pages/landing.md:8:5: error[template.unknown-placeholder]: unknown placeholder `{{app.nmae}}` (did you mean `app.name`?)"
        ),
    ]

    @Test(arguments: breakages)
    func badInputIsLocatedAndLeavesOutputAlone(breakage: Breakage) throws {
        let site = TemporaryDirectory()
        try SiteFixture.write(SiteFixture.minimal, to: site.url)
        let good = try BeckonBinary.run(["build", "--site", site.url.path])
        #expect(good.status == 0, "the unbroken site must build: \(good.stdout)")
        let before = OutputSnapshot.files(in: site.path("output"))

        try breakage.apply(site.url)
        let run = try BeckonBinary.run(["build", "--site", site.url.path])
        #expect(run.status == 1)
        #expect(run.stdout.contains(breakage.expected), "expected \(breakage.expected) in:\n\(run.stdout)")
        #expect(run.stdout.contains("fix:"))
        #expect(run.stdout.contains("output/ was not changed") || run.stdout.contains("was not changed"))
        #expect(OutputSnapshot.files(in: site.path("output")) == before)
        #expect(run.stderr.isEmpty, "unexpected standard error: \(run.stderr)")
    }

    @Test(arguments: ["json", "junit", "sarif", "github"])
    func everyFormatCarriesTheFinding(format: String) throws {
        let site = TemporaryDirectory()
        try SiteFixture.write(
            SiteFixture.replacing("  name: Minimo", with: "  nmae: Minimo", in: SiteFixture.minimal), to: site.url)
        let run = try BeckonBinary.run(["check", "--site", site.url.path, "--format", format])
        #expect(run.status == 1)
        #expect(run.stdout.contains("config.unknown-key"))
        #expect(run.stdout.contains("beckon.yml"))
        if format == "json" {
            let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
            // The misspelt key, and the required `name` it leaves missing.
            #expect((object?["summary"] as? [String: Int])?["errors"] == 2)
        }
    }

    @Test func aMissingSiteIsReportedWithoutACrash() throws {
        let empty = TemporaryDirectory()
        let run = try BeckonBinary.run(["build", "--site", empty.url.path])
        #expect(run.status == 1)
        #expect(run.stdout.contains("error[site.missing-config]"))
    }
}
