import BeckonDiagnostics

/// Where each setting of `beckon.yml` was written, by dotted path (`theme.light.button`), found
/// by indentation, so findings about a colour or a URL point at its line.
public struct ConfigLocations: Sendable, Hashable {
    public private(set) var locations: [String: SourceLocation]
    /// The file's display path.
    public let file: String

    public init(_ source: SourceText) {
        file = source.path
        var locations: [String: SourceLocation] = [:]
        var stack: [(indent: Int, key: String)] = []
        for number in 1...max(1, source.lineCount) {
            guard let line = source.line(number) else { continue }
            let indent = line.prefix { $0 == " " }.count
            let content = line.dropFirst(indent)
            guard let colon = content.firstIndex(of: ":"), !content.hasPrefix("#"), !content.hasPrefix("-") else {
                continue
            }
            let key = String(content[..<colon])
            guard !key.isEmpty, key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }) else {
                continue
            }
            while let last = stack.last, last.indent >= indent { stack.removeLast() }
            stack.append((indent, key))
            locations[stack.map(\.key).joined(separator: ".")] = SourceLocation(
                file: source.path, line: number, column: indent + 1)
        }
        self.locations = locations
    }

    /// Where `path` was written; for a path that was not, where its nearest written parent was.
    public func location(of path: String) -> SourceLocation? {
        var candidate = Substring(path)
        while !candidate.isEmpty {
            if let location = locations[String(candidate)] { return location }
            guard let dot = candidate.lastIndex(of: ".") else { break }
            candidate = candidate[..<dot]
        }
        return nil
    }

    /// Where exactly `path` was written, or `nil`.
    public subscript(path: String) -> SourceLocation? { locations[path] }
}
