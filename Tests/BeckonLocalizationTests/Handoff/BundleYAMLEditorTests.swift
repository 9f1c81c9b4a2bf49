import BeckonDiagnostics
import BeckonSite
import Testing

@testable import BeckonLocalization

/// Surgical edits: the one value changes (with its `sourceHash`), every other byte stays.
@Suite struct BundleYAMLEditorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var before: String
        var key: MessageKey = "a.b"
        var message = "new"
        var after: String
        var fields = [BundleField(name: "sourceHash", value: BundleYAMLEditorTests.hash)]

        var testDescription: String { name }
    }

    static let hash = "0123456789abcdef"

    static let replacements: [Case] = [
        Case(
            name: "plain scalar becomes a message mapping",
            before: "a:\n  b: old\n  c: keep\n",
            after: "a:\n  b:\n    message: new\n    sourceHash: \(hash)\n  c: keep\n"),
        Case(
            name: "double quotes are kept",
            before: "a:\n  b: \"old\"\n",
            after: "a:\n  b:\n    message: \"new\"\n    sourceHash: \(hash)\n"),
        Case(
            name: "single quotes are kept and apostrophes doubled",
            before: "a:\n  b: 'old'\n", message: "it's",
            after: "a:\n  b:\n    message: 'it''s'\n    sourceHash: \(hash)\n"),
        Case(
            name: "a plain value that cannot stay plain is double-quoted",
            before: "a:\n  b: old\n", message: "{inviter}: hi #1",
            after: "a:\n  b:\n    message: \"{inviter}: hi #1\"\n    sourceHash: \(hash)\n"),
        Case(
            name: "a trailing comment stays on the key's line",
            before: "a:\n  b: old # keep me\n  c: keep\n",
            after: "a:\n  b: # keep me\n    message: new\n    sourceHash: \(hash)\n  c: keep\n"),
        Case(
            name: "a plain value continued on the next line",
            before: "a:\n  b: old text\n    continued\n  c: keep\n",
            after: "a:\n  b:\n    message: new\n    sourceHash: \(hash)\n  c: keep\n"),
        Case(
            name: "a value on the line after its key",
            before: "a:\n  b:\n    \"old\"\n  c: keep\n",
            after: "a:\n  b:\n    message: \"new\"\n    sourceHash: \(hash)\n  c: keep\n"),
        Case(
            name: "metadata gains a sourceHash after the message",
            before: "a:\n  b:\n    message: old\n    description: What it is.\n    maxChars: 40\n",
            after:
                "a:\n  b:\n    message: new\n    sourceHash: \(hash)\n    description: What it is.\n    maxChars: 40\n"),
        Case(
            name: "an existing sourceHash is replaced",
            before: "a:\n  b:\n    description: What it is.\n    message: \"old\"\n    sourceHash: ffffffffffffffff\n",
            after: "a:\n  b:\n    description: What it is.\n    message: \"new\"\n    sourceHash: \(hash)\n"),
        Case(
            name: "a literal block stays a literal block",
            before: "a:\n  b:\n    message: |-\n      old one\n      old two\n    sourceHash: ffffffffffffffff\n",
            message: "new one\nnew two",
            after: "a:\n  b:\n    message: |-\n      new one\n      new two\n    sourceHash: \(hash)\n"),
        Case(
            name: "a folded block becomes a literal block",
            before: "a:\n  b:\n    message: >\n      old\n      text\n  c: keep\n", message: "new\n\nlines",
            after: "a:\n  b:\n    message: |-\n      new\n\n      lines\n    sourceHash: \(hash)\n  c: keep\n"),
        Case(
            name: "a line break in a plain value is written double-quoted",
            before: "a:\n  b: old\n", message: "two\nlines",
            after: "a:\n  b:\n    message: \"two\\nlines\"\n    sourceHash: \(hash)\n"),
        Case(
            name: "inside a flow mapping",
            before: "a: {b: old, c: keep}\n",
            after: "a: {b: {message: new, sourceHash: \(hash)}, c: keep}\n"),
        Case(
            name: "flow metadata",
            before: "a:\n  b: {message: 'old', maxChars: 9}\n",
            after: "a:\n  b: {message: 'new', sourceHash: \(hash), maxChars: 9}\n"),
        Case(
            name: "a quoted key",
            before: "a:\n  \"b\": old\n",
            after: "a:\n  \"b\":\n    message: new\n    sourceHash: \(hash)\n"),
        Case(
            name: "CRLF line breaks are kept",
            before: "# note\r\na:\r\n  b: old\r\n  c: keep\r\n",
            after: "# note\r\na:\r\n  b:\r\n    message: new\r\n    sourceHash: \(hash)\r\n  c: keep\r\n"),
        Case(
            name: "no final line break",
            before: "a:\n  b: old",
            after: "a:\n  b:\n    message: new\n    sourceHash: \(hash)"),
        Case(
            name: "four-space indentation",
            before: "a:\n    b: old\n",
            after: "a:\n    b:\n        message: new\n        sourceHash: \(hash)\n"),
        Case(
            name: "a pool item in a block list",
            before: "a:\n  b:\n    - one\n    - \"old\"\n  c: keep\n", key: "a.b.2",
            after: "a:\n  b:\n    - one\n    - {message: \"new\", sourceHash: \(hash)}\n  c: keep\n"),
        Case(
            name: "a pool item in a flow list",
            before: "a:\n  b: [one, old]\n", key: "a.b.2",
            after: "a:\n  b: [one, {message: new, sourceHash: \(hash)}]\n"),
        Case(
            name: "a pool item that already records its source",
            before: "a:\n  b:\n    - {message: old, sourceHash: 1111}\n", key: "a.b.1",
            after: "a:\n  b:\n    - {message: new, sourceHash: \(hash)}\n"),
    ]

    static let insertions: [Case] = [
        Case(
            name: "a missing key goes after its neighbour in the source",
            before: "a:\n  a: first\n  c: last\n",
            after: "a:\n  a: first\n  b:\n    message: new\n    sourceHash: \(hash)\n  c: last\n"),
        Case(
            name: "a missing key that comes first in the source",
            before: "a:\n  c: last\n", key: "a.a",
            after: "a:\n  a:\n    message: new\n    sourceHash: \(hash)\n  c: last\n"),
        Case(
            name: "a missing group, separated by a blank line as the others are",
            before: "a:\n  a: first\n\nc:\n  d: last\n", key: "b.x",
            after: "a:\n  a: first\n\nb:\n  x:\n    message: new\n    sourceHash: \(hash)\n\nc:\n  d: last\n"),
        Case(
            name: "a missing key inside a flow mapping",
            before: "a: {a: first}\n",
            after: "a: {a: first, b: {message: new, sourceHash: \(hash)}}\n"),
        Case(
            name: "an empty bundle",
            before: "", key: "b.x",
            after: "b:\n  x:\n    message: new\n    sourceHash: \(hash)\n"),
        Case(
            name: "a bundle of comments",
            before: "# Deutsch\n", key: "b.x",
            after: "# Deutsch\nb:\n  x:\n    message: new\n    sourceHash: \(hash)\n"),
    ]

    static let approved = [
        BundleField(name: "sourceHash", value: hash), BundleField(name: "review", value: "approved"),
        BundleField(name: "reviewHash", value: "fedcba9876543210"), BundleField(name: "reviewNote", value: nil),
    ]
    static let needsWork = [
        BundleField(name: "sourceHash", value: hash), BundleField(name: "review", value: "needs-work"),
        BundleField(name: "reviewHash", value: "fedcba9876543210"),
        BundleField(name: "reviewNote", value: "Too long: \"cut\" it"),
    ]

    /// Review decisions: keys added after `message`, replaced in place, or removed with their line.
    static let reviews: [Case] = [
        Case(
            name: "a plain string gets a decision", before: "a:\n  b: old\n  c: keep\n",
            after:
                "a:\n  b:\n    message: new\n    sourceHash: \(hash)\n    review: needs-work\n    reviewHash: fedcba9876543210\n    reviewNote: \"Too long: \\\"cut\\\" it\"\n  c: keep\n",
            fields: needsWork),
        Case(
            name: "an approval replaces a request for changes and drops its note",
            before:
                "a:\n  b:\n    message: old\n    review: needs-work\n    reviewHash: 1111\n    reviewNote: Shorter.\n    maxChars: 40\n",
            after:
                "a:\n  b:\n    message: new\n    sourceHash: \(hash)\n    review: approved\n    reviewHash: fedcba9876543210\n    maxChars: 40\n",
            fields: approved),
        Case(
            name: "a decision in a flow mapping", before: "a: {b: {message: old}}\n",
            after:
                "a: {b: {message: new, sourceHash: \(hash), review: approved, reviewHash: fedcba9876543210}}\n",
            fields: approved),
        Case(
            name: "a decision on a new key", before: "a:\n  a: first\n",
            after:
                "a:\n  a: first\n  b:\n    message: new\n    sourceHash: \(hash)\n    review: approved\n    reviewHash: fedcba9876543210\n",
            fields: approved),
        Case(
            name: "a changed text drops the decision on the old one",
            before: "a:\n  b:\n    message: old\n    review: approved\n    reviewHash: 1111\n",
            after: "a:\n  b:\n    message: new\n    sourceHash: \(hash)\n",
            fields: [BundleField(name: "sourceHash", value: hash)]
                + ["review", "reviewHash", "reviewNote"].map { BundleField(name: $0, value: nil) }),
    ]

    static let sourceOrder: [MessageKey] = ["a.a", "a.b", "a.c", "b.x", "c.d"]

    @Test(arguments: replacements + insertions + reviews)
    func edits(_ example: Case) throws {
        let editor = try #require(BundleYAMLEditor(example.before, path: "x.yml", sourceOrder: Self.sourceOrder))
        let edited = editor.setting(example.key, to: example.message, fields: example.fields)
        #expect(edited == example.after)
        let (bundle, diagnostics) = LocaleBundle.parse(
            SourceText(path: "x.yml", text: edited ?? ""), locale: LocaleID("de-DE")!)
        #expect(diagnostics.isEmpty)
        #expect(bundle.entries[example.key]?.text == example.message)
        #expect(bundle.entries[example.key]?.sourceHash == Self.hash)
    }

    @Test(
        arguments: [
            ("a: [x, y]\n", "a.b"),
            ("a:\n  b:\n    - x\n", "a.b"),
            ("a: text\n", "a.b"),
            ("a:\n  b:\n    message: [x]\n", "a.b"),
        ] as [(String, MessageKey)])
    func shapesItWillNotEditAreRefused(yaml: String, key: MessageKey) {
        let editor = BundleYAMLEditor(yaml, path: "x.yml", sourceOrder: Self.sourceOrder)
        #expect(editor?.setting(key, to: "new", fields: [BundleField(name: "sourceHash", value: Self.hash)]) == nil)
    }
}
