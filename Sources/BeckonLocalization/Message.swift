/// A parsed locale string in ICU MessageFormat: literal text (which may hold inline Markdown),
/// arguments, and `plural`, `selectordinal` and `select` choices, nested to any depth.
public struct Message: Sendable, Hashable {
    /// One piece of a message.
    public indirect enum Part: Sendable, Hashable {
        /// Text written by the translator; may hold inline Markdown.
        case literal(String)
        /// `{name}`.
        case argument(String)
        /// `{name, number}`, `{name, number, integer|percent|…}`.
        case number(String, style: String?)
        /// `{name, date, short|medium|long|full}`.
        case date(String, style: String?)
        /// `{name, time, short|medium|long|full}`.
        case time(String, style: String?)
        /// `{name, plural, …}` or `{name, selectordinal, …}`.
        case plural(String, ordinal: Bool, offset: Int, cases: [PluralCase])
        /// `{name, select, …}`.
        case select(String, cases: [SelectCase])
        /// `#` inside a plural: the number, minus the offset, formatted for the locale.
        case pound
    }

    /// A plural branch: `=0 {…}` or `one {…}`.
    public struct PluralCase: Sendable, Hashable {
        public enum Selector: Sendable, Hashable {
            case exact(Int)
            case keyword(String)
        }

        public var selector: Selector
        public var message: Message
    }

    /// A select branch: `female {…}`.
    public struct SelectCase: Sendable, Hashable {
        public var keyword: String
        public var message: Message
    }

    public var parts: [Part]

    public init(parts: [Part]) {
        self.parts = parts
    }

    /// The names of the arguments the message uses, in order of first use, at any depth.
    public var argumentNames: [String] {
        var seen = Set<String>()
        var names: [String] = []
        visit { part in
            let name: String? =
                switch part {
                case .argument(let name), .number(let name, _), .date(let name, _), .time(let name, _),
                    .plural(let name, _, _, _), .select(let name, _):
                    name
                case .literal, .pound: nil
                }
            if let name, seen.insert(name).inserted { names.append(name) }
        }
        return names
    }

    /// Every plural of the message (not `selectordinal`), at any depth, with its keywords.
    public var plurals: [(argument: String, keywords: Set<String>)] {
        choices(ordinal: false)
    }

    /// Every `selectordinal` of the message, at any depth, with its keywords.
    public var ordinals: [(argument: String, keywords: Set<String>)] {
        choices(ordinal: true)
    }

    private func choices(ordinal: Bool) -> [(argument: String, keywords: Set<String>)] {
        var found: [(String, Set<String>)] = []
        visit { part in
            if case .plural(let name, let isOrdinal, _, let cases) = part, isOrdinal == ordinal {
                found.append(
                    (
                        name,
                        Set(
                            cases.compactMap {
                                if case .keyword(let keyword) = $0.selector { return keyword }
                                return nil
                            })
                    ))
            }
        }
        return found
    }

    /// The translator's text with every choice's branches, for length and word checks.
    public var literalText: String {
        var text = ""
        visit { part in if case .literal(let literal) = part { text += literal } }
        return text
    }

    /// Whether the argument `name` is only ever shown as it is (`{name}`), never formatted as a
    /// number, date or time nor chosen on by a plural or select: its value then changes nothing
    /// but the text where it stands.
    public func showsOnlyAsText(_ name: String) -> Bool {
        var onlyText = true
        visit { part in
            switch part {
            case .number(name, _), .date(name, _), .time(name, _), .plural(name, _, _, _), .select(name, _):
                onlyText = false
            default: break
            }
        }
        return onlyText
    }

    func visit(_ body: (Part) -> Void) {
        for part in parts {
            body(part)
            switch part {
            case .plural(_, _, _, let cases): for branch in cases { branch.message.visit(body) }
            case .select(_, let cases): for branch in cases { branch.message.visit(body) }
            default: break
            }
        }
    }
}
