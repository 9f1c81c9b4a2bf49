import BeckonLocalization
import BeckonRender
import BeckonSite
import BeckonText

/// A locale string as a reviewer reads it: its text with every argument shown as a chip (never
/// dropped), and every `plural`, `selectordinal` and `select` branch listed, each plural branch
/// with the numbers that choose it in the locale (Arabic `few`: 3, 4, 5…).
enum MessageHTML {
    static func html(_ message: Message, locale: LocaleID) -> String {
        html(message.parts, locale: locale)
    }

    private static func html(_ parts: [Message.Part], locale: LocaleID) -> String {
        var out = ""
        for part in parts {
            switch part {
            case .literal(let text): out += HTMLEscaping.text(text)
            case .argument(let name), .number(let name, _), .date(let name, _), .time(let name, _):
                out += chip("{\(name)}")
            case .pound: out += chip("#")
            case .plural(let name, let ordinal, _, let cases):
                let rules = PluralRules(locale: locale.rawValue, ordinal: ordinal)
                out += chip("{\(name), \(ordinal ? "selectordinal" : "plural")}") + "<ul class=\"branches\">"
                for branch in cases {
                    let label: String
                    switch branch.selector {
                    case .exact(let number): label = chip("=\(number)") + examples([number])
                    case .keyword(let keyword): label = chip(keyword) + examples(numbers(for: keyword, rules))
                    }
                    out += "<li>\(label) \(html(branch.message.parts, locale: locale))</li>"
                }
                out += "</ul>"
            case .select(let name, let cases):
                out += chip("{\(name), select}") + "<ul class=\"branches\">"
                for branch in cases {
                    out += "<li>\(chip(branch.keyword)) \(html(branch.message.parts, locale: locale))</li>"
                }
                out += "</ul>"
            }
        }
        return out
    }

    /// The first numbers from 0 to 1,000 in a plural category, as CLDR's examples list them.
    static func numbers(for keyword: String, _ rules: PluralRules) -> [Int] {
        guard let category = PluralCategory(rawValue: keyword) else { return [] }
        var found: [Int] = []
        for number in 0...1_000 where rules.category(for: Double(number)) == category {
            found.append(number)
            if found.count == 4 { break }
        }
        return found
    }

    private static func examples(_ numbers: [Int]) -> String {
        guard !numbers.isEmpty else { return "" }
        let list = numbers.prefix(3).map(String.init).joined(separator: ", ") + (numbers.count > 3 ? "…" : "")
        return " <span class=\"examples\" lang=\"en\" dir=\"ltr\">(\(list))</span>"
    }

    private static func chip(_ text: String) -> String {
        "<code class=\"chip\" dir=\"ltr\">\(HTMLEscaping.text(text))</code>"
    }
}
