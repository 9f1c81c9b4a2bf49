import CLibXML2
import Foundation

/// An HTML document parsed with libxml2's HTML parser, as `HTMLNode` values.
public struct HTMLDocument: Sendable {
    /// A problem the parser reported, with its line.
    public struct ParseError: Sendable, Hashable {
        public var line: Int
        public var message: String
    }

    /// The `<html>` element (libxml2 adds one when the document has none).
    public let root: HTMLNode
    /// Parse errors, leaving out libxml2's complaints about HTML5 elements it predates.
    public let errors: [ParseError]
    /// The elements with each of the names the checks ask for (`IndexedTag`), in document order:
    /// gathered in the one pass that reads the tree at parse time instead of one walk per
    /// `elements(named:)`. Elements of other names are found by a walk when asked for.
    private let indexedElements: [[HTMLNode]]
    /// The elements of `head` with each of those names, in document order (the head included).
    private let indexedHeadElements: [[HTMLNode]]
    /// Where `head` (the first `<head>` of the root) is among the root's children.
    private let headPosition: Int?

    /// libxml2 must be initialised once before threads parse concurrently; without it, two
    /// first parses can deadlock inside its dictionary set-up. Swift runs this exactly once.
    private static let libraryInitialized: Void = xmlInitParser()

    /// Parses HTML bytes. Never fails: libxml2 recovers from any input, as browsers do. The
    /// nodes are made from libxml2's SAX events (`HTMLTreeBuilder`), not copied from its tree;
    /// long plain style sheets are not given to libxml2 but put in the tree as written
    /// (`StyleElision`), nor are quiet attribute values (`ValueElision`), unless libxml2 finds
    /// another number of `style` elements or hands back another number of values than the scans
    /// left out, when the page is parsed again as written.
    public init(bytes: [UInt8]) {
        self.init(bytes: bytes, eliding: true)
    }

    /// Parses HTML bytes, with `eliding: false` giving libxml2 every byte (what the tests compare
    /// the shortcuts with).
    init(bytes: [UInt8], eliding: Bool) {
        let styles = eliding ? StyleElision.find(in: bytes) : nil
        let values = eliding ? ValueElision.find(in: styles?.parsedBytes ?? bytes) : nil
        var (builder, collector) = Self.parse(bytes, styles: styles, values: values)
        if builder.styleCount != styles?.styles.count ?? builder.styleCount
            || builder.valuesTaken != values?.values.count ?? builder.valuesTaken
            || ((styles != nil || values != nil) && collector.readInvalidCharacters)
        {
            // libxml2 read the page otherwise than a scan did, or met bytes that are not UTF-8
            // (or characters out of range): where it recovers from those depends on the page's
            // length, so the shortened copy can report them otherwise. Parsed again as written.
            (builder, collector) = Self.parse(bytes, styles: nil, values: nil)
        }
        let root = builder.finish() ?? HTMLNode(name: "html")
        self.root = root
        self.errors = collector.errors
        // Each element's name is told apart from the few the checks ask for by comparing it with
        // them (a page's elements are mostly others), not hashed into a table of every name.
        var indexed = [[HTMLNode]](repeating: [], count: IndexedTag.allCases.count)
        var indexedInHead = indexed
        func add(_ node: HTMLNode, inHead: Bool) {
            guard node.isElement else { return }
            if let tag = IndexedTag(node.name) {
                indexed[tag.rawValue].append(node)
                if inHead { indexedInHead[tag.rawValue].append(node) }
            }
            node.children.withUnsafeBufferPointer { children in
                for child in children.indices { add(children[child], inHead: inHead) }
            }
        }
        if let tag = IndexedTag(root.name) { indexed[tag.rawValue].append(root) }
        let head = root.children.firstIndex { $0.name == "head" }
        root.children.withUnsafeBufferPointer { children in
            for position in children.indices { add(children[position], inHead: position == head) }
        }
        indexedElements = indexed
        indexedHeadElements = indexedInHead
        headPosition = head
    }

