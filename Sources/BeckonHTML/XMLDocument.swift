import CLibXML2

/// An XML document parsed with libxml2's XML parser, converted to `XMLNode` values.
///
/// Parsing is safe for files from outside: the network is never used, no external DTD or entity
/// is loaded, and entity references are never expanded (no XXE, no "billion laughs"). A reference
/// to a declared entity stays in the tree as an `.entityReference` node and contributes no text.
public struct XMLDocument: Sendable {
    /// A well-formedness problem the parser reported.
    public struct ParseError: Sendable, Hashable {
        /// 1-based line of the problem.
        public var line: Int
        /// 1-based column, when libxml2 knows it; for a tag, usually just past its end.
        public var column: Int?
        /// libxml2's description of the problem.
        public var message: String
    }

    /// The root element, or `nil` when the bytes are not well-formed XML.
    public let root: XMLNode?
    /// Errors in document order; empty for a well-formed document.
    public let errors: [ParseError]
    /// Whether the document has a `<!DOCTYPE …>` declaration (which Beckon never acts on).
    public let hasDocumentType: Bool

    /// Whether the document parsed without errors.
    public var isWellFormed: Bool { root != nil && errors.isEmpty }

    /// libxml2 must be initialised once before threads parse concurrently (see `HTMLDocument`).
    private static let libraryInitialized: Void = xmlInitParser()

    /// Parses XML bytes; the encoding comes from a byte-order mark or the XML declaration (UTF-8
    /// by default).
    public init(bytes: [UInt8]) {
        self.init(bytes: bytes, encoding: nil)
    }

    /// Parses a string of XML; an encoding named in its XML declaration is ignored, since the
    /// text is already decoded.
    public init(_ xml: String) {
        self.init(bytes: Array(xml.utf8), encoding: "UTF-8")
    }

    private init(bytes: [UInt8], encoding: String?) {
        Self.libraryInitialized
        let collector = XMLErrorCollector()
        // NONET: no network. No NOENT (entities stay references), no DTDLOAD/DTDATTR/DTDVALID (no
        // external subset is read), no RECOVER (errors are errors). BIG_LINES keeps line numbers
        // right past 65535.
        var options = XML_PARSE_NONET.rawValue | XML_PARSE_BIG_LINES.rawValue
        if encoding != nil { options |= XML_PARSE_IGNORE_ENC.rawValue }
        var root: XMLNode?
        var hasDocumentType = false
        if bytes.count <= Int(Int32.max), let context = xmlNewParserCtxt() {
            defer { xmlFreeParserCtxt(context) }
            // The structured error handler is per thread in libxml2; it is reset before returning.
            xmlSetStructuredErrorFunc(Unmanaged.passUnretained(collector).toOpaque()) { userData, error in
                guard let userData, let error else { return }
                let collector = Unmanaged<XMLErrorCollector>.fromOpaque(userData).takeUnretainedValue()
                guard error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
                let message = error.pointee.message.map { String(cString: $0) } ?? "parse error"
                collector.add(line: Int(error.pointee.line), column: Int(error.pointee.int2), message: message)
            }
            defer { xmlSetStructuredErrorFunc(nil, nil) }
            // An empty array has no base address; libxml2 reports "Document is empty" for length 0.
            let storage = bytes.isEmpty ? [0] : bytes
            let document = storage.withUnsafeBufferPointer { buffer in
                buffer.baseAddress.flatMap { base in
                    base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { pointer in
                        xmlCtxtReadMemory(context, pointer, Int32(bytes.count), nil, encoding, Int32(options))
                    }
                }
            }
            if let document {
                defer { xmlFreeDoc(document) }
                hasDocumentType = document.pointee.intSubset != nil || document.pointee.extSubset != nil
                if let element = xmlDocGetRootElement(document) { root = Self.convert(element) }
            }
        }
        if root == nil && collector.errors.isEmpty {
            collector.add(line: 1, column: nil, message: "the document has no root element")
        }
        self.root = root
        self.errors = collector.errors
        self.hasDocumentType = hasDocumentType
    }

    private static func convert(_ node: xmlNodePtr) -> XMLNode {
        let line = Int(xmlGetLineNo(node))
        switch node.pointee.type {
        case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
            return XMLNode(kind: .text, name: "#text", text: string(node.pointee.content), line: line)
        case XML_COMMENT_NODE:
            return XMLNode(kind: .comment, name: "#comment", text: string(node.pointee.content), line: line)
        case XML_ENTITY_REF_NODE:
            return XMLNode(kind: .entityReference, name: "#entity", text: string(node.pointee.name), line: line)
        default:
            break
        }
        var attributes: [XMLNode.Attribute] = []
        var attribute = node.pointee.properties
        while let current = attribute {
            var value = ""
            var part = current.pointee.children
            while let text = part {
                if text.pointee.type == XML_TEXT_NODE { value += string(text.pointee.content) }
                part = text.pointee.next
            }
            attributes.append(
                XMLNode.Attribute(
                    name: string(current.pointee.name),
                    prefix: current.pointee.ns.flatMap { $0.pointee.prefix.map { String(cString: $0) } },
                    value: value))
            attribute = current.pointee.next
        }
        var children: [XMLNode] = []
        var child = node.pointee.children
        while let current = child {
            switch current.pointee.type {
            case XML_ELEMENT_NODE, XML_TEXT_NODE, XML_CDATA_SECTION_NODE, XML_COMMENT_NODE, XML_ENTITY_REF_NODE:
                children.append(convert(current))
            default:
                break
            }
            child = current.pointee.next
        }
        return XMLNode(
            name: string(node.pointee.name),
            namespace: node.pointee.ns.flatMap { $0.pointee.href.map { String(cString: $0) } },
            attributes: attributes, children: children, line: line)
    }

    private static func string(_ pointer: UnsafePointer<xmlChar>?) -> String {
        pointer.map { String(cString: $0) } ?? ""
    }

    private static func string(_ pointer: UnsafeMutablePointer<xmlChar>?) -> String {
        pointer.map { String(cString: $0) } ?? ""
    }
}

/// Collects parser errors reported through libxml2's structured error callback.
private final class XMLErrorCollector {
    var errors: [XMLDocument.ParseError] = []

    func add(line: Int, column: Int?, message: String) {
        errors.append(
            XMLDocument.ParseError(
                line: max(1, line), column: column.flatMap { $0 > 0 ? $0 : nil },
                message: message.trimmingMessageWhitespace))
    }
}
