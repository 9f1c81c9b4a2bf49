import BeckonLocalization
import BeckonText

/// The numbers that choose each branch of one `plural` or `selectordinal`, found the way ICU (and
/// `MessageFormatter`) chooses a branch: an exact case `=N` matches the number itself; otherwise
/// the locale's rules give a category for the number minus the offset, and the first branch with
/// that keyword is taken, else `other`. So with `offset:2` English `one` is chosen by 3, not 1,
/// and Arabic `zero` by 2 unless an `=2` case catches it first.
struct PluralExamples: Sendable {
    /// The numbers tried, in order.
    static let range = 0...1_000

    /// Up to `limit` numbers for each branch, by the branch's position among the cases. A branch
    /// no number of `range` chooses (a keyword the locale does not use, or whose numbers exact
    /// cases all catch, a second `=1`) has none. A keyword branch lists first the numbers whose
    /// category is its own keyword: `other` also takes the categories no branch is written for,
    /// but its first example is an `other` of the locale where there is one.
    let numbers: [[Int]]

    /// - Parameter categories: The category of each number of `range` (`categories(_:)`), read
    ///   instead of asking ICU again for every plural of the locale.
    init(
        _ cases: [Message.PluralCase], offset: Int, rules: PluralRules, categories: [PluralCategory], limit: Int = 4
    ) {
        var own = [[Int]](repeating: [], count: cases.count)
        var borrowed = [[Int]](repeating: [], count: cases.count)
        // The keywords the locale uses, asked once rather than for every number.
        let used = Set(rules.categories.map(\.rawValue))
        for number in Self.range {
            // Each number's category is asked once, for the branch and for whether it is its own
            // (of ICU only below zero, where an offset takes the first numbers).
            let shifted = number - offset
            let category =
                (shifted >= 0 ? categories[shifted] : rules.category(for: Double(shifted))).rawValue
            guard let index = Self.branch(for: number, cases, category: category) else { continue }
            let isOwn: Bool
            switch cases[index].selector {
            case .exact: isOwn = true
            case .keyword(let keyword): isOwn = category == keyword
            }
            if isOwn {
                if own[index].count < limit { own[index].append(number) }
            } else if borrowed[index].count < limit {
                borrowed[index].append(number)
            }
            if Self.complete(own, cases, after: number, limit: limit, used: used) { break }
        }
        numbers = zip(own, borrowed).map { Array(($0 + $1).prefix(limit)) }
    }

    /// The category `rules` gives each number of `range`: a plural with a `one` branch looks at
    /// every number of it (most locales' `one` has a single whole number), so each locale's are
    /// asked of ICU once.
    static func categories(_ rules: PluralRules) -> [PluralCategory] {
        range.map { rules.category(for: Double($0)) }
    }

    /// Whether no later number can add an example of a branch's own: exact cases are past, and
    /// each keyword the locale uses (`used`) has `limit` numbers.
    private static func complete(
        _ own: [[Int]], _ cases: [Message.PluralCase], after number: Int, limit: Int, used: Set<String>
    ) -> Bool {
        zip(own, cases).allSatisfy { numbers, branch in
            switch branch.selector {
            case .exact(let exact): exact <= number
            case .keyword(let keyword): numbers.count == limit || !used.contains(keyword)
            }
        }
    }

    /// The position of the branch ICU chooses for `number`, whose category (of the number minus
    /// the offset) is `category`, or `nil` when none is chosen (no exact case matches, and neither
    /// the category nor `other` has a branch).
    private static func branch(for number: Int, _ cases: [Message.PluralCase], category: String) -> Int? {
        if let exact = cases.firstIndex(where: { $0.selector == .exact(number) }) { return exact }
        return cases.firstIndex { $0.selector == .keyword(category) }
            ?? cases.firstIndex { $0.selector == .keyword("other") }
    }
}