    /// The tag names the checks ask for, whose elements a document gathers as it is read.
    /// Its raw value is where the elements with the name are kept.
    private enum IndexedTag: Int, CaseIterable {
        case a, base, body, h1, img, link, main, meta, style, text, title

        /// The tag named `name`, if it is one: told from its length and first byte, then
        /// compared whole (every element of a page is asked, most of them named otherwise).
        init?(_ name: String) {
            let utf8 = name.utf8
            let tag: IndexedTag? =
                switch (utf8.count, utf8.first) {
                case (1, UInt8(ascii: "a")): .a
                case (2, UInt8(ascii: "h")): .h1
                case (3, UInt8(ascii: "i")): .img
                case (4, UInt8(ascii: "b")): name == "base" ? .base : .body
                case (4, UInt8(ascii: "l")): .link
                case (4, UInt8(ascii: "m")): name == "main" ? .main : .meta
                case (4, UInt8(ascii: "t")): .text
                case (5, UInt8(ascii: "s")): .style
                case (5, UInt8(ascii: "t")): .title
                default: nil
                }
            guard let tag, name == tag.name else { return nil }
            self = tag
        }

        /// The tag's name.
        var name: String {
            switch self {
            case .a: "a"
            case .base: "base"
            case .body: "body"
            case .h1: "h1"
            case .img: "img"
            case .link: "link"
            case .main: "main"
            case .meta: "meta"
            case .style: "style"
            case .text: "text"
            case .title: "title"
            }
        }
    }

    /// Runs libxml2 over `bytes`, or the copy the elisions made of them, feeding a tree builder.
    private static func parse(
        _ bytes: [UInt8], styles: StyleElision?, values: ValueElision?
    ) -> (builder: HTMLTreeBuilder, errors: ErrorCollector) {
        Self.libraryInitialized
        let collector = ErrorCollector()
        let options = Int32(HTML_PARSE_NONET.rawValue | HTML_PARSE_NOBLANKS.rawValue)
        let builder = HTMLTreeBuilder(
            errors: collector, elided: styles.map { (bytes, $0.styles) }, values: values.map { ($0.bytes, $0.values) })
        let input = values?.parsedBytes ?? styles?.parsedBytes ?? bytes
        if let context = htmlNewParserCtxt() {
            defer { htmlFreeParserCtxt(context) }
            Self.handEvents(of: context, to: builder)
            // The structured error handler is per thread in libxml2, so parses on other threads
            // keep their own; it is reset before returning.
            xmlSetStructuredErrorFunc(Unmanaged.passUnretained(collector).toOpaque()) { userData, error in
                guard let userData, let error else { return }
                let collector = Unmanaged<ErrorCollector>.fromOpaque(userData).takeUnretainedValue()
                // libxml2 names an element it does not know in `str1`: an HTML5 one (a page has
                // several: `main`, `header`, `bdi`) is no error, and is not kept.
                if error.pointee.code == Int32(XML_HTML_UNKNOWN_TAG.rawValue), let tag = error.pointee.str1,
                    HTMLDocument.isHTML5Tag(String(cString: tag))
                {
                    return
                }
                // libxml2 reports bytes that are not UTF-8 (and characters out of range) as an
                // invalid character.
                if [XML_ERR_INVALID_CHAR, XML_ERR_INVALID_ENCODING].contains(where: {
                    error.pointee.code == Int32($0.rawValue)
                }) {
                    collector.readInvalidCharacters = true
                }
                let message = error.pointee.message.map { String(cString: $0) } ?? "parse error"
                collector.add(line: Int(error.pointee.line), message: message)
            }
            defer { xmlSetStructuredErrorFunc(nil, nil) }
            let document = withExtendedLifetime(builder) {
                input.withUnsafeBufferPointer { buffer in
                    buffer.baseAddress.flatMap { base in
                        base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { pointer in
                            htmlCtxtReadMemory(context, pointer, Int32(buffer.count), nil, "UTF-8", options)
                        }
                    }
                }
            }
            // Only the document node and its doctype were made: the elements went to the builder.
            if let document { xmlFreeDoc(document) }
        }
        return (builder, collector)
    }

