import BeckonFunnel
import Foundation
import Testing

@Suite struct FunnelTextTests {
    @Test func tableStepsAndVerdictReadInATerminal() throws {
        var counts = Population.twoArms(invites: 2000)
        counts.groups[1].counts[.storeClicked] = nil
        counts.from = Date(timeIntervalSince1970: 1_767_225_600)
        counts.to = Date(timeIntervalSince1970: 1_769_904_000)
        let lines = FunnelReport(counts).text().split(separator: "\n", omittingEmptySubsequences: false).map(
            String.init)
        #expect(lines[0] == "Invite funnel by variant")
        #expect(lines[1] == "Invites created from 2026-01-01T00:00:00Z up to 2026-02-01T00:00:00Z.")
        let table = [
            "group         created  sent  opened  store click  installed  onboarding completed  accepted  senders",
            "control          2000  1980    1400         1000        700                   560       400      500",
            "context-rich     2000  1980    1520            —        840                   680       520      500",
        ]
        #expect(Array(lines[3...5]) == table)
        #expect(lines.contains("  opened → installed                55.3 % (52.8–57.7)  over store click: no data"))
        #expect(lines.contains("  acceptance (accepted of created)  20.0 % (18.3–21.8)"))
        #expect(
            lines.contains("  K-factor                          0.80                each inviter brings 0.80 new users")
        )
        #expect(lines.contains { $0.hasPrefix("context-rich  26.0 % (24.1–28.0)  +6.0 points  < 0.0001") })
        #expect(lines[lines.count - 2].hasPrefix("“context-rich” leads “control”"))
        #expect(lines.last == "")
        #expect(lines.allSatisfy { !$0.hasSuffix(" ") })
    }
}
