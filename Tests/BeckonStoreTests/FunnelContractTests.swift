import BeckonFunnel
import BeckonStore
import Foundation
import InviteModel
import Testing

/// The funnel every store counts: stages reached, by group, over a period.
@Suite struct FunnelContractTests {
    @Test(arguments: StoreFactory.all)
    func theFunnelCountsEachStageByGroup(_ factory: StoreFactory) async throws {
        try await withStore(factory) { store in
            // Control: 4 invites; one sent, one opened, one accepted (opened first), one untouched.
            // Context-rich: 2 invites, both opened, one tapped and installed, none accepted; one
            // more without a variant, accepted.
            var codes: [String: [InviteCode]] = [:]
            for (arm, count) in [("control", 4), ("context-rich", 2), ("", 1)] {
                for index in 0..<count {
                    var record = Fixture.record(sender: "u_\(arm)_\(index % 2)", at: Fixture.start + Double(index))
                    record.variant = arm.isEmpty ? nil : arm
                    codes[arm, default: []].append(try await Fixture.create(record, in: store).invite.code)
                }
            }
            let at = Fixture.start + 60
            func move(_ code: InviteCode, _ change: @escaping @Sendable (inout Invite) throws -> Void) async throws {
                _ = try await store.update(code: code) { record in
                    try change(&record.invite)
                    return []
                }
            }
            try await move(codes["control"]![0]) { try $0.markSent(at: at) }
            try await move(codes["control"]![1]) {
                try $0.markSent(at: at); try $0.markOpened(at: at)
            }
            try await move(codes["control"]![2]) {
                try $0.markSent(at: at); try $0.markOpened(at: at); try $0.accept(by: "u_9", at: at)
            }
            for code in codes["context-rich"]! {
                try await move(code) {
                    try $0.markSent(at: at); try $0.markOpened(at: at)
                }
            }
            let tapped = codes["context-rich"]![0]
            _ = try await store.recordStoreClick(StoreClick(code: tapped, platform: .ios, clientHash: "h", at: at))
            _ = try await store.recordStoreClick(StoreClick(code: tapped, platform: .ios, clientHash: "h", at: at))
            _ = try await store.claimInstall(InstallClaim(evidence: .link(tapped, .clipboard), platform: .ios, at: at))
            try await move(codes[""]![0]) {
                try $0.markSent(at: at); try $0.markOpened(at: at); try $0.accept(by: "u_8", at: at)
            }

            let byVariant = try await store.funnel(by: .variant, from: nil, to: nil)
            #expect(byVariant.dimension == "variant")
            #expect(byVariant.groups.map(\.name) == ["context-rich", "control", "none"])
            let counts = Dictionary(uniqueKeysWithValues: byVariant.groups.map { ($0.name, $0) })
            #expect(
                counts["control"]?.counts == [
                    .created: 4, .sent: 3, .opened: 2, .storeClicked: 0, .installed: 0, .accepted: 1,
                ])
            #expect(counts["control"]?.senders == 2)
            #expect(
                counts["context-rich"]?.counts
                    == [.created: 2, .sent: 2, .opened: 2, .storeClicked: 1, .installed: 1, .accepted: 0])
            #expect(
                counts["none"]?.counts == [
                    .created: 1, .sent: 1, .opened: 1, .storeClicked: 0, .installed: 0, .accepted: 1,
                ])
            #expect(counts["none"]?.counts[.onboardingCompleted] == nil)

            let all = try await store.funnel(by: nil, from: nil, to: nil)
            #expect(all.groups.map(\.name) == ["all"] && all.groups.first?.counts[.created] == 7)
            // The period is by creation: [start + 1 s, start + 2 s) holds the second invite of each
            // arm that has one.
            let period = try await store.funnel(by: .channel, from: Fixture.start + 1, to: Fixture.start + 2)
            #expect(period.groups.map(\.name) == ["whatsapp"] && period.groups.first?.counts[.created] == 2)
            let empty = try await store.funnel(by: .locale, from: Fixture.start + 3_600, to: nil)
            #expect(empty.groups.isEmpty)
            // The feed's events carry their invite's arm and language.
            let events = try await Fixture.allEvents(in: store)
            let installed = try #require(events.first { $0.name == .appInstalled })
            #expect(installed.variant == "context-rich" && installed.locale == "de-DE" && installed.platform == .ios)
            #expect(events.filter { $0.code == codes[""]![0] }.allSatisfy { $0.variant == nil && $0.locale == "de-DE" })
        }
    }
}

/// The experiments every store keeps: a change of weights for the same arms is reported once.
@Suite struct ExperimentContractTests {
    @Test(arguments: StoreFactory.all)
    func aChangeOfWeightsIsReportedOnce(_ factory: StoreFactory) async throws {
        try await withStore(factory) { store in
            let even = ["control": 50, "context-rich": 50]
            #expect(try await store.recordExperiment(weights: even, at: Fixture.start) == nil)
            #expect(try await store.recordExperiment(weights: even, at: Fixture.start + 60) == nil)
            let changed = try await store.recordExperiment(
                weights: ["control": 70, "context-rich": 30], at: Fixture.start + 120)
            #expect(
                changed == ExperimentRecord(weights: even, since: Milliseconds.date(Milliseconds.from(Fixture.start))))
            #expect(
                try await store.recordExperiment(weights: ["control": 70, "context-rich": 30], at: Fixture.start + 180)
                    == nil)
            // Other arms are another experiment.
            #expect(try await store.recordExperiment(weights: ["control": 50, "short": 50], at: Fixture.start) == nil)
        }
    }
}
