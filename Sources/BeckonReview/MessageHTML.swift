import BeckonLocalization
import BeckonRender
import BeckonSite
import BeckonText
import Synchronization

/// A locale string as a reviewer reads it: its text with every argument shown as a chip (never
/// dropped), and every `plural`, `selectordinal` and `select` branch listed, each plural branch
/// with the numbers that choose it in the locale as ICU chooses (`PluralExamples`: Arabic `few`:
/// 3, 4, 5…; with `offset:2`, English `one`: 3), and each branch rendered with the first of them
/// (or its keyword) by `variant`.
enum MessageHTML {
    /// The plural rules a message's branches were written for: those of the locale that supplied it.
    struct Rules {
        let locale: LocaleID
        let cardinal: PluralRules
        let ordinal: PluralRules

        /// The category of each number `PluralExamples` tries, by the rules above, worked out
        /// when a plural (or an ordinal) first needs them.
        private let cardinalCategories: Categories
        private let ordinalCategories: Categories

        init(_ locale: LocaleID) {
            self.locale = locale
            cardinal = PluralRules(locale: locale.rawValue)
            ordinal = PluralRules(locale: locale.rawValue, ordinal: true)
            cardinalCategories = Categories(cardinal)
            ordinalCategories = Categories(ordinal)
        }

        /// Categories worked out once, on first use, on whichever thread asks.
        private final class Categories: Sendable {
            private let rules: PluralRules
            private let table = Mutex<[PluralCategory]?>(nil)

            init(_ rules: PluralRules) {
                self.rules = rules
            }

            var all: [PluralCategory] {
                table.withLock { table in
                    if let table { return table }
                    let made = PluralExamples.categories(rules)
                    table = made
                    return made
                }
            }
        }

        /// The rules of `locale`, loaded from ICU once per process: every column of the review
        /// asks for those of each locale that may supply one of its strings.
        static func of(_ locale: LocaleID) -> Rules {
            if let known = loaded.withLock({ $0[locale] }) { return known }
            let rules = Rules(locale)
            return loaded.withLock { $0[locale, default: rules] }
        }

        private static let loaded = Mutex<[LocaleID: Rules]>([:])

        /// The numbers that choose each branch of a plural (or, `ordinal`, a `selectordinal`).
        func examples(_ cases: [Message.PluralCase], offset: Int, ordinal isOrdinal: Bool) -> PluralExamples {
            PluralExamples(
                cases, offset: offset, rules: isOrdinal ? ordinal : cardinal,
                categories: (isOrdinal ? ordinalCategories : cardinalCategories).all)
        }
    }

    /// - Parameter variant: The HTML shown under a branch for the choices that take it (the
    ///   choices of the branches around it, then its own); empty for none.
    static func html(_ message: Message, rules: Rules, variant: ([BranchChoice]) -> String = { _ in "" }) -> String {
        html(message.parts, rules: rules, path: [], variant: variant)
    }

    private static func html(
        _ parts: [Message.Part], rules: Rules, path: [BranchChoice], variant: ([BranchChoice]) -> String
    ) -> String {
        var out = ""
        for part in parts {
            switch part {
            case .literal(let text): out += HTMLEscaping.text(text)
            case .argument(let name), .number(let name, _), .date(let name, _), .time(let name, _):
                out += chip("{\(name)}")
            case .pound: out += chip("#")
            case .plural(let name, let ordinal, let offset, let cases):
                let examples = rules.examples(cases, offset: offset, ordinal: ordinal)
                let kind = ordinal ? "selectordinal" : "plural"
                out += chip("{\(name), \(kind)\(offset == 0 ? "" : ", offset:\(offset)")}") + "<ul class=\"branches\">"
                for (branch, numbers) in zip(cases, examples.numbers) {
                    let label: String
                    switch branch.selector {
                    case .exact(let number): label = chip("=\(number)")
                    case .keyword(let keyword): label = chip(keyword)
                    }
                    out += "<li>\(label) \(Self.examples(numbers, locale: rules.locale)) "
                    let choices = numbers.first.map { path + [BranchChoice(argument: name, value: .number($0))] }
                    // A branch no number chooses is shown without renderings, its nested branches too.
                    if let choices {
                        out +=
                            html(branch.message.parts, rules: rules, path: choices, variant: variant) + variant(choices)
                    } else {
                        out += html(branch.message.parts, rules: rules, path: path, variant: { _ in "" })
                    }
                    out += "</li>"
                }
                out += "</ul>"
            case .select(let name, let cases):
                out += chip("{\(name), select}") + "<ul class=\"branches\">"
                let keywords = cases.map(\.keyword)
                for branch in cases {
                    // A second branch with the same keyword is never taken.
                    let taken = cases.first { $0.keyword == branch.keyword } == branch
                    let choices =
                        path + [BranchChoice(argument: name, value: .keyword(branch.keyword, among: keywords))]
                    out += "<li>\(chip(branch.keyword)) "
                    if taken {
                        out +=
                            html(branch.message.parts, rules: rules, path: choices, variant: variant) + variant(choices)
                    } else {
                        out += html(branch.message.parts, rules: rules, path: path, variant: { _ in "" })
                    }
                    out += "</li>"
                }
                out += "</ul>"
            }
        }
        return out
    }

    /// The numbers that choose a branch, `(3, 4, 5…)`, or that none does.
    private static func examples(_ numbers: [Int], locale: LocaleID) -> String {
        guard !numbers.isEmpty else {
            return "<span class=\"examples\" lang=\"en\" dir=\"ltr\">(no number chooses it in \(locale))</span>"
        }
        let list = numbers.prefix(3).map(String.init).joined(separator: ", ") + (numbers.count > 3 ? "…" : "")
        return "<span class=\"examples\" lang=\"en\" dir=\"ltr\">(\(list))</span>"
    }

    private static func chip(_ text: String) -> String {
        "<code class=\"chip\" dir=\"ltr\">\(HTMLEscaping.text(text))</code>"
    }
}
