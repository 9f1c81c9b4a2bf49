import BeckonDiagnostics
import Foundation

/// `email.accept-link`: an email's button opens the invite — the signed invite link, verified
/// with the link key, or `tokens.acceptURL` with a JWT that verifies with the token key (seed 003
/// #17, #25) — read from the `href` in the written HTML.
///
/// A button to the wrong place, or with a token that fails verification, is an invitation nobody
/// can accept. Check `email.accept`, `tokens` and the keys in the environment.
struct EmailAcceptLinkRule: PageRule {
    let id: RuleID = "email.accept-link"

    func check(_ page: CheckedPage, context: CheckContext) -> [Finding] {
        guard page.artifact.kind == .emailHTML, let expectation = context.emailAccept else { return [] }
        let buttons = page.document.elements(named: "a").filter(\.isEmailButton)
        // Notices to the inviter have no button; an invitation's button is its accept link.
        guard let button = buttons.first, let href = button[attribute: "href"] else { return [] }
        switch expectation {
        case .inviteLink:
            guard let policy = context.linkPolicy, host(of: href) == policy.host else {
                return [
                    Finding(
                        "the button opens `\(href)`, not an invite link", line: button.line,
                        fix: "Link the button to `invite.url`.")
                ]
            }
            let moment = page.artifact.sample.flatMap { context.sampleTimes[$0] } ?? Date(timeIntervalSince1970: 0)
            if let reason = context.verifyInviteLink?(href, moment) {
                return [
                    Finding(
                        "the button's invite link does not verify: \(reason)", line: button.line,
                        fix: "Sign it with the site's link key.")
                ]
            }
            return []
        case .token(let prefix, let suffix, let verdicts):
            guard href.hasPrefix(prefix), href.hasSuffix(suffix), href.count > prefix.count + suffix.count else {
                return [
                    Finding(
                        "the button opens `\(href)`, not `\(prefix){token}\(suffix)`", line: button.line,
                        fix: "Link the button to `invite.url` and set `email.accept: token`.")
                ]
            }
            let token = String(href.dropFirst(prefix.count).dropLast(suffix.count))
            guard let verdicts else { return [] }
            guard let verdict = verdicts[token] else {
                return [
                    Finding(
                        "the button's token is not one this build issued and verified", line: button.line,
                        fix: "Do not alter the token in templates.")
                ]
            }
            guard verdict.isEmpty else {
                return [
                    Finding(
                        "the button's token does not verify: \(verdict)", line: button.line,
                        fix: "Check the token key and `tokens`.")
                ]
            }
            return []
        }
    }
}
