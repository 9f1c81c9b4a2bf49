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
                let numbers = examples(PluralRules(locale: locale.rawValue, ordinal: ordinal))
                out += chip("{\(name), \(ordinal ? "selectordinal" : "plural")}") + "<ul class=\"branches\">"
                for branch in cases {
                    let label: String
                    switch branch.selector {
                    case .exact(let number): label = chip("=\(number)") + examples([number])
                    case .keyword(let keyword):
                        label =
                            chip(keyword) + examples(PluralCategory(rawValue: keyword).flatMap { numbers[$0] } ?? [])
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

    /// The first four numbers from 0 to 1,000 of each category the rules use, found in one pass.
    static func examples(_ rules: PluralRules) -> [PluralCategory: [Int]] {
        var found: [PluralCategory: [Int]] = [:]
        for number in 0...1_000 {
            let category = rules.category(for: Double(number))
            if found[category, default: []].count < 4 { found[category, default: []].append(number) }
            if found.count == rules.categories.count, found.values.allSatisfy({ $0.count == 4 }) { break }
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
