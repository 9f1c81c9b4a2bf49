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
        // The cases read once rather than for every number: the branch each category takes (the
        // first with its keyword, else the first `other`), each case's category, the last exact
        // number, and how many cases with a keyword the locale uses still lack their examples.
        let used = Set(rules.categories)
        var keywordBranch = [Int?](repeating: nil, count: PluralCategory.allCases.count)
        var caseCategory = [PluralCategory?](repeating: nil, count: cases.count)
        var exacts: [(number: Int, index: Int)] = []
        var pending = 0
        for (index, branch) in cases.enumerated() {
            switch branch.selector {
            case .exact(let number):
                if !exacts.contains(where: { $0.number == number }) { exacts.append((number, index)) }
            case .keyword(let keyword):
                if used.contains(where: { $0.rawValue == keyword }) { pending += 1 }
                guard let category = PluralCategory(rawValue: keyword) else { continue }
                caseCategory[index] = category
                if keywordBranch[Self.slot(category)] == nil { keywordBranch[Self.slot(category)] = index }
            }
        }
        let other = cases.firstIndex { $0.selector == .keyword("other") }
        let lastExact = exacts.map(\.number).max() ?? Int.min
        for number in Self.range {
            // Each number's category is asked once, for the branch and for whether it is its own
            // (of ICU only below zero, where an offset takes the first numbers).
            let shifted = number - offset
            let category = shifted >= 0 ? categories[shifted] : rules.category(for: Double(shifted))
            guard
                let index = exacts.first(where: { $0.number == number })?.index
                    ?? keywordBranch[Self.slot(category)] ?? other
            else { continue }
            if caseCategory[index] == category || caseCategory[index] == nil && Self.isExact(cases[index]) {
                if own[index].count < limit {
                    own[index].append(number)
                    if own[index].count == limit, caseCategory[index].map(used.contains) == true { pending -= 1 }
                }
            } else if borrowed[index].count < limit {
                borrowed[index].append(number)
            }
            // No later number adds an example of a branch's own: exact cases are past, and each
            // keyword the locale uses has `limit` numbers.
            if number >= lastExact, pending == 0 { break }
        }
        numbers = zip(own, borrowed).map { Array(($0 + $1).prefix(limit)) }
    }

    /// The position of a category in `PluralCategory.allCases`.
    private static func slot(_ category: PluralCategory) -> Int {
        switch category {
        case .zero: 0
        case .one: 1
        case .two: 2
        case .few: 3
        case .many: 4
        case .other: 5
        }
    }

    private static func isExact(_ branch: Message.PluralCase) -> Bool {
        if case .exact = branch.selector { return true }
        return false
    }

    /// The category `rules` gives each number of `range`: a plural with a `one` branch looks at
    /// every number of it (most locales' `one` has a single whole number), so each locale's are
    /// asked of ICU once.
    static func categories(_ rules: PluralRules) -> [PluralCategory] {
        range.map { rules.category(for: Double($0)) }
    }
}
