import BeckonDiagnostics
import BeckonSite
import BeckonTestSupport
import Foundation
import Testing

/// What tells `beckon serve` to email a sender: `notify:` in an inviter's email template, and
/// `email.digest` for the hour of the daily digest.
@Suite struct SenderNoticeConfigTests {
    static func template(_ frontMatter: String) -> (EmailTemplate?, [Diagnostic]) {
        let text = "---\nkind: email\nsubject: joined.subject\npreheader: joined.preheader\n\(frontMatter)---\n# Hi\n"
        return EmailTemplateParser.parse(SourceText(path: "templates/email/joined-digest.md", text: text))
    }

    @Test func anInvitersTemplateNamesItsNotice() {
        for notice in EmailTemplate.Notice.allCases {
            let (template, diagnostics) = Self.template("recipient: inviter\nnotify: \(notice.rawValue)\n")
            #expect(diagnostics.isEmpty, "\(diagnostics)")
            #expect(template?.notify == notice)
        }
        #expect(Self.template("recipient: inviter\n").0?.notify == nil)
    }

    @Test(arguments: [
        ("recipient: invitee\nnotify: expired\n", "go to the inviter"),
        ("notify: joined-digest\n", "go to the inviter"),
        ("recipient: inviter\nnotify: accepted\n", "is not a notice"),
        ("recipient: inviter\nnotify: expired\ntransactional: false\n", "so they are transactional"),
    ])
    func aWrongNoticeIsLocated(_ frontMatter: String, _ words: String) {
        let (template, diagnostics) = Self.template(frontMatter)
        #expect(template == nil)
        let error = diagnostics.first { $0.severity == .error }
        #expect(error?.message.contains(words) == true, "\(diagnostics)")
        // At `notify:` (or `transactional:`), after the four lines every case starts with.
        let key = frontMatter.contains("transactional") ? "transactional" : "notify"
        let line = frontMatter.split(separator: "\n").firstIndex { $0.hasPrefix(key) }.map { $0 + 5 }
        #expect(error?.location?.line == line)
        #expect(error?.fix != nil)
    }

    func load(_ email: String) -> (SiteConfig?, [Diagnostic]) {
        let text = SiteConfigTests.valid + "email:\n  from: invites@mail.minimo.test\n" + email
        let (value, yamlDiagnostics) = YAMLParser.parse(text, path: "beckon.yml")
        guard let value else { return (nil, yamlDiagnostics) }
        let reader = YAMLReader(family: "config")
        return (SiteConfig(value, reader: reader), reader.diagnostics)
    }

    @Test func theDigestHourAndZoneAreReadOrDefault() throws {
        let (plain, none) = load("")
        #expect(none.isEmpty && plain?.email?.digest == .standard)
        let (config, diagnostics) = load("  digest: {hour: 7, timeZone: Europe/Berlin}\n")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let digest = try #require(config?.email?.digest)
        #expect(digest.hour == 7 && digest.timeZone.identifier == "Europe/Berlin")
    }

    @Test(arguments: ["  digest: {hour: 24}\n", "  digest: {timeZone: Mars/Olympus}\n", "  digest: {minute: 5}\n"])
    func aWrongDigestSettingIsLocated(_ email: String) {
        let (_, diagnostics) = load(email)
        let error = diagnostics.first { $0.severity == .error }
        #expect(error != nil)
        let line = SiteConfigTests.valid.split(separator: "\n", omittingEmptySubsequences: false).count + 2
        #expect(error?.location?.line == line, "\(diagnostics)")
    }

    /// Property: the day a digest covers ends at the hour, at most a day before the date, in the
    /// zone (Berlin crosses both daylight-saving changes of 2026).
    @Test func theLastDueDayEndsAtTheHourInTheZone() throws {
        let zone = try #require(TimeZone(identifier: "Europe/Berlin"))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        var generator = SystemRandomNumberGenerator()
        let start = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01 UTC
        for _ in 0..<2_000 {
            let hour = Int.random(in: 0...23, using: &generator)
            let date = start.addingTimeInterval(Double.random(in: 0..<(366 * 86_400), using: &generator))
            let due = DigestConfig(hour: hour, timeZone: zone).lastDue(at: date)
            #expect(due <= date && date.timeIntervalSince(due) < 25 * 3_600, "\(hour) \(date) \(due)")
            let parts = calendar.dateComponents([.hour, .minute, .second], from: due)
            // On the spring day, 02:00 does not exist in Berlin: the digest goes at 03:00.
            #expect(parts.minute == 0 && parts.second == 0 && (parts.hour == hour || (hour == 2 && parts.hour == 3)))
        }
        // Consecutive days meet: every hour is in one digest, on the days the clocks change too.
        for hour in [0, 2, 3, 18] {
            let config = DigestConfig(hour: hour, timeZone: zone)
            var until = config.lastDue(at: start)
            for _ in 0..<370 {
                let next = config.lastDue(at: until.addingTimeInterval(26 * 3_600))
                #expect(config.day(until: next).lowerBound == until, "\(hour) \(next)")
                let length = next.timeIntervalSince(until)
                #expect([23.0, 24, 25].contains(length / 3_600), "\(hour) \(next) \(length)")
                until = next
            }
        }
        let noon = DigestConfig(hour: 12, timeZone: try #require(TimeZone(identifier: "UTC")))
        let morning = Date(timeIntervalSince1970: 1_767_225_600 + 9 * 3_600)
        #expect(noon.lastDue(at: morning) == Date(timeIntervalSince1970: 1_767_225_600 - 12 * 3_600))
        #expect(noon.lastDue(at: morning.addingTimeInterval(3 * 3_600)) == morning.addingTimeInterval(3 * 3_600))
    }
}
