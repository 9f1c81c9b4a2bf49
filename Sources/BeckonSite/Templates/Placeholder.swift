import BeckonDiagnostics
import Foundation

/// A `{{name.path}}` placeholder found in a template, with where it was written.
public struct Placeholder: Sendable, Hashable {
    /// The dotted path inside the braces, without spaces: `inviter.firstName`, `t.landing.headline`.
    public var path: String
    public var location: SourceLocation

    /// The first segment: `t`, `app`, `inviter`, `invite`, `locale`, `links`.
    public var namespace: Substring { path.prefix { $0 != "." } }
}

/// Finds `{{ … }}` placeholders in template text and reports malformed ones.
public enum PlaceholderScanner {
    /// Scans `text`, which starts at `lineOffset` lines into `source`.
    public static func scan(_ text: String, in source: SourceText, utf8Offset: Int) -> ([Placeholder], [Diagnostic]) {
        var placeholders: [Placeholder] = []
        var diagnostics: [Diagnostic] = []
        var index = text.startIndex
        while let open = text[index...].range(of: "{{") {
            let location = source.location(
                ofUTF8Offset: utf8Offset + text.utf8.distance(from: text.startIndex, to: open.lowerBound))
            if text[open.upperBound...].hasPrefix("{") {
                diagnostics.append(
                    .error(
                        "template.placeholder-syntax", "`{{{` (unescaped output) is not allowed in Markdown templates",
                        at: location, fix: "Write `{{name}}`; Beckon escapes every value for where it lands."))
                index = text.index(after: open.upperBound)
                continue
            }
            guard let close = text[open.upperBound...].range(of: "}}") else {
                diagnostics.append(
                    .error(
                        "template.placeholder-syntax", "`{{` is never closed", at: location,
                        fix: "Close the placeholder with `}}` on the same line."))
                break
            }
            let inner = text[open.upperBound..<close.lowerBound]
            let path = inner.trimmingCharacters(in: .whitespaces)
            if inner.contains("\n") || !isValidPath(path) {
                diagnostics.append(
                    .error(
                        "template.placeholder-syntax", "`{{\(inner)}}` is not a placeholder", at: location,
                        fix: "Write a dotted name such as `{{inviter.firstName}}` or `{{t.landing.headline}}`."))
            } else {
                placeholders.append(Placeholder(path: path, location: location))
            }
            index = close.upperBound
        }
        return (placeholders, diagnostics)
    }

    /// Whether a path is dotted names of letters, digits, `_` and `-`, starting with a letter.
    public static func isValidPath(_ path: String) -> Bool {
        guard let first = path.first, first.isLetter, first.isASCII else { return false }
        let segments = path.split(separator: ".", omittingEmptySubsequences: false)
        return segments.allSatisfy { segment in
            !segment.isEmpty
                && segment.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }
        }
    }
}
