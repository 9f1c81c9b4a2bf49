import BeckonFunnel
import BeckonStore
import Foundation
import InviteModel
import Testing

/// The app's events every store records: in the feed beside the server's, once per client event
/// id, all of a batch or none, and counted in the funnel.
@Suite struct AppEventContractTests {
    @Test(arguments: StoreFactory.all)
    func appEventsJoinTheFeedOncePerClientID(_ factory: StoreFactory) async throws {
        try await withStore(factory) { store in
            let record = try await Fixture.create(Fixture.record(), in: store)
            let code = record.invite.code
            let at = Fixture.start + 30
            let properties = EventProperties(["screen": .string("profile"), "step": .number(2), "new": .bool(true)])
            let first = [
                AppEvent(clientEventID: "e-1", name: .flowStarted, senderID: "u_1", platform: .ios, at: at),
                AppEvent(
                    clientEventID: "e-2", name: .onboardingCompleted, code: code, platform: .android,
                    appVersion: "3.2.1",
                    properties: properties, at: at + 5),
            ]
            #expect(try await store.recordAppEvents(first) == .recorded(new: 2, repeated: 0))
            // A retry of the whole batch, and a batch with one old and one new event.
            #expect(try await store.recordAppEvents(first) == .recorded(new: 0, repeated: 2))
            let later = AppEvent(clientEventID: "e-3", name: .firstValue, code: code, at: at - 60)
            #expect(try await store.recordAppEvents([first[1], later]) == .recorded(new: 1, repeated: 1))

            let events = try await Fixture.allEvents(in: store)
            #expect(events.map(\.name) == [.created, .flowStarted, .onboardingCompleted, .firstValue])
            #expect(events.map(\.source) == [.server, .app, .app, .app])
            #expect(zip(events, events.dropFirst()).allSatisfy { $0.sequence < $1.sequence })
            let started = events[1]
            #expect(started.inviteID == nil && started.code == nil && started.context == nil && started.channel == nil)
            #expect(started.senderID == "u_1" && started.platform == .ios && started.clientEventID == "e-1")
            let onboarded = events[2]
            #expect(onboarded.inviteID == record.invite.id && onboarded.code == code && onboarded.senderID == "u_1")
            #expect(onboarded.context == .achievement && onboarded.channel == .whatsapp)
            #expect(onboarded.variant == "context-rich" && onboarded.locale == "de-DE")
            #expect(onboarded.appVersion == "3.2.1" && onboarded.properties == properties)
            #expect(onboarded.at == Milliseconds.date(Milliseconds.from(at + 5)))
            // Out of order: the feed is in the order events arrived, each with the app's time.
            #expect(events[3].at < events[2].at)
            #expect(events[0].clientEventID == nil && events[0].properties == nil)
        }
    }

    @Test(arguments: StoreFactory.all)
    func aBatchNamingAnUnknownCodeRecordsNothing(_ factory: StoreFactory) async throws {
        try await withStore(factory) { store in
            let record = try await Fixture.create(Fixture.record(), in: store)
            let batch = [
                AppEvent(clientEventID: "ok", name: .sent, code: record.invite.code, at: Fixture.start),
                AppEvent(
                    clientEventID: "unknown", name: .onboardingStarted, code: InviteCodeGenerator().next(),
                    at: Fixture.start),
            ]
            #expect(try await store.recordAppEvents(batch) == .unknownCode(index: 1))
            #expect(try await Fixture.allEvents(in: store).map(\.name) == [.created])
            // The first event was not recorded, so it is new when sent alone.
            #expect(try await store.recordAppEvents([batch[0]]) == .recorded(new: 1, repeated: 0))
        }
    }

    @Test(arguments: StoreFactory.all)
    func theFunnelCountsOnboardingAndGroupsByPlatform(_ factory: StoreFactory) async throws {
        try await withStore(factory) { store in
            var codes: [InviteCode] = []
            for index in 0..<4 {
                codes.append(
                    try await Fixture.create(
                        Fixture.record(sender: "u_\(index)", at: Fixture.start + Double(index)), in: store
                    )
                    .invite.code)
            }
            let at = Fixture.start + 60
            // 0: tapped on Android and installed on iOS (the install decides); 1: tapped on Android;
            // 2: onboarded twice from an iPhone (one invite counted once); 3: untouched.
            _ = try await store.recordStoreClick(
                StoreClick(code: codes[0], platform: .android, clientHash: "a", at: at))
            _ = try await store.claimInstall(
                InstallClaim(evidence: .link(codes[0], .clipboard), platform: .ios, at: at))
            _ = try await store.recordStoreClick(
                StoreClick(code: codes[1], platform: .android, clientHash: "b", at: at))
            _ = try await store.recordAppEvents([
                AppEvent(clientEventID: "o-1", name: .onboardingCompleted, code: codes[2], platform: .ios, at: at),
                AppEvent(clientEventID: "o-2", name: .onboardingCompleted, code: codes[2], platform: .ios, at: at + 1),
                AppEvent(clientEventID: "o-3", name: .onboardingStarted, code: codes[3], at: at),
            ])
            let byPlatform = try await store.funnel(by: .platform, from: nil, to: nil)
            #expect(byPlatform.groups.map(\.name) == ["android", "ios", "unknown"])
            let groups = Dictionary(uniqueKeysWithValues: byPlatform.groups.map { ($0.name, $0.counts) })
            #expect(groups["ios"]?[.created] == 2 && groups["ios"]?[.installed] == 1)
            #expect(groups["ios"]?[.storeClicked] == 1 && groups["ios"]?[.onboardingCompleted] == 1)
            #expect(groups["android"]?[.created] == 1 && groups["android"]?[.storeClicked] == 1)
            #expect(groups["unknown"]?[.created] == 1 && groups["unknown"]?[.onboardingCompleted] == 0)
            let all = try await store.funnel(by: nil, from: nil, to: nil)
            #expect(all.groups.first?.counts[.onboardingCompleted] == 1)
        }
    }
}
