import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// What `XMLParser` saw in an SVG: the elements in document order with their attributes, and the
/// `<title>`'s text.
final class SVGOutline: NSObject, XMLParserDelegate {
    private(set) var elements: [(name: String, attributes: [String: String])] = []
    private(set) var title = ""
    private var inTitle = false

    /// The outline of `svg`, or `nil` when it is not well-formed XML.
    static func parse(_ svg: String) -> SVGOutline? {
        let outline = SVGOutline()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = outline
        return parser.parse() ? outline : nil
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        elements.append((elementName, attributes))
        inTitle = elementName == "title"
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        inTitle = false
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if inTitle { title += string }
    }
}
