import BeckonFunnel
import Testing

@Suite struct FunnelReportTests {
    @Test func withTwoThousandInvitesEachTheTreatmentLeads() throws {
        let report = FunnelReport(Population.twoArms(invites: 2000))
        #expect(report.control == "control")
        let comparison = try #require(report.comparisons.first)
        #expect(report.comparisons.count == 1)
        #expect(comparison.arm == "context-rich")
        #expect(comparison.test.a == Proportion(successes: 400, trials: 2000))
        #expect(comparison.test.b == Proportion(successes: 520, trials: 2000))
        #expect(comparison.verdict == .leads("context-rich"))
        #expect(try #require(comparison.test.pValue) < 0.0001)
        #expect(
            report.summary.first?.hasPrefix(
                "“context-rich” leads “control”: acceptance 26.0 % against 20.0 % (+6.0 points, p < 0.0001)") == true)
        #expect(report.summary.first?.hasSuffix("the sample is large enough to tell.") == true)
    }

    @Test func withAHundredInvitesEachItIsTooEarly() throws {
        let report = FunnelReport(Population.twoArms(invites: 100))
        let comparison = try #require(report.comparisons.first)
        // p̄ = 0.23, d = 0.06: ⌈2 · 0.23 · 0.77 · (1.96 + 0.8416)² ÷ 0.06²⌉ = 773.
        #expect(comparison.verdict == .tooEarly(neededPerArm: 773))
        #expect(try #require(comparison.test.pValue) > 0.05)
        let sentence = try #require(report.summary.first)
        #expect(sentence.hasPrefix("Too early to tell “context-rich” from “control”"), "\(sentence)")
        #expect(sentence.contains("about 773 invites per arm"), "\(sentence)")
    }

    @Test func aControlThatDoesBetterLeadsToo() throws {
        let counts = FunnelCounts(
            dimension: "channel", from: nil, to: nil,
            groups: [
                Population.group("sms", invites: 2000, rates: Population.controlRates),
                Population.group("email", invites: 2000, rates: Population.contextRichRates),
            ])
        let report = FunnelReport(counts)
        // Without a group named `control`, the first by name is the control.
        #expect(report.control == "email")
        #expect(report.comparisons.map(\.arm) == ["sms"])
        #expect(report.comparisons.first?.verdict == .leads("email"))
        #expect(
            report.summary.first?.hasPrefix("“email” leads “sms”: acceptance 26.0 % against 20.0 % (+6.0 points")
                == true)
    }

    @Test func stepsGoOverStagesWithoutData() throws {
        let group = FunnelGroupReport(
            Population.group(
                "control", invites: 1000, rates: Population.controlRates, withoutData: [.storeClicked, .installed]))
        #expect(group.steps.map(\.from) == [.created, .sent, .opened, .onboardingCompleted])
        #expect(group.steps.map(\.to) == [.sent, .opened, .onboardingCompleted, .accepted])
        #expect(group.steps[2].skipped == [.storeClicked, .installed])
        #expect(group.steps[2].proportion == Proportion(successes: 280, trials: 700))
        #expect(group.steps.map(\.skipped.isEmpty) == [true, true, false, true])
        #expect(group.count(.storeClicked) == nil)
        let text = FunnelReport(
            FunnelCounts(
                dimension: nil, from: nil, to: nil,
                groups: [FunnelGroup(name: "all", counts: group.counts, senders: 250)])
        ).text()
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("  opened → onboarding completed ") })
        #expect(line.contains(" 40.0 % (36.4–43.7)  over store click, installed: no data"), "\(line)")
    }

    @Test func kFactorIsAcceptedPerSender() {
        let group = FunnelGroupReport(FunnelGroup(name: "all", counts: [.created: 10, .accepted: 6], senders: 4))
        #expect(group.kFactor == 1.5)
        #expect(group.acceptance == Proportion(successes: 6, trials: 10))
        #expect(FunnelGroupReport(FunnelGroup(name: "all", counts: [.accepted: 6], senders: 0)).kFactor == nil)
        #expect(FunnelGroupReport(FunnelGroup(name: "all", counts: [.created: 6], senders: 3)).kFactor == nil)
        #expect(FunnelGroupReport(FunnelGroup(name: "all", counts: [.accepted: 6], senders: 3)).acceptance == nil)
    }

    @Test func armsWithoutAcceptanceDataAreNamedNotCompared() {
        let counts = FunnelCounts(
            dimension: "locale", from: nil, to: nil,
            groups: [
                FunnelGroup(name: "de-DE", counts: [.created: 50, .accepted: 10], senders: 20),
                FunnelGroup(name: "en-US", counts: [.created: 80, .sent: 70], senders: 30),
                FunnelGroup(name: "fr-FR", counts: [.created: 40, .accepted: 10], senders: 10),
            ])
        let report = FunnelReport(counts)
        #expect(report.control == "de-DE")
        #expect(report.comparisons.map(\.arm) == ["fr-FR"])
        #expect(report.summary.count == 2)
        #expect(
            report.summary.last
                == "“en-US” cannot be compared with “de-DE”: created or accepted has no data in one of them.")
    }

    @Test func equalAcceptanceIsNoDifference() throws {
        let counts = FunnelCounts(
            dimension: "variant", from: nil, to: nil,
            groups: [
                FunnelGroup(name: "control", counts: [.created: 100, .accepted: 30], senders: 40),
                FunnelGroup(name: "b", counts: [.created: 200, .accepted: 60], senders: 40),
            ])
        let comparison = try #require(FunnelReport(counts).comparisons.first)
        #expect(comparison.verdict == .tooEarly(neededPerArm: nil))
        #expect(comparison.test.pValue == 1)
        #expect(
            comparison.sentence.hasPrefix(
                "No difference between “b” and “control” so far: acceptance is 30.0 % in both; "))
    }

    @Test func oneGroupOrNoneHasNothingToCompare() {
        let one = FunnelReport(
            FunnelCounts(
                dimension: nil, from: nil, to: nil,
                groups: [
                    FunnelGroup(name: "all", counts: [.created: 10], senders: 1)
                ]))
        #expect(one.control == nil && one.comparisons.isEmpty)
        #expect(one.summary == ["One group only: there are no arms to compare."])
        let none = FunnelReport(FunnelCounts(dimension: nil, from: nil, to: nil, groups: []))
        #expect(none.summary == ["No invites were counted."])
        #expect(none.text() == "Invite funnel\nAll invites.\n\nNo invites were counted.\n")
    }
}
