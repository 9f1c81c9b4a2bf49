import BeckonDiagnostics
import Foundation
import Testing

@testable import BeckonLocalization

/// What an import refuses, and where it says the problem is.
@Suite struct HandoffImportTests {
    typealias Fixture = HandoffFixture

    /// A broken hand-off file and the diagnostic it must produce.
    struct Breakage: Sendable, CustomTestStringConvertible {
        var name: String
        var format: HandoffFormat
        /// Breaks the exported text.
        var edit: @Sendable (String) -> String
        var rule: RuleID
        /// The text the diagnostic points at (its first character), in the broken file; the last
        /// occurrence before `context` when that is given.
        var at: String
        var context: String?
        /// The column, where the parser's differs from `at`'s.
        var column: Int?
        var message: String

        var testDescription: String { name }
    }

    static func replacing(_ old: String, _ new: String) -> @Sendable (String) -> String {
        { text in
            precondition(text.contains(old), "the export does not contain \(old)")
            return text.replacingOccurrences(of: old, with: new)
        }
    }

    static let breakages: [Breakage] = [
        Breakage(
            name: "XML that is not well-formed", format: .xliff12,
            edit: replacing("Jemand</target>", "Jemand</targt>"), rule: HandoffRule.xml, at: "</targt>",
            column: 50,  // libxml2 reports the column just past the tag
            message: "this is not well-formed XML: Opening and ending tag mismatch: target line 10 and targt"),
        Breakage(
            name: "an unknown key", format: .xliff12,
            edit: replacing("id=\"common.cta\" resname=\"common.cta\"", "id=\"common.cat\" resname=\"common.cat\""),
            rule: HandoffRule.unknownKey, at: "<trans-unit id=\"common.cat\"",
            message: "`common.cat` is not a string of locales/en-US.yml (did you mean `common.cta`?)"),
        Breakage(
            name: "an argument mismatch", format: .xliff20,
            edit: replacing("{inviter} lädt dich zu {app} ein</target>", "{name} lädt dich zu {app} ein</target>"),
            rule: HandoffRule.argumentMismatch, at: "<unit id=\"landing.title\"",
            message:
                "the de-DE translation of `landing.title` uses {name} and lacks {inviter}; it must use the source's arguments"
        ),
        Breakage(
            name: "ICU syntax", format: .xliff12,
            edit: replacing("{inviter} lädt dich zu {app} ein</target>", "{inviter lädt dich zu {app} ein</target>"),
            rule: "l10n.icu-syntax", at: "<trans-unit id=\"landing.title\"",
            message:
                "the de-DE translation of `landing.title` is not valid ICU MessageFormat: expected `,` or `}` after `inviter`"
        ),
        Breakage(
            name: "a locale the site does not have", format: .xliff12,
            edit: replacing("target-language=\"de-DE\"", "target-language=\"fr-FR\""), rule: HandoffRule.locale,
            at: "<file", message: "the site has no locale `fr-FR`"),
        Breakage(
            name: "another source language", format: .xliff20,
            edit: replacing("srcLang=\"en-US\"", "srcLang=\"en-GB\""),
            rule: HandoffRule.locale, at: "<xliff",
            message: "the file translates from `en-GB`, but this site's source locale is `en-US`"),
        Breakage(
            name: "a key translated twice", format: .xliff12,
            edit: replacing(
                "id=\"common.cta\" resname=\"common.cta\"", "id=\"common.friend\" resname=\"common.friend\""),
            rule: HandoffRule.duplicateKey, at: "<trans-unit id=\"common.friend\"", context: "Hol dir die App",
            message: "`common.friend` is translated twice into de-DE"),
        Breakage(
            name: "an entity reference", format: .xliff12,
            edit: {
                replacing("<xliff ", "<!DOCTYPE xliff [<!ENTITY app \"Playa\">]>\n<xliff ")(
                    replacing("Hol dir die App", "Hol dir &app;")($0))
            },
            rule: HandoffRule.xml, at: "<trans-unit id=\"common.cta\"",
            message: "`common.cta` uses the entity `&app;`, which Beckon never expands"),
        Breakage(
            name: "XML that is not XLIFF", format: .xliff12, edit: { _ in "<html>\n  <body/>\n</html>\n" },
            rule: HandoffRule.format, at: "<html>", message: "`<html>` is not XLIFF 1.2 or 2.x"),
        Breakage(
            name: "neither XML nor JSON", format: .xliff12, edit: { _ in "msgid \"hello\"\n" },
            rule: HandoffRule.format,
            at: "msgid", message: "`de.xlf` is neither XLIFF, a String Catalog nor a review file"),
        Breakage(
            name: "JSON with a missing comma", format: .xcstrings,
            edit: replacing(
                "\"extractionState\" : \"manual\",\n      \"localizations\"",
                "\"extractionState\" : \"manual\"\n      \"localizations\""),
            rule: HandoffRule.json, at: "\"localizations\"",
            message: "this is not valid JSON: expected `,` or `}` in an object"),
        Breakage(
            name: "a placeholder the source does not have", format: .xcstrings,
            edit: replacing("%1$@ lädt dich zu %2$@ ein", "%1$@ lädt dich zu %3$@ ein"), rule: HandoffRule.placeholder,
            at: "\"de-DE\"", context: "%3$@",
            message: "`landing.title` in de-DE: `%3$@` is not one of this string's 2 placeholders"),
        Breakage(
            name: "an unknown key in a String Catalog", format: .xcstrings,
            edit: replacing(
                "\"strings\" : {\n",
                "\"strings\" : {\n    \"landing.nope\" : {\n      \"localizations\" : {\n        \"de-DE\" : {\n          \"stringUnit\" : {\n            \"state\" : \"translated\",\n            \"value\" : \"Nein\"\n          }\n        }\n      }\n    },\n"
            ),
            rule: HandoffRule.unknownKey, at: "\"de-DE\"", context: "Nein",
            message: "`landing.nope` is not a string of locales/en-US.yml (did you mean `landing.title`?)"),
        Breakage(
            name: "substitutions", format: .xcstrings,
            edit: replacing(
                "\"stringUnit\" : {\n            \"state\" : \"translated\",\n            \"value\" : \"Jemand\"\n          }",
                "\"stringUnit\" : {\n            \"state\" : \"translated\",\n            \"value\" : \"%#@who@\"\n          },\n          \"substitutions\" : {}"
            ),
            rule: HandoffRule.unsupported, at: "\"de-DE\"", context: "%#@who@",
            message: "`common.friend` in de-DE: it uses substitutions (`%#@name@`)"),
        Breakage(
            name: "another source language in a String Catalog", format: .xcstrings,
            edit: replacing("\"sourceLanguage\" : \"en-US\"", "\"sourceLanguage\" : \"fr\""), rule: HandoffRule.locale,
            at: "\"fr\"", message: "the file translates from `fr`, but this site's source locale is `en-US`"),
    ]

