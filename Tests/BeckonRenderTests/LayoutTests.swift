import BeckonDiagnostics
import BeckonProvenance
import BeckonRender
import Testing

@Suite struct LayoutTests {
    let context = TemplateValue.object([
        "page": .object(["title": .text("T & \"q\""), "body": .html("<p>b</p>")]),
        "alternates": .list([.object(["href": .text("/a/"), "hreflang": .text("de")])]),
        "flag": .flag(true),
    ])
    /// The same context with its object and list shared values, as a locale's parts are.
    let sharedContext = TemplateValue.object([
        "page": .sharing(.object(["title": .text("T & \"q\""), "body": .html("<p>b</p>")])),
        "alternates": .sharing(.sharing(.list([.object(["href": .text("/a/"), "hreflang": .text("de")])]))),
        "flag": .flag(true),
    ])

    func library(_ layouts: [String: String]) -> (LayoutLibrary, [Diagnostic]) {
        LayoutLibrary.load(
            layouts.mapValues { SourceText(path: "templates/layouts/x.mustache", text: $0) }
                .reduce(into: [:]) { result, entry in
                    result[entry.key] = SourceText(
                        path: "templates/layouts/\(entry.key).mustache", text: entry.value.text)
                })
    }

    @Test func rendersEscapedTextAndRawHTML() throws {
        let (layouts, diagnostics) = library([
            "page":
                "<title>{{page.title}}</title>{{#alternates}}<a hreflang=\"{{hreflang}}\" href=\"{{href}}\">{{/alternates}}{{{page.body}}}"
        ])
        #expect(diagnostics.isEmpty)
        #expect(
            layouts.render("page", context: context).map { OriginMarks.removing(from: $0) }
                == "<title>T &amp; &quot;q&quot;</title><a hreflang=\"de\" href=\"/a/\"><p>b</p>")
        #expect(LayoutLinter(library: layouts).lint("page", context: context).isEmpty)
        #expect(layouts.render("page", context: sharedContext) == layouts.render("page", context: context))
        #expect(LayoutLinter(library: layouts).lint("page", context: sharedContext).isEmpty)
    }

    /// Values are escaped byte by byte: a `<` before a combining mark (one character to Swift,
    /// which swift-mustache's own escaping let through as it was) is escaped too, and the line the
    /// escaping's pragma takes before a layout writes nothing.
    @Test(
        arguments: [
            ("<p>{{v}}</p>", "a<\u{338}b & 'c'", "<p>a&lt;\u{338}b &amp; &#39;c&#39;</p>"),
            ("{{#flag}}\n<p>{{v}}</p>\n{{/flag}}\n", "é\"", "<p>é&quot;</p>\n"),
        ] as [(String, String, String)])
    func valuesAreEscapedForHTML(layout: String, value: String, expected: String) throws {
        let (layouts, diagnostics) = library(["page": layout])
        #expect(diagnostics.isEmpty)
        let context = TemplateValue.object(["v": .text(value), "flag": .flag(true)])
        #expect(layouts.render("page", context: context).map { OriginMarks.removing(from: $0) } == expected)
    }

    @Test(
        arguments: [
            ("{{page.titel}}", "layout.unknown-name", 1, 1),
            ("x\n {{{page.title}}}", "layout.unescaped", 2, 2),
            ("{{page.body}}", "layout.escaped-html", 1, 1),
            ("{{> footer}}", "layout.missing-partial", 1, 1),
            ("{{#alternates}}{{hreflang}}{{nope}}{{/alternates}}", "layout.unknown-name", 1, 28),
            ("{{t.missing}}", "l10n.missing-key", 1, 1),
            ("{{=<% %>=}}", "layout.unsupported-tag", 1, 1),
        ] as [(String, String, Int, Int)])
    func lintFindsProblemsAtTheirTag(layout: String, rule: String, line: Int, column: Int) {
        let (layouts, _) = library(["page": layout])
        // Shared values are linted as the values they hold.
        for context in [context, sharedContext] {
            let diagnostics = LayoutLinter(library: layouts).lint("page", context: context)
            let match = diagnostics.first { $0.rule.rawValue == rule }
            #expect(match != nil, "expected \(rule), got \(diagnostics.map(\.rule))")
            #expect(
                match?.location == SourceLocation(file: "templates/layouts/page.mustache", line: line, column: column))
        }
    }

    @Test func partialsThatIncludeThemselvesAreCaught() {
        let (layouts, _) = library(["page": "{{> head}}", "head": "<p>{{> foot}}</p>", "foot": "{{> head}}"])
        let diagnostics = LayoutLinter(library: layouts).lint("page", context: context)
        #expect(diagnostics.map(\.rule) == ["layout.partial-cycle"])
        #expect(diagnostics.first?.message.contains("head → foot → head") == true)
    }

    /// Found by the `layout` fuzzer: a block override that holds a block of its own name (or
    /// overrides that hold each other's blocks) is filled from itself when rendered, until the
    /// stack overflows.
    @Test func blockOverridesThatFillThemselvesAreCaught() throws {
        let base = "<main>{{$actions}}{{/actions}}{{$footer}}{{/footer}}</main>"
        let (itself, _) = library([
            "base": base,
            "page": "{{<base}}\n{{$actions}}<p>\n{{$actions}}x{{/actions}}</p>{{/actions}}\n{{/base}}",
        ])
        let diagnostics = LayoutLinter(library: itself).lint("page", context: context)
        #expect(diagnostics.map(\.rule) == ["layout.partial-cycle"])
        #expect(diagnostics.first?.message.contains("actions → actions") == true)
        #expect(
            diagnostics.first?.location == SourceLocation(file: "templates/layouts/page.mustache", line: 3, column: 1))

        let (eachOther, _) = library([
            "base": base,
            "page":
                "{{<base}}{{$actions}}{{$footer}}a{{/footer}}{{/actions}}{{$footer}}{{#flag}}{{$actions}}b{{/actions}}{{/flag}}{{/footer}}{{/base}}",
        ])
        let cycle = LayoutLinter(library: eachOther).lint("page", context: context)
        #expect(cycle.map(\.rule) == ["layout.partial-cycle"])
        #expect(cycle.first?.message.contains("actions → footer → actions") == true)

        // An override holding another block that is not filled from it renders.
        let (fine, _) = library([
            "base": base,
            "page": "{{<base}}{{$actions}}<p>{{$inner}}i{{/inner}}</p>{{/actions}}{{$footer}}f{{/footer}}{{/base}}",
        ])
        #expect(LayoutLinter(library: fine).lint("page", context: context).isEmpty)
        let rendered = try #require(fine.render("page", context: context))
        #expect(OriginMarks.removing(from: rendered) == "<main><p>i</p>f</main>")
    }

    /// Found by the `layout` fuzzer: a parent extended again inside its own block override
    /// recursed until the stack overflowed (`beckon build` crashed).
    @Test func aParentExtendedInsideItselfIsCaught() {
        let (layouts, _) = library([
            "base": "<main>{{$actions}}{{/actions}}</main>",
            "page": "{{<base}}{{$actions}}<p>{{<base}}{{$actions}}x{{/actions}}{{/base}}</p>{{/actions}}{{/base}}",
        ])
        let diagnostics = LayoutLinter(library: layouts).lint("page", context: context)
        #expect(diagnostics.map(\.rule) == ["layout.partial-cycle"])
        // Extending the same parent twice, one after the other, is fine.
        let (sequential, _) = library([
            "base": "<main>{{$actions}}{{/actions}}</main>",
            "page": "{{<base}}{{$actions}}a{{/actions}}{{/base}}{{<base}}{{$actions}}b{{/actions}}{{/base}}",
        ])
        #expect(LayoutLinter(library: sequential).lint("page", context: context).isEmpty)
    }

    @Test func deeplyNestedSectionsAreRefusedBeforeParsing() {
        let (_, diagnostics) = library(["page": String(repeating: "{{#flag}}", count: 500)])
        #expect(diagnostics.map(\.rule) == ["layout.too-deep"])
    }

    @Test func syntaxErrorsAreLocated() {
        let (_, diagnostics) = library(["page": "<p>\n{{#flag}}open"])
        #expect(diagnostics.first?.rule == "layout.syntax")
    }

    @Test func dottedPathsNest() {
        let nested = TemplateValue.nested(["a.b": .text("1"), "a.c": .text("2"), "d": .text("3")])
        #expect(nested == .object(["a": .object(["b": .text("1"), "c": .text("2")]), "d": .text("3")]))
    }

    /// A path that is both a value and a group keeps the group, deep down too; paths outside
    /// ASCII (split at characters) and empty segments nest as ASCII ones do.
    @Test func groupsWinOverValuesAtEveryDepth() {
        let nested = TemplateValue.nested([
            "a": .text("value"), "a.b": .text("1"), "a.b.c": .text("2"), "é.ü": .text("3"), "x..y": .text("4"),
        ])
        #expect(
            nested
                == .object([
                    "a": .object(["b": .object(["c": .text("2")])]), "é": .object(["ü": .text("3")]),
                    "x": .object(["y": .text("4")]),
                ]))
    }
}
