import BeckonChecks
import Testing

/// Each standard site rule names the role the runtime's casts would give it: link rules run per
/// link, page rules per page, email rules per email, and every other rule once over the site.
@Test func everySiteRuleNamesItsKind() {
    let rules = Checker.standard().siteRules
    var roles: [String: Int] = [:]
    for rule in rules {
        switch rule.role {
        case .link(let link):
            #expect(rule is any LinkRule && link.id == rule.id, "\(rule.id)")
            roles["link", default: 0] += 1
        case .page(let page):
            #expect(rule is any PageSiteRule && page.id == rule.id, "\(rule.id)")
            roles["page", default: 0] += 1
        case .email(let email):
            #expect(rule is any EmailRule && email.id == rule.id, "\(rule.id)")
            roles["email", default: 0] += 1
        case .wholeSite:
            #expect(!(rule is any LinkRule) && !(rule is any PageSiteRule) && !(rule is any EmailRule), "\(rule.id)")
            roles["site", default: 0] += 1
        }
    }
    // Every kind is among the standard rules.
    #expect(roles.count == 4, "\(roles)")
    #expect(Set(Checker.standard().wholeSiteRules.map(\.id)).count == roles["site"])
}