    /// The 1-based line and column of the last `marker` before `context` (or the first `marker`).
    static func position(of marker: String, before context: String?, in text: String) -> (Int, Int)? {
        let end = context.flatMap { text.range(of: $0)?.lowerBound } ?? text.endIndex
        let range =
            context == nil
            ? text.range(of: marker) : text.range(of: marker, options: .backwards, range: text.startIndex..<end)
        guard let start = range?.lowerBound else { return nil }
        let before = text[..<start]
        let line = before.count { $0 == "\n" } + 1
        let column =
            before.distance(
                from: before.lastIndex(of: "\n").map { before.index(after: $0) } ?? before.startIndex, to: start) + 1
        return (line, column)
    }

    @Test(arguments: breakages)
    func brokenFilesAreRefusedWithALocatedDiagnostic(_ breakage: Breakage) throws {
        let text = breakage.edit(Fixture.export(breakage.format))
        let plan = Fixture.plan(text)
        #expect(plan.changes.isEmpty)
        let diagnostic = try #require(plan.diagnostics.first, "no diagnostic")
        #expect(plan.diagnostics.count == 1, "\(Fixture.describe(plan.diagnostics))")
        #expect(diagnostic.rule == breakage.rule)
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.message == breakage.message)
        #expect(diagnostic.fix?.isEmpty == false)
        let (line, column) = try #require(Self.position(of: breakage.at, before: breakage.context, in: text))
        #expect(diagnostic.location == SourceLocation(file: "de.xlf", line: line, column: breakage.column ?? column))
    }

    @Test func invalidUTF8IsRefusedAtTheFirstBadByte() {
        let bytes = Array("<xliff>\n  <a>".utf8) + [0xC3, 0x28] + Array("</a></xliff>".utf8)
        let plan = HandoffImport.plan(bytes, path: "de.xlf", catalog: Fixture.catalog())
        #expect(plan.diagnostics.map(\.rule) == ["input.invalid-utf8"])
        #expect(plan.diagnostics.first?.location == SourceLocation(file: "de.xlf", line: 2, column: 6))
    }

    @Test func anErrorAnywhereMeansNoBundleChanges() {
        let text = Fixture.export(.xliff12)
            .replacingOccurrences(of: "lädt dich zu {app} ein</target>", with: "hat dich zu {app} eingeladen</target>")
            .replacingOccurrences(of: "Hol dir die App</target>", with: "Hol dir die {app}</target>")
        let plan = Fixture.plan(text)
        #expect(plan.diagnostics.map(\.rule) == [HandoffRule.argumentMismatch])
        #expect(plan.changes.isEmpty)
    }

    @Test func aTranslationOfAnOlderSourceIsImportedButStaysStale() throws {
        let text = Fixture.export(.xliff12)
            .replacingOccurrences(
                of: "<source>{inviter} invited you to {app}</source>", with: "<source>{inviter} invited you</source>"
            )
            .replacingOccurrences(of: "lädt dich zu {app} ein</target>", with: "hat dich zu {app} eingeladen</target>")
        let plan = Fixture.plan(text)
        #expect(plan.diagnostics.map(\.rule) == [HandoffRule.sourceChanged])
        #expect(plan.diagnostics.first?.severity == .warning)
        let change = try #require(plan.changes.first)
        #expect(change.newText.contains("sourceHash: \(SourceHash.of("{inviter} invited you"))"))
    }

    @Test func aByteOrderMarkStartingATargetIsDropped() {
        // Yams drops a U+FEFF that starts a scalar, so a value cannot start with one; the import
        // drops it, and the target is then the bundle's text.
        let text = Fixture.export(.xliff12).replacingOccurrences(
            of: ">Jemand</target>", with: ">\u{FEFF}Jemand</target>")
        let plan = Fixture.plan(text)
        #expect(plan.diagnostics.isEmpty)
        #expect(plan.changes.isEmpty)
    }

    @Test func xliffFromOtherToolsIsRead() throws {
        // No namespace, states left out, a group, an ignorable and a second segment.
        let xliff2 = """
            <xliff version="2.1" srcLang="en_US" trgLang="de">
              <file id="x"><group id="g">
                <unit id="common.cta"><segment><source>Get</source><target>Hol dir</target></segment>
                  <ignorable><source> </source></ignorable>
                  <segment state="final"><source>the app</source><target>die Playa-App</target></segment></unit>
              </group></file>
            </xliff>
            """
        let plan = Fixture.plan(xliff2)
        #expect(plan.diagnostics.isEmpty, "\(Fixture.describe(plan.diagnostics))")
        #expect(plan.format == .xliff20)
        let change = try #require(plan.changes.first)
        #expect(change.newText.contains("  cta:\n    message: Hol dir die Playa-App\n"))
    }

    @Test func placeholdersNameTheArgumentsTheyNamedAtExport() throws {
        // Exported when the source read "{app}: {inviter} invited you"; the source has changed since.
        let text = Fixture.export(.xcstrings)
            .replacingOccurrences(of: "%1$@ is {inviter}, %2$@ is {app}", with: "%1$@ is {app}, %2$@ is {inviter}")
            .replacingOccurrences(of: "\"%1$@ invited you to %2$@\"", with: "\"%1$@: %2$@ invited you\"")
            .replacingOccurrences(of: "\"%1$@ lädt dich zu %2$@ ein\"", with: "\"%1$@: %2$@ hat dich eingeladen\"")
        let plan = Fixture.plan(text)
        #expect(plan.diagnostics.map(\.rule) == [HandoffRule.sourceChanged])
        let change = try #require(plan.changes.first)
        #expect(change.newText.contains("message: \"{app}: {inviter} hat dich eingeladen\"\n"))
        #expect(change.newText.contains("sourceHash: \(SourceHash.of("{app}: {inviter} invited you"))\n"))
    }

    @Test func aStringCatalogLanguageTheSiteLacksIsSkippedWithAWarning() throws {
        var text = try Fixture.editingCatalog(
            Fixture.export(.xcstrings), key: "common.cta", locale: "fr", value: "Obtenez")
        text = try Fixture.editingCatalog(text, key: "common.friend", locale: "fr", value: "Un ami")
        text = try Fixture.editingCatalog(text, key: "common.cta", value: "Hol dir Playa")
        let plan = Fixture.plan(text)
        #expect(plan.diagnostics.map(\.rule) == [HandoffRule.locale])
        #expect(plan.diagnostics.first?.severity == .warning)
        #expect(plan.diagnostics.first?.message == "the site has no locale `fr`; its translations are skipped")
        #expect(plan.changes.map(\.path) == ["locales/de-DE.yml"])
    }
}