    /// Parses a string of HTML.
    public init(_ html: String) {
        self.init(bytes: Array(html.utf8))
    }

    /// The `<head>` element, if any.
    public var head: HTMLNode? { root.children.first { $0.name == "head" } }

    /// Every element with a tag name, in document order.
    public func elements(named tag: String) -> [HTMLNode] {
        guard let indexed = IndexedTag(tag) else { return root.elements(named: tag) }
        return indexedElements[indexed.rawValue]
    }

    /// Points the parser's SAX handler at `builder` for elements, text and comments; libxml2
    /// still makes the document node and doctype, which its whitespace rule reads.
    private static func handEvents(of context: htmlParserCtxtPtr, to builder: HTMLTreeBuilder) {
        context.pointee._private = Unmanaged.passUnretained(builder).toOpaque()
        guard let handler = context.pointee.sax else { return }
        handler.pointee.startElement = { context, name, attributes in
            guard let (parser, builder) = HTMLDocument.parser(context), let name else { return }
            var count = 0
            while let current = attributes?.advanced(by: 2 * count), current.pointee != nil { count += 1 }
            var list: [HTMLNode.Attribute] = []
            list.reserveCapacity(count)
            var pair = attributes
            while let current = pair, let attributeName = current.pointee {
                // A boolean attribute written bare (`checked`) has its own name as its value.
                // A value left out of what libxml2 read comes back as written (`ValueElision`).
                let value =
                    current.advanced(by: 1).pointee.map { builder.elidedValue($0) ?? String(cString: $0) }
                    ?? (htmlIsBooleanAttr(attributeName) != 0 ? String(cString: attributeName) : "")
                list.append(HTMLNode.Attribute(name: HTMLDocument.lowerCased(attributeName), value: value))
                pair = current.advanced(by: 2)
            }
            let element = HTMLDocument.lowerCased(name)
            let line = HTMLDocument.line(parser)
            for attribute in list where builder.takesTakenID(element, attribute) {
                builder.errors.add(line: line, message: "ID \(attribute.value) already defined")
            }
            builder.start(
                element, attributes: list, line: line, hasDoctype: parser.pointee.myDoc?.pointee.intSubset != nil)
        }
        handler.pointee.endElement = { context, _ in
            HTMLDocument.parser(context)?.builder.end()
        }
        handler.pointee.characters = { context, characters, count in
            guard let (parser, builder) = HTMLDocument.parser(context), let characters, count > 0 else { return }
            let next = parser.pointee.input?.pointee.cur?.pointee ?? 0
            builder.characters(
                UnsafeBufferPointer(start: characters, count: Int(count)), next: next, line: HTMLDocument.line(parser))
        }
        handler.pointee.cdataBlock = { context, characters, count in
            guard let (_, builder) = HTMLDocument.parser(context), let characters, count > 0 else { return }
            builder.rawText(UnsafeBufferPointer(start: characters, count: Int(count)))
        }
        handler.pointee.processingInstruction = { context, target, _ in
            guard let (parser, builder) = HTMLDocument.parser(context) else { return }
            builder.processingInstruction(
                target: target.map { String(cString: $0) } ?? "", line: HTMLDocument.line(parser))
        }
        handler.pointee.comment = { context, text in
            guard let (parser, builder) = HTMLDocument.parser(context) else { return }
            builder.comment(text.map { String(cString: $0) } ?? "", line: HTMLDocument.line(parser))
        }
    }

