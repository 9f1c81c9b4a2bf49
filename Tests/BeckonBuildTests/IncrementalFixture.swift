import BeckonTestSupport
import Foundation

/// A small site with every kind of artifact — pages, an email, cards, share messages — and the edits
/// the incremental engine must follow: each one changes one file the way a person would.
enum IncrementalFixture {
    static let site =
        SiteFixture.replacing(
            "samples:",
            with: """
                email:
                  from: invites@minimo.test
                share:
                  channels: [sms, whatsapp]
                samples:
                """,
            in: SiteFixture.acceptingEnglishInGerman(SiteFixture.minimal))
            + """

            -- templates/email/invite.md --
            ---
            kind: email
            subject: email.subject
            preheader: email.preheader
            transactional: false
            ---
            # {{t.email.heading}}

            {{t.email.body}}

            {{button t.email.accept invite.url}}
            -- templates/og/card.yml --
            background:
              from: theme.light.button
              to: "#2a1b6a"
              angle: 135
            title:
              key: landing.title
              color: "#ffffff"
              size: 48
              maxLines: 2
            -- locales/en-US.yml --
            common:
              friend: A friend
            landing:
              title: "{inviter} invited you to {app}"
            expired:
              title: This invite has expired
            gone:
              title: This invite was cancelled
            android:
              title: "{app} for Android is coming"
            email:
              subject: "{inviter} invited you to {app}"
              preheader: Your invite to Minimo is waiting for you — accept it in two taps from this email.
              heading: You are invited
              body: "{inviter} saved you a spot on **{app}**."
              accept: Accept the invite
            share:
              generic: "Join me on {app}: {link}"
              achievement: "Join me on {app}: {link}"
              content: "Join me on {app}: {link}"
              collaborative: "Join me on {app}: {link}"
            """

    /// The files every edit may touch, with what it does to them.
    enum Edit: Int, CaseIterable, Sendable {
        case sourceString, translatedString, themeColor, templateLine, layoutLine, addLocale, removeLocale,
            addSample, removeSample, cardColor, emailLine, staticFile, revert

        func apply(to folder: URL, step: Int) throws {
            func edit(_ path: String, _ change: (String) -> String) throws {
                let url = folder.appendingPathComponent(path)
                let text = try String(contentsOf: url, encoding: .utf8)
                try Data(change(text).utf8).write(to: url)
            }
            switch self {
            case .sourceString:
                try edit("locales/en-US.yml") {
                    $0.replacingOccurrences(of: "This invite has expired", with: "This invite ran out (\(step))")
                }
            case .translatedString:
                try edit("locales/de-DE.yml") {
                    $0.replacingOccurrences(of: "abgelaufen", with: "abgelaufen \(step)")
                }
            case .themeColor:
                try edit("beckon.yml") {
                    $0.replacingOccurrences(
                        of: "button: \"#0645ad\"", with: "button: \"#\(String(format: "%02x", step % 64))45ad\"")
                }
            case .templateLine:
                try edit("templates/pages/landing.md") { $0 + "\nEdit \(step).\n" }
            case .layoutLine:
                try edit("templates/layouts/page.mustache") {
                    $0.replacingOccurrences(of: "<main>", with: "<main data-edit=\"\(step)\">")
                }
            case .addLocale:
                try edit("beckon.yml") {
                    $0.replacingOccurrences(of: "list: [en-US, de-DE]", with: "list: [en-US, de-DE, fr-FR]")
                        .replacingOccurrences(of: "{de-DE: [en-US]}", with: "{de-DE: [en-US], fr-FR: [en-US]}")
                }
                try Data("gone:\n  title: Cette invitation a été annulée\n".utf8).write(
                    to: folder.appendingPathComponent("locales/fr-FR.yml"))
            case .removeLocale:
                try edit("beckon.yml") {
                    $0.replacingOccurrences(of: "list: [en-US, de-DE, fr-FR]", with: "list: [en-US, de-DE]")
                        .replacingOccurrences(of: "{de-DE: [en-US], fr-FR: [en-US]}", with: "{de-DE: [en-US]}")
                }
                try? FileManager.default.removeItem(at: folder.appendingPathComponent("locales/fr-FR.yml"))
            case .addSample:
                try edit("beckon.yml") {
                    $0.contains("id: lea")
                        ? $0
                        : $0 + "  - id: lea\n    inviterFirstName: Lea \(step)\n    context: content\n"
                }
            case .removeSample:
                try edit("beckon.yml") { text in
                    guard let range = text.range(of: "  - id: lea\n") else { return text }
                    return String(text[..<range.lowerBound])
                }
            case .cardColor:
                try edit("templates/og/card.yml") {
                    $0.replacingOccurrences(of: "to: \"#2a1b6a\"", with: "to: \"#2a1b\(step % 10)a\"")
                }
            case .emailLine:
                try edit("templates/email/invite.md") { $0 + "\nThanks, step \(step).\n" }
            case .staticFile:
                // A file under static/ added, then changed: copied as it is, read by the checks.
                let url = folder.appendingPathComponent("static/notes/visit.txt")
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data("Visit us, step \(step).\n".utf8).write(to: url)
            case .revert:
                try SiteFixture.write(site, to: folder)
                try? FileManager.default.removeItem(at: folder.appendingPathComponent("locales/fr-FR.yml"))
                try? FileManager.default.removeItem(at: folder.appendingPathComponent("static/notes"))
            }
        }
    }
}
