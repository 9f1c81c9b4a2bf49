import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// What `XMLParser` saw in a page read as XHTML: the elements in document order with their
/// attributes and the text directly inside them.
final class XHTMLOutline: NSObject, XMLParserDelegate {
    /// An element: its name, attributes and text (its children's text left out).
    struct Element {
        let name: String
        let attributes: [String: String]
        var text = ""
    }

    private(set) var elements: [Element] = []
    private var open: [Int] = []

    /// The outline of `page`, or `nil` when it is not well-formed XML.
    static func parse(_ page: String) -> XHTMLOutline? {
        let outline = XHTMLOutline()
        let parser = XMLParser(data: Data(page.utf8))
        parser.delegate = outline
        return parser.parse() ? outline : nil
    }

    /// The elements named `name`, in document order.
    func all(_ name: String) -> [Element] {
        elements.filter { $0.name == name }
    }

    /// The element whose `id` is `id`.
    func element(id: String) -> Element? {
        elements.first { $0.attributes["id"] == id }
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        open.append(elements.count)
        elements.append(Element(name: elementName, attributes: attributes))
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        open.removeLast()
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if let index = open.last { elements[index].text += string }
    }
}
