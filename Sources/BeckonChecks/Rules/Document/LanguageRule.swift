import BeckonDiagnostics

/// `doc.lang`: `<html>` carries `lang` and `dir` matching the page's locale (a page Beckon did not
/// build, checked by `beckon lint`, must at least carry `lang`).
///
/// Screen readers pick their voice from `lang`, and browsers lay out right-to-left text from
/// `dir`. Layouts should write `<html lang="{{page.lang}}" dir="{{page.dir}}">`.
struct LanguageRule: PageRule {
    let id: RuleID = "doc.lang"

    func check(_ page: CheckedPage, context: CheckContext) -> [Finding] {
        let root = page.document.root
        let fix = "Write `<html lang=\"{{page.lang}}\" dir=\"{{page.dir}}\">` in the layout."
        guard let locale = page.artifact.locale else {
            if let lang = root[attribute: "lang"], !lang.isEmpty { return [] }
            return [Finding("`<html>` has no `lang`", line: root.line, fix: "Add `lang` (and `dir`) to `<html>`.")]
        }
        var findings: [Finding] = []
        if root[attribute: "lang"] != locale.rawValue {
            findings.append(
                Finding(
                    "`<html lang>` is `\(root[attribute: "lang"] ?? "missing")`, not `\(locale)`", line: root.line,
                    fix: fix))
        }
        if root[attribute: "dir"] != locale.direction {
            findings.append(
                Finding(
                    "`<html dir>` is `\(root[attribute: "dir"] ?? "missing")`, not `\(locale.direction)`",
                    line: root.line,
                    fix: fix))
        }
        return findings
    }
}
