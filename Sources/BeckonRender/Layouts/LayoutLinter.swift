import BeckonDiagnostics
import BeckonSite

/// Checks a layout against the context it will be rendered with: every name must exist, and only
/// HTML fragments may be printed unescaped. Partials are followed in the caller's scope.
public struct LayoutLinter {
    let library: LayoutLibrary

    public init(library: LayoutLibrary) {
        self.library = library
    }

    /// The problems of layout `name` (and the partials it uses) with `context`.
    public func lint(_ name: String, context: TemplateValue) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var visited: Set<String> = []
        lint(name, stack: [context], diagnostics: &diagnostics, visited: &visited, including: [])
        return diagnostics
    }

    /// Lints one layout; `including` is the chain of layouts that pulled it in, so a partial
    /// that includes itself (which would render forever) is caught.
    private func lint(
        _ name: String, stack initialStack: [TemplateValue], diagnostics: inout [Diagnostic],
        visited: inout Set<String>, including: [String]
    ) {
        guard let source = library.sources[name], visited.insert(name).inserted else { return }
        var stack = initialStack
        var pushed: [Bool] = []
        // Parents (`{{<base}}`) open around the current tag: one nested in another of the same
        // name extends itself through its own blocks, and rendering would recurse without end.
        var openParents: [String] = []
        // The blocks (`{{$actions}}`) open around the current tag, and for each open parent the
        // blocks its overrides hold: a block inside an override is filled from the same overrides,
        // so an override that holds its own block, or one that leads back to it, renders forever.
        var openBlocks: [String] = []
        var overrides: [BlockOverrides] = []
        for tag in MustacheTagScanner.scan(source.text) {
            // Located only when reported: locating is linear in the line's length, and a layout may
            // hold thousands of tags on one line.
            var location: SourceLocation { source.location(ofUTF8Offset: tag.offset) }
            switch tag.kind {
            case .comment:
                continue
            case .block:
                // Every open parent's overrides that hold this block, through nested parents too.
                for index in overrides.indices {
                    for outer in openBlocks[overrides[index].firstBlock...] {
                        overrides[index].add(outer, holds: tag.name, at: tag.offset)
                    }
                }
                openBlocks.append(tag.name)
            case .delimiters, .pragma:
                diagnostics.append(
                    .error(
                        "layout.unsupported-tag", "Beckon layouts do not support delimiter changes or pragmas",
                        at: location, fix: "Use the standard `{{ }}` tags."))
            case .partial, .parent:
                if tag.kind == .parent {
                    let nested = openParents.contains(tag.name)
                    if nested {
                        diagnostics.append(
                            .error(
                                "layout.partial-cycle",
                                "`{{<\(tag.name)}}` is nested in another `{{<\(tag.name)}}`, which would extend itself without end",
                                at: location, fix: "Close the first `{{/\(tag.name)}}` before extending it again."))
                    }
                    openParents.append(tag.name)
                    overrides.append(BlockOverrides(firstBlock: openBlocks.count, findings: diagnostics.count))
                    if nested { continue }
                }
                if library.sources[tag.name] == nil {
                    diagnostics.append(
                        .error(
                            "layout.missing-partial",
                            "`\(tag.name)` is not a layout or partial\(DidYouMean.phrase(for: tag.name, among: library.sources.keys))",
                            at: location, fix: "Create templates/layouts/\(tag.name).mustache or fix the name."))
                } else if tag.name == name || including.contains(tag.name) {
                    diagnostics.append(
                        .error(
                            "layout.partial-cycle",
                            "`\(tag.name)` includes itself (\((including + [name, tag.name]).joined(separator: " → ")))",
                            at: location, fix: "Break the cycle: a layout may not include a layout that includes it."))
                } else {
                    lint(
                        tag.name, stack: stack, diagnostics: &diagnostics, visited: &visited,
                        including: including + [name])
                }
            case .close:
                if openBlocks.last == tag.name, openBlocks.count > (overrides.last?.firstBlock ?? 0) {
                    openBlocks.removeLast()
                    continue
                }
                if openParents.last == tag.name {
                    openParents.removeLast()
                    // One finding per problem: a cycle already reported inside this parent is not
                    // reported again as its overrides' cycle.
                    if let region = overrides.popLast(),
                        !diagnostics[region.findings...].contains(where: { $0.rule == "layout.partial-cycle" }),
                        let cycle = region.cycle()
                    {
                        diagnostics.append(
                            .error(
                                "layout.partial-cycle",
                                "`{{$\(cycle.names[0])}}` is filled from its own override (\(cycle.names.joined(separator: " → "))), which would render itself without end",
                                at: source.location(ofUTF8Offset: cycle.offset),
                                fix: "Give the inner block another name, or move it out of the override."))
                    }
                    continue
                }
                if pushed.popLast() == true { stack.removeLast() }
            case .variable, .unescaped, .section, .inverted:
                guard let value = resolve(tag.name, in: stack) else {
                    diagnostics.append(unknownName(tag.name, stack: stack, at: location))
                    if tag.kind == .section || tag.kind == .inverted { pushed.append(false) }
                    continue
                }
                switch tag.kind {
                case .unescaped:
                    if case .html = value.unshared { break }
                    diagnostics.append(
                        .error(
                            "layout.unescaped",
                            "`\(tag.name)` is text and must be printed escaped, with `{{\(tag.name)}}`",
                            at: location,
                            fix:
                                "Only HTML that Beckon produced (`{{{page.body}}}`, `{{{html.KEY}}}`) may use triple braces."
                        ))
                case .variable:
                    if case .html = value.unshared {
                        diagnostics.append(
                            .warning(
                                "layout.escaped-html",
                                "`\(tag.name)` is HTML; `{{\(tag.name)}}` would print its markup as text",
                                at: location, fix: "Write `{{{\(tag.name)}}}`."))
                    }
                case .section:
                    switch value.unshared {
                    case .list(let items):
                        stack.append(items.first ?? .object([:]))
                        pushed.append(true)
                    case .object:
                        stack.append(value.unshared)
                        pushed.append(true)
                    default:
                        pushed.append(false)
                    }
                default:
                    pushed.append(false)
                }
            }
        }
    }

    /// Resolves a dotted name the way Mustache does: the first segment through the context stack
    /// from the innermost frame out, the rest inside it. `.` is the innermost frame.
    func resolve(_ name: String, in stack: [TemplateValue]) -> TemplateValue? {
        if name == "." { return stack.last }
        let segments = name.split(separator: ".").map(String.init)
        guard let head = segments.first else { return nil }
        for frame in stack.reversed() {
            // An empty list's item schema is unknown: accept any name inside it.
            if frame.unshared == .object([:]) && stack.count > 1 { return .text("") }
            guard let start = frame.fields?[head] else { continue }
            var value = start
            for segment in segments.dropFirst() {
                guard let next = value.fields?[segment] else { return nil }
                value = next
            }
            return value
        }
        return nil
    }

    private func unknownName(_ name: String, stack: [TemplateValue], at location: SourceLocation) -> Diagnostic {
        let segments = name.split(separator: ".").map(String.init)
        var candidates: [String] = []
        for frame in stack { candidates += Self.paths(of: frame, depth: segments.count) }
        let isMessage = name.hasPrefix("t.") || name.hasPrefix("html.")
        let nearest = DidYouMean.suggestion(for: name, among: candidates)
        let didYouMean = nearest.map { " (did you mean `\($0)`?)" } ?? ""
        let fix =
            if let nearest {
                "Did you mean `\(nearest)`? Change `\(name)` to `\(nearest)`."
            } else if isMessage {
                "Add the key to the default locale's bundle, or fix the name."
            } else {
                "See the layout context in docs/site-format.md for the names available."
            }
        return .error(
            isMessage ? "l10n.missing-key" : "layout.unknown-name",
            isMessage
                ? "`\(name)` names a locale string that no bundle has\(didYouMean)"
                : "`\(name)` is not a value layouts can use\(didYouMean)",
            at: location, fix: fix)
    }

    static func paths(of value: TemplateValue, depth: Int, prefix: String = "") -> [String] {
        guard depth > 0, let fields = value.fields else { return [] }
        var result: [String] = []
        for (key, child) in fields {
            let path = prefix.isEmpty ? key : "\(prefix).\(key)"
            result.append(path)
            result += paths(of: child, depth: depth - 1, prefix: path)
        }
        return result
    }
}