    /// The parser context a SAX callback was called with, and the builder it feeds.
    private static func parser(
        _ context: UnsafeMutableRawPointer?
    ) -> (parser: htmlParserCtxtPtr, builder: HTMLTreeBuilder)? {
        guard let parser = context?.assumingMemoryBound(to: xmlParserCtxt.self),
            let builder = parser.pointee._private
        else { return nil }
        return (parser, Unmanaged<HTMLTreeBuilder>.fromOpaque(builder).takeUnretainedValue())
    }

    /// The line the parser is on.
    private static func line(_ parser: htmlParserCtxtPtr) -> Int {
        Int(parser.pointee.input?.pointee.line ?? 0)
    }

    /// A name as libxml2 gives it, lower-cased (HTML names are not case-sensitive).
    private static func lowerCased(_ name: UnsafePointer<xmlChar>) -> String {
        let text = String(cString: name)
        return text.utf8.contains { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") } ? text.lowercased() : text
    }

    /// Every element of `head` (the first `<head>` of the root) with a tag name, in document order.
    public func headElements(named tag: String) -> [HTMLNode] {
        if let indexed = IndexedTag(tag) { return indexedHeadElements[indexed.rawValue] }
        guard let headPosition, !tag.hasPrefix("#") else { return [] }
        return root.children[headPosition].elements(named: tag)
    }

    /// Whether a tag libxml2 2.9 does not know is an HTML5, SVG or MathML element, or a custom
    /// element (its name holds a hyphen): libxml2 knows HTML 4 only, and reports such an element
    /// as an invalid tag.
    static func isHTML5Tag(_ name: String) -> Bool {
        let tag = name.utf8.contains { $0 &- UInt8(ascii: "A") < 26 } ? name.lowercased() : name
        return html5Elements.contains(tag) || svgElements.contains(tag) || mathMLElements.contains(tag)
            || (tag.contains("-") && tag.first?.isLetter == true)
    }

    private static let svgElements: Set<String> = [
        "animate", "animatemotion", "animatetransform", "clippath", "desc", "ellipse", "feblend", "fecolormatrix",
        "fecomponenttransfer", "fecomposite", "feconvolvematrix", "fediffuselighting", "fedisplacementmap",
        "fedropshadow", "feflood", "fegaussianblur", "feimage", "femerge", "femergenode", "femorphology", "feoffset",
        "fespecularlighting", "fetile", "feturbulence", "filter", "foreignobject", "image", "line", "lineargradient",
        "marker", "mask", "metadata", "mpath", "pattern", "polygon", "polyline", "radialgradient", "set", "stop",
        "switch", "text", "textpath", "tspan", "view",
    ]

    private static let mathMLElements: Set<String> = [
        "math", "maction", "annotation", "annotation-xml", "menclose", "merror", "mfenced", "mfrac", "mi",
        "mmultiscripts", "mn", "mo", "mover", "mpadded", "mphantom", "mprescripts", "mroot", "mrow", "ms", "mspace",
        "msqrt", "mstyle", "msub", "msubsup", "msup", "mtable", "mtd", "mtext", "mtr", "munder", "munderover",
        "semantics",
    ]

    private static let html5Elements: Set<String> = [
        "article", "aside", "audio", "bdi", "canvas", "data", "datalist", "details", "dialog", "figcaption",
        "figure", "footer", "header", "main", "mark", "meter", "nav", "output", "picture", "progress",
        "rp", "rt", "ruby", "search", "section", "source", "summary", "svg", "template", "time", "track",
        "video", "wbr", "path", "circle", "rect", "g", "use", "symbol", "defs", "title", "v:roundrect",
        "center", "slot", "hgroup", "embed", "menu", "dialog", "portal",
    ]
}

/// Collects parser errors reported through libxml2's structured error callback.
final class ErrorCollector {
    var errors: [HTMLDocument.ParseError] = []
    /// Whether libxml2 met bytes that are not UTF-8 or characters out of range.
    var readInvalidCharacters = false

    func add(line: Int, message: String) {
        errors.append(HTMLDocument.ParseError(line: line, message: message.trimmingMessageWhitespace))
    }
}
