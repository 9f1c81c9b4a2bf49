import BeckonHTML
import Synchronization

/// One rule of an email's `<style>` block, parsed just far enough to resolve which colours apply to
/// an element: descendant selectors of tag and class names, and declarations.
struct StyleBlock: Sendable {
    /// One simple selector sequence: an optional tag name and class names.
    struct Compound: Sendable {
        var tag: String?
        var classes: [String]

        func matches(_ node: HTMLNodeFacts) -> Bool {
            (tag == nil || tag == node.tag) && classes.allSatisfy(node.classes.contains)
        }
    }

    var selectors: [[Compound]]
    var declarations: [String: String]
    /// The position in the style sheet, for ties.
    var order: Int

    /// The dark rules of style sheets already read: every email of a locale has the same one, and
    /// `beckon serve` checks an email per invite. Emptied when it holds `memoLimit` sheets.
    private static let memo = Mutex<[String: [StyleBlock]]>([:])
    private static let memoLimit = 64

    /// The rules inside `@media (prefers-color-scheme:dark){…}` blocks.
    static func darkRules(in css: String) -> [StyleBlock] {
        if let known = memo.withLock({ $0[css] }) { return known }
        let rules = parseDarkRules(in: css)
        memo.withLock { memo in
            if memo.count >= memoLimit { memo.removeAll() }
            memo[css] = rules
        }
        return rules
    }

    private static func parseDarkRules(in css: String) -> [StyleBlock] {
        var rules: [StyleBlock] = []
        var search = css[...]
        while let media = search.range(of: "@media (prefers-color-scheme:dark){") {
            var depth = 1
            var index = media.upperBound
            while index < search.endIndex, depth > 0 {
                if search[index] == "{" { depth += 1 } else if search[index] == "}" { depth -= 1 }
                index = search.index(after: index)
            }
            let block = search[media.upperBound..<search.index(before: index)]
            for rule in block.split(separator: "}") {
                guard let open = rule.firstIndex(of: "{") else { continue }
                let selectors = rule[..<open].split(separator: ",").map(parse)
                rules.append(
                    StyleBlock(
                        selectors: selectors, declarations: declarations(String(rule[rule.index(after: open)...])),
                        order: rules.count))
            }
            search = search[index...]
        }
        return rules
    }

    /// The declarations that apply to the last element of `path`: for each property, the value of
    /// the most specific matching selector (the later rule on a tie).
    static func resolve(_ rules: [StyleBlock], for path: [HTMLNode]) -> [String: String] {
        let facts = path.map(HTMLNodeFacts.init)
        var best: [String: (specificity: Int, order: Int, value: String)] = [:]
        for rule in rules {
            for selector in rule.selectors where matches(selector, facts) {
                let specificity = selector.reduce(0) { $0 + $1.classes.count * 100 + ($1.tag == nil ? 0 : 1) }
                for (property, value) in rule.declarations {
                    if let current = best[property], (current.specificity, current.order) > (specificity, rule.order) {
                        continue
                    }
                    best[property] = (specificity, rule.order, value)
                }
            }
        }
        return best.mapValues(\.value)
    }

    private static func matches(_ selector: [Compound], _ path: [HTMLNodeFacts]) -> Bool {
        guard let last = selector.last, let element = path.last, last.matches(element) else { return false }
        var ancestors = path.dropLast()[...]
        for compound in selector.dropLast().reversed() {
            guard let found = ancestors.lastIndex(where: compound.matches) else { return false }
            ancestors = ancestors[..<found]
        }
        return true
    }

    private static func parse(_ selector: Substring) -> [Compound] {
        selector.split(whereSeparator: \.isWhitespace).map { part in
            let pieces = part.split(separator: ".", omittingEmptySubsequences: false)
            let tag = pieces.first.flatMap { $0.isEmpty ? nil : String($0).lowercased() }
            return Compound(tag: tag, classes: pieces.dropFirst().map(String.init))
        }
    }

    /// `name:value` pairs of a declaration list, `!important` dropped.
    static func declarations(_ css: String) -> [String: String] {
        var result: [String: String] = [:]
        for declaration in css.split(separator: ";") {
            guard let colon = declaration.firstIndex(of: ":") else { continue }
            let name = declaration[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            let value = declaration[declaration.index(after: colon)...].replacingOccurrences(of: "!important", with: "")
            result[name] = value.trimmingCharacters(in: .whitespaces)
        }
        return result
    }
}

/// What a selector can see of an element: its tag and classes.
struct HTMLNodeFacts {
    var tag: String
    var classes: Set<String>

    init(_ node: HTMLNode) {
        tag = node.name.lowercased()
        classes = Set((node[attribute: "class"] ?? "").split(separator: " ").map(String.init))
    }
}
