import BeckonDiagnostics
import BeckonSite

/// Sets one string of a locale bundle by editing the YAML text in place.
///
/// Only the value changes: comments, key order, indentation and the other keys stay as they are,
/// and the old value's quoting style is kept when the new text allows it. The entry records
/// `sourceHash` (and a reviewer's decision when there is one); a plain `key: text` becomes a
/// `message`/`sourceHash` mapping. A key the bundle
/// lacks is added under its group (created if needed), after the siblings that precede it in the
/// source bundle.
struct BundleYAMLEditor {
    let text: YAMLSourceText
    let root: YAMLValue
    /// The indentation of a nested mapping relative to its key (2 unless the file uses another).
    private(set) var step = 2
    /// The source bundle's keys in file order, for placing new keys.
    let sourceOrder: [MessageKey]

    /// An editor for YAML text, or `nil` when the text does not parse as a mapping.
    init?(_ yaml: String, path: String, sourceOrder: [MessageKey]) {
        let (root, _) = YAMLParser.parse(yaml, path: path)
        guard let root, root.entries != nil else { return nil }
        self.text = YAMLSourceText(yaml)
        self.root = root
        self.sourceOrder = sourceOrder
        if let step = indentStep(root) { self.step = step }
    }

    /// The text with `key` set to `message` and its metadata `fields` (the first is always
    /// `sourceHash`), or `nil` when the file's shape does not allow a surgical edit (a string where
    /// a group should be, a block sequence, …).
    func setting(_ key: MessageKey, to message: String, fields: [BundleField]) -> String? {
        let segments = key.rawValue.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        var node = root
        for (depth, segment) in segments.enumerated() {
            if let items = node.items {
                // A pool: `KEY.N` is its Nth item.
                guard depth == segments.count - 1, let index = Int(segment), items.indices.contains(index - 1) else {
                    return nil
                }
                return replacing(item: items[index - 1], in: node, message: message, fields: fields)
            }
            guard let entries = node.entries else { return nil }
            guard let entry = entries.first(where: { $0.key == segment }) else {
                let parent = segments[..<depth].joined(separator: ".")
                return inserting(
                    Array(segments[depth...]), into: node, parentPath: parent, key: key, message: message,
                    fields: fields)
            }
            if depth == segments.count - 1 {
                return replacing(entry, in: node, message: message, fields: fields)
            }
            if entry.value.items != nil {
                node = entry.value
                continue
            }
            guard let children = entry.value.entries, !children.contains(where: { $0.key == "message" }) else {
                return nil
            }
            node = entry.value
        }
        return nil
    }

    // MARK: Replacing

    /// A pool item: a string becomes `{message: …, sourceHash: …}` in its place.
    private func replacing(item: YAMLValue, in pool: YAMLValue, message: String, fields: [BundleField]) -> String? {
        if let existing = item.entries {
            return replacing(in: item, existing: existing, message: message, fields: fields)
        }
        let inFlow = text.offset(of: pool.location).flatMap { text[$0] } == "["
        guard item.scalar != nil, let start = text.offset(of: item.location),
            let end = YAMLScalarExtent.end(of: start, in: text, blockIndent: item.location.column - 1, inFlow: inFlow),
            end > start
        else { return nil }
        let style = YAMLScalarWriter.style(startingWith: text[start])
        return text.applying([(start..<end, flowMapping(message, style, fields))])
    }

    private func replacing(
        _ entry: YAMLValue.Entry, in parent: YAMLValue, message: String, fields: [BundleField]
    )
        -> String?
    {
        if let existing = entry.value.entries {
            return replacing(in: entry.value, existing: existing, message: message, fields: fields)
        }
        let parentIsFlow = isFlow(parent)
        guard entry.value.scalar != nil, let range = valueRange(entry, inFlow: parentIsFlow) else { return nil }
        let style = range.isEmpty ? .plain : YAMLScalarWriter.style(startingWith: text[range.lowerBound])
        if parentIsFlow {
            let value = flowMapping(message, style, fields)
            return text.applying([(range, range.isEmpty ? " " + value : value)])
        }
        guard let colon = afterColon(entry) else { return nil }
        let lineEnd = text.lineEnd(after: max(range.upperBound, colon))
        let rest = text.string(max(range.upperBound, colon)..<lineEnd)
        let removalEnd = rest.allSatisfy { $0 == " " || $0 == "\t" } ? lineEnd : max(range.upperBound, colon)
        let margin = spaces(indent(of: entry) + step)
        let lines =
            text.lineBreak + margin + "message: "
            + render(message, style, inFlow: false, indent: indent(of: entry) + 2 * step)
            + fieldLines(fields, margin: margin)
        return text.applying([(colon..<removalEnd, ""), (lineEnd..<lineEnd, lines)])
    }

