import BeckonSite

extension BundleYAMLEditor {
    /// The offset just past an entry's value, nested values included.
    func regionEnd(_ entry: YAMLValue.Entry, inFlow: Bool) -> Int? {
        if let children = entry.value.entries {
            if isFlow(entry.value) {
                return text.offset(of: entry.value.location).flatMap { YAMLScalarExtent.flowCollectionEnd($0, text) }
            }
            return children.last.flatMap { regionEnd($0, inFlow: false) }
        }
        if entry.value.items != nil {
            guard let start = text.offset(of: entry.value.location), text[start] == "[" else { return nil }
            return YAMLScalarExtent.flowCollectionEnd(start, text)
        }
        return valueRange(entry, inFlow: inFlow)?.upperBound
    }

    /// The range of an entry's scalar value; an empty value gives an empty range just past the colon.
    func valueRange(_ entry: YAMLValue.Entry, inFlow: Bool) -> Range<Int>? {
        if case .scalar(let value, let quoted) = entry.value.kind, value.isEmpty, !quoted {
            return afterColon(entry).map { $0..<$0 }
        }
        guard let start = text.offset(of: entry.value.location),
            let end = YAMLScalarExtent.end(of: start, in: text, blockIndent: indent(of: entry), inFlow: inFlow),
            end > start
        else { return nil }
        return start..<end
    }

    /// The offset just past the `:` that follows an entry's key.
    func afterColon(_ entry: YAMLValue.Entry) -> Int? {
        guard var index = text.offset(of: entry.keyLocation) else { return nil }
        if text[index] == "\"" || text[index] == "'" {
            guard let end = YAMLScalarExtent.end(of: index, in: text, blockIndent: 0, inFlow: true) else { return nil }
            index = end
        } else {
            index += entry.key.unicodeScalars.count
        }
        while text[index] == " " || text[index] == "\t" { index += 1 }
        return text[index] == ":" ? index + 1 : nil
    }

    func isFlow(_ node: YAMLValue) -> Bool {
        text.offset(of: node.location).flatMap { text[$0] } == "{"
    }

    func indent(of entry: YAMLValue.Entry) -> Int { entry.keyLocation.column - 1 }

    func indentStep(_ node: YAMLValue) -> Int? {
        for entry in node.entries ?? [] {
            guard let children = entry.value.entries, let first = children.first, !isFlow(entry.value) else {
                continue
            }
            let difference = first.keyLocation.column - entry.keyLocation.column
            if difference > 0 { return difference }
            if let nested = indentStep(entry.value) { return nested }
        }
        return nil
    }
}
