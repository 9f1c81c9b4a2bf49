import BeckonDiagnostics
import PropertyBased
import Testing

@testable import BeckonRender

@Suite struct CompiledLayoutTests {
    /// Sections, inverted sections, a list, a string section and an indented partial: every way a
    /// layout's output can depend on its context.
    static let layouts = [
        "page": """
        <html>
        {{#flag}}<b>{{a}}</b>{{/flag}}{{^flag}}<i>{{{b}}}</i>{{/flag}}
          {{> part}}
        <ul>
        {{#items}}
          <li title="{{name}}">{{{html}}}{{#flag}}!{{/flag}}</li>
        {{/items}}
        {{^items}}<li>none</li>{{/items}}
        </ul>
        {{#a}}[{{c}}]{{/a}}
        </html>
        """,
        "part": "x{{a}}\n{{{b}}}\n{{c}}y {{c}}\n",
        "transformed": "{{uppercased(a)}}",
        // Inheritance, slots side by side in an indented partial, a carriage return before a slot.
        "child": "{{<frame}}{{$main}}<b>{{a}}</b>{{/main}}{{/frame}}",
        "frame": "<div>\n  {{$main}}default{{/main}}\n  {{> pair}}\n</div>",
        "pair": "{{a}}{{b}}<i>\n{{c}}\r{{a}}|\r\n{{b}}\n",
        // A list printed as a value, and the implicit iterator.
        "printed": "<p>{{items}}</p>",
        "dot": "{{#items}}{{.}}{{/items}}",
    ]

    static func library() -> LayoutLibrary {
        LayoutLibrary.load(
            layouts.reduce(into: [:]) { result, entry in
                result[entry.key] = SourceText(path: "templates/layouts/\(entry.key).mustache", text: entry.value)
            }
        ).0
    }

    /// A context of `page`'s shape.
    static func context(_ strings: [String], flag: Bool, items: Int) -> TemplateValue {
        func string(_ index: Int) -> String { strings.isEmpty ? "" : strings[index % strings.count] }
        return .object([
            "a": .text(string(0)), "b": .html(string(1)), "c": .text(string(2)), "flag": .flag(flag),
            "items": .list(
                (0..<items).map { item in
                    .object(["name": .text(string(3 + item)), "html": .html(string(4 + item))])
                }),
        ])
    }

