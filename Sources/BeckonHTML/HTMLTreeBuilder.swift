import CLibXML2

/// Builds `HTMLNode` values straight from libxml2's SAX events, so a page is not first built as
/// libxml2's own tree, then copied, then freed. The result is the tree libxml2's tree builder
/// makes (the same elements, attributes, merged text runs and line numbers), including which
/// whitespace-only text it leaves out under `HTML_PARSE_NOBLANKS`.
final class HTMLTreeBuilder {
    /// What a text node was made from: character data, or the raw text of `script` and `style`.
    private enum TextKind {
        case characters
        case rawText
    }

    /// What the last child of an open element is, comments left out (libxml2 looks at it to
    /// decide whether whitespace is kept).
    private enum LastChild {
        case text(TextKind)
        case element(String)
    }

    /// An element whose end tag has not been reached.
    private struct OpenElement {
        var name: String
        var attributes: [HTMLNode.Attribute]
        var line: Int
        var children: [HTMLNode] = []
        /// A text run still growing: the element's last child, not yet made a node.
        var text: (kind: TextKind, bytes: [UInt8], line: Int)?
        var lastChild: LastChild?
        /// The line of the last child, comments included (raw text takes it, as libxml2 does).
        var lastLine: Int?
        /// For a `style` element whose text libxml2 was not given (`StyleElision`), that text.
        var elidedText: ArraySlice<UInt8>?

        /// Makes the growing text run a child node.
        mutating func endText() {
            guard let text else { return }
            children.append(HTMLNode(name: "#text", text: String(decoding: text.bytes, as: UTF8.self), line: text.line))
            self.text = nil
        }
    }

    /// Where problems found while building go, with the parser's.
    let errors: ErrorCollector
    private var open: [OpenElement] = []
    /// The root once its end tag was reached: libxml2 puts elements that follow it back into it,
    /// unless a doctype, comment or processing instruction came before it.
    private var closedRoot: OpenElement?
    /// Whether the root is open again for an element that followed its end.
    private var reopened = false
    /// Whether a comment or processing instruction came before the root.
    private var nodeBeforeRoot = false
    /// The ids the document's elements took so far.
    private var ids: Set<String> = []
    /// The page as written and, for each `<style` the scan counted in order, the range of its text when
    /// libxml2 was given the page without it.
    private let elided: (bytes: [UInt8], styles: [Range<Int>?])?
    /// How many `style` elements libxml2 reported so far.
    private(set) var styleCount = 0
    /// The page libxml2 was given the values of, and the ranges of the values it was not given
    /// (`ValueElision`), put back where libxml2 hands over the marker.
    private let values: (bytes: [UInt8], ranges: [Range<Int>])?
    /// How many markers libxml2 handed over as attribute values so far.
    private(set) var valuesTaken = 0

    /// Tags whose content may mix text and elements in HTML 4 (libxml2's list): whitespace in
    /// them, or after them, is kept.
    private static let mixedContent: Set<String> = [
        "a", "abbr", "acronym", "address", "applet", "b", "bdo", "big", "blockquote", "body", "button", "caption",
        "center", "cite", "code", "dd", "del", "dfn", "div", "dt", "em", "font", "form", "h1", "h2", "h3", "h4", "h5",
        "h6", "i", "iframe", "ins", "kbd", "label", "legend", "li", "noframes", "noscript", "object", "p", "pre", "q",
        "s", "samp", "small", "span", "strike", "strong", "td", "th", "tt", "u", "var",
    ]

    /// - Parameters:
    ///   - elided: The page as written and the ranges of the style sheets libxml2 is not given
    ///     (`StyleElision.styles`), which the builder puts back as each element's text.
    ///   - values: The page the attribute values were left out of and their ranges
    ///     (`ValueElision`), which the builder puts back where libxml2 hands over the marker.
    init(
        errors: ErrorCollector, elided: (bytes: [UInt8], styles: [Range<Int>?])? = nil,
        values: (bytes: [UInt8], ranges: [Range<Int>])? = nil
    ) {
        self.errors = errors
        self.elided = elided
        self.values = values
    }

    /// The attribute value libxml2 handed over as `value`: the next value left out when it is the
    /// marker, else `nil` (read `value` itself). Every marker is counted, so one more than was
    /// left out shows too.
    func elidedValue(_ value: UnsafePointer<UInt8>) -> String? {
        guard let values, ValueElision.isMarker(value) else { return nil }
        defer { valuesTaken += 1 }
        guard valuesTaken < values.ranges.count else { return "" }
        return String(decoding: values.bytes[values.ranges[valuesTaken]], as: UTF8.self)
    }

