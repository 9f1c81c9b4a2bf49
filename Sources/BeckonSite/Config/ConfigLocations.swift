import BeckonDiagnostics

/// Where each setting of `beckon.yml` was written, by dotted path (`theme.light.button`), read
/// from the parsed YAML (block or flow style), so findings about a colour or a URL point at its key.
public struct ConfigLocations: Sendable, Hashable {
    public private(set) var locations: [String: SourceLocation]
    /// The file's display path.
    public let file: String

    public init(_ source: SourceText) {
        file = source.path
        var locations: [String: SourceLocation] = [:]
        /// Every key of every mapping, block or flow style, under its dotted path; the items of a
        /// list share the list's path.
        func visit(_ value: YAMLValue, path: String) {
            switch value.kind {
            case .mapping(let entries):
                for entry in entries {
                    let key = path.isEmpty ? entry.key : "\(path).\(entry.key)"
                    locations[key] = entry.keyLocation
                    visit(entry.value, path: key)
                }
            case .sequence(let items):
                for item in items { visit(item, path: path) }
            case .scalar:
                break
            }
        }
        if let root = YAMLParser.parse(source).0 { visit(root, path: "") }
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
