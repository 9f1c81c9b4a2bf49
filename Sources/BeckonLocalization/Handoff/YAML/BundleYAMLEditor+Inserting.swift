import BeckonSite

extension BundleYAMLEditor {
    func inserting(
        _ segments: [String], into parent: YAMLValue, parentPath: String, key: MessageKey, message: String,
        fields: [BundleField]
    ) -> String? {
        guard let entries = parent.entries else { return nil }
        let lineBreak = text.lineBreak
        if isFlow(parent) {
            guard let start = text.offset(of: parent.location),
                let end = YAMLScalarExtent.flowCollectionEnd(start, text)
            else { return nil }
            var position = end - 1
            var separator = ""
            if let last = entries.last {
                guard let lastEnd = regionEnd(last, inFlow: true) else { return nil }
                position = lastEnd
                separator = ", "
            }
            let value = flowEntry(segments, message: message, fields: fields)
            return text.applying([(position..<position, separator + value)])
        }
        guard let first = entries.first else {
            let end = text.scalars.count
            let needsBreak = end > 0 && !["\n", "\r"].contains(text.scalars[end - 1])
            let lines = blockLines(segments, indent: 0, message: message, fields: fields)
            return text.applying([
                (end..<end, (needsBreak ? lineBreak : "") + lines.joined(separator: lineBreak) + lineBreak)
            ])
        }
        let lines = blockLines(segments, indent: indent(of: first), message: message, fields: fields)
        let blank = parentPath.isEmpty && separatesTopLevelEntries(entries) ? lineBreak : ""
        let rank = sourceOrder.firstIndex(of: key) ?? sourceOrder.count
        if let anchor = entries.last(where: { self.rank(of: $0, under: parentPath) < rank }) {
            guard let end = regionEnd(anchor, inFlow: false) else { return nil }
            let lineEnd = text.lineEnd(after: end)
            return text.applying([(lineEnd..<lineEnd, lineBreak + blank + lines.joined(separator: lineBreak))])
        }
        guard let firstOffset = text.offset(of: first.keyLocation) else { return nil }
        let lineStart = text.lineStarts[text.line(of: firstOffset)]
        return text.applying([(lineStart..<lineStart, lines.joined(separator: lineBreak) + lineBreak + blank)])
    }

    /// The lines of a new entry: one `group:` line per missing group, then the key with its
    /// `message` and metadata.
    func blockLines(_ segments: [String], indent: Int, message: String, fields: [BundleField]) -> [String] {
        var lines = segments.enumerated().map { depth, segment in
            spaces(indent + depth * step) + Self.keyText(segment) + ":"
        }
        let margin = spaces(indent + segments.count * step)
        lines.append(margin + "message: " + render(message, .plain, inFlow: false, indent: 0))
        for field in fields {
            if let value = field.value {
                lines.append(margin + field.name + ": " + render(value, .plain, inFlow: false, indent: 0))
            }
        }
        return lines
    }

    /// A new entry inside `{…}`: `group: {key: {message: …, sourceHash: …}}`.
    func flowEntry(_ segments: [String], message: String, fields: [BundleField]) -> String {
        var value = flowMapping(message, .plain, fields)
        for (depth, segment) in segments.enumerated().reversed() {
            value = Self.keyText(segment) + ": " + value
            if depth > 0 { value = "{" + value + "}" }
        }
        return value
    }

    /// The position of the first source key under an entry; new keys go after the entries that
    /// come before them in the source.
    func rank(of entry: YAMLValue.Entry, under parentPath: String) -> Int {
        let path = parentPath.isEmpty ? entry.key : "\(parentPath).\(entry.key)"
        return sourceOrder.firstIndex { $0.rawValue == path || $0.rawValue.hasPrefix(path + ".") } ?? Int.max
    }

    /// Whether top-level groups are separated by blank lines, so a new group gets one too.
    func separatesTopLevelEntries(_ entries: [YAMLValue.Entry]) -> Bool {
        guard entries.count > 1 else { return false }
        let line = entries[1].keyLocation.line - 1
        return line >= 1 && line < text.lineCount && text.isBlank(line: line - 1)
    }
}
