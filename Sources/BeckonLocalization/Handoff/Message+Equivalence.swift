extension Message {
    /// Whether two messages say the same thing: equal once the branches of every `plural` and
    /// `select` are put in one order. Branch order never changes which branch is chosen (exact
    /// `=N` branches win wherever they are written), and formats that store plural forms by
    /// category, such as String Catalogs, do not keep it.
    func isEquivalent(to other: Message) -> Bool {
        canonicalized() == other.canonicalized()
    }

    private static let categoryOrder = ["zero", "one", "two", "few", "many", "other"]

    private func canonicalized() -> Message {
        Message(
            parts: parts.map { part in
                switch part {
                case .plural(let name, let ordinal, let offset, let cases):
                    let sorted = cases.map {
                        Message.PluralCase(selector: $0.selector, message: $0.message.canonicalized())
                    }
                    .sorted { Self.rank($0.selector) < Self.rank($1.selector) }
                    return .plural(name, ordinal: ordinal, offset: offset, cases: sorted)
                case .select(let name, let cases):
                    let sorted = cases.map {
                        Message.SelectCase(keyword: $0.keyword, message: $0.message.canonicalized())
                    }
                    .sorted { $0.keyword < $1.keyword }
                    return .select(name, cases: sorted)
                default:
                    return part
                }
            })
    }

    /// Exact branches first by value, then keywords in CLDR order (unknown ones last, by name).
    private static func rank(_ selector: PluralCase.Selector) -> (Int, Int, String) {
        switch selector {
        case .exact(let value): (0, value, "")
        case .keyword(let keyword): (1, categoryOrder.firstIndex(of: keyword) ?? categoryOrder.count, keyword)
        }
    }
}
