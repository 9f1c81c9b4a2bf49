import BeckonDiagnostics
import BeckonLocalization
import BeckonProvenance
import BeckonRender
import BeckonSite
import Testing

@testable import BeckonWeb

/// A layout string is formatted once per locale when its arguments read the same on every page,
/// and per page when they do not.
@Suite struct FixedStringsTests {
    static let english = LocaleID("en-US")!

    static let catalog: Catalog = {
        let (bundle, _) = LocaleBundle.parse(
            SourceText(
                path: "locales/en-US.yml",
                text: "cta: \"Get {app}\"\ngreeting: \"{inviter} invited you\"\nplain: Hello\n"),
            locale: english)
        let (value, _) = YAMLParser.parse("default: en-US\nlist: [en-US]\n", path: "beckon.yml")
        let locales = LocalesConfig(
            YAMLReader(family: "config").mapping(value!, named: "locales", keys: ["default", "list"]))
        return Catalog(locales: locales, bundles: [english: bundle])
    }()

    let strings = FixedStrings()
    let origins = RenderOrigins(config: ConfigLocations(SourceText(path: "beckon.yml", text: "")), catalog: catalog)

    func arguments(app: String, inviter: String) -> [String: ArgumentValue] {
        ["app": ArgumentValue(app), "inviter": ArgumentValue(inviter, isUserData: true)]
    }

    /// The text of `key` as the page with `arguments` gets it from the memo: `nil` when the page
    /// must format it itself, `""` when no locale has it.
    func text(_ key: MessageKey, _ arguments: [String: ArgumentValue]) -> String? {
        strings.formatted(
            key, in: Self.english, catalog: Self.catalog, arguments: arguments, origins: origins, appSchemes: []
        ).map { OriginMarks.removing(from: $0.formatted?.text ?? "") }
    }

    @Test func aStringWithTheSameValuesOnEveryPageIsFormattedOnce() {
        #expect(text("cta", arguments(app: "Playa", inviter: "Maya")) == "Get Playa")
        #expect(text("cta", arguments(app: "Playa", inviter: "Jonas")) == "Get Playa")
        #expect(text("plain", arguments(app: "Playa", inviter: "Maya")) == "Hello")
        #expect(text("plain", arguments(app: "Other", inviter: "Jonas")) == "Hello")
        #expect(text("missing", arguments(app: "Playa", inviter: "Maya")) == "")
    }

    @Test func aStringWhoseValuesDifferIsLeftToEachPage() throws {
        let first = try #require(text("greeting", arguments(app: "Playa", inviter: "Maya")))
        #expect(first.contains("Maya invited you"))
        #expect(text("greeting", arguments(app: "Playa", inviter: "Jonas")) == nil)
        #expect(text("greeting", arguments(app: "Other", inviter: "Maya")) == first)
        #expect(text("cta", arguments(app: "Playa", inviter: "Maya")) == "Get Playa")
        #expect(text("cta", arguments(app: "Other", inviter: "Maya")) == nil)
    }

    /// Only a string an earlier page formatted is known: a layout whose strings are all known
    /// shares its nested strings too (`LocaleParts.layoutStrings`).
    @Test func aStringIsKnownFromTheSecondPageOn() {
        func known(_ inviter: String) -> Bool? {
            strings.formatted(
                "cta", in: Self.english, catalog: Self.catalog, arguments: arguments(app: "Playa", inviter: inviter),
                origins: origins, appSchemes: []
            )?.wasKnown
        }
        #expect(known("Maya") == false)
        #expect(known("Jonas") == true)
    }
}
