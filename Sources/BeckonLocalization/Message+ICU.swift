extension Message {
    /// The message written back in ICU MessageFormat syntax, quoting literal braces (and `#` inside
    /// plurals) so that it parses to the same message.
    public var icuText: String {
        write(inPlural: false)
    }

    private func write(inPlural: Bool) -> String {
        // Adjacent literals are quoted as one run: a quoted `}` followed by a quoted `{` must not
        // read as `'}''{'`, where `''` is an apostrophe inside the quotation.
        mergingLiterals().parts.map { part in
            switch part {
            case .literal(let text): Self.quote(text, inPlural: inPlural)
            case .argument(let name): "{\(name)}"
            case .number(let name, let style): "{\(name), number\(style.map { ", \($0)" } ?? "")}"
            case .date(let name, let style): "{\(name), date\(style.map { ", \($0)" } ?? "")}"
            case .time(let name, let style): "{\(name), time\(style.map { ", \($0)" } ?? "")}"
            case .plural(let name, let ordinal, let offset, let cases):
                "{\(name), \(ordinal ? "selectordinal" : "plural"), "
                    + (offset > 0 ? "offset:\(offset) " : "")
                    + cases.map { branch in
                        let selector =
                            switch branch.selector {
                            case .exact(let value): "=\(value)"
                            case .keyword(let keyword): keyword
                            }
                        return "\(selector) {\(branch.message.write(inPlural: true))}"
                    }.joined(separator: " ") + "}"
            case .select(let name, let cases):
                "{\(name), select, "
                    + cases.map { "\($0.keyword) {\($0.message.write(inPlural: inPlural))}" }.joined(separator: " ")
                    + "}"
            case .pound: "#"
            }
        }.joined()
    }

    /// ICU quoting: apostrophes doubled (which reads as one apostrophe inside a quotation and
    /// outside one), each run of syntax characters wrapped in one pair of apostrophes.
    static func quote(_ text: String, inPlural: Bool) -> String {
        var out = ""
        var quoting = false
        for character in text {
            if character == "'" {
                out += "''"
                continue
            }
            let syntax = character == "{" || character == "}" || (inPlural && character == "#")
            if syntax != quoting { out += "'" }
            quoting = syntax
            out.append(character)
        }
        if quoting { out += "'" }
        return out
    }

    /// The same message with every literal run transformed (arguments and choices kept).
    public func mapLiterals(_ transform: (String) -> String) -> Message {
        Message(
            parts: parts.map { part in
                switch part {
                case .literal(let text): .literal(transform(text))
                case .plural(let name, let ordinal, let offset, let cases):
                    .plural(
                        name, ordinal: ordinal, offset: offset,
                        cases: cases.map { .init(selector: $0.selector, message: $0.message.mapLiterals(transform)) })
                case .select(let name, let cases):
                    .select(
                        name,
                        cases: cases.map { .init(keyword: $0.keyword, message: $0.message.mapLiterals(transform)) })
                default: part
                }
            })
    }
}

extension Message {
    /// The same message with adjacent literal runs joined, as the parser produces it.
    public func mergingLiterals() -> Message {
        var merged: [Part] = []
        for part in parts {
            if case .literal(let text) = part, case .literal(let previous)? = merged.last {
                merged[merged.count - 1] = .literal(previous + text)
            } else {
                merged.append(part)
            }
        }
        return Message(parts: merged)
    }
}