/// The blocks the overrides of one `{{<parent}}` hold: an edge from each override's name to every
/// block inside it (at any depth), with where that inner block is.
struct BlockOverrides {
    /// How many blocks were open outside the parent when it opened.
    let firstBlock: Int
    /// How many findings the layout had when the parent opened.
    let findings: Int
    private var edges: [String: [(name: String, offset: Int)]] = [:]

    init(firstBlock: Int, findings: Int) {
        self.firstBlock = firstBlock
        self.findings = findings
    }

    mutating func add(_ outer: String, holds inner: String, at offset: Int) {
        guard edges[outer]?.contains(where: { $0.name == inner }) != true else { return }
        edges[outer, default: []].append((inner, offset))
    }

    /// A chain of overrides that leads back to its first (`names` ends where it starts), and
    /// where its last inner block is; `nil` when there is none. Walked without recursion: a layout
    /// may chain thousands of overrides.
    func cycle() -> (names: [String], offset: Int)? {
        var finished: Set<String> = []
        for start in edges.keys.sorted() where !finished.contains(start) {
            // The path from `start`, each name with the index of its next edge to follow.
            var path: [(name: String, next: Int)] = [(start, 0)]
            var onPath: Set<String> = [start]
            while let (name, next) = path.last {
                let out = edges[name] ?? []
                guard next < out.count else {
                    path.removeLast()
                    onPath.remove(name)
                    finished.insert(name)
                    continue
                }
                path[path.count - 1].next += 1
                let edge = out[next]
                if onPath.contains(edge.name) {
                    let first = path.firstIndex { $0.name == edge.name }!
                    return (path[first...].map(\.name) + [edge.name], edge.offset)
                }
                if !finished.contains(edge.name) {
                    path.append((edge.name, 0))
                    onPath.insert(edge.name)
                }
            }
        }
        return nil
    }
}
