import BeckonDiagnostics
import BeckonSite
import Mustache

/// The site's Mustache layouts and partials, parsed once and rendered many times.
public struct LayoutLibrary: Sendable {
    private let library: MustacheLibrary
    let sources: [String: SourceText]
    /// The locale keys each layout prints or tests itself (`{{t.KEY}}`, `{{{html.KEY}}}`,
    /// `{{#t.KEY}}`), and the layouts and partials it includes.
    private let directKeys: [String: Set<String>]
    /// Every name each layout prints or tests itself (`app.name`, `t.KEY`, …).
    private let directNames: [String: Set<String>]
    private let includes: [String: Set<String>]
    /// Layouts that, with everything they include, may be rendered from their compiled form: parsed
    /// with Beckon's escaping and naming values plainly (no transforms, dynamic partials or
    /// delimiter changes, whose results depend on the strings themselves).
    private let compilable: Set<String>
    /// The names each layout prints itself (`{{name}}`, `{{{name}}}`).
    private let directPrinted: [String: Set<String>]
    /// The plain text the parsed layouts hold as tokens, put back into what they write.
    let staticText: LayoutStaticText
    private let compiled = CompiledLayouts()

    /// The locale keys a layout and everything it includes print or test: the only strings a page's
    /// layout context needs.
    public func referencedKeys(of name: String) -> Set<String> {
        collect(directKeys, from: name)
    }

    /// Every name a layout and everything it includes print or test (`inviter.firstName`, `t.KEY`).
    public func referencedNames(of name: String) -> Set<String> {
        collect(directNames, from: name)
    }

    private func collect(_ direct: [String: Set<String>], from name: String) -> Set<String> {
        Self.reachable(from: name, includes: includes).reduce(into: []) { $0.formUnion(direct[$1] ?? []) }
    }

    /// A layout and every layout and partial it includes, directly or not.
    private static func reachable(from name: String, includes: [String: Set<String>]) -> Set<String> {
        var visited: Set<String> = []
        var pending = [name]
        while let next = pending.popLast() {
            guard visited.insert(next).inserted else { continue }
            pending += includes[next] ?? []
        }
        return visited
    }

    /// Parses every layout; a layout with a syntax error is reported and left out.
    public static func load(_ layouts: [String: SourceText]) -> (LayoutLibrary, [Diagnostic]) {
        load(layouts, condensing: true)
    }

    /// Parses every layout, with `condensing: false` giving swift-mustache every byte of the plain
    /// text (`LayoutStaticText`; what the tests compare the shortcut with).
    static func load(_ layouts: [String: SourceText], condensing: Bool) -> (LayoutLibrary, [Diagnostic]) {
        var templates: [String: MustacheTemplate] = [:]
        var withBeckonEscaping: Set<String> = []
        var diagnostics: [Diagnostic] = []
        var staticText = LayoutStaticText()
        var prepared: [(name: String, source: SourceText, text: String)] = []
        for (name, source) in layouts.sorted(by: { $0.key < $1.key }) {
            if let problem = nestingProblem(source) {
                diagnostics.append(problem)
                continue
            }
            let marked = LayoutMarks.marked(source)
            prepared.append((name, source, LayoutEscaping.prepared(condensing ? staticText.condensed(marked) : marked)))
        }
        // swift-mustache's parser is the slow part of loading: the layouts are parsed on every core.
        let parsed = prepared.parallelMap { layout in Self.parse(layout.text, source: layout.source) }
        for (layout, result) in zip(prepared, parsed) {
            switch result {
            case .success(let template, let marked):
                templates[layout.name] = template
                if marked { withBeckonEscaping.insert(layout.name) }
            case .failure(let diagnostic): diagnostics.append(diagnostic)
            }
        }
        var directKeys: [String: Set<String>] = [:]
        var directNames: [String: Set<String>] = [:]
        var includes: [String: Set<String>] = [:]
        var directPrinted: [String: Set<String>] = [:]
        var plainlyNamed = withBeckonEscaping
        for (name, source) in layouts {
            for tag in MustacheTagScanner.scan(source.text) {
                switch tag.kind {
                case .variable, .unescaped, .section, .inverted:
                    directNames[name, default: []].insert(tag.name)
                    if tag.kind == .variable || tag.kind == .unescaped {
                        directPrinted[name, default: []].insert(tag.name)
                    }
                    for prefix in ["t.", "html."] where tag.name.hasPrefix(prefix) {
                        directKeys[name, default: []].insert(String(tag.name.dropFirst(prefix.count)))
                    }
                case .partial, .parent: includes[name, default: []].insert(tag.name)
                default: break
                }
                if !isPlain(tag) { plainlyNamed.remove(name) }
            }
        }
        let compilable = Set(
            layouts.keys.filter { name in reachable(from: name, includes: includes).isSubset(of: plainlyNamed) })
        let library = LayoutLibrary(
            library: MustacheLibrary(templates: templates), sources: layouts, directKeys: directKeys,
            directNames: directNames, includes: includes, compilable: compilable, directPrinted: directPrinted,
            staticText: staticText)
        return (library, diagnostics)
    }

    /// Whether a layout parsed and can be rendered.
    public func contains(_ name: String) -> Bool {
        library.getTemplate(named: name) != nil
    }

    /// The locale keys each layout prints (`{{t.KEY}}`, `{{{html.KEY}}}`), with the layout's path.
    public func messageKeys() -> [(key: String, path: String)] {
        var keys: [(String, String)] = []
        for (_, source) in sources.sorted(by: { $0.key < $1.key }) {
            for tag in MustacheTagScanner.scan(source.text) where tag.kind == .variable || tag.kind == .unescaped {
                for prefix in ["t.", "html."] where tag.name.hasPrefix(prefix) {
                    keys.append((String(tag.name.dropFirst(prefix.count)), source.path))
                }
            }
        }
        return keys
    }

