/// The URLs of a `srcset` attribute, read as the HTML Standard's "parse a srcset attribute" does:
/// a candidate's URL runs up to whitespace (commas inside it belong to it, trailing commas end the
/// candidate), and its descriptors run up to a comma outside parentheses.
enum Srcset {
    static func urls(_ value: String) -> [String] {
        let characters = Array(value.unicodeScalars)
        var urls: [String] = []
        var index = 0
        func isSpace(_ scalar: Unicode.Scalar) -> Bool { [" ", "\t", "\n", "\r", "\u{0C}"].contains(scalar) }
        while index < characters.count {
            // Skip whitespace and commas before a candidate.
            while index < characters.count, isSpace(characters[index]) || characters[index] == "," { index += 1 }
            guard index < characters.count else { break }
            let start = index
            while index < characters.count, !isSpace(characters[index]) { index += 1 }
            var url = String(String.UnicodeScalarView(characters[start..<index]))
            if url.hasSuffix(",") {
                while url.hasSuffix(",") { url.removeLast() }
                urls.append(url)
                continue
            }
            urls.append(url)
            // Descriptors, up to a comma outside parentheses.
            var depth = 0
            while index < characters.count {
                let scalar = characters[index]
                if scalar == "(" { depth += 1 }
                if scalar == ")" { depth = max(0, depth - 1) }
                if scalar == ",", depth == 0 { break }
                index += 1
            }
        }
        return urls
    }
}