    func start(_ name: String, attributes: [HTMLNode.Attribute], line: Int, hasDoctype: Bool) {
        if open.isEmpty, let root = closedRoot, !hasDoctype, !nodeBeforeRoot {
            open.append(root)
            closedRoot = nil
            reopened = true
        }
        if !open.isEmpty {
            open[open.count - 1].endText()
            open[open.count - 1].lastChild = .element(name)
            open[open.count - 1].lastLine = line
        }
        var element = OpenElement(name: name, attributes: attributes, line: line)
        if name == "style" {
            if let elided, styleCount < elided.styles.count, let range = elided.styles[styleCount] {
                element.elidedText = elided.bytes[range]
            }
            styleCount += 1
        }
        open.append(element)
    }

    func end() {
        guard var element = open.popLast() else { return }
        if let text = element.elidedText {
            // What libxml2 would have handed over as raw text, as one run at the element's line.
            element.text = (.rawText, Array(text), element.line)
        }
        if open.isEmpty {
            // The root; a later element at the top is dropped, as libxml2 keeps only the first.
            if closedRoot == nil, !reopened { closedRoot = element }
            return
        }
        element.endText()
        open[open.count - 1].children.append(
            HTMLNode(name: element.name, attributes: element.attributes, children: element.children, line: element.line)
        )
        if reopened, open.count == 1 {
            closedRoot = open.popLast()
            reopened = false
        }
    }

    /// A processing instruction: not kept, but like any node it ends a text run.
    func processingInstruction(target: String, line: Int) {
        guard !open.isEmpty else {
            if closedRoot == nil { nodeBeforeRoot = true }
            return
        }
        open[open.count - 1].endText()
        open[open.count - 1].lastChild = .element(target)
        open[open.count - 1].lastLine = line
    }

    /// Whether an element's attribute names an id already taken in the document (`id`, or an
    /// anchor's `name`), as libxml2 reports when it builds its tree; the id is taken from then on.
    func takesTakenID(_ element: String, _ attribute: HTMLNode.Attribute) -> Bool {
        guard attribute.name == "id" || (attribute.name == "name" && element == "a"), !attribute.value.isEmpty
        else { return false }
        return !ids.insert(attribute.value).inserted
    }

    /// Character data. `next` is the byte after it in the input (0 at the end); whitespace-only
    /// text is left out where libxml2's tree builder leaves it out.
    func characters(_ bytes: UnsafeBufferPointer<UInt8>, next: UInt8, line: Int) {
        guard !open.isEmpty else { return }
        if next == UInt8(ascii: "<"), bytes.allSatisfy(Self.isBlank), isIgnorableWhitespace() { return }
        append(bytes, kind: .characters, line: line)
    }

    /// The raw text of `script` and `style`.
    func rawText(_ bytes: UnsafeBufferPointer<UInt8>) {
        // The line breaks left in place of a style sheet libxml2 was not given. The open element
        // is read in place: `open.last` would copy its attributes, children and text.
        guard let index = open.indices.last, open[index].elidedText == nil else { return }
        append(bytes, kind: .rawText, line: open[index].lastLine ?? open[index].line)
    }

    func comment(_ text: String, line: Int) {
        guard !open.isEmpty else {
            if closedRoot == nil { nodeBeforeRoot = true }
            return
        }
        open[open.count - 1].endText()
        open[open.count - 1].children.append(HTMLNode(name: "#comment", text: text, line: line))
        open[open.count - 1].lastLine = line
    }

    /// The tree, with elements the input left open closed.
    func finish() -> HTMLNode? {
        while !open.isEmpty { end() }
        guard var root = closedRoot else { return nil }
        root.endText()
        return HTMLNode(name: root.name, attributes: root.attributes, children: root.children, line: root.line)
    }

    private func append(_ bytes: UnsafeBufferPointer<UInt8>, kind: TextKind, line: Int) {
        let index = open.count - 1
        if open[index].text?.kind == kind {
            open[index].text?.bytes.append(contentsOf: bytes)
            return
        }
        open[index].endText()
        open[index].text = (kind, Array(bytes), line)
        open[index].lastChild = .text(kind)
        open[index].lastLine = line
    }

    /// Whether whitespace before a tag is dropped here: libxml2 keeps it after text, and in or
    /// after elements that hold mixed content.
    private func isIgnorableWhitespace() -> Bool {
        // Read in place, as in `rawText(_:)`: asked at every run of whitespace before a tag.
        guard let index = open.indices.last else { return true }
        switch open[index].lastChild {
        case nil: return !Self.mixedContent.contains(open[index].name)
        case .text(.characters): return false
        case .text(.rawText): return true
        case .element(let name): return !Self.mixedContent.contains(name)
        }
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
