import BeckonLocalization
import BeckonMarkdown

/// Renders a formatted message — translator text with inline Markdown, plus argument values —
/// as an HTML fragment or as plain text, escaping values for where they land.
public enum MessageRenderer {
    private static let open = "\u{E000}"
    private static let close = "\u{E001}"
    private static let openBytes = Array(open.utf8)
    private static let closeBytes = Array(close.utf8)

    /// The message as inline HTML. Values are escaped and user data is isolated (`<bdi>` unless
    /// `isolation` says otherwise); links that are not allowed lose their `href` and keep their text.
    public static func html(
        _ message: FormattedMessage, appSchemes: Set<String>, styles: [String: String] = [:],
        isolation: ValueIsolation = .element
    ) -> String {
        let (source, values) = withSentinels(message)
        var writer = MarkdownHTMLWriter(
            text: { literal in
                substitute(literal, values, literal: HTMLEscaping.text) { value in
                    let escaped = HTMLEscaping.text(value.text)
                    return value.isUserData ? isolation.isolate(escaped, value: value.text) : escaped
                }
            },
            url: { destination in
                let url = substitute(destination, values) { URLEscaping.component($0.text) }
                return URLEscaping.isAllowed(url, appSchemes: appSchemes) ? url : nil
            },
            plain: { literal in substitute(literal, values) { $0.text } })
        writer.styles = styles
        return writer.write(inlines(source))
    }

    /// The message as plain text with its links taken out: each link's text stays in the
    /// sentence and its destination is returned beside it, for text that writes links as
    /// "text: URL" lines (plain-text email). Links that are not allowed keep only their text.
    public static func plainTextAndLinks(
        _ message: FormattedMessage, appSchemes: Set<String>, rightToLeft: Bool
    ) -> (text: String, links: [(text: String, url: String)]) {
        let (source, values) = withSentinels(message)
        var links: [(text: String, url: String)] = []
        func value(_ argument: ArgumentValue) -> String {
            guard argument.isUserData, Bidi.needsIsolation(argument.text, inRightToLeft: rightToLeft) else {
                return argument.text
            }
            return Bidi.isolated(argument.text)
        }
        func walk(_ node: MarkdownNode) -> String {
            switch node.kind {
            case .link(let destination, _):
                let text = node.children.map(walk).joined()
                let url = substitute(destination, values) { URLEscaping.component($0.text) }
                if URLEscaping.isAllowed(url, appSchemes: appSchemes) { links.append((text, url)) }
                return text
            case .text, .code: return substitute(node.literal, values, transform: value)
            case .softBreak, .lineBreak: return " "
            case .htmlInline, .htmlBlock, .image: return ""
            default: return node.children.map(walk).joined()
            }
        }
        let text = inlines(source).map(walk).joined()
        return (text, links)
    }

    /// The message as plain text, markup removed. Given the text's direction, user data that
    /// could reorder the sentence around it is wrapped in FSI…PDI (see `Bidi`).
    public static func plainText(_ message: FormattedMessage, rightToLeft: Bool? = nil) -> String {
        let (source, values) = withSentinels(message)
        let text = plainSources.value(for: source) { inlines(source).map(\.plainText).joined() }
        return substitute(text, values) { value in
            guard let rightToLeft, value.isUserData, Bidi.needsIsolation(value.text, inRightToLeft: rightToLeft)
            else { return value.text }
            return Bidi.isolated(value.text)
        }
    }

    /// A message's inline Markdown, parsed once per source: the source (the translator's markup
    /// with a sentinel for each value) is the same for every page and email that shows the string
    /// in a locale.
    private static func inlines(_ source: String) -> [MarkdownNode] {
        parsedSources.value(for: source) { MarkdownParser.parseInline(source) }
    }

    private static let parsedSources = TextMemo<[MarkdownNode]>(limit: 10_000)

    /// Each source as plain text, sentinels kept, made once per source: a string's text is the
    /// same on every page that shows it, only its values differ.
    private static let plainSources = TextMemo<String>(limit: 10_000)

    /// Replaces each value with a private-use sentinel, so Markdown parsing never sees user data.
    ///
    /// Made in bytes, at its size: every page formats dozens of strings, and each piece appended
    /// to a `String` cost hundreds of instructions.
    private static func withSentinels(_ message: FormattedMessage) -> (String, [ArgumentValue]) {
        // A message of one piece of markup (most strings) is its own source.
        if message.segments.count == 1, case .markup(let text) = message.segments[0] { return (text, []) }
        var size = 0
        for segment in message.segments {
            switch segment {
            case .markup(let text): size += text.utf8.count
            case .value: size += openBytes.count + closeBytes.count + 4
            }
        }
        var source: [UInt8] = []
        source.reserveCapacity(size)
        var values: [ArgumentValue] = []
        for segment in message.segments {
            switch segment {
            case .markup(let text): source.append(utf8Of: text)
            case .value(let value):
                source += openBytes
                source.append(utf8Of: String(values.count))
                source += closeBytes
                values.append(value)
            }
        }
        return (String(decoding: source, as: UTF8.self), values)
    }

    /// Replaces sentinels in `text` with their rendered values, passing the text around them
    /// through `literal` (kept as it is without one). The sentinels are found in the UTF-8 bytes,
    /// so a sentinel that a combining mark or joiner follows, or a prepended mark precedes, is
    /// still found. The result is made in bytes and read as a string once.
    private static func substitute(
        _ text: String, _ values: [ArgumentValue], literal: ((String) -> String)? = nil,
        transform: (ArgumentValue) -> String
    ) -> String {
        var text = text
        return text.withUTF8 { bytes in
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + 32)
            func keep(_ range: Range<Int>) {
                if let literal {
                    out.append(utf8Of: literal(String(decoding: bytes[range], as: UTF8.self)))
                } else {
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[range]))
                }
            }
            var index = 0
            var searchFrom = 0
            while let start = bytes.firstIndex(ofBytes: openBytes, from: searchFrom) {
                let digits = start + openBytes.count
                guard let end = bytes.firstIndex(ofBytes: closeBytes, from: digits),
                    let number = Self.number(bytes[digits..<end]), values.indices.contains(number)
                else {
                    // Not a sentinel: the text before it is kept, the stray opening character dropped.
                    keep(index..<start)
                    index = digits
                    searchFrom = digits
                    continue
                }
                keep(index..<start)
                out.append(utf8Of: transform(values[number]))
                index = end + 3
                searchFrom = index
            }
            keep(index..<bytes.count)
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// The decimal number the bytes spell (a sentinel's index), or `nil` for none.
    private static func number(_ digits: Slice<UnsafeBufferPointer<UInt8>>) -> Int? {
        guard !digits.isEmpty, digits.count <= 9 else { return nil }
        var number = 0
        for digit in digits {
            guard (0x30...0x39).contains(digit) else { return nil }
            number = number * 10 + Int(digit - 0x30)
        }
        return number
    }
}
