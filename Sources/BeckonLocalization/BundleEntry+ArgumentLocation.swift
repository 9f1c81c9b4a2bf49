import BeckonDiagnostics

extension BundleEntry {
    /// Where the argument `{name}` (or `{name, plural, …}`) is written in the bundle file: the
    /// `{` opening its first use in this string's value. It is found in the file's own text from
    /// where the value starts, so quotes, escapes and the characters before it on the line are
    /// counted as written; a value that goes on over several lines is followed until the next line
    /// indented no deeper than the one it starts on. The value's start when it is not found there.
    public func location(ofArgument name: String, in source: SourceText) -> SourceLocation {
        guard source.path == location.file, let first = source.line(location.line) else { return location }
        let indentation = first.prefix { $0 == " " }.count
        var number = location.line
        var line = first
        var from = location.column - 1
        while true {
            if let offset = Self.offset(ofArgument: name, in: Array(line), from: from) {
                return SourceLocation(file: location.file, line: number, column: offset + 1)
            }
            number += 1
            guard let next = source.line(number) else { return location }
            let content = next.drop { $0 == " " }
            if !content.isEmpty, next.count - content.count <= indentation { return location }
            line = next
            from = 0
        }
    }

    /// The character offset of the `{` that opens `{name}` or `{name,` (spaces allowed inside the
    /// braces) in `line`, at or after `from`.
    private static func offset(ofArgument name: String, in line: [Character], from: Int) -> Int? {
        let name = Array(name)
        var start = max(0, from)
        while start < line.count {
            defer { start += 1 }
            guard line[start] == "{" else { continue }
            var index = start + 1
            while index < line.count, line[index] == " " { index += 1 }
            guard index + name.count <= line.count, Array(line[index..<index + name.count]) == name else { continue }
            index += name.count
            while index < line.count, line[index] == " " { index += 1 }
            if index < line.count, line[index] == "}" || line[index] == "," { return start }
        }
        return nil
    }
}
