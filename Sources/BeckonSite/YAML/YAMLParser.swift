import BeckonDiagnostics
import Yams

/// Parses YAML text into `YAMLValue`s, turning every syntax problem into a located diagnostic.
///
/// Anchors and aliases are rejected: site files have no need for them, and expanding them is how
/// a small file becomes a huge one.
public enum YAMLParser {
    /// Parses a YAML document. Returns `nil` (with diagnostics) when the text is not valid YAML; an
    /// empty document parses as an empty mapping.
    /// - Parameters:
    ///   - source: The file's text and display path.
    ///   - lineOffset: Lines before the YAML in the file (front matter starts after `---`).
    public static func parse(_ source: SourceText, lineOffset: Int = 0) -> (YAMLValue?, [Diagnostic]) {
        parse(source.text, path: source.path, lineOffset: lineOffset)
    }

    /// Parses YAML text that sits in a file at `path`, starting `lineOffset` lines into it.
    public static func parse(_ text: String, path: String, lineOffset: Int = 0) -> (YAMLValue?, [Diagnostic]) {
        let node: Node?
        do {
            // Every scalar is text to Beckon (`Converter`): no tag is resolved (Yams's default
            // resolver tries a regular expression per rule on every scalar), so keys are equal
            // when their text is, as `1` and `"1"` are to Beckon.
            node = try Yams.compose(yaml: text, .basic)
        } catch let error as YamlError {
            return (nil, [syntaxDiagnostic(error, path: path, lineOffset: lineOffset)])
        } catch {
            return (
                nil,
                [
                    .error(
                        "yaml.syntax", "this is not valid YAML: \(error)",
                        at: SourceLocation(file: path, line: lineOffset + 1),
                        fix: "Check the file with a YAML linter.")
                ]
            )
        }
        let start = SourceLocation(file: path, line: lineOffset + 1)
        guard let node else {
            return (YAMLValue(kind: .mapping([]), location: start), [])
        }
        var converter = Converter(path: path, lineOffset: lineOffset)
        let value = converter.convert(node)
        return (converter.diagnostics.isEmpty ? value : nil, converter.diagnostics)
    }

    private static func syntaxDiagnostic(_ error: YamlError, path: String, lineOffset: Int) -> Diagnostic {
        let fix = "Fix the YAML syntax at this position (indentation, a missing colon, or an unclosed quote)."
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            let detail = context.map { "\(problem) \($0.text)" } ?? problem
            return .error(
                "yaml.syntax", "invalid YAML: \(detail)",
                at: SourceLocation(file: path, line: mark.line + lineOffset, column: mark.column), fix: fix)
        case .duplicatedKeysInMapping(let duplicates, let context):
            let key = duplicates.first ?? ""
            let line = secondOccurrence(of: key, in: context.text, after: context.mark) ?? context.mark.line
            return .error(
                "yaml.duplicate-key", "the key `\(key)` appears twice in this mapping",
                at: SourceLocation(file: path, line: line + lineOffset, column: context.mark.column),
                fix: "Remove one of the two; YAML keeps only one value per key.")
        case .reader(let problem, _, _, _):
            return .error(
                "yaml.syntax", "YAML reader error: \(problem)",
                at: SourceLocation(file: path, line: lineOffset + 1), fix: fix)
        default:
            return .error(
                "yaml.syntax", "invalid YAML: \(error)", at: SourceLocation(file: path, line: lineOffset + 1),
                fix: fix)
        }
    }

    /// The line of the second `key:` at the column of the first, for pointing at the duplicate.
    private static func secondOccurrence(of key: String, in text: String, after mark: Mark) -> Int? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard mark.line < lines.count else { return nil }
        for index in mark.line..<lines.count {
            let line = lines[index]
            let indent = line.prefix { $0 == " " }.count
            if indent == mark.column - 1, line.dropFirst(indent).hasPrefix("\(key):") { return index + 1 }
        }
        return nil
    }

    private struct Converter {
        let path: String
        let lineOffset: Int
        var diagnostics: [Diagnostic] = []
        /// The furthest position visited. Yams resolves aliases by reusing the anchored node, so a
        /// node positioned before this one is an alias.
        var furthest = (line: 0, column: 0)

        func location(_ mark: Mark?) -> SourceLocation {
            SourceLocation(file: path, line: (mark?.line ?? 1) + lineOffset, column: mark?.column ?? 1)
        }

        mutating func convert(_ node: Node) -> YAMLValue {
            let here = location(node.mark)
            if let mark = node.mark {
                if (mark.line, mark.column) < furthest {
                    rejectAlias(at: here)
                    return YAMLValue(kind: .scalar("", quoted: false), location: here)
                }
                furthest = (mark.line, mark.column)
            }
            switch node {
            case .scalar(let scalar):
                let quoted = scalar.style == .singleQuoted || scalar.style == .doubleQuoted
                return YAMLValue(kind: .scalar(scalar.string, quoted: quoted), location: here)
            case .sequence(let sequence):
                return YAMLValue(kind: .sequence(sequence.map { convert($0) }), location: here)
            case .mapping(let mapping):
                var entries: [YAMLValue.Entry] = []
                var seen: [String: SourceLocation] = [:]
                for (keyNode, valueNode) in mapping {
                    let keyLocation = location(keyNode.mark)
                    if let mark = keyNode.mark, furthest < (mark.line, mark.column) {
                        furthest = (mark.line, mark.column)
                    }
                    guard case .scalar(let key) = keyNode else {
                        diagnostics.append(
                            .error(
                                "yaml.key", "a mapping key must be plain text", at: keyLocation,
                                fix: "Write the key as a word, such as `name:`."))
                        continue
                    }
                    if let first = seen[key.string] {
                        var duplicate = Diagnostic.error(
                            "yaml.duplicate-key", "the key `\(key.string)` appears twice in this mapping",
                            at: keyLocation, fix: "Remove one of the two; YAML keeps only one value per key.")
                        duplicate.notes = ["first defined at \(first)"]
                        diagnostics.append(duplicate)
                        continue
                    }
                    seen[key.string] = keyLocation
                    entries.append(
                        YAMLValue.Entry(key: key.string, keyLocation: keyLocation, value: convert(valueNode)))
                }
                return YAMLValue(kind: .mapping(entries), location: here)
            case .alias:
                rejectAlias(at: here)
                return YAMLValue(kind: .scalar("", quoted: false), location: here)
            }
        }

        mutating func rejectAlias(at location: SourceLocation) {
            diagnostics.append(
                .error(
                    "yaml.alias", "YAML anchors and aliases (`&name`, `*name`) are not supported in site files",
                    at: location, fix: "Write the value out in full."))
        }
    }
}
