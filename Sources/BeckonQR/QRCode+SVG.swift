import BeckonDiagnostics

extension QRCode {
    /// The symbol as one inline `<svg>` element: a white square including the quiet zone, and one
    /// black path of the dark modules merged into horizontal runs. Colours are explicit, so the
    /// code scans on a dark page too; the same symbol and arguments always give the same bytes.
    ///
    /// - Parameters:
    ///   - moduleSize: The width and height of one module in pixels (at least 1).
    ///   - quietZone: The light margin around the symbol in modules (at least 0; scanners expect 4).
    ///   - title: The accessible name, escaped for HTML and XML; characters XML does not allow are
    ///     left out.
    public func svg(moduleSize: Int = 4, quietZone: Int = 4, title: String) -> String {
        precondition(moduleSize >= 1, "a module is at least one pixel")
        precondition(quietZone >= 0, "the quiet zone cannot be negative")
        let side = size + 2 * quietZone
        let pixels = side * moduleSize
        return """
            <svg xmlns="http://www.w3.org/2000/svg" role="img" viewBox="0 0 \(side) \(side)" \
            width="\(pixels)" height="\(pixels)" shape-rendering="crispEdges">\
            <title>\(title.xmlEscaped)</title>\
            <rect width="\(side)" height="\(side)" fill="#fff"/>\
            <path fill="#000" d="\(pathData(offset: quietZone))"/>\
            </svg>
            """
    }

    /// The dark modules as one rectangle per horizontal run (`M x y h w v 1 h -w z`, without
    /// spaces), moved right and down by `offset` modules.
    private func pathData(offset: Int) -> String {
        var data = ""
        for y in 0..<size {
            var x = 0
            while x < size {
                guard isDark(x: x, y: y) else {
                    x += 1
                    continue
                }
                let start = x
                while x < size && isDark(x: x, y: y) { x += 1 }
                data += "M\(start + offset) \(y + offset)h\(x - start)v1h-\(x - start)z"
            }
        }
        return data
    }
}