    private func replacing(
        in mapping: YAMLValue, existing: [YAMLValue.Entry], message: String, fields: [BundleField]
    )
        -> String?
    {
        let flow = isFlow(mapping)
        guard let messageEntry = existing.first(where: { $0.key == "message" }), messageEntry.value.scalar != nil,
            let range = valueRange(messageEntry, inFlow: flow)
        else { return nil }
        let style = range.isEmpty ? .plain : YAMLScalarWriter.style(startingWith: text[range.lowerBound])
        let rendered = render(message, style, inFlow: flow, indent: indent(of: messageEntry) + step)
        var edits = [(range: range, text: range.isEmpty ? " " + rendered : rendered)]
        var added: [BundleField] = []
        for field in fields {
            guard let current = existing.first(where: { $0.key == field.name }) else {
                if field.value != nil { added.append(field) }
                continue
            }
            guard current.value.scalar != nil, let valueRange = valueRange(current, inFlow: flow) else { return nil }
            guard let value = field.value else {
                edits.append(removal(of: current, valueEnd: valueRange.upperBound, inFlow: flow))
                continue
            }
            let rendered = render(value, .plain, inFlow: flow, indent: 0)
            edits.append((valueRange, valueRange.isEmpty ? " " + rendered : rendered))
        }
        if !added.isEmpty {
            if flow {
                edits.append((range.upperBound..<range.upperBound, flowFields(added)))
            } else {
                let end = text.lineEnd(after: range.upperBound)
                edits.append((end..<end, fieldLines(added, margin: spaces(indent(of: messageEntry)))))
            }
        }
        return text.applying(edits)
    }

    /// The edit that removes a metadata key: its whole line in a block mapping (when the value
    /// ends on it), else an empty value.
    private func removal(of entry: YAMLValue.Entry, valueEnd: Int, inFlow: Bool) -> (range: Range<Int>, text: String) {
        if !inFlow, let keyStart = text.offset(of: entry.keyLocation),
            text.line(of: keyStart) == text.line(of: valueEnd)
        {
            let line = text.line(of: keyStart)
            let end = line + 1 < text.lineStarts.count ? text.lineStarts[line + 1] : text.lineEnd(after: keyStart)
            return (text.lineStarts[line]..<end, "")
        }
        let start = text.offset(of: entry.value.location) ?? valueEnd
        return (start..<valueEnd, "\"\"")
    }

    /// `{message: …, sourceHash: …, …}` on one line.
    func flowMapping(_ message: String, _ style: YAMLScalarWriter.Style, _ fields: [BundleField]) -> String {
        "{message: \(render(message, style, inFlow: true, indent: 0))\(flowFields(fields))}"
    }

    /// `, name: value` for every field with a value.
    func flowFields(_ fields: [BundleField]) -> String {
        fields.compactMap { field in
            field.value.map { ", \(field.name): \(render($0, .plain, inFlow: true, indent: 0))" }
        }
        .joined()
    }

    /// One `name: value` line (after a line break) for every field with a value.
    func fieldLines(_ fields: [BundleField], margin: String) -> String {
        fields.compactMap { field in
            field.value.map {
                text.lineBreak + margin + "\(field.name): " + render($0, .plain, inFlow: false, indent: 0)
            }
        }
        .joined()
    }

    func spaces(_ count: Int) -> String { String(repeating: " ", count: max(0, count)) }

    func render(_ message: String, _ style: YAMLScalarWriter.Style, inFlow: Bool, indent: Int) -> String {
        YAMLScalarWriter.render(message, style: style, inFlow: inFlow, indent: indent, lineBreak: text.lineBreak)
    }

    /// A key segment as YAML: plain when it is a simple word no reader takes for a number or a
    /// boolean (`404`, `yes`), else double-quoted.
    static func keyText(_ segment: String) -> String {
        let simple =
            segment.first.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") } == true
            && segment.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }
            && !YAMLTypedScalar.isTyped(segment)
        return simple ? segment : YAMLScalarWriter.doubleQuoted(segment)
    }
}
