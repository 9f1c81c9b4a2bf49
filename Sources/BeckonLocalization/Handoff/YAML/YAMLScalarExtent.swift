/// Finds where a YAML node written at a known offset ends, by scanning the text: Yams reports only
/// where nodes start.
///
/// Handles double- and single-quoted scalars (across lines), literal and folded block scalars,
/// plain scalars (with continuation lines and trailing comments) and flow collections.
enum YAMLScalarExtent {
    /// The offset just past the node starting at `start`.
    /// - Parameters:
    ///   - blockIndent: The indentation of the key that owns the node; block scalars and plain
    ///     continuation lines are indented more.
    ///   - inFlow: Whether the node sits inside `{…}` or `[…]`.
    static func end(of start: Int, in text: YAMLSourceText, blockIndent: Int, inFlow: Bool) -> Int? {
        guard let first = text[start] else { return nil }
        switch first {
        case "\"": return doubleQuotedEnd(start, text)
        case "'": return singleQuotedEnd(start, text)
        case "{", "[": return flowCollectionEnd(start, text)
        case "|",
            ">" where !inFlow:
            return blockScalarEnd(start, text, blockIndent: blockIndent)
        default: return plainEnd(start, text, blockIndent: blockIndent, inFlow: inFlow)
        }
    }

    private static func doubleQuotedEnd(_ start: Int, _ text: YAMLSourceText) -> Int? {
        var index = start + 1
        while let scalar = text[index] {
            if scalar == "\\" {
                index += 2
            } else if scalar == "\"" {
                return index + 1
            } else {
                index += 1
            }
        }
        return nil
    }

    private static func singleQuotedEnd(_ start: Int, _ text: YAMLSourceText) -> Int? {
        var index = start + 1
        while let scalar = text[index] {
            if scalar == "'" {
                if text[index + 1] == "'" {
                    index += 2
                    continue
                }
                return index + 1
            }
            index += 1
        }
        return nil
    }

    /// The offset past the `}` or `]` matching the bracket at `start`, skipping quoted scalars and
    /// comments.
    static func flowCollectionEnd(_ start: Int, _ text: YAMLSourceText) -> Int? {
        var depth = 0
        var index = start
        // Quotes start a scalar only where a scalar can start; `#` starts a comment only after
        // white space.
        var atScalarStart = true
        var afterSpace = true
        while let scalar = text[index] {
            let isSpace = [" ", "\t", "\n", "\r", "\u{85}", "\u{2028}", "\u{2029}"].contains(scalar)
            switch scalar {
            case "{", "[":
                depth += 1
                atScalarStart = true
            case "}", "]":
                depth -= 1
                if depth == 0 { return index + 1 }
                atScalarStart = false
            case ",", ":":
                atScalarStart = true
            case "\"",
                "'" where atScalarStart:
                guard let end = scalar == "\"" ? doubleQuotedEnd(index, text) : singleQuotedEnd(index, text) else {
                    return nil
                }
                index = end
                atScalarStart = false
                afterSpace = false
                continue
            case "#" where afterSpace:
                index = text.lineEnd(after: index)
                continue
            default:
                if !isSpace { atScalarStart = false }
            }
            afterSpace = isSpace
            index += 1
        }
        return nil
    }

    private static func blockScalarEnd(_ start: Int, _ text: YAMLSourceText, blockIndent: Int) -> Int {
        let header = text.line(of: start)
        var end = text.contentEnds[header]
        var line = header + 1
        while line < text.lineCount {
            if !text.isBlank(line: line) {
                guard text.indentation(ofLine: line) > blockIndent else { break }
                end = text.contentEnds[line]
            }
            line += 1
        }
        return end
    }

    private static func plainEnd(_ start: Int, _ text: YAMLSourceText, blockIndent: Int, inFlow: Bool) -> Int {
        var (end, stopped) = plainLineEnd(from: start, text, inFlow: inFlow)
        var line = text.line(of: start)
        while !stopped {
            var next = line + 1
            while next < text.lineCount, text.isBlank(line: next) { next += 1 }
            guard next < text.lineCount, inFlow || text.indentation(ofLine: next) > blockIndent else { break }
            let first = text.firstNonSpace(ofLine: next)
            guard text[first] != "#", !(inFlow && ",]}".unicodeScalars.contains(text[first] ?? " ")) else { break }
            (end, stopped) = plainLineEnd(from: first, text, inFlow: inFlow)
            line = next
        }
        return end
    }

    /// Where a plain scalar's text on one line ends (trailing spaces and a comment excluded), and
    /// whether something other than the line's end stopped it.
    private static func plainLineEnd(from start: Int, _ text: YAMLSourceText, inFlow: Bool) -> (Int, Bool) {
        let lineEnd = text.lineEnd(after: start)
        var index = start
        var stopped = false
        while index < lineEnd {
            let scalar = text.scalars[index]
            if scalar == "#", index > start, text.scalars[index - 1] == " " || text.scalars[index - 1] == "\t" {
                stopped = true
                break
            }
            if inFlow, ",]}".unicodeScalars.contains(scalar) {
                stopped = true
                break
            }
            if scalar == ":",
                index + 1 >= lineEnd || [" ", "\t"].contains(text.scalars[index + 1])
                    || (inFlow && ",]}".unicodeScalars.contains(text.scalars[index + 1]))
            {
                stopped = true
                break
            }
            index += 1
        }
        while index > start, text.scalars[index - 1] == " " || text.scalars[index - 1] == "\t" { index -= 1 }
        return (index, stopped)
    }
}
