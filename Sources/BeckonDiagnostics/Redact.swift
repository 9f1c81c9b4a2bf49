/// Masks invite data in what diagnostics print: names, addresses, phone numbers and message bodies
/// are named by their field and shown masked (`j…@e….com`), never in full. Site URLs stay readable
/// so a broken link can still be found.
public enum Redact {
    /// `jane@example.com` → `j…@e….com`.
    public static func email(_ address: String) -> String {
        guard let at = address.lastIndex(of: "@") else { return mask(address) }
        let local = address[..<at]
        let domain = address[address.index(after: at)...]
        let top = domain.lastIndex(of: ".").map { String(domain[$0...]) } ?? ""
        return "\(local.prefix(1))…@\(domain.prefix(1))…\(top)"
    }

    /// `+491701234567` → `+49…67`.
    public static func phone(_ number: String) -> String {
        guard !number.isEmpty else { return "" }
        guard number.count > 5 else { return "…" }
        return "\(number.prefix(3))…\(number.suffix(2))"
    }

    /// Any other value: its first character and an ellipsis.
    public static func mask(_ value: String) -> String {
        value.isEmpty ? "" : "\(value.prefix(1))…"
    }

    /// Query parameters that carry a person's data in the links Beckon writes and checks.
    static let personalParameters: Set<String> = [
        "text", "body", "subject", "phone", "to", "cc", "bcc", "email", "name", "username", "message",
    ]

    /// Share links whose first path segment is the recipient: a WhatsApp number, an Instagram name.
    static let personalPaths = ["https://wa.me/", "https://www.instagram.com/", "https://instagram.com/"]

    /// A URL with the person in it masked: the recipient of `mailto:`, `tel:` and `sms:` links, the
    /// number or name in a WhatsApp or Instagram link's path, and message bodies, phone numbers
    /// and names in query parameters. Scheme, host and the rest of the path stay.
    public static func url(_ url: String) -> String {
        let lower = url.lowercased()
        for scheme in ["mailto:", "tel:", "sms:"] where lower.hasPrefix(scheme) {
            let rest = url.dropFirst(scheme.count)
            let target = rest.prefix { $0 != "?" }
            let masked = target.split(separator: ",", omittingEmptySubsequences: false).map { part in
                scheme == "mailto:" ? email(String(part)) : phone(String(part))
            }.joined(separator: ",")
            return scheme + masked + query(String(rest.dropFirst(target.count)))
        }
        var start = url.startIndex
        var masked = ""
        if let prefix = personalPaths.first(where: { lower.hasPrefix($0) }) {
            let segment = url.dropFirst(prefix.count).prefix { !"/?#".contains($0) }
            masked = String(url.prefix(prefix.count)) + (prefix == "https://wa.me/" ? phone : mask)(String(segment))
            start = segment.endIndex
        }
        guard let mark = url[start...].firstIndex(of: "?") else { return masked + url[start...] }
        return masked + String(url[start..<mark]) + query(String(url[mark...]))
    }

    /// `?text=Hi%20Jane&v=a` → `?text=…&v=a`.
    private static func query(_ query: String) -> String {
        guard query.hasPrefix("?") else { return query }
        let fragment = query.firstIndex(of: "#")
        let body = query.dropFirst().prefix { $0 != "#" }
        let pairs = body.split(separator: "&", omittingEmptySubsequences: false).map { pair -> String in
            let name = pair.prefix { $0 != "=" }
            guard personalParameters.contains(name.lowercased()), name.count < pair.count else { return String(pair) }
            return "\(name)=…"
        }
        return "?" + pairs.joined(separator: "&") + (fragment.map { String(query[$0...]) } ?? "")
    }
}

extension DiagnosticReport {
    /// The report with every occurrence of `values` (a real invite's names, address, titles) in
    /// messages, notes, fixes and details masked, as written, percent-encoded or HTML-escaped: the
    /// last guard that a diagnostic about a real invite never prints the person.
    public func redacting(_ values: [String]) -> DiagnosticReport {
        var forms: [(String, String)] = []
        for value in values where value.count >= 2 {
            let masked = value.contains("@") ? Redact.email(value) : Redact.mask(value)
            let encoded = value.addingPercentEncodingForRedaction()
            for form in Set([value, encoded, encoded.replacingOccurrences(of: "%20", with: "+")]) {
                forms.append((form, masked))
            }
        }
        forms.sort { $0.0.count > $1.0.count }
        func clean(_ text: String) -> String {
            forms.reduce(text) { $0.replacingOccurrences(of: $1.0, with: $1.1) }
        }
        var result = self
        result.transform { diagnostic in
            diagnostic.message = clean(diagnostic.message)
            diagnostic.notes = diagnostic.notes.map(clean)
            diagnostic.fix = diagnostic.fix.map(clean)
            diagnostic.detail = diagnostic.detail.map(clean)
            diagnostic.occurrences = diagnostic.occurrences.map { occurrence in
                var occurrence = occurrence
                occurrence.detail = occurrence.detail.map(clean)
                return occurrence
            }
        }
        return result
    }
}

extension String {
    /// Percent-encoded as a URL query value is: everything but unreserved characters.
    fileprivate func addingPercentEncodingForRedaction() -> String {
        var out = ""
        for byte in utf8 {
            let character = Character(Unicode.Scalar(byte))
            if byte < 0x80, character.isLetter || character.isNumber || "-._~".contains(character) {
                out.append(character)
            } else {
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded()
            }
        }
        return out
    }

    fileprivate func leftPadded() -> String { count == 1 ? "0" + self : self }
}