    /// Renders a layout with a context. The result carries origin marks (`OriginMarks`): each line
    /// the layout writes is marked with its line, and values keep the marks they were given.
    ///
    /// Mustache runs once per layout and shape of context (`LayoutShape`); later contexts of that
    /// shape only fill their strings into the compiled result, which is the same text.
    public func render(_ name: String, context: TemplateValue) -> String? {
        guard compilable.contains(name) else { return renderedByMustache(name, context: context) }
        let shape = LayoutShape(of: context)
        let layout = compiled.layout(name, shape: shape) {
            // Mustache prints a list or an object in its debug form, and a string that starts a line
            // may join a carriage return before it: neither is what filling a slot writes.
            guard !shape.startsWithLineFeed,
                LayoutShape.containerPaths(in: context).isDisjoint(with: collect(directPrinted, from: name))
            else { return nil }
            let marked = LayoutShape.marked(context) { CompiledLayout.marker($0, ending: shape.endings[$0]) }
            return library.render(marked, withTemplate: name).flatMap {
                CompiledLayout(rendered: staticText.restored($0), endings: shape.endings)
            }
        }
        guard let layout else { return renderedByMustache(name, context: context) }
        return layout.filled(with: shape.strings)
    }

    /// The layout rendered by swift-mustache itself, without a compiled form.
    func renderedByMustache(_ name: String, context: TemplateValue) -> String? {
        library.render(context.mustacheValue, withTemplate: name).map(staticText.restored)
    }

    /// How many shapes of layouts have been compiled (or found not to compile).
    var compiledShapes: Int { compiled.count }

    /// Whether a tag names only a value, layout or partial, by letters, digits, `_`, `-` and dots.
    private static func isPlain(_ tag: MustacheTag) -> Bool {
        switch tag.kind {
        case .comment, .close: return true
        case .delimiters, .pragma: return false
        default:
            // `{{.}}` prints whatever the section is over, a list or an object in its debug form.
            if tag.name == "." { return tag.kind != .variable && tag.kind != .unescaped }
            let segments = tag.name.split(separator: ".", omittingEmptySubsequences: false)
            return segments.allSatisfy { segment in
                !segment.isEmpty
                    && segment.utf8.allSatisfy { byte in
                        switch byte {
                        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
                            true
                        default: false
                        }
                    }
            }
        }
    }

    /// The deepest section nesting a layout may have; swift-mustache parses sections recursively.
    public static let maximumDepth = 64
    /// The most tags a layout may hold. A real layout holds a few hundred; swift-mustache's parser
    /// takes time growing faster than the number of tags, so a bound keeps a hostile layout from
    /// stalling a build.
    public static let maximumTags = 1_000

    /// A layout parsed, or why it could not be.
    private enum Parsed: Sendable {
        /// `marked` when the template parsed is the layout with its origin marks and tokens.
        case success(MustacheTemplate, marked: Bool)
        case failure(Diagnostic)
    }

    /// Parses the layout as prepared for Beckon (`text`: marked, condensed, with Beckon's
    /// escaping). That parses whenever the layout does (marks and tokens are ordinary text); only
    /// when it does not is the layout itself parsed, for the error's true position.
    private static func parse(_ text: String, source: SourceText) -> Parsed {
        if let marked = try? MustacheTemplate(string: text) { return .success(marked, marked: true) }
        do {
            return .success(try MustacheTemplate(string: source.text), marked: false)
        } catch let error as MustacheTemplate.ParserError {
            return .failure(
                .error(
                    "layout.syntax", "invalid Mustache: \(describe(error.error))",
                    at: SourceLocation(
                        file: source.path, line: error.context.lineNumber, column: error.context.columnNumber),
                    fix: "Check that every `{{#section}}` has a matching `{{/section}}` and every tag is closed."))
        } catch {
            return .failure(
                .error(
                    "layout.syntax", "invalid Mustache: \(error)", at: SourceLocation(file: source.path),
                    fix: "Check the layout's tags."))
        }
    }

    private static func nestingProblem(_ source: SourceText) -> Diagnostic? {
        var depth = 0
        let tags = MustacheTagScanner.scan(source.text)
        if tags.count > maximumTags {
            return .error(
                "layout.too-large", "the layout holds \(tags.count) tags, more than \(maximumTags)",
                at: source.location(ofUTF8Offset: tags[maximumTags].offset),
                fix: "Split the layout into partials, or move repeated markup into a list the layout loops over.")
        }
        for tag in tags {
            switch tag.kind {
            case .section, .inverted, .parent, .block: depth += 1
            case .close: depth -= 1
            default: continue
            }
            if depth > maximumDepth {
                return .error(
                    "layout.too-deep", "sections nest more than \(maximumDepth) levels deep",
                    at: source.location(ofUTF8Offset: tag.offset), fix: "Flatten the layout, or split it into partials."
                )
            }
        }
        return nil
    }

    private static func describe(_ error: any Error) -> String {
        switch error as? MustacheTemplate.Error {
        case .sectionCloseNameIncorrect?: "a section is closed with a different name than it was opened with"
        case .unfinishedName?: "a tag is not closed"
        case .expectedSectionEnd?: "a section is never closed"
        case .invalidSetDelimiter?: "invalid delimiter change"
        default: "\(error)"
        }
    }
}
