import BeckonDiagnostics

/// Writes indented XML with every attribute and text escaped.
///
/// Text keeps its exact characters: `&`, `<` and `>` become references, a carriage return becomes
/// `&#13;` (so the parser does not fold it), and characters XML 1.0 cannot carry at all are handed
/// to `invalidCharacter`, which writes a replacement (nothing, by default).
struct XMLWriter {
    private(set) var output = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    private var depth = 0
    /// What to write for a character XML 1.0 does not allow, such as U+0001.
    var invalidCharacter: (Unicode.Scalar) -> String = { _ in "" }

    /// Opens an element on its own line; `nil` attributes are left out.
    mutating func open(_ name: String, _ attributes: [(String, String?)] = []) {
        line("<\(name)\(Self.attributes(attributes))>")
        depth += 1
    }

    /// Closes the element opened last.
    mutating func close(_ name: String) {
        depth -= 1
        line("</\(name)>")
    }

    /// An element on one line: `<name …>text</name>`, or `<name …/>` when `text` is `nil`.
    /// - Parameter inline: Whether the element takes inline markup, so characters XML cannot hold
    ///   go to `invalidCharacter`; elsewhere they are dropped.
    mutating func element(_ name: String, _ attributes: [(String, String?)] = [], text: String?, inline: Bool = false) {
        if let text {
            line("<\(name)\(Self.attributes(attributes))>\(escaped(text, inline: inline))</\(name)>")
        } else {
            line("<\(name)\(Self.attributes(attributes))/>")
        }
    }

    private mutating func line(_ text: String) {
        output += String(repeating: "  ", count: depth) + text + "\n"
    }

    private static func attributes(_ attributes: [(String, String?)]) -> String {
        attributes.compactMap { name, value in value.map { " \(name)=\"\($0.xmlEscaped)\"" } }.joined()
    }

    /// Text escaped for element content.
    func escaped(_ text: String, inline: Bool) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\r": out += "&#13;"
            default:
                if Self.isAllowed(scalar) {
                    out.unicodeScalars.append(scalar)
                } else if inline {
                    out += invalidCharacter(scalar)
                }
            }
        }
        return out
    }

    /// Whether XML 1.0 allows a character: tab, line feed, carriage return, and everything from
    /// U+0020 except U+FFFE and U+FFFF (Swift strings hold no surrogates).
    static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD: true
        case 0x20...0xFFFD, 0x10000...: true
        default: false
        }
    }

    /// The text as an XML export carries it: characters XML 1.0 cannot hold are dropped.
    static func sanitized(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        out.append(contentsOf: text.unicodeScalars.filter(isAllowed))
        return String(out)
    }
}