    /// Whatever the strings hold — markup, quotes, line breaks that decide a partial's indentation,
    /// combining marks — the compiled layout writes exactly what Mustache writes.
    @Test(arguments: ["page", "child", "printed", "dot"])
    func aCompiledLayoutWritesWhatMustacheWrites(layout: String) async {
        let pieces = ["", "x", "<", "&", "\"", "'", "\\", "\n", "\r", "\r\n", "é", "\u{301}", "ليلى", " ", "{{a}}"]
        let strings = Gen<String?>.element(of: pieces).map { $0 ?? "" }.array(of: 0...4).map { $0.joined() }
        let library = Self.library()
        await propertyCheck(input: strings.array(of: 0...8), Gen.bool, Gen.int(in: 0...3)) { strings, flag, items in
            let context = Self.context(strings, flag: flag, items: items)
            #expect(library.render(layout, context: context) == library.renderedByMustache(layout, context: context))
        }
        // The layouts that print only strings were compiled (the others are rendered by Mustache).
        if !["printed", "dot"].contains(layout) { #expect(library.compiledShapes > 0) }
    }

    /// A context whose list or items are shared values (made once, as a locale's strings are)
    /// has the shape of the same context with the values in place, and the layouts write the same.
    @Test(arguments: ["page", "child", "printed", "dot"])
    func sharedValuesReadAsTheValuesTheyHold(layout: String) async {
        let pieces = ["", "x", "<", "\n", "\r", "\r\n", "\u{301}", "ليلى", "{{a}}"]
        let strings = Gen<String?>.element(of: pieces).map { $0 ?? "" }.array(of: 0...3).map { $0.joined() }
        let library = Self.library()
        await propertyCheck(input: strings.array(of: 0...8), Gen.bool, Gen.int(in: 0...3)) { strings, flag, items in
            let context = Self.context(strings, flag: flag, items: items)
            guard case .object(var fields) = context, case .list(let list)? = fields["items"] else {
                Issue.record("the context has no list")
                return
            }
            // The list shared, or each item of it, or the whole context (also a shared value
            // holding a shared value).
            fields["items"] = .sharing(.list(list))
            let sharedList = TemplateValue.object(fields)
            fields["items"] = .list(list.map { .sharing($0) })
            let sharedItems = TemplateValue.object(fields)
            let sharedContext = TemplateValue.sharing(context)
            let shape = LayoutShape(of: context)
            for shared in [sharedList, sharedItems, sharedContext, .sharing(sharedList)] {
                let sharedShape = LayoutShape(of: shared)
                #expect(sharedShape.signature == shape.signature)
                #expect(sharedShape.strings == shape.strings)
                #expect(sharedShape.endings == shape.endings)
                #expect(sharedShape.startsWithLineFeed == shape.startsWithLineFeed)
                #expect(library.render(layout, context: shared) == library.renderedByMustache(layout, context: context))
            }
        }
    }

    /// The case a marker would get wrong: a string that is a line feed after one ending in a
    /// carriage return, which Mustache joins into one character and so does not indent after —
    /// also when a context of otherwise the same shape was compiled before it.
    @Test func aLineFeedAfterACarriageReturnIsNotIndented() {
        let library = Self.library()
        let earlier = Self.context(["x\r", "y\n", "c"], flag: true, items: 0)
        #expect(library.render("child", context: earlier) == library.renderedByMustache("child", context: earlier))
        let context = Self.context(["x\r", "\n", "c"], flag: true, items: 0)
        #expect(library.render("child", context: context) == library.renderedByMustache("child", context: context))
    }

    /// The line break a string ends with, read from its last bytes, is the one its last
    /// characters show: every string of three pieces, combining marks and `\r\n` included.
    @Test func aStringsLineEndingIsTheOneItsCharactersEndWith() {
        let pieces = ["", "a", "\n", "\r", "\r\n", "é", "\u{301}", "\n\u{301}", "ليلى", "👋🏽"]
        for first in pieces {
            for second in pieces {
                for third in pieces {
                    let text = first + second + third
                    let expected: LayoutShape.LineEnding =
                        switch text.unicodeScalars.last {
                        case "\n": text.last == "\r\n" ? .carriageReturnLineFeed : .lineFeed
                        case "\r": .carriageReturn
                        default: .none
                        }
                    #expect(LayoutShape.LineEnding(of: text) == expected, "\(text.debugDescription)")
                }
            }
        }
    }

    @Test func pagesOfOneShapeShareOneCompiledLayout() {
        let library = Self.library()
        for name in ["Maya", "Ana & Luis", "ليلى"] {
            let context = Self.context([name, "<p>\(name)</p>", "c"], flag: true, items: 2)
            #expect(library.render("page", context: context) == library.renderedByMustache("page", context: context))
        }
        #expect(library.compiledShapes == 1)
        _ = library.render("page", context: Self.context(["a"], flag: false, items: 2))
        #expect(library.compiledShapes == 2)
    }

    /// A transform's result depends on the string itself, so such a layout is always rendered by
    /// Mustache.
    @Test func aLayoutWithATransformIsNotCompiled() {
        let library = Self.library()
        let context = TemplateValue.object(["a": .text("abc")])
        #expect(
            library.render("transformed", context: context)
                == library.renderedByMustache("transformed", context: context))
        #expect(library.compiledShapes == 0)
    }

    @Test(arguments: [
        "\u{10FFF8}<0", "\u{10FFF8}x0\u{10FFF9}", "\u{10FFF8}<7\u{10FFF9}", "a\u{10FFF9}", "\u{10FFF8}<0\u{10FFF9}",
    ])
    func aRenderingWithABrokenMarkerIsNotCompiled(rendered: String) {
        #expect(CompiledLayout(rendered: rendered, endings: [.lineFeed]) == nil)
    }
}
