import CLibXML2
import Foundation

/// An HTML document parsed with libxml2's HTML parser, converted to `HTMLNode` values.
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
    /// Every element by tag name, in document order: one walk of the tree at parse time instead
    /// of one per `elements(named:)` (the checks ask for links, images, styles and scripts).
    private let elementsByName: [String: [HTMLNode]]

    /// libxml2 must be initialised once before threads parse concurrently; without it, two
    /// first parses can deadlock inside its dictionary set-up. Swift runs this exactly once.
    private static let libraryInitialized: Void = xmlInitParser()

    /// Parses HTML bytes. Never fails: libxml2 recovers from any input, as browsers do.
    public init(bytes: [UInt8]) {
        Self.libraryInitialized
        let collector = ErrorCollector()
        let options = Int32(HTML_PARSE_NONET.rawValue | HTML_PARSE_NOBLANKS.rawValue | HTML_PARSE_COMPACT.rawValue)
        var root = HTMLNode(name: "html")
        if let context = htmlNewParserCtxt() {
            defer { htmlFreeParserCtxt(context) }
            // The structured error handler is per thread in libxml2, so parses on other threads
            // keep their own; it is reset before returning.
            xmlSetStructuredErrorFunc(Unmanaged.passUnretained(collector).toOpaque()) { userData, error in
                guard let userData, let error else { return }
                let collector = Unmanaged<ErrorCollector>.fromOpaque(userData).takeUnretainedValue()
                let message = error.pointee.message.map { String(cString: $0) } ?? "parse error"
                collector.add(line: Int(error.pointee.line), message: message)
            }
            defer { xmlSetStructuredErrorFunc(nil, nil) }
            let document = bytes.withUnsafeBufferPointer { buffer in
                buffer.baseAddress.flatMap { base in
                    base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { pointer in
                        htmlCtxtReadMemory(context, pointer, Int32(buffer.count), nil, "UTF-8", options)
                    }
                }
            }
            if let document {
                defer { xmlFreeDoc(document) }
                if let element = xmlDocGetRootElement(document) { root = Self.convert(element) }
            }
        }
        self.root = root
        self.errors = collector.errors.filter { !Self.isHTML5Complaint($0.message) }
        var elementsByName: [String: [HTMLNode]] = [:]
        root.walk { node in
            guard !node.name.hasPrefix("#") else { return }
            elementsByName[node.name, default: []].append(node)
        }
        self.elementsByName = elementsByName
    }

    /// Parses a string of HTML.
    public init(_ html: String) {
        self.init(bytes: Array(html.utf8))
    }

    /// The `<head>` element, if any.
    public var head: HTMLNode? { root.children.first { $0.name == "head" } }

    /// Every element with a tag name, in document order.
    public func elements(named tag: String) -> [HTMLNode] {
        tag.hasPrefix("#") ? root.elements(named: tag) : elementsByName[tag] ?? []
    }

    private static func convert(_ node: xmlNodePtr) -> HTMLNode {
        let type = node.pointee.type
        let line = Int(xmlGetLineNo(node))
        if type == XML_TEXT_NODE || type == XML_CDATA_SECTION_NODE || type == XML_COMMENT_NODE {
            return HTMLNode(
                name: type == XML_COMMENT_NODE ? "#comment" : "#text", text: content(of: node), line: line)
        }
        var attributes: [HTMLNode.Attribute] = []
        var attribute = node.pointee.properties
        while let current = attribute {
            let name = String(cString: current.pointee.name).lowercased()
            var value = ""
            if let raw = xmlNodeListGetString(node.pointee.doc, current.pointee.children, 1) {
                value = String(cString: raw)
                beckon_xmlFree(raw)
            }
            attributes.append(HTMLNode.Attribute(name: name, value: value))
            attribute = current.pointee.next
        }
        var children: [HTMLNode] = []
        var child = node.pointee.children
        while let current = child {
            let kind = current.pointee.type
            if kind == XML_ELEMENT_NODE || kind == XML_TEXT_NODE || kind == XML_CDATA_SECTION_NODE
                || kind == XML_COMMENT_NODE
            {
                children.append(convert(current))
            }
            child = current.pointee.next
        }
        let name = node.pointee.name.map { String(cString: $0).lowercased() } ?? ""
        return HTMLNode(name: name, attributes: attributes, children: children, line: line)
    }

    private static func content(of node: xmlNodePtr) -> String {
        guard let raw = xmlNodeGetContent(node) else { return "" }
        defer { beckon_xmlFree(raw) }
        return String(cString: raw)
    }

    /// libxml2 2.9 knows HTML 4 only and reports HTML5, SVG and MathML elements, and custom
    /// elements (their names hold a hyphen), as invalid tags.
    private static func isHTML5Complaint(_ message: String) -> Bool {
        guard message.hasPrefix("Tag ") && message.contains(" invalid") else { return false }
        let tag = String(message.dropFirst(4).prefix { $0 != " " }).lowercased()
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
private final class ErrorCollector {
    var errors: [HTMLDocument.ParseError] = []

    func add(line: Int, message: String) {
        errors.append(
            HTMLDocument.ParseError(line: line, message: message.trimmingCharacters(in: .whitespacesAndNewlines)))
    }
}
