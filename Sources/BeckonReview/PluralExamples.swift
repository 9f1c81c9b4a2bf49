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

    init(_ cases: [Message.PluralCase], offset: Int, rules: PluralRules, limit: Int = 4) {
        var own = [[Int]](repeating: [], count: cases.count)
        var borrowed = [[Int]](repeating: [], count: cases.count)
        for number in Self.range {
            guard let index = Self.branch(for: number, cases, offset: offset, rules: rules) else { continue }
            let isOwn: Bool
            switch cases[index].selector {
            case .exact: isOwn = true
            case .keyword(let keyword):
                isOwn = rules.category(for: Double(number - offset)).rawValue == keyword
            }
            if isOwn {
                if own[index].count < limit { own[index].append(number) }
            } else if borrowed[index].count < limit {
                borrowed[index].append(number)
            }
            if Self.complete(own, cases, after: number, limit: limit, rules: rules) { break }
        }
        numbers = zip(own, borrowed).map { Array(($0 + $1).prefix(limit)) }
    }

    /// Whether no later number can add an example of a branch's own: exact cases are past, and
    /// each keyword the locale uses has `limit` numbers.
    private static func complete(
        _ own: [[Int]], _ cases: [Message.PluralCase], after number: Int, limit: Int, rules: PluralRules
    ) -> Bool {
        zip(own, cases).allSatisfy { numbers, branch in
            switch branch.selector {
            case .exact(let exact): exact <= number
            case .keyword(let keyword):
                numbers.count == limit || !rules.categories.contains { $0.rawValue == keyword }
            }
        }
    }

    /// The position of the branch ICU chooses for `number`, or `nil` when none is chosen (no
    /// exact case matches, and neither the number's category nor `other` has a branch).
    static func branch(
        for number: Int, _ cases: [Message.PluralCase], offset: Int, rules: PluralRules
    ) -> Int? {
        if let exact = cases.firstIndex(where: { $0.selector == .exact(number) }) { return exact }
        let category = rules.category(for: Double(number - offset)).rawValue
        return cases.firstIndex { $0.selector == .keyword(category) }
            ?? cases.firstIndex { $0.selector == .keyword("other") }
    }
}
